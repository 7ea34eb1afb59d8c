"""The named conditions of Allies of Majesty's War (rules: shared/rules/war-scroll.md).

Both are plain effects: the War Scroll ruleset models neither as a mechanic, so each
is an effect whose duration is the rules' usual one and whose note says what to do.

- Weakened: "halves attributes, Speed included, immediately (it can cost a Turn)". Its
  duration is the rules' usual one for effects, "measured in Cycles … expires at the
  end of the exact same Turn during the following Cycle": 1 Cycle. The halving is the
  GM's edit of Speed (the tracker then re-deals the Cycle); the order stays.
- Falter: "F:#" wastes the character's next # AP (reserved AP first, across Turns;
  capped at 7, the rest becomes 3 Resolve + 3 Passion damage a point); "F:1 Cycle"
  wastes every AP for one Cycle, its duration here. The AP are spent by the GM.
"""

from __future__ import annotations

from tracker.engine.conditions import ConditionSpec

CONDITIONS: tuple[ConditionSpec, ...] = (
    ConditionSpec(
        "Weakened",
        {"cycles": 1},
        "Halves attributes, Speed included, at once (it can cost a Turn): halve Speed in "
        "the stats. The War Scroll order stays.",
    ),
    ConditionSpec(
        "Falter",
        {"cycles": 1},
        "F:# wastes the next # AP, reserve first, across Turns (at most 7; each point over "
        "is 3 Resolve + 3 Passion damage). F:1 Cycle wastes every AP for a Cycle.",
    ),
)
