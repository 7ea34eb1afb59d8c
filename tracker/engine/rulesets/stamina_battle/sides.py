"""Sides and phases: the order of the battle, and the turn passing from Unit to Unit.

A round is one phase per side (the side that goes first, then the others in the
rotation party → ally → enemy → neutral), each phase a turn for every Unit of the side
that has not acted this round, in the order of the list (drags and "goes next" change
it). `plan` lists the turns to come from the current one; End Turn always passes to
the second turn of `plan`, so the views' announcement and the rules are one function.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.kit.moments import RoundEnded, TurnEnded, TurnStarted
from tracker.engine.rulesets.stamina_battle.options import carries_over, order_fixed, refill_at
from tracker.engine.rulesets.stamina_battle.state import clock, rt, touch, touch_clock
from tracker.engine.state import SIDES, Combatant, Encounter

SIDE_NAMES = {
    "party": "the party",
    "ally": "the allies",
    "enemy": "the enemies",
    "neutral": "the neutrals",
}
SIDE_TITLES = {"party": "Party", "ally": "Allies", "enemy": "Enemies", "neutral": "Neutrals"}


# --- naming ----------------------------------------------------------------------------------
def side_name(side: str | None) -> str:
    """ "the party", "the enemies"."""
    return SIDE_NAMES.get(side or "", str(side))


def side_title(side: str | None) -> str:
    return SIDE_TITLES.get(side or "", str(side))


def phase_name(side: str | None) -> str:
    """ "The party's phase", "The enemies' phase"."""
    name = side_name(side)
    owner = f"{name}'" if name.endswith("s") else f"{name}'s"
    return f"{owner[0].upper()}{owner[1:]} phase"


# --- the order of the battle -----------------------------------------------------------------
def rotation(first: str | None) -> tuple[str, ...]:
    """The sides in the order of their phases, starting with `first`."""
    start = SIDES.index(first) if first in SIDES else 0
    return SIDES[start:] + SIDES[:start]


def present_sides(encounter: Encounter) -> list[str]:
    """The sides that have Units, in the order of `SIDES`."""
    present = {c.side for c in encounter.combatants}
    return [side for side in SIDES if side in present]


def units_of(encounter: Encounter, side: str | None) -> list[Combatant]:
    return [c for c in encounter.combatants if c.side == side]


def has_acted(encounter: Encounter, combatant: Combatant) -> bool:
    return rt(combatant).acted >= clock(encounter).round > 0


@dataclass(frozen=True)
class Slot:
    """A turn to come: in `round`, in `side`'s phase, `unit`'s."""

    round: int
    side: str
    unit: Combatant


def current_unit(encounter: Encounter) -> Combatant | None:
    return encounter.find(clock(encounter).current)  # a look-up, not a pass


def waiting(encounter: Encounter, side: str | None) -> list[Combatant]:
    """The Units of `side` still to act this round (not the one acting), in order."""
    return list(_waiting(encounter, side))


def _waiting(encounter: Encounter, side: str | None) -> Iterator[Combatant]:
    """`waiting`, one at a time: the plan's first turns read the list no further."""
    now = clock(encounter)
    for c in encounter.combatants:
        if c.side == side and rt(c).acted < now.round and c.id != now.current:
            yield c


def plan(encounter: Encounter) -> Iterator[Slot]:
    """The turns from the current one on (nothing before the first side is chosen)."""
    now = clock(encounter)
    if not now.started or now.first is None:
        return
    order = rotation(now.first)
    current = current_unit(encounter)
    if current is not None:
        yield Slot(now.round, now.side or current.side, current)
    later = order[order.index(now.side) + 1 :] if now.side in order else order
    for side in ([now.side] if now.side in order else []) + list(later):
        for unit in _waiting(encounter, side):
            yield Slot(now.round, side, unit)
    if not any(c.side in order for c in encounter.combatants):
        return
    round_ = now.round
    while True:
        round_ += 1
        for side in order:
            for unit in encounter.combatants:
                if unit.side == side:
                    yield Slot(round_, side, unit)


def slots(encounter: Encounter, limit: int) -> tuple[Slot, ...]:
    """The first `limit` turns of `plan`, worked out once between two changes."""
    return encounter.derived(
        ("stamina_battle.plan", limit), lambda: tuple(islice(plan(encounter), max(limit, 0)))
    )


# --- passing the turn ------------------------------------------------------------------------
def start(tx: Transaction, encounter: Encounter, first: str | None) -> None:
    """The battle begins in round 1; with `first` (else the DM chooses it) the first
    side's phase begins."""
    if not encounter.combatants:
        raise CommandError("Add Units before the battle begins.")
    now = touch_clock(tx)
    now.started, now.round = True, 1
    for unit in encounter.combatants:
        touch(tx, unit).opening = rt(unit).stamina.current
    tx.log("The battle begins.", "start")
    if first is not None:
        choose_first(tx, encounter, first)


def choose_first(tx: Transaction, encounter: Encounter, side: str) -> None:
    now = clock(encounter)
    if not now.started:
        raise CommandError("The battle has not begun.")
    if now.first is not None:
        raise CommandError(f"{side_name(now.first).capitalize()} already went first.")
    if side not in present_sides(encounter):
        raise CommandError(f"No Unit is of {side_name(side)}.", "side")
    touch_clock(tx).first = side
    tx.log(f"{side_name(side).capitalize()} goes first.", "turn")
    advance(tx, encounter)


def advance(tx: Transaction, encounter: Encounter) -> None:
    """Nobody has the turn: pass it to the first turn of `plan`, if any."""
    first = next(iter(slots(encounter, 1)), None) if clock(encounter).current is None else None
    if first is not None:
        pass_to(tx, encounter, first)


def end_turn(tx: Transaction, encounter: Encounter) -> None:
    now = clock(encounter)
    if not now.started:
        raise CommandError("The battle has not begun.")
    if now.first is None:
        raise CommandError("Choose the side that goes first (see the question above).")
    upcoming = slots(encounter, 2)
    unit = current_unit(encounter)
    if unit is None:
        raise CommandError("Nobody has a turn: add a Unit.")
    touch(tx, unit).acted = now.round
    tx.log(f"{unit.name}'s turn ends.", "turn")
    tx.reach(TurnEnded(unit.id, now.round))
    fresh = touch_clock(tx)
    fresh.current, fresh.fresh = None, False
    if len(upcoming) > 1:
        pass_to(tx, encounter, upcoming[1])


def pass_to(tx: Transaction, encounter: Encounter, slot: Slot) -> None:
    now = clock(encounter)
    new_round = slot.round > now.round
    if new_round:
        tx.reach(RoundEnded(now.round))
        begin_round(tx, encounter, slot.round)
    if new_round or slot.side != now.side:
        begin_phase(tx, encounter, slot.side)
    begin_turn(tx, encounter, slot.unit)


def begin_round(tx: Transaction, encounter: Encounter, round_: int) -> None:
    touch_clock(tx).round = round_
    tx.log(f"Round {round_} begins.", "turn")
    for unit in encounter.combatants:
        if rt(unit).round_uses.used:
            touch(tx, unit).round_uses.reset()
    if refill_at(encounter) == "round":
        refill(tx, encounter, encounter.combatants, "the round begins")


def begin_phase(tx: Transaction, encounter: Encounter, side: str) -> None:
    touch_clock(tx).side = side
    tx.log(f"{phase_name(side)}.", "turn")
    if refill_at(encounter) == "phase":
        refill(tx, encounter, units_of(encounter, side), "their phase begins")


def begin_turn(tx: Transaction, encounter: Encounter, unit: Combatant) -> None:
    now = touch_clock(tx)
    now.current, now.fresh = unit.id, True
    if rt(unit).turn.used:
        touch(tx, unit).turn.reset()
    if refill_at(encounter) == "turn":
        refill(tx, encounter, [unit], "its turn begins")
    pool = rt(unit).stamina
    tx.log(f"{unit.name}'s turn ({pool.current}/{pool.maximum} Stamina).", "turn")
    tx.reach(TurnStarted(unit.id, now.round))


def used_turn(tx: Transaction, encounter: Encounter, unit: Combatant) -> None:
    """The acting Unit did something: its turn can no longer be handed to another."""
    now = clock(encounter)
    if now.fresh and now.current == unit.id:
        touch_clock(tx).fresh = False


# --- refills ---------------------------------------------------------------------------------
def refilled_pool(encounter: Encounter, current: int, maximum: int) -> int:
    """The pool after a refill: the maximum, plus (carried over) the unused Stamina, at
    most the maximum of it."""
    carried = min(max(current, 0), maximum) if carries_over(encounter) else 0
    return maximum + carried


def pool_cap(encounter: Encounter, maximum: int) -> int:
    """The most a pool can hold: its maximum, twice that when unused Stamina carries."""
    return 2 * maximum if carries_over(encounter) else maximum


def refill(tx: Transaction, encounter: Encounter, units: list[Combatant], why: str) -> None:
    """Refill the pools of `units` that have not refilled this round. Round 1 begins with
    the pools as set up: its refill gives back what a Unit spent before it (a reaction on
    another side's phase), carrying nothing over; from round 2 on, the option decides."""
    round_ = clock(encounter).round
    if round_ < 1:
        return
    changes: list[str] = []
    for unit in units:
        state = rt(unit)
        if state.refilled >= round_:
            continue
        state = touch(tx, unit)
        state.refilled = round_
        before, maximum = state.stamina.current, state.stamina.maximum or 0
        if round_ == 1:
            state.stamina.current = max(before, state.opening)
        else:
            state.stamina.current = refilled_pool(encounter, before, maximum)
        if state.stamina.current != before:
            changes.append(f"{unit.name} {before} → {state.stamina.current}")
    if changes:
        tx.log(f"Stamina refills ({why}): {', '.join(changes)}.", "change")


# --- choosing who goes next ------------------------------------------------------------------
def go_next(tx: Transaction, encounter: Encounter, unit: Combatant) -> None:
    """`unit`, of the side whose phase it is, takes the next turn: at once if the acting
    Unit has done nothing yet (that one waits), else after the acting one."""
    now = clock(encounter)
    if not now.started or now.first is None or now.side is None:
        raise CommandError("Who goes next is picked during a side's phase.")
    if order_fixed(encounter):
        raise CommandError("The order inside a side is fixed for this battle (option).")
    if unit.side != now.side:
        raise CommandError(
            f"{unit.name} is of {side_name(unit.side)}; it is {phase_name(now.side).lower()}: "
            f"only {side_name(now.side)} can be picked."
        )
    if unit.id == now.current:
        raise CommandError(f"{unit.name} is acting now.")
    if has_acted(encounter, unit):
        raise CommandError(f"{unit.name} has already acted this round.")
    acting = current_unit(encounter)
    if now.fresh and acting is not None:
        tx.log(f"{unit.name} goes first; {acting.name} waits.", "turn")
        begin_turn(tx, encounter, unit)
        return
    first = waiting(encounter, now.side)[0]
    if first is unit:
        raise CommandError(f"{unit.name} already goes next.")
    tx.move_combatant(encounter.index_of(unit.id), encounter.index_of(first.id))
    tx.log(f"{unit.name} goes next.", "turn")
