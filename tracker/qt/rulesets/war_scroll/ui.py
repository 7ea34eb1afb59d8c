"""The War Scroll's Qt side: the grid as the GM's central view, the grid on the
players' screen, and the War Scroll printed before the turn order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from tracker.qt.document import EncounterDocument
from tracker.qt.ruleset_ui import RulesetUi
from tracker.qt.rulesets.war_scroll.grid import WarScrollGrid

if TYPE_CHECKING:
    from tracker.qt.players.public_state import PublicState
    from tracker.qt.players.themes import Theme
    from tracker.qt.printing import Table
    from tracker.qt.rulesets.war_scroll.players_panel import WarScrollPanel

# The players' panel and the printed sheet (and so QtPrintSupport) are imported when
# first used: the GM's window opens sooner without them.


class WarScrollUi(RulesetUi):
    print_action_text = "&Print War Scroll and turn order…"
    print_title = "Print the War Scroll"

    def central_view(self, document: EncounterDocument, parent: QWidget | None = None) -> QWidget:
        return WarScrollGrid(document, parent)

    def players_panel(
        self,
        document: EncounterDocument,
        public: PublicState,
        theme: Theme,
        parent: QWidget | None = None,
    ) -> WarScrollPanel:
        from tracker.qt.rulesets.war_scroll.players_panel import WarScrollPanel

        return WarScrollPanel(document, public, theme, parent)

    def printed_tables(self, document: EncounterDocument, include_hidden: bool) -> list[Table]:
        from tracker.qt.rulesets.war_scroll.printed import war_scroll_table

        return [war_scroll_table(document, include_hidden)]
