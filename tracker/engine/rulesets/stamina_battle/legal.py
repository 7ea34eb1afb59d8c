"""Stamina battle's legal actions read off the rules (`StaminaBattle.legal_actions`),
without trying each action: the same answers as trying them (the handlers of `actions`,
`charging`, `reactions`, `sides` and `wounds`), which the conformance suite compares.

On its own turn a Unit may take what its pool pays for and its limits leave: Attack
(the weapons it can pay for), Move (3 a turn), Guard, Item, Hide (once), a Technique (one
of that name a turn), a spell (none under way: cast if paid for, else charged once a
turn), and Charge a spell under way (once a turn). Any Unit, once the battle has begun,
may react with what it can afford; Goes next is for a Unit of the side in its phase that
has not acted; damage and wounds are always open, the pool when there is another value
to set, Drop charge when a spell is under way.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from tracker.engine.legal import TEXT_TRIED, targets_of
from tracker.engine.ruleset import AnyRuleset, LegalAction
from tracker.engine.rulesets.stamina_battle.actions import GUARD_STATS, WEAPON_COSTS, WEAPONS
from tracker.engine.rulesets.stamina_battle.actions import technique_key as _technique_key
from tracker.engine.rulesets.stamina_battle.options import order_fixed
from tracker.engine.rulesets.stamina_battle.reactions import REACTION_CHOICES, listed, uses_left
from tracker.engine.rulesets.stamina_battle.reactions import known as known_reactions
from tracker.engine.rulesets.stamina_battle.sides import (
    current_unit,
    has_acted,
    pool_cap,
    waiting,
)
from tracker.engine.rulesets.stamina_battle.state import MOVES_PER_TURN, ONCE, clock, flag, rt
from tracker.engine.rulesets.stamina_battle.state import stat as stat_of
from tracker.engine.state import Combatant, Encounter

SPELL_COST = 3  # the spell's default cost
Offer = Callable[[Encounter, Combatant], LegalAction | None]


def legal_actions(
    ruleset: AnyRuleset, encounter: Encounter, targets: Collection[str] | None = None
) -> tuple[LegalAction, ...]:
    """In the order of the ruleset's actions, each on whom it may concern
    (`targets_of`), as trying them finds them."""
    turn = ruleset.current_turn(encounter)
    found: list[LegalAction] = []
    for spec in ruleset.actions:
        for combatant_id, _fixed in targets_of(ruleset, encounter, spec, targets, turn):
            if spec.on == "current":
                unit = _actor(encounter, combatant_id)
                offer = _OWN.get(spec.name)
            else:
                unit = encounter.find(combatant_id)
                offer = _ANY.get(spec.name)
            legal = offer(encounter, unit) if offer is not None and unit is not None else None
            if legal is not None:
                found.append(LegalAction(legal.action, combatant_id, legal.params, legal.choices))
    return tuple(found)


def _actor(encounter: Encounter, combatant_id: str | None) -> Combatant | None:
    """The Unit whose turn it is, if the action may be taken on `combatant_id`."""
    if not clock(encounter).started:
        return None
    unit = current_unit(encounter)
    if unit is None or (combatant_id is not None and combatant_id != unit.id):
        return None
    return unit


def _pool(unit: Combatant) -> int:
    return rt(unit).stamina.current


def _used(unit: Combatant, key: str) -> int:
    return rt(unit).turn.count(key)


def _offer(
    action: str, params: dict[str, Any] | None = None, **choices: tuple[str, ...]
) -> LegalAction:
    return LegalAction(action, None, params or {}, dict(choices))


# --- on the Unit's own turn ---------------------------------------------------------------
def _attack(_encounter: Encounter, unit: Combatant) -> LegalAction | None:
    weapons = tuple(w for w in WEAPONS if WEAPON_COSTS[w] <= _pool(unit))
    if WEAPONS[0] not in weapons:  # the cheapest: none can be paid for
        return None
    return _offer("attack", {"weapon": WEAPONS[0]}, weapon=weapons)


def _once(action: str, key: str, **params: Any) -> Offer:
    def offer(_encounter: Encounter, unit: Combatant) -> LegalAction | None:
        if _used(unit, key) >= ONCE or _pool(unit) < 1:
            return None
        return _offer(action, params)

    return offer


def _move(_encounter: Encounter, unit: Combatant) -> LegalAction | None:
    if _used(unit, "move") >= MOVES_PER_TURN or _pool(unit) < 1:
        return None
    return _offer("move")


def _guard(_encounter: Encounter, unit: Combatant) -> LegalAction | None:
    if _used(unit, "guard") >= ONCE or _pool(unit) < 1:
        return None
    return _offer("guard", {"stat": GUARD_STATS[0], "roll": 1}, stat=GUARD_STATS)


def _technique(_encounter: Encounter, unit: Combatant) -> LegalAction | None:
    if _used(unit, _technique_key(unit, TEXT_TRIED)) >= ONCE or _pool(unit) < 1:
        return None
    return _offer("technique", {"name": TEXT_TRIED, "cost": 1})


def _spell(_encounter: Encounter, unit: Combatant) -> LegalAction | None:
    pool = _pool(unit)
    if rt(unit).charge is not None or pool < 1:
        return None
    if pool < SPELL_COST and _used(unit, "charge") >= ONCE:  # it would charge: once a turn
        return None
    return _offer("spell", {"name": TEXT_TRIED, "cost": SPELL_COST})


def _charge(_encounter: Encounter, unit: Combatant) -> LegalAction | None:
    if rt(unit).charge is None or _used(unit, "charge") >= ONCE or _pool(unit) <= 0:
        return None
    return _offer("charge")


_OWN: dict[str, Offer] = {
    "attack": _attack,
    "move": _move,
    "guard": _guard,
    "item": _once("item", "item", cost=1, what=""),
    "technique": _technique,
    "hide": _once("hide", "hide"),
    "spell": _spell,
    "charge": _charge,
}


# --- on any Unit ----------------------------------------------------------------------------
def _can_react(unit: Combatant, choice: str) -> bool:
    """The built-in reaction `choice` is known to the Unit, paid for and not used up."""
    if choice == "block" and not flag(unit, "shield"):
        return False
    if choice == "warrior's prowess" and not flag(unit, "prowess"):
        return False
    if choice == "custom":  # offered unnamed: refused until named
        return False
    reaction = next(r for r in known_reactions(unit) if r.name.casefold() == choice)
    left = uses_left(unit, reaction)
    return rt(unit).stamina.can_pay(reaction.cost) and (left is None or left > 0)


def _react(encounter: Encounter, unit: Combatant) -> LegalAction | None:
    if not clock(encounter).started:
        return None
    choices = tuple(c for c in REACTION_CHOICES if _can_react(unit, c))
    if choices:
        params = {"reaction": choices[0], "name": "", "cost": 1, "per_round": 0}
        return _offer("react", params, reaction=choices)
    # None it knows can be paid for: a custom one named, at its cost (1, or the 0 typed
    # when the pool cannot pay 1), unless that name is one of its own (its own cost).
    pool = rt(unit).stamina
    own = next((r for r in listed(unit) if r.name.casefold() == TEXT_TRIED), None)
    if own is not None:
        left = uses_left(unit, own)
        cost: int | None = 1 if pool.can_pay(own.cost) and (left is None or left > 0) else None
    else:
        cost = next((c for c in (1, 0) if pool.can_pay(c)), None)
    if cost is None:
        return None
    custom = {"reaction": "custom", "name": TEXT_TRIED, "cost": cost, "per_round": 0}
    return _offer("react", custom, reaction=("custom",))


def _go_next(encounter: Encounter, unit: Combatant) -> LegalAction | None:
    now = clock(encounter)
    if not now.started or now.first is None or now.side is None or order_fixed(encounter):
        return None
    if unit.side != now.side or unit.id == now.current or has_acted(encounter, unit):
        return None
    at_once = now.fresh and current_unit(encounter) is not None  # the acting one waits
    if not at_once and waiting(encounter, now.side)[0] is unit:  # already next
        return None
    return _offer("go_next")


def _damage(_encounter: Encounter, _unit: Combatant) -> LegalAction:
    params = {"amount": 0, "hit": "normal", "extra": 0, "reduction": 0}
    return _offer("damage", params, hit=("normal",))  # a Critical Hit needs its die


def _set_wounds(_encounter: Encounter, unit: Combatant) -> LegalAction:
    return _offer("set_wounds", {"wounds": 0 if stat_of(unit, "wounds") != 0 else 1})


def _set_stamina(encounter: Encounter, unit: Combatant) -> LegalAction | None:
    pool = rt(unit).stamina
    if pool.current != 0:
        return _offer("set_stamina", {"stamina": 0})
    if pool_cap(encounter, pool.maximum or 0) >= 1:
        return _offer("set_stamina", {"stamina": 1})
    return None


def _drop_charge(_encounter: Encounter, unit: Combatant) -> LegalAction | None:
    return _offer("drop_charge") if rt(unit).charge is not None else None


_ANY: dict[str, Offer] = {
    "react": _react,
    "go_next": _go_next,
    "damage": _damage,
    "set_wounds": _set_wounds,
    "set_stamina": _set_stamina,
    "drop_charge": _drop_charge,
}
