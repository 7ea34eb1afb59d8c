"""The AP countdown's Qt side: the countdown track as the GM's central view, the count
and what resolves next on the players' screen, and the countdown sheet printed before
the turn order."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from tracker.engine.rulesets.ap_countdown import ApCountdown
from tracker.engine.session import Session
from tracker.qt.document import EncounterDocument
from tracker.qt.ruleset_ui import LazyRulesetUi
from tracker.qt.rulesets.ap_countdown.track_view import CountdownTrack


class ApCountdownUi(LazyRulesetUi):
    print_action_text = "&Print countdown sheet and turn order…"
    print_title = "Print the countdown sheet"
    players_panel_at = "tracker.qt.rulesets.ap_countdown.players_panel:CountdownPanel"
    printed_table_at = "tracker.qt.rulesets.ap_countdown.printed:countdown_table"

    def central_view(self, document: EncounterDocument, parent: QWidget | None = None) -> QWidget:
        return CountdownTrack(document, parent)

    def work_out_ahead(self, session: Session) -> None:
        """Every mark's reach on the track's scale (an open's worker)."""
        from tracker.qt.rulesets.ap_countdown.marks import tally_ahead

        if isinstance(session.ruleset, ApCountdown):
            tally_ahead(session.ruleset, session.encounter)
