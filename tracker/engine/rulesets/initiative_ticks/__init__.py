"""Initiative ticks — Venture (an Exalted 3rd Edition homebrew) and Exalted 3e as
published (rules: shared/rules/initiative-ticks.md). Initiative is a resource that
attacks move; each round counts the ticks down from the highest Initiative, and each
combatant acts once, on the tick equal to its Initiative.

Modules: `state` (the typed records and timing points), `options`, `specs` (stats and
actions), `order` (the tick order: ranks, pending turns), `play` (the rules played for
real or ahead on copies), `crash` (Crash, Break, recovery), `flow` (Join Battle, free
actions, rounds, the formal start and end of turn), `attacks` (withering, decisive,
gambits, Clashes, flurries, adjustments), `join` (Join Battle, late joiners, delays),
`durations`, `conditions` (Crashed, Onslaught, Shifted: the rules' own state, reached
through their actions), `turns` (turns foreseen, checklists, the tick track), `prompts` and
`ruleset` (`InitiativeTicks`, with the public queries for views).

Readings of the rules
---------------------
- Player characters are the combatants on the party's side.
- The list is kept sorted by the tick each acts on, so an Initiative change re-orders at
  once; those who acted stay where their Initiative puts them, marked acted.
- End Turn applies the formal start first if the GM has not; so does the first action of
  a turn. Onslaught is cleared with the one-turn effects (step 1 of the start).
- Shift: crashing the one who crashed you (Exalted 3e: while still Crashed) adds the Join
  Battle re-roll entered with the attack.
- Decisive attacks need no Initiative above 0; a hit rolls its Initiative in dice only
  if above the target's Hardness (0 when Crashed), then resets it to base.
- Distract: the selected combatant is the ally who gains the spent i − 1.
- Clash: the other's turn of this round is spent in it.
- A carried delayed turn stays held in the next round, in place of its turn there.
- Motes per round (Exalted 3e): +5m at the end of each round.
- Health (silent in the Venture page): Exalted's health levels, 7 for a mortal (−0,
  −1, −1, −2, −2, −4, Incapacitated), counted as levels filled; the wound penalty of
  the last level filled shows beside the name. Damage types (bashing, lethal) are not
  told apart.
"""

from tracker.engine.rulesets.initiative_ticks.ruleset import InitiativeTicks
from tracker.engine.rulesets.initiative_ticks.turns import TickMark

__all__ = ["InitiativeTicks", "TickMark"]
