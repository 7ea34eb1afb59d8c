"""Classic d20's Qt side (registered as `classic_d20` in `tracker.qt_rulesets`): its own
initiative view (`view`, on `order_model`; rows worked out in `rows`, drawn by
`row_paint`): the count large, a group's members together and marked together on its
turn, the lair's row on count 20, on each row HP, what is left of the turn,
concentration, death saves or dying, Ready, Delay and surprise; dragging breaks ties
only, as the ruleset decides; Roll all in it. The players' board shows the initiative order
with what the table may know (`players_panel`), and the initiative sheet is printed
before the turn order."""

from tracker.qt.rulesets.classic_d20.ui import ClassicD20Ui

__all__ = ["ClassicD20Ui"]
