"""The named conditions of Dragonpact's battles (rules: shared/rules/stamina-battle.md).

- The Guard boosts are the ruleset's Guard action: picking one performs it on the Unit
  (on its own turn, 1 Stamina, once a turn) with its stat preset and the roll asked, so
  the cost, the limit and the boost the defences read all apply, and the effect it
  records ends "until the start of your next turn".
- Prone is a plain effect until the DM ends it: falling prone is a Free Action, moving
  while prone is at Speed − 2, and a Move action (1 Stamina) stands the Unit up
  without moving; the rules give it no duration.
"""

from __future__ import annotations

from tracker.engine.conditions import ConditionSpec

GUARD_NOTE = "1 Stamina, once a turn: the roll boosts {boost} until the start of its next turn."

CONDITIONS: tuple[ConditionSpec, ...] = (
    *(
        ConditionSpec(
            f"Guard: {boost} ({stat.capitalize()})",
            note=GUARD_NOTE.format(boost=boost),
            action="guard",
            params={"stat": stat},
        )
        for stat, boost in (
            ("strength", "Armor"),
            ("agility", "Evasion"),
            ("intelligence", "skill reactions"),
            ("will", "Resistances"),
        )
    ),
    ConditionSpec(
        "Prone",
        {"until": "until_ended"},
        "Moves at Speed − 2 (crawling). A Move action (1 Stamina) stands it up, without moving.",
    ),
)
