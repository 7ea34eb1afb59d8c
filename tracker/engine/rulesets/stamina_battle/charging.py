"""Spells: one the pool can pay for is cast at once; one that costs more charges across
rounds (the kit's `Declared`): everything in the pool goes into it, then once a turn the
Unit charges it with what its pool holds, up to what is left. The caster is vulnerable
while charging; when the charge is complete the spell is cast, and the tracker asks the
DM to resolve it (a prompt)."""

from __future__ import annotations

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.kit.declared import Declared
from tracker.engine.rulesets.stamina_battle.actions import Limit, check, left_text, take
from tracker.engine.rulesets.stamina_battle.sides import used_turn
from tracker.engine.rulesets.stamina_battle.state import ONCE, UNIT, clock, rt, touch
from tracker.engine.state import Combatant, Encounter


def _charge_limit(unit: Combatant) -> tuple[Limit, ...]:
    return (Limit("turn", "charge", ONCE, f"{unit.name} already charged a spell this turn."),)


def progress(charge: Declared) -> str:
    return charge.progress(UNIT)


def spell(tx: Transaction, encounter: Encounter, unit: Combatant, name: str, cost: int) -> None:
    name = name.strip()
    if not name:
        raise CommandError("Name the spell.", "name")
    state = rt(unit)
    if state.charge is not None:
        raise CommandError(
            f"{unit.name} is charging {state.charge.name} ({progress(state.charge)}): charge "
            "it or drop it first."
        )
    if state.stamina.can_pay(cost):
        take(tx, encounter, unit, cost, f"spell “{name}”")
        tx.log(f"{unit.name} casts {name} ({cost} {UNIT}; {left_text(unit)}).", "action")
        return
    if state.stamina.current <= 0:
        raise CommandError(f"{unit.name} has no Stamina to charge {name} with.")
    put = state.stamina.current
    take(tx, encounter, unit, put, f"spell “{name}”", _charge_limit(unit))
    charge = Declared(name, needed=cost, done=put, declared_at=clock(encounter).round)
    touch(tx, unit).charge = charge
    tx.log(
        f"{unit.name} begins charging {name}: {progress(charge)}; vulnerable until it is complete.",
        "action",
    )


def charge(tx: Transaction, encounter: Encounter, unit: Combatant) -> None:
    state = rt(unit)
    under_way = state.charge
    if under_way is None:
        raise CommandError(f"{unit.name} is charging no spell.")
    check(unit, 0, "charge", _charge_limit(unit))
    if state.stamina.current <= 0:
        raise CommandError(f"{unit.name} has no Stamina left to charge {under_way.name} with.")
    put = min(state.stamina.current, under_way.left)
    take(tx, encounter, unit, put, f"charge of {under_way.name}", _charge_limit(unit))
    state = touch(tx, unit)
    assert state.charge is not None
    state.charge.pay(put)
    if state.charge.complete:
        done = state.charge
        state.charge, state.completed = None, done.name
        tx.log(
            f"{unit.name}'s {done.name} is complete ({progress(done)}): the spell is cast.",
            "action",
        )
        return
    tx.log(f"{unit.name} charges {under_way.name}: {progress(state.charge)}.", "action")


def drop(tx: Transaction, encounter: Encounter, unit: Combatant) -> None:
    """The charge is abandoned; the Stamina put into it stays spent."""
    under_way = rt(unit).charge
    if under_way is None:
        raise CommandError(f"{unit.name} is charging no spell.")
    touch(tx, unit).charge = None
    used_turn(tx, encounter, unit)
    tx.log(f"{unit.name} drops {under_way.name} ({progress(under_way)} spent).", "action")


def resolved(tx: Transaction, encounter: Encounter, unit: Combatant) -> None:
    completed = rt(unit).completed
    if completed is None:
        raise CommandError(f"{unit.name} has no completed spell to resolve.")
    touch(tx, unit).completed = None
    tx.log(f"{unit.name}'s {completed} is resolved.", "action")
