"""Combatants are found by id through a kept index (`Encounter.places`), also while a
command runs; every structural change of the list, undo and redo too, leaves it right."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tracker.engine import Session
from tracker.engine.changes import Record, Transaction
from tracker.engine.errors import CommandError
from tracker.engine.state import Combatant, Encounter


class Unscannable(list[Combatant]):
    """A list of combatants that refuses to be walked through: a look-up must index it."""

    def __iter__(self) -> Iterator[Combatant]:
        raise AssertionError("the whole list was scanned for one combatant")


def _encounter(count: int) -> Encounter:
    encounter = Session.new("Places", "war_scroll").encounter
    encounter.combatants = [Combatant(f"c{i}", f"Fighter {i}") for i in range(count)]
    return encounter


def _assert_every_place(encounter: Encounter) -> None:
    for index, combatant in enumerate(encounter.combatants):
        assert encounter.index_of(combatant.id) == index
        assert encounter.find(combatant.id) is combatant


def test_a_look_up_while_a_command_runs_scans_nothing() -> None:
    encounter = _encounter(50)
    assert encounter.find("c7") is encounter.combatants[7]  # the index is built
    tx = Transaction(encounter, lambda tx, point: None)
    tx.touch(encounter.combatants[3])  # a command under way: nothing worked out is kept
    assert encounter.memo is None
    encounter.combatants = Unscannable(encounter.combatants)
    assert encounter.find("c42") is encounter.combatants[42]
    assert encounter.index_of("c3") == 3
    assert encounter.find("nobody") is None


def test_inserts_moves_and_removes_inside_a_command_keep_every_place_right() -> None:
    encounter = _encounter(6)
    _assert_every_place(encounter)
    tx = Transaction(encounter, lambda tx, point: None)
    late = Combatant("late", "Latecomer")
    tx.insert_combatant(2, late)
    _assert_every_place(encounter)
    tx.move_combatant(0, 5)
    _assert_every_place(encounter)
    gone = encounter.combatant("c4")
    tx.remove_combatant(gone)
    _assert_every_place(encounter)
    assert encounter.find("c4") is None
    with pytest.raises(CommandError, match="No combatant with id 'c4'"):
        encounter.index_of("c4")
    record = tx.seal()
    record.revert()
    assert [c.id for c in encounter.combatants] == [f"c{i}" for i in range(6)]
    _assert_every_place(encounter)
    assert encounter.find("late") is None
    record.reapply()
    _assert_every_place(encounter)
    assert encounter.find("late") is late


def test_a_list_replaced_or_changed_in_place_is_indexed_again() -> None:
    encounter = _encounter(4)
    _assert_every_place(encounter)
    encounter.combatants = list(reversed(encounter.combatants))
    _assert_every_place(encounter)
    encounter.combatants.append(Combatant("new", "New"))
    _assert_every_place(encounter)


def test_a_trial_run_rolled_back_keeps_the_index_it_found() -> None:
    encounter = _encounter(5)
    _assert_every_place(encounter)
    places = encounter.places
    tx = Transaction(encounter, lambda tx, point: None)
    tx.remove_combatant(encounter.combatant("c1"))
    tx.insert_combatant(0, Combatant("late", "Latecomer"))
    assert encounter.index_of("c3") == 3
    tx.rollback()
    assert encounter.places.index is places.index  # not built again for the same list
    _assert_every_place(encounter)
    assert encounter.find("late") is None


def test_an_index_built_inside_a_trial_before_its_changes_outlives_it() -> None:
    encounter = _encounter(5)
    encounter.combatants = [*encounter.combatants, Combatant("new", "New")]  # out of date
    tx = Transaction(encounter, lambda tx, point: None)
    assert encounter.index_of("new") == 5  # built here, for the list as it was
    built = encounter.places.index
    tx.remove_combatant(encounter.combatant("c0"))
    assert encounter.index_of("new") == 4
    tx.rollback()
    assert encounter.places.index is built
    _assert_every_place(encounter)


def test_after_one_removal_a_look_up_builds_no_new_index() -> None:
    encounter = _encounter(40)
    _assert_every_place(encounter)
    built = encounter.places.index
    tx = Transaction(encounter, lambda tx, point: None)
    tx.remove_combatant(encounter.combatant("c10"))
    tx.insert_combatant(30, Combatant("late", "Latecomer"))
    assert encounter.index_of("c20") == 19  # one place before the one it had
    assert encounter.index_of("c35") == 35  # one removed before it, one inserted
    assert encounter.index_of("c3") == 3
    assert encounter.places.index is built  # found where the list holds them
    assert encounter.index_of("late") == 30  # not in the index: built anew
    _assert_every_place(encounter)


def test_places_found_through_random_changes_are_those_of_a_plain_scan() -> None:
    """Inserts, removes and moves in commands, undone, redone and rolled back, with
    look-ups of a few ids (present or gone) between them: each answer is the scan's."""
    rng = random.Random(26)
    encounter = _encounter(30)
    done: list[Record] = []
    undone: list[Record] = []
    known = [c.id for c in encounter.combatants]
    for step in range(400):
        roll = rng.random()
        if roll < 0.15 and done:
            undone.append(done.pop())
            undone[-1].revert()
        elif roll < 0.25 and undone:
            done.append(undone.pop())
            done[-1].reapply()
        else:
            tx = Transaction(encounter, lambda tx, point: None)
            for _ in range(rng.randint(1, 3)):
                combatants = encounter.combatants
                kind = rng.choice(("insert", "remove", "move"))
                if kind == "insert" or len(combatants) < 3:
                    new = Combatant(f"n{step}_{len(known)}", "New")
                    known.append(new.id)
                    tx.insert_combatant(rng.randint(0, len(combatants)), new)
                elif kind == "remove":
                    tx.remove_combatant(rng.choice(combatants))
                else:
                    size = len(combatants)
                    tx.move_combatant(rng.randrange(size), rng.randrange(size))
                _assert_some_places(encounter, rng.sample(known, 5))
            if rng.random() < 0.2:
                tx.rollback()
            else:
                done.append(tx.seal())
                undone.clear()
        _assert_some_places(encounter, rng.sample(known, 5))


def _assert_some_places(encounter: Encounter, ids: list[str]) -> None:
    scan = {c.id: i for i, c in enumerate(encounter.combatants)}
    for combatant_id in ids:
        assert encounter.position(combatant_id) == scan.get(combatant_id)
        found = encounter.find(combatant_id)
        assert (found.id if found is not None else None) == (
            combatant_id if combatant_id in scan else None
        )
