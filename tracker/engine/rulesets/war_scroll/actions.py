"""The GM's actions: spend AP, bonus AP (no Turn above 12: the excess spills on), Carry
Over, Stand Ready and its reserve, Rest, and stopping an Ongoing Song."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.rulesets.war_scroll.deal import SEGMENT_AP, TURN_CAP, play_order, segment_label
from tracker.engine.rulesets.war_scroll.durations import remaining
from tracker.engine.rulesets.war_scroll.options import option
from tracker.engine.rulesets.war_scroll.scroll import update_columns
from tracker.engine.rulesets.war_scroll.state import (
    SongAnchor,
    anchor_of,
    clock_of,
    next_plan,
    state_of,
    touch_clock,
    touch_state,
)
from tracker.engine.rulesets.war_scroll.turns import end_turn
from tracker.engine.state import Combatant, Encounter


def perform(
    tx: Transaction,
    encounter: Encounter,
    action: str,
    combatant_id: str | None,
    params: dict[str, Any],
) -> None:
    if action == "stop_song":
        stop_song(tx, encounter, params["effect"])
        return
    if action in ("bonus_ap", "use_reserve"):
        if combatant_id is None:
            raise CommandError("Choose the character first.")
        combatant = encounter.combatant(combatant_id)
        if action == "bonus_ap":
            bonus(tx, encounter, combatant, params["amount"], params["turn"])
        else:
            use_reserve(tx, combatant, params["amount"])
        return
    combatant, slot = _current_of(encounter, combatant_id)
    left = state_of(combatant).total(slot) - clock_of(encounter).spent
    if action == "spend_ap":
        amount = params["amount"]
        if amount > left:
            if left <= 0:
                raise CommandError(f"{combatant.name} has no AP left this Turn.")
            raise CommandError(f"{combatant.name} has only {left} AP left this Turn.", "amount")
        touch_clock(tx).spent += amount
        tx.log(f"{combatant.name} spends {amount} AP ({left - amount} left).", "action")
    elif action == "carry_over":
        carry_over(tx, encounter, combatant, params["amount"], left)
    elif action == "stand_ready":
        if left <= 0:
            raise CommandError(f"{combatant.name} has no AP left to hold in reserve.")
        touch_clock(tx).spent += left
        touch_state(tx, combatant).reserve += left
        tx.log(f"{combatant.name} Stands Ready with {left} AP in reserve.", "action")
    elif action == "rest":
        touch_clock(tx).spent += max(left, 0)
        tx.log(f"{combatant.name} Rests.", "action")
        end_turn(tx, encounter)
    else:
        raise CommandError(f"Allies of Majesty — War Scroll has no action {action!r}.")


def _current_of(encounter: Encounter, combatant_id: str | None) -> tuple[Combatant, int]:
    current = clock_of(encounter).current
    if current is None:
        raise CommandError("There is no current Turn.")
    if combatant_id is not None and combatant_id != current[0]:
        name = encounter.combatant(combatant_id).name
        raise CommandError(f"It is not {name}'s Turn.")
    return encounter.combatant(current[0]), current[1]


# --- a combatant's Turns ahead -----------------------------------------------------------
@dataclass(frozen=True)
class TurnRef:
    """A Turn of one combatant: in this Cycle (`next_cycle` False) or the next."""

    slot: int
    next_cycle: bool

    def where(self) -> str:
        return f"Segment {segment_label(self.slot)}" + (" next Cycle" if self.next_cycle else "")


def own_turns_after(
    encounter: Encounter, combatant: Combatant, start: TurnRef | None
) -> Iterator[TurnRef]:
    """The combatant's Turns from `start` (inclusive) on: the rest of this Cycle, then
    the next Cycle's. `start=None` means from the next Turn after the current one."""
    state = state_of(combatant)
    clock = clock_of(encounter)
    this_cycle: list[TurnRef] = []
    for slot in play_order(state.slots):
        if not state.turn_exists(slot) or state.played[slot] or state.missed[slot]:
            continue
        if start is None and clock.is_current(combatant.id, slot):
            continue
        this_cycle.append(TurnRef(slot, False))
    plan = next_plan(combatant)
    following = [TurnRef(s, True) for s in play_order(len(plan)) if plan[s] > 0]
    refs = this_cycle + following if clock.started else this_cycle
    if start is not None:
        refs = refs[refs.index(start) :] if start in refs else refs
    yield from refs


def ap_of(combatant: Combatant, ref: TurnRef) -> int:
    if ref.next_cycle:
        return next_plan(combatant)[ref.slot]
    return state_of(combatant).total(ref.slot)


def add_to(combatant: Combatant, ref: TurnRef, amount: int) -> None:
    """Add AP to a Turn (the caller has touched the combatant)."""
    state = state_of(combatant)
    if ref.next_cycle:
        promised = state.next_extra
        promised.extend([0] * (ref.slot + 1 - len(promised)))
        promised[ref.slot] += amount
    else:
        state.extra[ref.slot] += amount


def spill(combatant: Combatant, refs: list[TurnRef], amount: int) -> str:
    """Give `amount` AP to the Turns `refs` in order, none above 12; say where they went
    (the caller has touched the combatant)."""
    remaining_ap = amount
    parts: list[str] = []
    for ref in refs:
        room = TURN_CAP - ap_of(combatant, ref)
        given = min(room, remaining_ap)
        if given > 0:
            add_to(combatant, ref, given)
            remaining_ap -= given
            parts.append(f"{given} to {ref.where()}")
        if remaining_ap == 0:
            break
    lost = f"; {remaining_ap} AP find no Turn with room and are lost" if remaining_ap else ""
    return f"{', '.join(parts) or 'none'}{lost}"


def keep_cap(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    """After a re-deal, no Turn may hold more than 12 AP: the excess spills on (the
    caller has touched the combatant)."""
    current = clock_of(encounter).current
    start = TurnRef(current[1], False) if current and current[0] == combatant.id else None
    refs = list(own_turns_after(encounter, combatant, start))
    for index, ref in enumerate(refs):
        excess = ap_of(combatant, ref) - TURN_CAP
        if excess > 0:
            add_to(combatant, ref, -excess)
            shared = spill(combatant, refs[index + 1 :], excess)
            tx.log(
                f"{combatant.name}'s {ref.where()} Turn holds at most {TURN_CAP} AP: "
                f"{excess} spill on ({shared}).",
                "change",
            )


# --- the actions -------------------------------------------------------------------------
def bonus(
    tx: Transaction, encounter: Encounter, combatant: Combatant, amount: int, which: str
) -> None:
    current = clock_of(encounter).current
    if which == "current":
        if current is None or current[0] != combatant.id:
            raise CommandError(
                f"It is not {combatant.name}'s Turn: give the bonus AP to their next Turn instead.",
                "turn",
            )
        start: TurnRef | None = TurnRef(current[1], False)
    else:
        start = None
    refs = list(own_turns_after(encounter, combatant, start))
    if not refs:
        raise CommandError(f"{combatant.name} has no Turn to receive bonus AP.")
    tx.touch(combatant)
    shared = spill(combatant, refs, amount)
    tx.log(f"{combatant.name} gains {amount} bonus AP: {shared}.", "action")
    update_columns(tx, encounter)


def carry_over(
    tx: Transaction, encounter: Encounter, combatant: Combatant, amount: int, left: int
) -> None:
    if amount > left:
        field = "amount" if left > 0 else None
        raise CommandError(f"{combatant.name} has only {left} AP left to carry over.", field)
    refs = list(own_turns_after(encounter, combatant, None))
    if not refs:
        raise CommandError(f"{combatant.name} has no next Turn to carry AP into.")
    if option(encounter, "carry_target") == "next_below_7":
        target = next((t for t in refs if ap_of(combatant, t) < SEGMENT_AP), None)
        if target is None:
            raise CommandError(f"None of {combatant.name}'s next Turns has fewer than 7 AP.")
    else:
        target = refs[0]
    has = ap_of(combatant, target)
    where = target.where()
    if has >= SEGMENT_AP:
        raise CommandError(
            f"Carry Over needs a next Turn with fewer than 7 AP; "
            f"{combatant.name}'s next Turn ({where}) has {has}."
        )
    if has + amount > SEGMENT_AP:
        raise CommandError(
            f"At most {SEGMENT_AP - has} AP can be carried into {where} "
            f"({has} AP there; a Carried Over Turn never exceeds 7).",
            "amount",
        )
    touch_clock(tx).spent += amount
    tx.touch(combatant)
    add_to(combatant, target, amount)
    tx.log(f"{combatant.name} carries {amount} AP over to {where}.", "action")


def use_reserve(tx: Transaction, combatant: Combatant, amount: int) -> None:
    reserve = state_of(combatant).reserve
    if amount > reserve:
        field = "amount" if reserve > 0 else None
        raise CommandError(f"{combatant.name} has only {reserve} AP in reserve.", field)
    touch_state(tx, combatant).reserve = reserve - amount
    tx.log(f"{combatant.name} uses {amount} reserved AP ({reserve - amount} left).", "action")


def stop_song(tx: Transaction, encounter: Encounter, effect_id: str) -> None:
    effect = encounter.effect(effect_id)
    if anchor_of(effect) != SongAnchor("maintained"):
        raise CommandError(f"{effect.name} is not a maintained Ongoing Song.")
    tx.touch_effect(effect).anchor = SongAnchor("stopped")
    tx.log(f"{effect.name} is no longer maintained: {remaining(encounter, effect)}.", "action")
