"""Wounds: a counter per Unit (its "wounds" stat, up to its Health), and the damage
helper. Damage above Armor (with a Guard's Armor boost and what the DM enters for Block,
Resistances, ...) inflicts 1 wound; 20 or more excess 2, 30 or more 3, and so on. A
Critical Hit is entered as such and its extra die added to the damage."""

from __future__ import annotations

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.health import HealthSpec
from tracker.engine.rulesets.stamina_battle.actions import guard_boost
from tracker.engine.rulesets.stamina_battle.sides import pool_cap
from tracker.engine.rulesets.stamina_battle.state import UNIT, rt, stat, touch
from tracker.engine.state import Combatant, Encounter

HITS: tuple[str, ...] = ("normal", "critical hit")


def wounds_for(excess: int) -> int:
    """Wounds inflicted by `excess` damage over Armor: none at 0 or less, 1 up to 19,
    then one per full 10 (20 → 2, 30 → 3, ...)."""
    if excess <= 0:
        return 0
    return 1 if excess < 20 else excess // 10


def armor_of(encounter: Encounter, unit: Combatant) -> int:
    """Armor with the Unit's Strength Guards."""
    return stat(unit, "armor") + guard_boost(encounter, unit, "strength")


def evasion_of(encounter: Encounter, unit: Combatant) -> int:
    """Evasion with the Unit's Agility Guards."""
    return stat(unit, "evasion") + guard_boost(encounter, unit, "agility")


HEALTH = HealthSpec(
    "Wounds",
    maximum="health",
    taken="wounds",
    counts_down=False,
    defeated="defeated",
    help="Damage above Armor: 1 wound; 20 or more excess 2; 30 or more 3. +N heals wounds.",
    damage_dice="damage_dice",
)
"""Dragonpact counts wounds up to the Unit's Health ("Many enemies in battle only have
one Health and will die after sustaining a single wound": Minions). The rules pages do
not name the state; "defeated" is the neutral word for a Unit that fell."""


def harm(encounter: Encounter, unit: Combatant, amount: int) -> tuple[int, str]:
    """Damage typed by the DM: the wounds it inflicts against the Unit's Armor."""
    armor = armor_of(encounter, unit)
    inflicted = wounds_for(amount - armor)
    result = "no wound" if inflicted == 0 else f"{inflicted} wound{'s' * (inflicted > 1)}"
    return inflicted, f"vs Armor {armor}: {result}"


def wounds_of(unit: Combatant) -> int:
    return stat(unit, "wounds")


def _most(unit: Combatant) -> int:
    """The most wounds the Unit can have: its Health (or the field's limit, unset)."""
    health = stat(unit, "health")
    return health if health > 0 else 99


def damage(
    tx: Transaction,
    encounter: Encounter,
    unit: Combatant,
    amount: int,
    hit: str,
    extra: int,
    reduction: int,
) -> int:
    """`amount` damage (plus a Critical Hit's `extra` die) against the Unit; returns the
    wounds inflicted (no more than its Health takes)."""
    critical = hit == "critical hit"
    if critical and extra <= 0:
        raise CommandError("A Critical Hit adds its extra die: enter the die's result.", "extra")
    if not critical and extra:
        raise CommandError("Only a Critical Hit adds an extra die.", "extra")
    armor = armor_of(encounter, unit)
    total = amount + extra
    excess = total - armor - reduction
    inflicted = wounds_for(excess)
    before = wounds_of(unit)
    after = min(before + inflicted, _most(unit))
    if after != before:
        tx.touch(unit).stats["wounds"] = after
    crit = f"Critical Hit: {amount} + {extra} = {total}" if critical else f"{total}"
    against = f"Armor {armor}" + (f" and {reduction} more" if reduction else "")
    result = "no wound" if inflicted == 0 else f"{inflicted} wound{'s' * (inflicted > 1)}"
    health = stat(unit, "health")
    fallen = f"; {unit.name} is {HEALTH.defeated}" if before < health <= after else ""
    tx.log(
        f"{unit.name} takes {crit} damage against {against}: excess {max(excess, 0)}, "
        f"{result} ({after} in all{fallen}).",
        "action",
    )
    return after - before


def set_wounds(tx: Transaction, encounter: Encounter, unit: Combatant, wounds: int) -> None:
    before = wounds_of(unit)
    if before == wounds:
        raise CommandError(f"{unit.name} already has {wounds} wounds.", "wounds")
    if wounds > _most(unit):
        raise CommandError(f"{unit.name}'s Health takes at most {_most(unit)} wounds.", "wounds")
    tx.touch(unit).stats["wounds"] = wounds
    tx.log(f"{unit.name}'s wounds: {before} → {wounds}.")


def set_stamina(tx: Transaction, encounter: Encounter, unit: Combatant, value: int) -> None:
    """The DM sets the pool (a correction, an effect of the rules the tracker does not
    know): up to the most it can hold."""
    pool = rt(unit).stamina
    cap = pool_cap(encounter, pool.maximum or 0)
    if value > cap:
        raise CommandError(f"{unit.name}'s pool holds at most {cap} {UNIT}.", "stamina")
    if value == pool.current:
        raise CommandError(f"{unit.name} already has {value} {UNIT}.", "stamina")
    before = pool.current
    touch(tx, unit).stamina.current = value
    tx.log(f"{unit.name}'s Stamina set by the DM: {before} → {value}.")
