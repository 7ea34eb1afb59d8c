"""5e concentration: a caster concentrates on one spell at a time, held by the effects
that name it as their concentration (`Anchor.concentration`). Damage calls for a
Constitution save, DC 10 or half the damage, whichever is higher, one per source: the
prompt asks it. Failing it, falling to 0 HP, or the GM's "end concentration" ends the
spell: every effect it holds ends."""

from __future__ import annotations

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.rulesets.classic_d20.options import is_pf2e
from tracker.engine.rulesets.classic_d20.state import anchor_of, rt, touch
from tracker.engine.state import Combatant, Effect, Encounter

BASE_DC = 10


def held(encounter: Encounter, caster: Combatant) -> list[Effect]:
    """The effects the caster's concentration holds."""
    return [
        effect
        for effect in encounter.effects
        if (anchor := anchor_of(effect)) is not None and anchor.concentration == caster.id
    ]


def spell(encounter: Encounter, caster: Combatant) -> str | None:
    """The spell the caster concentrates on (the name of the effects it holds)."""
    found = held(encounter, caster)
    return found[0].name if found else None


def spells(encounter: Encounter) -> dict[str, str]:
    """Every caster's spell by its id (`spell` for each caster, in one pass over the
    effects: the first effect that names it holds its name)."""
    found: dict[str, str] = {}
    for effect in encounter.effects:
        anchor = anchor_of(effect)
        if anchor is not None and anchor.concentration and anchor.concentration not in found:
            found[anchor.concentration] = effect.name
    return found


def save_dc(damage: int) -> int:
    """DC 10 or half the damage taken, whichever is higher."""
    return max(BASE_DC, damage // 2)


def on_damage(tx: Transaction, encounter: Encounter, caster: Combatant, damage: int) -> None:
    """The caster took damage: a Constitution save is owed (5e)."""
    if is_pf2e(encounter) or damage <= 0 or spell(encounter, caster) is None:
        return
    touch(tx, caster).concentration_checks.append(save_dc(damage))


def end(tx: Transaction, encounter: Encounter, caster: Combatant, why: str) -> None:
    """The caster's concentration ends, and with it every effect it holds."""
    found = held(encounter, caster)
    if not found:
        return
    name = found[0].name
    for effect in found:
        tx.remove_effect(effect)
    if rt(caster).concentration_checks:
        touch(tx, caster).concentration_checks.clear()
    tx.log(f"{caster.name}'s concentration on {name} ends ({why}).", "expiry")


def end_by_gm(tx: Transaction, encounter: Encounter, caster: Combatant) -> None:
    if spell(encounter, caster) is None:
        raise CommandError(f"{caster.name} concentrates on nothing.")
    end(tx, encounter, caster, "ended")


def answer(tx: Transaction, encounter: Encounter, caster: Combatant, saved: bool) -> None:
    """The owed save's result: kept, or the spell ends."""
    checks = rt(caster).concentration_checks
    if not checks:
        raise CommandError(f"{caster.name} owes no concentration save.")
    dc = checks[0]
    state = touch(tx, caster)
    state.concentration_checks.pop(0)
    if saved:
        tx.log(f"{caster.name} keeps concentrating (Constitution save DC {dc} made).", "action")
        return
    end(tx, encounter, caster, f"Constitution save DC {dc} failed")
