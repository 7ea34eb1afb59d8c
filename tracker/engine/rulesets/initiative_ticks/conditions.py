"""The named conditions of Venture / Exalted 3e (rules: shared/rules/initiative-ticks.md).

All three are the ruleset's own state, moved by its actions, never separate effects (a
second Onslaught or Crash beside the one the rules keep would disagree with it):

- Crashed: at 0 or less Initiative; the rules crash a combatant whose Initiative drops
  there. Picking it performs Adjust Initiative with the loss the GM enters; Hardness 0,
  recovery and the Break bonus then follow as for an attack.
- Onslaught: −1 Defense a point, cleared with the one-turn effects at the start of the
  combatant's turn. Attacks add it; picking it performs Add Onslaught (the same count,
  for a source other than an attack).
- Shifted: crashing the one who crashed you adds a Join Battle re-roll. The Withering
  attack's Shift field records it with the attack; picking it performs Adjust
  Initiative with the re-roll's successes, for a Shift the attack did not record.
"""

from __future__ import annotations

from tracker.engine.conditions import ConditionSpec

CONDITIONS: tuple[ConditionSpec, ...] = (
    ConditionSpec(
        "Crashed",
        note="At 0 or less Initiative: Hardness 0 against decisive attacks until it recovers. "
        "Enter the Initiative lost (a negative amount).",
        action="adjust",
        params={"reason": "Crashed"},
    ),
    ConditionSpec(
        "Onslaught",
        note="−1 Defense a point, cleared at the start of its next turn.",
        action="onslaught",
        params={"amount": 1},
    ),
    ConditionSpec(
        "Shifted",
        note="Crashed the one who crashed it: add the successes of a Join Battle re-roll "
        "(a Withering attack's Shift field does it with the attack).",
        action="adjust",
        params={"reason": "Shift: Join Battle re-roll"},
    ),
)
