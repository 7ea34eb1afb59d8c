"""Classic d20 initiative: fifth edition (5e) and Pathfinder 2e (rules:
shared/rules/classic-d20.md). See the modules' notes for each concern."""

from tracker.engine.rulesets.classic_d20.durations import RoundEnded, TurnEnded, TurnStarted
from tracker.engine.rulesets.classic_d20.ruleset import ClassicD20
from tracker.engine.rulesets.classic_d20.state import LAIR, Anchor, Clock, Runtime

__all__ = [
    "LAIR",
    "Anchor",
    "ClassicD20",
    "Clock",
    "Runtime",
    "RoundEnded",
    "TurnEnded",
    "TurnStarted",
]
