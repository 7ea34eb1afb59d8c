"""The Classic d20 UI: its initiative view with Roll all in it, the initiative order on the
players' screen, and the initiative sheet on paper."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from tracker.engine.session import Session
from tracker.qt.document import EncounterDocument
from tracker.qt.ruleset_ui import LazyRulesetUi
from tracker.qt.rulesets.classic_d20.view import D20OrderTable


class ClassicD20Ui(LazyRulesetUi):
    print_action_text = "&Print initiative sheet and turn order…"
    print_title = "Print the initiative sheet"
    players_panel_at = "tracker.qt.rulesets.classic_d20.players_panel:D20Panel"
    printed_table_at = "tracker.qt.rulesets.classic_d20.printed:d20_table"

    def central_view(self, document: EncounterDocument, parent: QWidget | None = None) -> QWidget:
        return D20OrderTable(document, parent)

    def work_out_ahead(self, session: Session) -> None:
        """The rows' places and the texts the width ranking reads (an open's worker)."""
        from tracker.qt.rulesets.classic_d20.order_model import SHAPES, shapes
        from tracker.qt.rulesets.classic_d20.width_ranking import texts_ahead

        encounter = session.encounter
        encounter.derived(SHAPES, lambda: shapes(encounter))
        texts_ahead(session)
