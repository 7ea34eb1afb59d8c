"""The order: the combatants list, highest initiative first, is the order of turns.

Ties go by the flavour and the option (`sort_key`): 5e the higher Dexterity modifier,
the GM's drag, or d20 tie rolls; PF2e "the foe (the GM's creature) goes first": an
enemy before a character or an ally of the same initiative. Only rows whose key is
equal may be dragged past each other. `slots` is the round's
turns: each combatant with its initiative, a group of identical monsters once (option)
at its first member's place, and the lair (5e, option) on count 20, losing ties.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tracker.engine.changes import Transaction
from tracker.engine.health import defeated_by
from tracker.engine.kit.ordering import check_tie_drag, moves_into, resorted_place, tie_groups
from tracker.engine.rulesets.classic_d20.hit_points import HEALTH
from tracker.engine.rulesets.classic_d20.options import grouped, has_lair, ties
from tracker.engine.rulesets.classic_d20.state import (
    LAIR,
    LAIR_COUNT,
    Runtime,
    clock,
    is_pc,
    rt,
    stat,
    touch_clock,
)
from tracker.engine.state import Combatant, Encounter

_NUMBERED = re.compile(r"\s+\d+$")


def initiative(combatant: Combatant) -> int:
    return stat(combatant, "initiative")


def sort_key(encounter: Encounter) -> Callable[[Combatant], Any]:
    """The key the order is sorted by, high to low (equal keys: the GM's to order)."""
    rule = ties(encounter)
    if rule == "dex":
        return lambda c: (initiative(c), stat(c, "dex_mod"))
    if rule == "roll":
        return lambda c: (initiative(c), tuple(rt(c).tiebreak))
    if rule == "foe":
        return lambda c: (initiative(c), 1 if c.side == "enemy" else 0)
    return lambda c: (initiative(c),)


def group_name(encounter: Encounter, combatant: Combatant) -> str | None:
    """The group of identical monsters it acts with (option): its name without a
    trailing number, for a combatant not of the party; None when it acts alone."""
    if not grouped(encounter) or is_pc(combatant):
        return None
    return _NUMBERED.sub("", combatant.name).casefold()


def members(encounter: Encounter, combatant: Combatant) -> list[Combatant]:
    """The combatants acting in its turn: its group (option), else itself."""
    if not grouped(encounter) or is_pc(combatant):
        return [combatant]
    name = _NUMBERED.sub("", combatant.name).casefold()
    if encounter.memo is None:  # while a command runs: the list may change under it
        return [c for c in encounter.combatants if group_name(encounter, c) == name]
    return list(groups(encounter).get(name, ()))


def groups(encounter: Encounter) -> dict[str, tuple[Combatant, ...]]:
    """Each group's members in list order (the option on; every group, one member or
    more): worked out once between two changes of the encounter."""
    return encounter.derived(("classic_d20.groups",), lambda: _groups(encounter))


def _groups(encounter: Encounter) -> dict[str, tuple[Combatant, ...]]:
    found: dict[str, list[Combatant]] = {}
    if not grouped(encounter):
        return {}
    for combatant in encounter.combatants:
        if not is_pc(combatant):
            found.setdefault(_NUMBERED.sub("", combatant.name).casefold(), []).append(combatant)
    return {name: tuple(group) for name, group in found.items()}


def in_order(encounter: Encounter) -> list[Combatant]:
    """The combatants that take turns: those with their initiative."""
    return [c for c in encounter.combatants if rt(c).rolled]


def slots(encounter: Encounter) -> list[str]:
    """The turns of a round in order: combatant ids (one per group) and `LAIR` (worked
    out once between two changes of the encounter)."""
    return list(encounter.derived(("classic_d20.slots",), lambda: _slots(encounter)))


def _slots(encounter: Encounter) -> tuple[str, ...]:
    found: list[str] = []
    seen: set[str] = set()
    lair = has_lair(encounter)
    is_grouped = grouped(encounter)
    if not lair and not is_grouped:  # the usual fight: who rolled, in order
        return tuple([c.id for c in encounter.combatants if c.runtime.rolled])
    for combatant in encounter.combatants:
        runtime: Runtime = combatant.runtime  # not `rt`: a pass over a long fight
        if not runtime.rolled:
            continue
        if lair and initiative(combatant) < LAIR_COUNT:
            found.append(LAIR)
            lair = False
        if is_grouped and not is_pc(combatant):
            name = _NUMBERED.sub("", combatant.name).casefold()
            if name in seen:
                continue
            seen.add(name)
        found.append(combatant.id)
    if lair:
        found.append(LAIR)
    return tuple(found)


def place(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    """Move the combatant to where its key puts it (after its equals)."""
    key = sort_key(encounter)
    source = encounter.index_of(combatant.id)
    destination = resorted_place(encounter.combatants, key, combatant)
    if destination != source:
        tx.move_combatant(source, destination)


def resort(tx: Transaction, encounter: Encounter) -> None:
    """Sort the whole order by its key, keeping the order of equals (the GM's drags)."""
    key = sort_key(encounter)
    wanted = sorted(encounter.combatants, key=key, reverse=True)
    # `sorted` is stable: reverse=True keeps equals in their order too.
    for source, destination in moves_into(encounter.combatants, wanted):
        tx.move_combatant(source, destination)


def check_move(encounter: Encounter, combatant: Combatant, destination: int) -> None:
    source = encounter.index_of(combatant.id)
    why = "initiative orders the fight; only ties are the GM's to order"
    if ties(encounter) == "dex":
        why = (
            "initiative, then the Dexterity modifier, order the fight; only full ties are the GM's"
        )
    check_tie_drag(encounter.combatants, sort_key(encounter), source, destination, _name, why)


def _name(combatant: Combatant) -> str:
    return combatant.name


def unsettled_ties(encounter: Encounter) -> list[Combatant]:
    """With the tie-roll option: the tied creatures that owe a d20 (each once before
    anyone again; a creature owes while its rolls so far equal, or begin, another's)."""
    if ties(encounter) != "roll":
        return []
    owing: list[Combatant] = []
    for group in tie_groups(in_order_sorted(encounter), initiative):
        for combatant in group:
            mine = rt(combatant).tiebreak
            for other in group:
                theirs = rt(other).tiebreak
                if other is not combatant and theirs[: len(mine)] == mine:
                    owing.append(combatant)
                    break
    return owing


def in_order_sorted(encounter: Encounter) -> list[Combatant]:
    return sorted(in_order(encounter), key=initiative, reverse=True)


def follow_current(tx: Transaction, encounter: Encounter, begin: Callable[[], None]) -> None:
    """The turn stays with its holder when others join, leave or move (a group's turn
    with the group, whichever member now stands first); when the holder leaves, it
    passes to whoever now stands in its place (`begin` starts it, or the next round
    when the place is past the end)."""
    now = clock(encounter)
    if not now.started or now.rolling or now.current is None:
        return
    found = slots(encounter)
    if now.current in found:
        if found.index(now.current) != now.index:
            touched = touch_clock(tx)
            touched.index = found.index(now.current)
        return
    holder = encounter.find(now.current)
    if holder is not None:  # its group's turn, now at another member's place: it goes on
        slot = next((m.id for m in members(encounter, holder) if m.id in found), None)
        if slot is not None:
            touched = touch_clock(tx)
            touched.current, touched.index = slot, found.index(slot)
            return
    begin()


def standing_first(encounter: Encounter, acting: list[Combatant]) -> Combatant:
    """Who a group's turn is shown as (and who acts when none is named): its first
    member still standing, else its first."""
    return next((m for m in acting if not defeated_by(HEALTH, m.stats, m.defeated)), acting[0])
