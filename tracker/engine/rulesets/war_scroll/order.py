"""Who is on the War Scroll, in which order, with which Turns: placement by Swiftness
(holy elohim first among ties; other ties are the Host's to order by drag), late
joiners, departures and changes of Speed or Swiftness.

The order is sorted once, before the War, and never re-sorted during it. A Speed change
mid-War re-deals the Cycle's AP (or trims the last unplayed Turns, as the encounter
chooses); Turns already played stay played.
"""

from __future__ import annotations

from typing import Any

from tracker.engine.changes import Transaction
from tracker.engine.kit.ordering import check_tie_drag, resorted_place, sorted_place
from tracker.engine.rulesets.war_scroll.actions import keep_cap
from tracker.engine.rulesets.war_scroll.deal import deal, play_order, play_position, segment_label
from tracker.engine.rulesets.war_scroll.durations import TurnsRedealt
from tracker.engine.rulesets.war_scroll.options import option
from tracker.engine.rulesets.war_scroll.scroll import (
    columns_after_join,
    columns_after_leave,
    pending,
    update_columns,
)
from tracker.engine.rulesets.war_scroll.state import (
    HEALTH,
    WarState,
    clock_of,
    fresh_state,
    speed_in,
    speed_of,
    state_of,
    touch_clock,
    touch_state,
)
from tracker.engine.rulesets.war_scroll.turns import advance
from tracker.engine.state import Combatant, Encounter

ORDER_RULE = (
    "the War Scroll is ordered by Swiftness (holy elohim first among ties); "
    "only ties are the Host's to order"
)


def order_key(combatant: Combatant) -> tuple[int, int]:
    """Higher sorts first: Swiftness, then holy elohim before the rest."""
    return _key(combatant.stats)


def _key(stats: dict[str, Any]) -> tuple[int, int]:
    holy = 1 if stats.get("allegiance") == "holy" else 0
    return (int(stats.get("swiftness", 0)), holy)


def place_new(encounter: Encounter, combatant: Combatant) -> int:
    """After everyone of higher or equal Swiftness (a newcomer ends a tie)."""
    return sorted_place(encounter.combatants, order_key, combatant)


def check_move(encounter: Encounter, combatant: Combatant, destination: int) -> None:
    source = encounter.index_of(combatant.id)
    check_tie_drag(
        encounter.combatants, order_key, source, destination, lambda c: c.name, ORDER_RULE
    )


# --- joining and leaving -----------------------------------------------------------------
def on_added(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    """A combatant joined: AP dealt; mid-War, the Turns that come too late are missed."""
    reserve = state_of(combatant).reserve
    tx.touch(combatant).runtime = fresh_state(speed_of(combatant), reserve)
    clock = clock_of(encounter)
    if clock.started:
        if clock.current is None:  # the War was stalled with nobody able to act
            update_columns(tx, encounter)
            advance(tx, encounter)
            return
        state = state_of(combatant)
        if option(encounter, "late_joiner") == "next_cycle":
            state.mark_missed(lambda slot: True)
        else:
            now = play_position(clock.current[1])
            state.mark_missed(lambda slot: play_position(slot) <= now)
    columns_after_join(tx, encounter, combatant)


def on_removed(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    if clock_of(encounter).holds(combatant.id):
        touch_clock(tx).current = None
        advance(tx, encounter)
    columns_after_leave(tx, encounter, combatant)


# --- changed stats -----------------------------------------------------------------------
def on_stats_changed(
    tx: Transaction, encounter: Encounter, combatant: Combatant, old: dict[str, Any]
) -> None:
    old_speed = speed_in(old, combatant.defeated)
    clock = clock_of(encounter)
    if not clock.started:
        if order_key(combatant) != _key(old):
            destination = resorted_place(encounter.combatants, order_key, combatant)
            tx.move_combatant(encounter.index_of(combatant.id), destination)
        redeal(touch_state(tx, combatant), speed_of(combatant))  # keeps bonus AP given
        keep_cap(tx, encounter, combatant)
        update_columns(tx, encounter)
        return
    # In War the order is never re-sorted (Swiftness changes do nothing here).
    follow_speed(tx, encounter, combatant, old_speed)


def on_defeat_changed(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    """Marked Defeated (or revived from it): its Speed counts as 0 (or its own again)."""
    old_speed = speed_in(combatant.stats, not combatant.defeated)
    if clock_of(encounter).started:
        follow_speed(tx, encounter, combatant, old_speed)
    else:
        redeal(touch_state(tx, combatant), speed_of(combatant))
        keep_cap(tx, encounter, combatant)
        update_columns(tx, encounter)


def follow_speed(
    tx: Transaction, encounter: Encounter, combatant: Combatant, old_speed: int
) -> None:
    """Mid-War, the Speed it acts with changed from `old_speed` (a new Speed, a defeat,
    a revival): re-deal or trim its Turns as the encounter chooses."""
    speed = speed_of(combatant)
    if speed == old_speed:
        return
    clock = clock_of(encounter)
    state = touch_state(tx, combatant)
    if option(encounter, "speed_change") == "trim":
        trim(state, old_speed, speed)
    else:
        redeal(state, speed)
    current = clock.current
    holds_current = current is not None and current[0] == combatant.id
    if current is not None and holds_current:
        # AP already spent in the current Turn stay spent: it never holds fewer.
        short = clock.spent - state.total(current[1])
        if short > 0:
            state.base[current[1]] += short
    if current is not None:
        now = play_position(current[1])
        state.mark_missed(lambda slot: play_position(slot) < now)
    tx.log(_deal_text(combatant), "change")
    keep_cap(tx, encounter, combatant)
    update_columns(tx, encounter)
    state = state_of(combatant)
    is_pending = any(c is combatant for c, _ in pending(encounter))
    over = any(state.played) and not (holds_current or is_pending)
    tx.reach(TurnsRedealt(combatant.id, clock.cycle, over, state.playing()))
    if current is None:
        advance(tx, encounter)


def redeal(state: WarState, speed: int) -> None:
    """Re-deal the Cycle from the new Speed; Turns already played keep what they had."""
    fresh = deal(speed)
    state.ensure(len(fresh))
    for slot in range(state.slots):
        if not state.played[slot]:
            state.base[slot] = fresh[slot] if slot < len(fresh) else 0


def trim(state: WarState, old_speed: int, new_speed: int) -> None:
    """Speed drop: take the lost AP from the last unplayed Turns first. A rise re-deals."""
    if new_speed >= old_speed:
        redeal(state, new_speed)
        return
    to_remove = old_speed - new_speed
    for slot in reversed(play_order(state.slots)):
        if to_remove == 0:
            break
        if state.played[slot]:
            continue
        taken = min(state.base[slot], to_remove)
        state.base[slot] -= taken
        to_remove -= taken


def _deal_text(combatant: Combatant) -> str:
    state = state_of(combatant)
    shown = ", ".join(
        f"{segment_label(s)}: {state.total(s)}"
        for s in play_order(state.slots)
        if state.total(s) > 0
    )
    speed = speed_of(combatant)
    why = f" ({HEALTH.defeated})" if speed != combatant.stats.get("speed") else ""
    return f"{combatant.name}'s AP re-dealt for Speed {speed}{why}: {shown or 'none'}."
