"""The shared kit: mechanics more than one turn-order system needs, written once.

- `ordering`: placement in an order sorted high to low, ties the GM orders by drag.
- `counters`: uses that reset each turn or round (Move ×3, Guard once, each Trick once).
- `pools`: resources with a maximum (AP, Stamina, Initiative) that are spent and refilled.
- `declared`: actions declared now that resolve later, or charge across rounds.
- `checklists`: start-, end-of-turn and upkeep steps shown to the GM, then applied.
- `holds`: a turn held back (a delay) until its owner acts, or placed later in the round.
- `moments`: the timing points of a round-based order (a turn starts or ends, a round
  ends) that durations test.

A ruleset keeps these records inside its own typed state; they carry no rules of any
system, only the bookkeeping and the refusals ("Guard was already used this turn").
"""
