"""Priority tells the players a turn's place counting only the creatures they see
("Priority 2"): the places are worked out once for the many turns the players' screen
tells, not in a pass over the whole fight for each (issue 26: 128 turns told at 5,000
combatants made 128 passes while a fight opened)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from benchmarks.fights import build
from tracker.engine import EditCombatant
from tracker.engine.state import Combatant


class CountedList(list[Combatant]):
    """The combatants, counting the passes made over them."""

    passes = 0

    def __iter__(self) -> Iterator[Combatant]:
        CountedList.passes += 1
        return super().__iter__()


def _places(combatants: list[Combatant], visible: frozenset[str]) -> dict[str, int]:
    """The places as the players count them, worked out afresh."""
    seen = [c.id for c in combatants if c.id in visible]
    return {combatant_id: place for place, combatant_id in enumerate(seen, start=1)}


def test_the_places_told_count_the_visible_creatures_in_one_pass() -> None:
    session = build("priority", 60)
    rng = random.Random(3)
    for combatant in rng.sample(session.encounter.combatants, 20):
        session.apply(EditCombatant(combatant.id, {"hidden": True}))
    encounter, ruleset = session.encounter, session.ruleset
    visible = frozenset(c.id for c in encounter.combatants if not c.hidden)
    wanted = _places(encounter.combatants, visible)
    turns = ruleset.upcoming_turns(encounter, 60)
    assert sum(1 for turn in turns if "place" in turn.values) >= 50
    encounter.combatants = CountedList(encounter.combatants)
    CountedList.passes = 0
    for turn in turns:
        told = ruleset.public_turn(encounter, turn, visible)
        if "place" not in turn.values:
            continue
        if turn.combatant_id in visible:
            place = wanted[turn.combatant_id]
            assert told.values["place"] == place
            assert told.phase.startswith(f"Priority {place} · ")
        else:
            assert told == turn, "a hidden creature's turn is not numbered"
    assert CountedList.passes <= 1, CountedList.passes
