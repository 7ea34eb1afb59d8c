"""The War Scroll as it stands: the Turns of this Cycle and the next in play order, the
Segment columns shown and the state of each grid cell. Reading only, except
the column count (`update_columns` and its quick paths)."""

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
    once or only at the next Cycle is the encounter's choice (`exact`: at once).

    Every change that can move the count calls this (or one of the two below for a
    join or a departure), so between changes the count stands as this pass would set
    it: what the quick paths below rely on."""
    wanted = _columns(encounter, exact=exact)
    if wanted != clock_of(encounter).columns:
        touch_clock(tx).columns = wanted


def columns_after_join(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    """A newcomer can only add to what the others need, and the count shown already
    fits them: it grows to the newcomer's need if that is larger, else stays."""
    need = columns_needed(combatant)
    if need > clock_of(encounter).columns:
        touch_clock(tx).columns = need


def columns_after_leave(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    """Only the one who left can take columns away: none while they are kept for the
    Cycle, and none when someone else still needs as many (found without a pass over a
    War of thousands, as a second character as fast is usually near the top)."""
    shown = clock_of(encounter).columns
    if _growing_only(encounter) or columns_needed(combatant) < shown:
        return
    if any(columns_needed(other) >= shown for other in encounter.combatants):
        return
    update_columns(tx, encounter)


def tidy_columns(encounter: Encounter) -> None:
    """Set the count a file states to the one the rules give (a file edited by hand may
    state any), so that every later change can keep it by the quick paths."""
    clock_of(encounter).columns = _columns(encounter, exact=False)


def columns_needed(combatant: Combatant) -> int:
    """Columns one combatant needs: its Speed's, and every slot it has played or holds
    AP in this Cycle."""
    needed = columns_for(speed_of(combatant))
    state = state_of(combatant)
    for slot in range(state.slots - 1, needed - 1, -1):
        if state.played[slot] or state.total(slot) > 0:
            return slot + 1
    return needed


def _columns(encounter: Encounter, *, exact: bool) -> int:
    needed = max(map(columns_needed, encounter.combatants), default=0)
    if exact or not _growing_only(encounter):
        return needed
    return max(needed, clock_of(encounter).columns)


def _growing_only(encounter: Encounter) -> bool:
    """Mid-War, columns are kept for the Cycle (the encounter's choice)."""
    return clock_of(encounter).started and option(encounter, "columns_on_defeat") == "keep_cycle"


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
