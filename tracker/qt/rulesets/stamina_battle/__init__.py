"""The Stamina battle's Qt side (registered as `stamina_battle` in `tracker.qt_rulesets`):

- `texts`: the wording shared by every view;
- `model`: the Units as a model (one row each, its readout and Stamina change) and
  `SideProxy`, one side's Units;
- `delegate`, `phases_view`: the GM's central view, a column per side in the order of
  the phases, drags inside a side, "Goes next";
- `players_panel`: the phase and the Stamina bars as the players may see them, large;
- `printed`: the battle sheet;
- `ui`: `StaminaBattleUi`, which hands them to the generic windows.
"""

from tracker.qt.rulesets.stamina_battle.ui import StaminaBattleUi

__all__ = ["StaminaBattleUi"]
