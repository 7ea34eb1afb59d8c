"""The Stamina battle's Qt side: the side phases as the GM's central view, the phase and
the Stamina bars on the players' screen, the battle sheet printed before the turn
order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from tracker.qt.document import EncounterDocument
from tracker.qt.ruleset_ui import RulesetUi
from tracker.qt.rulesets.stamina_battle.phases_view import SidePhasesView

if TYPE_CHECKING:
    from tracker.qt.players.public_state import PublicState
    from tracker.qt.players.themes import Theme
    from tracker.qt.printing import Table
    from tracker.qt.rulesets.stamina_battle.players_panel import StaminaPanel

# The players' panel and the printed sheet (and so QtPrintSupport) are imported when
# first used: the GM's window opens sooner without them.


class StaminaBattleUi(RulesetUi):
    print_action_text = "&Print battle sheet and turn order…"
    print_title = "Print the battle sheet"
    action_columns = 2  # many actions with inputs: two columns keep the window narrow

    def central_view(self, document: EncounterDocument, parent: QWidget | None = None) -> QWidget:
        return SidePhasesView(document, parent)

    def players_panel(
        self,
        document: EncounterDocument,
        public: PublicState,
        theme: Theme,
        parent: QWidget | None = None,
    ) -> StaminaPanel:
        from tracker.qt.rulesets.stamina_battle.players_panel import StaminaPanel

        return StaminaPanel(document, public, theme, parent)

    def printed_tables(self, document: EncounterDocument, include_hidden: bool) -> list[Table]:
        from tracker.qt.rulesets.stamina_battle.printed import battle_table

        return [battle_table(document, include_hidden)]
