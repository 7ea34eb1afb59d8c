"""The Initiative ticks' Qt side: the tick track as the GM's central view, the tick and
who acts on the players' screen, and the tick sheet printed before the turn order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from tracker.qt.document import EncounterDocument
from tracker.qt.ruleset_ui import RulesetUi
from tracker.qt.rulesets.initiative_ticks.track_view import TickTrackView

if TYPE_CHECKING:
    from tracker.qt.players.public_state import PublicState
    from tracker.qt.players.themes import Theme
    from tracker.qt.printing import Table
    from tracker.qt.rulesets.initiative_ticks.players_panel import TicksPanel

# The players' panel and the printed sheet (and so QtPrintSupport) are imported when
# first used: the GM's window opens sooner without them.


class InitiativeTicksUi(RulesetUi):
    print_action_text = "&Print tick sheet and turn order…"
    print_title = "Print the tick sheet"

    def central_view(self, document: EncounterDocument, parent: QWidget | None = None) -> QWidget:
        return TickTrackView(document, parent)

    def players_panel(
        self,
        document: EncounterDocument,
        public: PublicState,
        theme: Theme,
        parent: QWidget | None = None,
    ) -> TicksPanel:
        from tracker.qt.rulesets.initiative_ticks.players_panel import TicksPanel

        return TicksPanel(document, public, theme, parent)

    def printed_tables(self, document: EncounterDocument, include_hidden: bool) -> list[Table]:
        from tracker.qt.rulesets.initiative_ticks.printed import ticks_table

        return [ticks_table(document, include_hidden)]
