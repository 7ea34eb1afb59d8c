"""AP countdown — tactical activity tracking, Rolemaster-style house rules (rules:
shared/rules/ap-countdown.md).

A round (5 s) runs in three phases, the clock's states: Initiative (base initiatives
rolled or entered, AP back to 4, parries recorded), Resolution (the countdown from the
highest current value, base + 5 × AP left, where combatants declare actions and resolve
them when their AP run out) and Upkeep (a checklist the tracker applies).

Modules: `state` (the typed records), `options`, `actions_table` (the AP table),
`countdown` (values, dues, order, rounds), `declare` (declaring, instantaneous actions,
resolving), `initiative` (bases, parries, pace, late joiners), `upkeep`, `durations`,
`conditions` (the stuns, Staggered and Bleeding: effects of the ruleset's kinds),
`turns` (Turns and the countdown track, with the keys of `Turn.values`), `prompts`,
`specs` (stats and actions) and `ruleset` (`ApCountdown`, with the public queries for
views).

Readings of the rules
---------------------
- AP go into an action when it is declared, so the current value is where the
  combatant next acts (its resolution, or its next declaration); the AP meter shows
  the AP not yet put into an action, the progress meter the action's AP run out so far.
- An action of at most 4 AP must fit in the AP left this round (a range action may be
  done faster, at -25 per AP below its maximum); one above 4 is multi-round.
- "Hold" lets 5 counts (1 AP) pass without declaring; "Done for this round" drops the
  AP left. EndTurn is "Done for this round" at a declaration and resolves (with no
  note) at a resolution, so it always moves to the turn `upcoming_turns` announced.
- Instantaneous actions resolve at once (not 5 lower); a paid one takes 1 AP, so the
  combatant's next point comes 5 lower.
- "Hold position (Swim/Climb)" (the table's C) takes all the AP left this round.
- "1 for every -10 penalty": every full -10 (a -25 penalty costs 2).
- A stun or Staggered applied during a round counts at that round's Upkeep only if
  fewer than 2 AP were spent before it; at later Upkeeps it always counts. Each Upkeep
  takes one round off the most severe stun that counts, per combatant.
- Floored at 0: the values (current value, resolution points, the count), not the base.
- Hits (silent in the text, Rolemaster's concussion hits): the total and the hits taken
  (bleeding adds to them); shown as hits left, "unconscious" at 0 or below, counting on
  below 0 (no floor: death lies further down in Rolemaster). 0 total: not tracked.
"""

from tracker.engine.rulesets.ap_countdown.ruleset import ApCountdown

__all__ = ["ApCountdown"]
