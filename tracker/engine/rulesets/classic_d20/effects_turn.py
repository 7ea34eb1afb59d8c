"""What effects do at the end of their carrier's turn (PF2e): a valued condition that
counts down loses 1 (frightened 2 → 1; at 1 it ends with the turn), persistent damage
is dealt, then a DC 15 flat check (asked by the prompt) may end it; and Sustain, which
keeps a sustained effect through its creator's turn."""

from __future__ import annotations

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.rulesets.classic_d20 import hit_points, valued
from tracker.engine.rulesets.classic_d20.options import is_pf2e
from tracker.engine.rulesets.classic_d20.resources import act
from tracker.engine.rulesets.classic_d20.state import (
    FLAT_CHECK_DC,
    anchor_of,
    clock,
    stat,
    touch_clock,
)
from tracker.engine.state import Combatant, Effect, Encounter


def end_of_turn_effects(tx: Transaction, encounter: Encounter, carrier: Combatant) -> None:
    """Called after `TurnEnded` was reached (effects ending then are gone)."""
    for effect in list(encounter.effects):
        anchor = anchor_of(effect)
        if anchor is None or effect.carrier_id != carrier.id:
            continue
        if anchor.kind == "countdown" and anchor.value > 1:
            valued.set_value(tx, effect, anchor.value - 1, f"end of {carrier.name}'s turn")
        elif anchor.kind == "persistent":
            _persistent(tx, encounter, carrier, effect, anchor.value)


def _persistent(
    tx: Transaction, encounter: Encounter, carrier: Combatant, effect: Effect, amount: int
) -> None:
    tx.log(f"{effect.name}: {carrier.name} takes {amount} persistent damage.", "action")
    if stat(carrier, "hp_max") > 0:
        hit_points.damage(tx, encounter, carrier, amount, critical=False)
    if effect.id not in clock(encounter).flat_checks and effect in encounter.effects:
        touch_clock(tx).flat_checks.append(effect.id)


def pending_flat_check(encounter: Encounter) -> Effect | None:
    for effect_id in clock(encounter).flat_checks:
        found = next((e for e in encounter.effects if e.id == effect_id), None)
        if found is not None:
            return found
    return None


def flat_check(tx: Transaction, encounter: Encounter, d20: int) -> None:
    """The DC 15 flat check after persistent damage: 15 or more ends it."""
    effect = pending_flat_check(encounter)
    if effect is None:
        raise CommandError("No persistent damage waits for its flat check.")
    now = touch_clock(tx)
    now.flat_checks = [i for i in now.flat_checks if i != effect.id and _alive(encounter, i)]
    if d20 >= FLAT_CHECK_DC:
        tx.remove_effect(effect)
        tx.log(f"{effect.name}: flat check {d20} (DC {FLAT_CHECK_DC}): it ends.", "expiry")
    else:
        tx.log(f"{effect.name}: flat check {d20} (DC {FLAT_CHECK_DC}): it goes on.", "action")


def _alive(encounter: Encounter, effect_id: str) -> bool:
    return any(e.id == effect_id for e in encounter.effects)


def sustain(
    tx: Transaction, encounter: Encounter, effect: Effect, caster: Combatant | None
) -> None:
    """Sustain (PF2e, 1 action of its creator, on its turn): it lasts through this turn."""
    anchor = anchor_of(effect)
    if anchor is None or anchor.kind != "sustained":
        raise CommandError(f"{effect.name} is not sustained.")
    if caster is None or caster.id != anchor.whose:
        raise CommandError(f"{effect.name} is Sustained on its creator's own turn.")
    now = clock(encounter)
    if anchor.round >= now.round:
        raise CommandError(f"{effect.name} is already sustained this round.")
    if is_pf2e(encounter):
        act(tx, encounter, caster, 1, f"Sustain {effect.name}")
    touched = anchor_of(tx.touch_effect(effect))
    if touched is not None:
        touched.round = now.round
    tx.log(f"{caster.name} sustains {effect.name}.", "action")
