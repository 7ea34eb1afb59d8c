"""Priority's Qt side (registered as `priority` in `tracker.qt_rulesets`): the generic
order table is its central view (dragging a row there waits or delays, as the ruleset
decides), with no panel of its own on the players' screen and the turn order alone on
paper."""

from tracker.qt.ruleset_ui import RulesetUi


class PriorityUi(RulesetUi):
    """Priority shows itself through the generic views: its markers, meters and turn
    details come from the ruleset's public methods."""


__all__ = ["PriorityUi"]
