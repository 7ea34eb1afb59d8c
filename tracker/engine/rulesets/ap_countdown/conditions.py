"""The named conditions of the AP countdown (rules: shared/rules/ap-countdown.md).

Each is an effect of one of the ruleset's own kinds (the `kind` duration field), so
picking it goes through the effect path the Upkeep rules read: the anchor records the
AP spent before it, stuns lose a round at Upkeep worst first (Stunned/Unable to Parry,
then Stunned, then Dazed) only when fewer than 2 AP were spent before them, Staggered
goes at Upkeep under the same condition, bleeding costs its hits at every Upkeep.

Usual durations: the rules text counts stuns in rounds without a default (the
critical's table gives the number); 1 round is prefilled, the GM types the critical's.
Staggered has no rounds (it goes at Upkeep); bleeding lasts until ended, 1 hit a round
prefilled.
"""

from __future__ import annotations

from tracker.engine.conditions import ConditionSpec

STUN_NOTE = (
    "Loses a round at Upkeep, the most severe stun first, only if fewer than 2 AP were "
    "spent before it (the tracker counts them). Rounds: the critical's."
)

CONDITIONS: tuple[ConditionSpec, ...] = (
    ConditionSpec(
        "Stunned/Unable to Parry", {"kind": "stunned-unable-to-parry", "rounds": 1}, STUN_NOTE
    ),
    ConditionSpec("Stunned", {"kind": "stunned", "rounds": 1}, STUN_NOTE),
    ConditionSpec("Dazed", {"kind": "dazed", "rounds": 1}, STUN_NOTE),
    ConditionSpec(
        "Staggered",
        {"kind": "staggered"},
        "Removed at Upkeep if fewer than 2 AP were spent before it (the tracker counts them).",
    ),
    ConditionSpec(
        "Bleeding",
        {"kind": "bleeding", "hits": 1},
        "Subtract its hits at every Upkeep, until it is ended.",
    ),
)
