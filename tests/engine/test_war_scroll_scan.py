"""The War Scroll's scans (the Turns still to come this Cycle, those of the next), kept
short for a War of a thousand, list exactly the Turns the rules' plain definitions do,
through a War with Speed changes, bonus AP, late joiners, undos and Cycle rollovers."""

from __future__ import annotations

import random
from itertools import islice

from benchmarks.fights import build, next_step
from tracker.engine import AddCombatant, EditCombatant, RulesetAction
from tracker.engine.rulesets.war_scroll.deal import play_order
from tracker.engine.rulesets.war_scroll.scroll import next_cycle, pending
from tracker.engine.rulesets.war_scroll.state import clock_of, next_plan, state_of
from tracker.engine.state import Encounter


def plain_pending(encounter: Encounter) -> list[tuple[str, int]]:
    """Every Turn of the Cycle in play order that exists and is neither played, missed
    nor the current one."""
    slots = max((state_of(c).slots for c in encounter.combatants), default=0)
    clock = clock_of(encounter)
    return [
        (combatant.id, slot)
        for slot in play_order(slots)
        for combatant in encounter.combatants
        if state_of(combatant).turn_exists(slot)
        and not state_of(combatant).played[slot]
        and not state_of(combatant).missed[slot]
        and not clock.is_current(combatant.id, slot)
    ]


def plain_next_cycle(encounter: Encounter) -> list[tuple[str, int, int]]:
    plans = [(c, next_plan(c)) for c in encounter.combatants]
    slots = max((len(plan) for _, plan in plans), default=0)
    return [
        (combatant.id, slot, plan[slot])
        for slot in play_order(slots)
        for combatant, plan in plans
        if slot < len(plan) and plan[slot] > 0
    ]


def test_the_scans_list_what_the_plain_definitions_do_through_a_war():
    session = build("war_scroll", 40)
    rng = random.Random(8)
    for number in range(400):
        encounter = session.encounter
        assert [(c.id, slot) for c, slot in pending(encounter)] == plain_pending(encounter)
        assert [(c.id, s, ap) for c, s, ap in next_cycle(encounter)] == plain_next_cycle(encounter)
        first = [(c.id, s) for c, s in islice(pending(encounter), 2)]
        assert first == plain_pending(encounter)[:2]
        someone = rng.choice(encounter.combatants)
        if number % 37 == 5:
            session.apply(EditCombatant(someone.id, {"speed": rng.randrange(0, 40)}))
        elif number % 41 == 7:
            session.apply(AddCombatant(f"Late {number}", "enemy", stats={"speed": 20}))
        elif number % 29 == 3:
            command = RulesetAction("bonus_ap", someone.id, {"amount": 3, "turn": "next"})
            if session.refusal(command) is None:
                session.apply(command)
        elif number % 23 == 11:
            session.undo()
        else:
            session.apply(next_step(session))
