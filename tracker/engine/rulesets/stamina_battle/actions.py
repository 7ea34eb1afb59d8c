"""What a Unit does on its own turn, and what it costs: Attack (1, or 2 two-handed),
Move (1, at most 3 times a turn), Guard (1, once: the stat rolled and the boost as an
effect until the start of its next turn), Item (1 or more, once), each Technique (its
cost, each once a turn) and Hide (1, once). An action the Unit cannot pay for, or whose
limit is used up, is refused before anything changes, so it uses up nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.rulesets.stamina_battle.sides import current_unit, used_turn
from tracker.engine.rulesets.stamina_battle.state import (
    MOVES_PER_TURN,
    ONCE,
    UNIT,
    Anchor,
    GuardStat,
    anchor_of,
    clock,
    rt,
    touch,
)
from tracker.engine.state import Combatant, Effect, Encounter

WEAPON_COSTS: dict[str, int] = {
    "one-handed": 1,
    "two-handed": 2,
    "versatile, two hands": 2,
    "versatile, one hand": 1,
    "unarmed": 1,
}
WEAPONS: tuple[str, ...] = tuple(WEAPON_COSTS)
GUARD_BOOSTS: dict[str, str] = {
    "strength": "Armor",
    "agility": "Evasion",
    "intelligence": "skill reactions",
    "will": "Resistances",
}
GUARD_STATS: tuple[str, ...] = tuple(GUARD_BOOSTS)


@dataclass(frozen=True)
class Limit:
    """A use counted per turn or per round under `key`, at most `limit` times."""

    per: Literal["turn", "round"]
    key: str
    limit: int
    refusal: str


def left_text(unit: Combatant) -> str:
    pool = rt(unit).stamina
    return f"{pool.current}/{pool.maximum} left"


def check(unit: Combatant, cost: int, what: str, limits: tuple[Limit, ...] = ()) -> None:
    """Refuse (changing nothing) when a limit is used up or the pool cannot pay."""
    state = rt(unit)
    for limit in limits:
        counters = state.turn if limit.per == "turn" else state.round_uses
        counters.check(limit.key, limit.limit, limit.refusal)
    if not state.stamina.can_pay(cost):
        state.stamina.spend(cost, UNIT, f"{unit.name}'s {what}")  # raises with the message


def take(
    tx: Transaction,
    encounter: Encounter,
    unit: Combatant,
    cost: int,
    what: str,
    limits: tuple[Limit, ...] = (),
) -> None:
    """Count the uses and pay `cost` from the pool, or refuse before changing anything."""
    check(unit, cost, what, limits)
    state = touch(tx, unit)
    for limit in limits:
        counters = state.turn if limit.per == "turn" else state.round_uses
        counters.use(limit.key, limit.limit, limit.refusal)
    state.stamina.spend(cost, UNIT, f"{unit.name}'s {what}")
    used_turn(tx, encounter, unit)


def actor(encounter: Encounter, combatant_id: str | None, what: str) -> Combatant:
    """The Unit whose turn it is (the one named must be it)."""
    if not clock(encounter).started:
        raise CommandError("The battle has not begun.")
    unit = current_unit(encounter)
    if unit is None:
        raise CommandError(f"{what}: nobody has a turn now.")
    if combatant_id is not None and combatant_id != unit.id:
        other = encounter.combatant(combatant_id)
        raise CommandError(
            f"It is {unit.name}'s turn, not {other.name}'s: {what} is taken on one's own "
            "turn (reactions at any time)."
        )
    return unit


def _once(key: str, refusal: str) -> tuple[Limit, ...]:
    return (Limit("turn", key, ONCE, refusal),)


# --- the actions -----------------------------------------------------------------------------
def attack(tx: Transaction, encounter: Encounter, unit: Combatant, weapon: str) -> None:
    cost = WEAPON_COSTS.get(weapon)
    if cost is None:
        raise CommandError(f"Weapon must be one of: {', '.join(WEAPONS)}.", "weapon")
    take(tx, encounter, unit, cost, "Attack")
    tx.log(f"{unit.name} attacks ({weapon}: {cost} {UNIT}; {left_text(unit)}).", "action")


def move(tx: Transaction, encounter: Encounter, unit: Combatant) -> None:
    refusal = f"{unit.name} has already moved {MOVES_PER_TURN} times this turn."
    take(tx, encounter, unit, 1, "Move", (Limit("turn", "move", MOVES_PER_TURN, refusal),))
    moves = rt(unit).turn.count("move")
    tx.log(f"{unit.name} moves ({moves} of {MOVES_PER_TURN}; {left_text(unit)}).", "action")


def hide(tx: Transaction, encounter: Encounter, unit: Combatant) -> None:
    take(tx, encounter, unit, 1, "Hide", _once("hide", f"{unit.name} already hid this turn."))
    tx.log(f"{unit.name} hides (1 {UNIT}; {left_text(unit)}).", "action")


def item(tx: Transaction, encounter: Encounter, unit: Combatant, cost: int, what: str) -> None:
    refusal = f"{unit.name} already used the Item action this turn."
    take(tx, encounter, unit, cost, "Item action", _once("item", refusal))
    said = f": {what.strip()}" if what.strip() else ""
    tx.log(f"{unit.name} uses an item{said} ({cost} {UNIT}; {left_text(unit)}).", "action")


def technique_key(unit: Combatant, name: str) -> str:
    """The Technique's key, matched without regard to case."""
    return f"technique:{name.strip().casefold()}"


def technique(tx: Transaction, encounter: Encounter, unit: Combatant, name: str, cost: int) -> None:
    name = name.strip()
    if not name:
        raise CommandError("Name the Technique.", "name")
    refusal = f"{unit.name} already used the Technique “{name}” this turn."
    take(
        tx, encounter, unit, cost, f"Technique “{name}”", _once(technique_key(unit, name), refusal)
    )
    tx.log(f"{unit.name} uses the Technique “{name}” ({cost} {UNIT}; {left_text(unit)}).", "action")


def guard(
    tx: Transaction, encounter: Encounter, unit: Combatant, stat: GuardStat, roll: int
) -> None:
    """Guard: 1 Stamina, once a turn; the roll boosts the stat's defence until the start
    of the Unit's next turn (an effect the tracker ends then)."""
    if stat not in GUARD_BOOSTS:
        raise CommandError(f"Guard rolls one of: {', '.join(GUARD_STATS)}.", "stat")
    take(tx, encounter, unit, 1, "Guard", _once("guard", f"{unit.name} already guarded this turn."))
    boosted = GUARD_BOOSTS[stat]
    effect = Effect(
        id=tx.new_id("e"),
        name=f"Guard: {boosted} +{roll}",
        carrier_id=unit.id,
        creator_id=unit.id,
        duration={"until": "next_turn_start", "rounds": 1},
        anchor=Anchor(
            "next_turn_start",
            turn_round=clock(encounter).round + 1,
            guard=stat,
            boost=roll,
        ),
    )
    tx.add_effect(effect)
    tx.log(
        f"{unit.name} guards with {stat.capitalize()} ({roll}): {boosted} +{roll} until the "
        f"start of its next turn ({left_text(unit)}).",
        "action",
    )


def guard_boost(encounter: Encounter, unit: Combatant, stat: str) -> int:
    """What the Unit's Guards add to the defence of `stat` now."""
    total = 0
    for effect in encounter.effects:
        if effect.carrier_id != unit.id:  # the cheap test first: most effects are others'
            continue
        anchor = anchor_of(effect)
        if anchor is not None and anchor.guard == stat:
            total += anchor.boost
    return total
