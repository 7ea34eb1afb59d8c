"""The AP countdown's Qt side: the countdown track as the GM's central view, the count
and what resolves next on the players' screen, and the countdown sheet printed before
the turn order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from tracker.qt.document import EncounterDocument
from tracker.qt.ruleset_ui import RulesetUi
from tracker.qt.rulesets.ap_countdown.track_view import CountdownTrack

if TYPE_CHECKING:
    from tracker.qt.players.public_state import PublicState
    from tracker.qt.players.themes import Theme
    from tracker.qt.printing import Table
    from tracker.qt.rulesets.ap_countdown.players_panel import CountdownPanel

# The players' panel and the printed sheet (and so QtPrintSupport) are imported when
# first used: the GM's window opens sooner without them.


class ApCountdownUi(RulesetUi):
    print_action_text = "&Print countdown sheet and turn order…"
    print_title = "Print the countdown sheet"

    def central_view(self, document: EncounterDocument, parent: QWidget | None = None) -> QWidget:
        return CountdownTrack(document, parent)

    def players_panel(
        self,
        document: EncounterDocument,
        public: PublicState,
        theme: Theme,
        parent: QWidget | None = None,
    ) -> CountdownPanel:
        from tracker.qt.rulesets.ap_countdown.players_panel import CountdownPanel

        return CountdownPanel(document, public, theme, parent)

    def printed_tables(self, document: EncounterDocument, include_hidden: bool) -> list[Table]:
        from tracker.qt.rulesets.ap_countdown.printed import countdown_table

        return [countdown_table(document, include_hidden)]
