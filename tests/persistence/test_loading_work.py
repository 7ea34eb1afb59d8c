"""A long fight's file is written and checked without work for each of its log
entries beyond their own: the log's entries written as tables directly (not walked by
`dataclasses.asdict`), each dataclass's entries read once (not for every entry), and a
part of the file put in words only when it is at fault, named as it always was."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tracker.engine import AddCombatant, Session, StartEncounter
from tracker.engine.state import LogEntry
from tracker.engine.storable import MAX_NUMBER, unstorable
from tracker.persistence import validation

ENTRIES = 3_000


def _long_fight() -> dict[str, Any]:
    """The data of a fight of 5 combatants whose log holds `ENTRIES` entries."""
    session = Session.new("Long", "war_scroll")
    for number in range(5):
        session.apply(AddCombatant(f"Fighter {number}", "enemy"))
    session.apply(StartEncounter())
    encounter = session.encounter
    encounter.log.extend(LogEntry(f"Round {n}", f"Line {n}", "turn") for n in range(ENTRIES))
    return encounter.to_dict()


@contextmanager
def counted_fields(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts the calls to `dataclasses.fields` (what `asdict` asks of each dataclass it
    walks, and what reading a dataclass's entries takes)."""
    calls = [0]
    fields: Callable[..., Any] = dataclasses.fields

    def counting(item: Any) -> Any:
        calls[0] += 1
        return fields(item)

    monkeypatch.setattr(dataclasses, "fields", counting)
    yield calls


def test_a_long_log_is_written_without_walking_each_entry(monkeypatch):
    session = Session.new("Long", "war_scroll")
    with counted_fields(monkeypatch) as calls:
        session.encounter.to_dict()
    without_log = calls[0]
    session.encounter.log.extend(LogEntry(f"R{n}", f"L{n}") for n in range(ENTRIES))
    with counted_fields(monkeypatch) as calls:
        data = session.encounter.to_dict()
    assert calls[0] == without_log  # one more per entry before
    assert data["log"] == [asdict(entry) for entry in session.encounter.log]


@given(st.text(), st.text(), st.text())
def test_an_entry_is_written_as_asdict_writes_it(when, text, kind):
    entry = LogEntry(when, text, kind)
    written = entry.to_dict()
    assert written == asdict(entry)
    assert list(written) == list(asdict(entry))  # in the same order


def test_a_long_log_is_checked_reading_each_shape_once(monkeypatch):
    data = _long_fight()
    with counted_fields(monkeypatch) as calls:
        assert validation.structure_problem(data) is None
    assert calls[0] <= 3  # the combatant's, the effect's, the log entry's (once each)


@pytest.mark.parametrize(
    ("spoil", "named"),
    [
        (lambda d: d["log"][ENTRIES - 2].update(text=math.nan), f"log entry {ENTRIES - 1} holds"),
        (lambda d: d["log"].__setitem__(7, {"when": "\udc80"}), "log entry 8 holds"),
        (lambda d: d["combatants"][2]["stats"].update(note=math.inf), "combatant 3 holds"),
        (lambda d: d["options"].update({"x": "\ud800"}), "the encounter's “options” holds"),
        (lambda d: d.update(name="\udcff"), "the encounter's “name” holds"),
        (lambda d: d["combatants"][0].update({"\udc80": 1}), "combatant 1 holds"),
    ],
)
def test_a_part_at_fault_is_named_as_before(spoil, named):
    data = _long_fight()
    spoil(data)
    problem = validation.structure_problem(data)
    assert problem is not None and problem.startswith(named), problem


def test_a_long_clean_log_is_checked_without_a_walk_naming_each_value(monkeypatch):
    """The values of a file with none at fault are checked together: none is asked
    about (and named) one by one, as the 20,000 of a long fight's file were."""
    data = _long_fight()
    asked = [0]
    plain = validation.value_problem

    def counting(value: Any) -> str | None:
        asked[0] += 1
        return plain(value)

    monkeypatch.setattr(validation, "value_problem", counting)
    assert validation.structure_problem(data) is None
    assert asked[0] == 0
    data["log"][ENTRIES // 2]["when"] = "\udc80"
    assert validation.structure_problem(data) == (
        f"log entry {ENTRIES // 2 + 1} holds text with a broken character (U+DC80)"
    )
    assert asked[0] > ENTRIES


LETTERS = st.sampled_from("aé\U0001f600\ud800\udfff")  # lone surrogates too
json_leaves = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-2 * MAX_NUMBER, max_value=2 * MAX_NUMBER)
    | st.floats()
    | st.sampled_from([MAX_NUMBER, -MAX_NUMBER, MAX_NUMBER + 1, float(MAX_NUMBER) + 0.5])
    | st.text(LETTERS, max_size=3)
)
json_values = st.recursive(
    json_leaves,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(LETTERS, max_size=2), inner, max_size=3)
    ),
    max_leaves=12,
)


@given(st.dictionaries(st.text(max_size=2), json_values, max_size=3))
def test_values_found_storable_together_are_storable_one_by_one(data):
    assert validation._all_storable(data) == (unstorable(data) is None)
