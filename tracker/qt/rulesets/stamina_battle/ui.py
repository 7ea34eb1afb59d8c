"""The Stamina battle's Qt side: the side phases as the GM's central view, the phase and
the Stamina bars on the players' screen, the battle sheet printed before the turn
order."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from tracker.engine.rulesets.stamina_battle import StaminaBattle
from tracker.engine.session import Session
from tracker.qt.document import EncounterDocument
from tracker.qt.ruleset_ui import LazyRulesetUi
from tracker.qt.rulesets.stamina_battle.phases_view import SidePhasesView


class StaminaBattleUi(LazyRulesetUi):
    print_action_text = "&Print battle sheet and turn order…"
    print_title = "Print the battle sheet"
    action_columns = 2  # many actions with inputs: two columns keep the window narrow
    players_panel_at = "tracker.qt.rulesets.stamina_battle.players_panel:StaminaPanel"
    printed_table_at = "tracker.qt.rulesets.stamina_battle.printed:battle_table"

    def central_view(self, document: EncounterDocument, parent: QWidget | None = None) -> QWidget:
        return SidePhasesView(document, parent)

    def work_out_ahead(self, session: Session) -> None:
        """Every Unit's tally and the sides' counts (an open's worker)."""
        from tracker.qt.rulesets.stamina_battle.model import COUNTED, counted_tallies

        ruleset, encounter = session.ruleset, session.encounter
        if isinstance(ruleset, StaminaBattle):
            encounter.derived(COUNTED, lambda: counted_tallies(ruleset, encounter))
