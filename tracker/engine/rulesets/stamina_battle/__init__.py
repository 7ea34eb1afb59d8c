"""Stamina battle — Dragonpact's "Actions in Battle" (rules: shared/rules/stamina-battle.md).

A Battle alternates side phases (the party, then the enemies; more sides possible):
inside a phase, each Unit of the side takes one turn, in the order the DM or the
players choose ("goes next", or a drag). Every action spends from the Unit's one
Stamina pool; reactions are paid from it at any time, also on the other side's turn.

Modules: `state` (the typed records), `options`, `sides` (the order of phases and
turns, refills, "goes next"), `actions` (own-turn actions, their costs and per-turn
limits), `reactions`, `charging` (spells), `wounds` (the damage helper), `durations`,
`conditions` (the Guard boosts through the Guard action; Prone),
`turns` (Turns and each Unit's readout for the views), `prompts`, `specs` (stats and
actions) and `ruleset` (`StaminaBattle`, with the public queries for views).

Readings of the rules
---------------------
- Sides are the Units' sides; phases follow the rotation party → ally → enemy →
  neutral from the side that goes first. A side without Units has no phase.
- A turn begins when it passes to a Unit (its per-turn uses clear, its Guard ends, its
  pool refills when the option says so). While it has done nothing, "goes next" on
  another Unit of the side hands the turn over (the first keeps its place, unacted).
- Round 1 begins with the pools as set up (full for a new Unit). Refills follow the
  option from round 1 on, at most one per Unit and round; round 1's gives back what the
  Unit spent before it (a Block on the other side's phase) up to the pool as set up,
  and carries nothing over (no turn came before the battle).
- "Carried over up to the maximum": the unused Stamina (at most the maximum) comes on
  top of a full refill, so a pool holds at most twice its maximum; "lost" sets it to
  the maximum.
- A spell whose cost the pool can pay is cast at once; otherwise the whole pool goes
  into a charge, then once a turn what the pool holds, until it is complete (a pool
  of 0 charges nothing and is refused).
- Evade's cost is a stat (the page gives none; 1 by default). Guard is once a turn
  (each Unit has one turn a round, so also once a round).
- Damage equal to Armor inflicts no wound ("exceeds"); excess 1–19: 1 wound, then one
  per full 10 (20 → 2, 30 → 3).
- Health (the rules page names it, from Vigor) is the wounds a Unit can take; 1 for a
  new Unit, a Minion ("many enemies have one Health"). Wounds stop at it and the Unit is
  "defeated" (the page has no word; the tracker's). The damage box's "−23" is damage,
  turned into wounds against Armor like the damage helper; "+1" heals a wound.
"""

from tracker.engine.rulesets.stamina_battle.ruleset import StaminaBattle
from tracker.engine.rulesets.stamina_battle.state import MOVES_PER_TURN
from tracker.engine.rulesets.stamina_battle.turns import UnitReadout, UnitTally

__all__ = ["MOVES_PER_TURN", "StaminaBattle", "UnitReadout", "UnitTally"]
