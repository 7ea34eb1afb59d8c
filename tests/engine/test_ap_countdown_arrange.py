"""The countdown list after a command: the few combatants the command changed are
placed among the others by bisection. Whatever changed, the list must come out exactly
as a stable sort of the whole list would leave it (equal keys keep the GM's order)."""

from __future__ import annotations

from typing import cast

from hypothesis import given, settings
from hypothesis import strategies as st

from tracker.engine import AddCombatant, Session
from tracker.engine.changes import Transaction
from tracker.engine.rulesets.ap_countdown.countdown import arrange, ranker
from tracker.engine.rulesets.ap_countdown.state import Runtime

BASES = st.integers(-5, 5)  # a narrow range: many ties


def _session(bases: list[int], qus: list[int], ties: str) -> Session:
    session = Session.new("Arrange", "ap_countdown", {"ties": ties})
    for number, qu in enumerate(qus):
        session.apply(AddCombatant(f"C{number}", "enemy", stats={"qu": qu}))
    for combatant, base in zip(session.encounter.combatants, bases, strict=True):
        cast(Runtime, combatant.runtime).base = base  # set-up only: no rules involved
    return session


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(data=st.data(), ties=st.sampled_from(["qu_then_gm", "simultaneous"]))
def test_placing_the_changed_ones_equals_a_stable_sort_of_all(data, ties):
    size = data.draw(st.integers(1, 12), label="size")
    bases = data.draw(st.lists(BASES, min_size=size, max_size=size), label="bases")
    qus = data.draw(st.lists(st.integers(0, 2), min_size=size, max_size=size), label="qus")
    session = _session(bases, qus, ties)
    encounter = session.encounter
    arrange(Transaction(encounter, lambda _tx, _point: None), encounter, everyone=True)
    order = data.draw(st.permutations(range(size)), label="GM's order of ties")
    key = ranker(encounter)
    # A GM's drags reorder ties only: a stable sort of any order keeps the list sorted.
    encounter.combatants[:] = sorted(
        (encounter.combatants[i] for i in order), key=key, reverse=True
    )
    changed = data.draw(st.sets(st.integers(0, size - 1), max_size=4), label="changed")
    tx = Transaction(encounter, lambda _tx, _point: None)
    for index in sorted(changed):
        combatant = encounter.combatants[index]
        tx.touch(combatant)
        cast(Runtime, combatant.runtime).base = data.draw(BASES, label=f"new base {index}")
    expected = sorted(encounter.combatants, key=ranker(encounter), reverse=True)
    arrange(tx, encounter)
    assert [c.name for c in encounter.combatants] == [c.name for c in expected]
    tx.rollback()  # and the moves undo exactly
