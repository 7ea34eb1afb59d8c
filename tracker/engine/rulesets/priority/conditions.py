"""The named conditions of Soulshards' Conflict (rules: shared/rules/priority.md).

Sickened and Slow are Ailments: "at the end of your turn, roll to drop one Tier, DL 6 +
Tier − 1 for each prior consecutive failure. Sickened and Slow deal damage after your
turn starts." An Ailment is not a magical effect its creator's turns count down, so it
is an effect with the `ritual` duration (it does not tick in Conflict) that lasts until
its Tier drops to 0 and the GM ends it; the note carries the roll.
"""

from __future__ import annotations

from tracker.engine.conditions import ConditionSpec

AILMENT_NOTE = (
    "Ailment: deals damage after its turn starts; at the end of its turn roll to drop one "
    "Tier (DL 6 + Tier − 1 per prior consecutive failure). End it at Tier 0."
)

CONDITIONS: tuple[ConditionSpec, ...] = (
    ConditionSpec("Sickened", {"ritual": True}, AILMENT_NOTE),
    ConditionSpec("Slow", {"ritual": True}, AILMENT_NOTE),
)
