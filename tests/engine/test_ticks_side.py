"""Initiative ticks puts player characters first on a shared tick (the default option):
a combatant the GM moves to the party's side or away from it takes its place at once."""

from __future__ import annotations

import random

import pytest

from benchmarks.fights import next_step, stats_for
from tracker.engine import AddCombatant, EditCombatant, Session, StartEncounter
from tracker.engine.rulesets.initiative_ticks.order import sorted_order


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_list_stays_sorted_when_a_combatant_changes_side(seed: int) -> None:
    rng = random.Random(seed)
    session = Session.new("Ticks", "initiative_ticks")
    for number in range(12):
        side = rng.choice(["party", "enemy"])
        session.apply(AddCombatant(f"F{number}", side, stats=stats_for(session, rng)))
    session.apply(StartEncounter())
    changed = 0
    for _ in range(150):
        command = next_step(session)
        if session.refusal(command) is not None:
            break
        session.apply(command)
        if rng.random() < 0.2:
            someone = rng.choice(session.encounter.combatants)
            side = "enemy" if someone.side == "party" else "party"
            session.apply(EditCombatant(someone.id, {"side": side}))
            changed += 1
            combatants = session.encounter.combatants
            assert sorted_order(session.encounter, combatants) == combatants
            session.undo()
            combatants = session.encounter.combatants
            assert sorted_order(session.encounter, combatants) == combatants
            session.redo()
    assert changed > 10
