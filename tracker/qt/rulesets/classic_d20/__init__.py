"""Classic d20's Qt side (registered as `classic_d20` in `tracker.qt_rulesets`): the
generic order table is its central view for now (initiative, AC and temporary HP in the
state column, HP, actions, bonus action, reaction and legendary actions as meters, Ready,
Delay, death saves and dying as markers; dragging breaks ties only, as the ruleset
decides) with Roll all in it (`view`); the players' board shows the initiative order
with what the table may know (`players_panel`), and the initiative sheet is printed
before the turn order."""

from tracker.qt.rulesets.classic_d20.ui import ClassicD20Ui

__all__ = ["ClassicD20Ui"]
