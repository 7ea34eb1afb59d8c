"""Time in the War: its start, Cycles and Turns beginning and ending, and the Turns to
come as the views show them."""

from __future__ import annotations

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.ruleset import Turn
from tracker.engine.rulesets.war_scroll.deal import segment_label
from tracker.engine.rulesets.war_scroll.durations import CycleEnded, TurnEnded
from tracker.engine.rulesets.war_scroll.scroll import (
    anyone_acts_next_cycle,
    next_cycle,
    pending,
    update_columns,
)
from tracker.engine.rulesets.war_scroll.state import (
    clock_of,
    fresh_state,
    speed_of,
    state_of,
    touch_clock,
    touch_state,
)
from tracker.engine.state import Combatant, Encounter


# --- the clock in words ------------------------------------------------------------------
def clock_label(encounter: Encounter) -> str:
    clock = clock_of(encounter)
    if not clock.started:
        return "setup"
    segment = f" · {segment_label(clock.current[1])}" if clock.current else ""
    return f"C{clock.cycle}{segment}"


def status(encounter: Encounter) -> str:
    clock = clock_of(encounter)
    if not clock.started:
        return "Setting up: the War has not begun."
    turn = current_turn(encounter)
    if turn is None or turn.combatant_id is None:
        return f"Cycle {clock.cycle}: nobody has a Turn."
    name = encounter.combatant(turn.combatant_id).name
    left = turn.values["ap"] - turn.values["spent"]
    return f"Cycle {clock.cycle} · {turn.phase} · {name}: {turn.values['ap']} AP, {left} left"


# --- moving on ---------------------------------------------------------------------------
def start(tx: Transaction, encounter: Encounter) -> None:
    if not encounter.combatants:
        raise CommandError("Add characters to the War Scroll before the War begins.")
    if not any(speed_of(c) > 0 for c in encounter.combatants):
        raise CommandError("Nobody has a Speed above 0, so nobody would get a Turn.")
    for combatant in encounter.combatants:
        # Bonus AP given before the War belong to the first Cycle's Turns.
        state = touch_state(tx, combatant)
        state.next_extra = list(state.extra)
    touch_clock(tx).started = True
    tx.log("The War begins.", "start")
    begin_cycle(tx, encounter, 1)


def begin_cycle(tx: Transaction, encounter: Encounter, cycle: int) -> None:
    clock = touch_clock(tx)
    clock.cycle, clock.current, clock.spent = cycle, None, 0
    for combatant in encounter.combatants:
        old = touch_state(tx, combatant)
        state = fresh_state(speed_of(combatant), old.reserve)
        state.ensure(len(old.next_extra))
        for slot, amount in enumerate(old.next_extra):
            state.extra[slot] += amount
        combatant.runtime = state
    update_columns(tx, encounter, exact=True)
    tx.log(f"Cycle {cycle} begins.", "turn")
    advance(tx, encounter)


def advance(tx: Transaction, encounter: Encounter) -> None:
    """Make the first pending Turn current; with none left this Cycle, end it."""
    following = next(pending(encounter), None)
    if following is not None:
        begin_turn(tx, encounter, *following)
        return
    cycle = clock_of(encounter).cycle
    if not anyone_acts_next_cycle(encounter):
        # Nobody can act (all Speeds 0, or everyone left); wait for the GM.
        touch_clock(tx).current = None
        return
    tx.reach(CycleEnded(cycle))
    tx.log(f"Cycle {cycle} ends.", "turn")
    begin_cycle(tx, encounter, cycle + 1)


def begin_turn(tx: Transaction, encounter: Encounter, combatant: Combatant, slot: int) -> None:
    clock = touch_clock(tx)
    clock.current = (combatant.id, slot)
    clock.spent = 0
    if state_of(combatant).reserve:
        state = touch_state(tx, combatant)
        lost = state.reserve
        state.reserve = 0
        tx.log(f"{combatant.name}'s {lost} reserved AP lapse unused.", "action")
    tx.log(
        f"{combatant.name}'s Turn: Segment {segment_label(slot)}, "
        f"{state_of(combatant).total(slot)} AP.",
        "turn",
    )


def end_turn(tx: Transaction, encounter: Encounter) -> None:
    clock = clock_of(encounter)
    if clock.current is None:
        raise CommandError("There is no current Turn.")
    combatant_id, slot = clock.current
    combatant = encounter.combatant(combatant_id)
    state = touch_state(tx, combatant)
    first = not any(state.played)
    state.played[slot] = True
    last = not any(state.will_play(s) and not state.played[s] for s in range(state.slots))
    left = state.total(slot) - clock.spent
    unspent = f", {left} AP unspent" if left > 0 else ""
    tx.log(f"{combatant.name}'s Turn ends{unspent}.", "turn")
    touch_clock(tx).current = None
    tx.reach(TurnEnded(combatant.id, slot, clock.cycle, first, last, state.playing()))
    advance(tx, encounter)


# --- the Turns to come -------------------------------------------------------------------
def current_turn(encounter: Encounter) -> Turn | None:
    clock = clock_of(encounter)
    if clock.current is None:
        return None
    combatant_id, slot = clock.current
    combatant = encounter.combatant(combatant_id)
    ap = state_of(combatant).total(slot)
    return _turn(combatant, slot, clock.cycle, ap, clock.spent)


def upcoming_turns(encounter: Encounter, limit: int) -> list[Turn]:
    """The current Turn first, then the rest of this Cycle's, then the next Cycle's."""
    turns: list[Turn] = []
    current = current_turn(encounter)
    if current is not None:
        turns.append(current)
    clock = clock_of(encounter)
    for combatant, slot in pending(encounter):
        if len(turns) >= limit:
            return turns
        turns.append(_turn(combatant, slot, clock.cycle, state_of(combatant).total(slot), 0))
    if not clock.started:
        return turns
    for combatant, slot, ap in next_cycle(encounter):
        if len(turns) >= limit:
            break
        turns.append(_turn(combatant, slot, clock.cycle + 1, ap, 0))
    return turns


def _turn(combatant: Combatant, slot: int, cycle: int, ap: int, spent: int) -> Turn:
    label = segment_label(slot)
    return Turn(
        combatant_id=combatant.id,
        key=(cycle, slot, combatant.id),
        round=cycle,
        phase=f"Segment {label}",
        grant=f"{ap} AP, {ap - spent} left" if spent else f"{ap} AP",
        values={"ap": ap, "spent": spent, "segment": label, "slot": slot},
    )
