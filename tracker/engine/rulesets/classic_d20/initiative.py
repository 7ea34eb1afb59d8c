"""Initiative: typed in the editor, or rolled (d20 + the initiative modifier; 5e
advantage: two d20, the higher counts); Roll all for the GM's creatures in one step
(with the option, one roll for each group of the same name); tie rolls (option); a late
joiner rolls and takes its place; surprise (5e).

The engine never rolls: the GUI rolls the d20 faces and sends them (`roll_initiative`
as a `RolledAction`; `roll_all` with the faces in order, see `roll_all_needs`)."""

from __future__ import annotations

from typing import Any

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.rulesets.classic_d20.options import grouped, is_pf2e
from tracker.engine.rulesets.classic_d20.order import group_name, members, place, unsettled_ties
from tracker.engine.rulesets.classic_d20.state import (
    census,
    clock,
    flag,
    is_pc,
    rt,
    stat,
    touch,
)
from tracker.engine.rulesets.classic_d20.turns import try_open
from tracker.engine.state import Combatant, Encounter

MAX_FACES = 200


def advantage(encounter: Encounter, combatant: Combatant) -> bool:
    return not is_pf2e(encounter) and flag(combatant, "advantage")


def kept(encounter: Encounter, combatant: Combatant, first: int, second: int) -> int:
    """The d20 that counts: with advantage, the higher of the two."""
    if advantage(encounter, combatant):
        if second == 0:
            raise CommandError(f"{combatant.name} rolls with advantage: give both d20s.", "second")
        return max(first, second)
    if second:
        raise CommandError(f"{combatant.name} rolls one d20 (no advantage).", "second")
    return first


def _set(tx: Transaction, encounter: Encounter, combatant: Combatant, total: int) -> None:
    """Give the combatant (and, grouped, its whole group) this initiative and place it."""
    for member in members(encounter, combatant):
        tx.touch(member).stats["initiative"] = total
        touched = touch(tx, member)
        touched.rolled, touched.tiebreak = True, []
        place(tx, encounter, member)


def roll(
    tx: Transaction, encounter: Encounter, combatant: Combatant, d20: int, second: int
) -> None:
    """d20 (the higher of two with advantage) + the initiative modifier."""
    die = kept(encounter, combatant, d20, second)
    modifier = stat(combatant, "init_mod")
    total = die + modifier
    how = f"{d20} and {second}, keeps {die}" if second else f"{d20}"
    tx.log(f"{combatant.name} rolls initiative: d20 {how} {modifier:+d} = {total}.", "action")
    _set(tx, encounter, combatant, total)
    try_open(tx, encounter)


def roll_all_needs(encounter: Encounter) -> list[tuple[Combatant, int]]:
    """Who Roll all rolls for, in the order of the list, and how many d20 each: the GM's
    creatures (not of the party) without initiative yet, one per group (option). Worked
    out once between two changes of the encounter."""
    if encounter.memo is not None and all(is_pc(c) for c in census(encounter).unrolled):
        return []  # the usual case once the fight is under way: nobody of the GM's
    return list(encounter.derived(("classic_d20.roll_all_needs",), lambda: _needs(encounter)))


def _needs(encounter: Encounter) -> tuple[tuple[Combatant, int], ...]:
    found: list[tuple[Combatant, int]] = []
    seen: set[str] = set()
    for combatant in encounter.combatants:
        if is_pc(combatant) or rt(combatant).rolled:
            continue
        name = group_name(encounter, combatant)
        if name is not None:
            if name in seen:
                continue
            seen.add(name)
        found.append((combatant, 2 if advantage(encounter, combatant) else 1))
    return tuple(found)


def plausible_faces(encounter: Encounter) -> tuple[str, ...]:
    """Faces Roll all accepts now (`Ruleset.plausible_params`): all alike (every roll
    ties), and all different (20, 19, ... around again); none when nobody is to roll."""
    wanted = sum(count for _, count in roll_all_needs(encounter))
    if not wanted or wanted > MAX_FACES:
        return ()
    alike = " ".join(["10"] * wanted)
    different = " ".join(str(20 - n % 20) for n in range(wanted))
    return (alike, different)


def parse_faces(text: str) -> list[int]:
    parts = text.replace(",", " ").split()
    faces: list[int] = []
    for part in parts:
        if not part.isdigit() or not 1 <= int(part) <= 20:
            raise CommandError(f"{part!r} is not a d20 face (1 to 20).", "faces")
        faces.append(int(part))
    if len(faces) > MAX_FACES:
        raise CommandError(f"At most {MAX_FACES} faces at once.", "faces")
    return faces


def roll_all(tx: Transaction, encounter: Encounter, faces_text: str) -> None:
    """The GM's creatures roll at once (one undoable step): the faces in order, two for
    a creature with advantage."""
    needs = roll_all_needs(encounter)
    if not needs:
        raise CommandError("Every creature of the GM has its initiative already.")
    wanted = sum(count for _, count in needs)
    faces = parse_faces(faces_text)
    if len(faces) != wanted:
        who = ", ".join(c.name + (" (advantage: 2)" if n == 2 else "") for c, n in needs[:8])
        raise CommandError(
            f"Roll all needs {wanted} d20 faces, one per creature in order: {who}.", "faces"
        )
    position = 0
    for combatant, count in needs:
        rolled = faces[position : position + count]
        position += count
        roll(tx, encounter, combatant, rolled[0], rolled[1] if count == 2 else 0)


def tie_roll(tx: Transaction, encounter: Encounter, combatant: Combatant, d20: int) -> None:
    """A tied creature's d20 (option): the tie is ordered by these rolls, highest first."""
    if combatant not in unsettled_ties(encounter):
        raise CommandError(f"{combatant.name} owes no tie roll.")
    touch(tx, combatant).tiebreak.append(d20)
    tx.log(f"{combatant.name} rolls {d20} to break the tie.", "action")
    for member in encounter.combatants:
        if stat(member, "initiative") == stat(combatant, "initiative") and rt(member).rolled:
            place(tx, encounter, member)
    try_open(tx, encounter)


def on_initiative_edited(
    tx: Transaction, encounter: Encounter, combatant: Combatant, old: dict[str, Any]
) -> None:
    """Initiative typed in the editor: it counts as rolled, and the creature moves."""
    if combatant.stats.get("initiative") == old.get("initiative") and rt(combatant).rolled:
        return
    total = stat(combatant, "initiative")
    if grouped(encounter):
        for member in members(encounter, combatant):
            if member is not combatant:
                tx.touch(member).stats["initiative"] = total
    for member in members(encounter, combatant):
        touched = touch(tx, member)
        touched.rolled, touched.tiebreak = True, []
        place(tx, encounter, member)
    try_open(tx, encounter)


def surprise(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    """Surprised at the start (5e): no move or action on its first turn, no reaction
    until that turn ends. Toggled until its first turn."""
    if is_pf2e(encounter):
        raise CommandError("Pathfinder 2e has no surprise: stealth goes into initiative.")
    state = rt(combatant)
    if state.first_turn_done:
        raise CommandError(f"{combatant.name} has had its first turn: surprise is over.")
    if clock(encounter).current == combatant.id:
        raise CommandError(f"{combatant.name}'s first turn is under way.")
    touched = touch(tx, combatant)
    touched.surprised = not state.surprised
    touched.reaction.current = 0 if touched.surprised else touched.reaction.maximum or 1
    word = "surprised" if touched.surprised else "no longer surprised"
    tx.log(f"{combatant.name} is {word}.", "change")
