"""The War Scroll as it stands: the Turns of this Cycle and the next in play order, the
Segment columns shown and the state of each grid cell. Reading only, except
`update_columns`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from tracker.engine.changes import Transaction
from tracker.engine.rulesets.war_scroll.deal import columns_for, play_order
from tracker.engine.rulesets.war_scroll.options import option
from tracker.engine.rulesets.war_scroll.state import (
    WarClock,
    WarState,
    clock_of,
    next_plan,
    speed_of,
    state_of,
    touch_clock,
)
from tracker.engine.state import Combatant, Encounter


def pending(encounter: Encounter) -> Iterator[tuple[Combatant, int]]:
    """The Turns of the current Cycle still to be played after the current one (Turns
    that exist, neither played nor missed), in play order. Late in a Cycle of many,
    most Turns are played: the scan asks each only what it must.

    Slot 0 (Segment 1) is played first whatever the number of slots, so that number is
    counted while slot 0 is scanned: a reader that stops early (the next Turn, the next
    twenty) never makes a pass over a fight of thousands."""
    clock = clock_of(encounter)
    combatants = encounter.combatants
    slots = 0
    for combatant in combatants:
        state = cast(WarState, combatant.runtime)
        slots = max(slots, len(state.base))
        if _pending(clock, combatant, state, 0):
            yield combatant, 0
    for slot in play_order(slots)[1:]:
        for combatant in combatants:
            state = cast(WarState, combatant.runtime)
            if _pending(clock, combatant, state, slot):
                yield combatant, slot


def _pending(clock: WarClock, combatant: Combatant, state: WarState, slot: int) -> bool:
    return (
        slot < len(state.base)
        and not state.played[slot]
        and not state.missed[slot]
        and state.base[slot] + state.extra[slot] > 0
        and not clock.is_current(combatant.id, slot)
    )


def next_cycle(encounter: Encounter) -> Iterator[tuple[Combatant, int, int]]:
    """The Turns of the next Cycle as they stand now: (combatant, slot, AP). The first
    Segment's are dealt as they are asked for; the rest once every plan is known (the
    number of Segments sets their play order)."""
    plans: dict[str, list[int]] = {}

    def plan_of(combatant: Combatant) -> list[int]:
        plan = plans.get(combatant.id)
        if plan is None:
            plan = plans[combatant.id] = next_plan(combatant)
        return plan

    for combatant in encounter.combatants:  # slot 0 (Segment 1) comes first in any order
        plan = plan_of(combatant)
        if plan and plan[0] > 0:
            yield combatant, 0, plan[0]
    slots = max((len(plan_of(c)) for c in encounter.combatants), default=0)
    for slot in play_order(slots)[1:]:
        for combatant in encounter.combatants:
            plan = plan_of(combatant)
            if slot < len(plan) and plan[slot] > 0:
                yield combatant, slot, plan[slot]


def anyone_acts_next_cycle(encounter: Encounter) -> bool:
    """Someone has AP in the next Cycle (else the War waits for the GM)."""
    return any(any(next_plan(c)) for c in encounter.combatants)


def columns(encounter: Encounter) -> list[int]:
    """Segment slots shown as grid columns, in display (= play) order."""
    return play_order(clock_of(encounter).columns)


def update_columns(tx: Transaction, encounter: Encounter, *, exact: bool = False) -> None:
    """Columns follow the fastest character present; mid-War, whether they shrink at
    once or only at the next Cycle is the encounter's choice (`exact`: at once)."""
    clock = clock_of(encounter)
    growing_only = (
        not exact and clock.started and option(encounter, "columns_on_defeat") == "keep_cycle"
    )
    needed = 0
    for combatant in encounter.combatants:
        needed = max(needed, columns_for(speed_of(combatant)))
        state = state_of(combatant)
        for slot in range(state.slots):
            if state.played[slot] or state.total(slot) > 0:
                needed = max(needed, slot + 1)
    shown = clock.columns
    wanted = max(needed, shown) if growing_only else needed
    if wanted != shown:
        touch_clock(tx).columns = wanted


def cell(encounter: Encounter, combatant: Combatant, slot: int) -> tuple[int, str]:
    """AP and state of one grid cell: state is "none", "played", "current", "missed"
    or "pending"."""
    state = state_of(combatant)
    if slot >= state.slots:
        return 0, "none"
    ap = state.total(slot)
    if clock_of(encounter).is_current(combatant.id, slot):
        return ap, "current"
    if state.played[slot]:
        return ap, "played"
    if ap <= 0:
        return 0, "none"
    if state.missed[slot]:
        return ap, "missed"
    return ap, "pending"
