"""Typed records: written as plain JSON, read back with every value checked."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import pytest

from tracker.engine import records as records_module
from tracker.engine.records import RecordError, from_json, to_json


@dataclass
class Inner:
    name: str
    left: int | None = None


@dataclass
class Outer:
    round: int = 0
    phase: Literal["setup", "play"] = "setup"
    current: tuple[str, int] | None = None
    items: list[Inner] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    ratio: float = 0.0
    flag: bool = False


def test_a_record_goes_to_json_and_back_equal():
    record = Outer(3, "play", ("c1", 2), [Inner("a", 2), Inner("b")], {"x": 1}, 1.5, True)
    data = to_json(record)
    assert data == {
        "round": 3,
        "phase": "play",
        "current": ["c1", 2],
        "items": [{"name": "a", "left": 2}, {"name": "b", "left": None}],
        "counts": {"x": 1},
        "ratio": 1.5,
        "flag": True,
    }
    assert from_json(Outer, data) == record
    assert from_json(Outer, {}) == Outer()  # every field defaulted


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"round": "3"}, "the clock.round should be a whole number, not '3'"),
        ({"round": True}, "the clock.round should be a whole number, not True"),
        ({"phase": "war"}, "the clock.phase should be one of 'setup', 'play'"),
        ({"current": ["c1"]}, "the clock.current"),
        ({"items": [{"left": 1}]}, "the clock.items[0] has no 'name'"),
        ({"items": {"name": "a"}}, "the clock.items should be a list, not a table"),
        ({"counts": {"x": "1"}}, "the clock.counts['x'] should be a whole number"),
        ({"spent": 1}, "the clock has an unknown entry 'spent'"),
        ({"flag": 1}, "the clock.flag should be yes or no, not 1"),
        ([], "the clock should be a table, not a list"),
    ],
)
def test_damaged_values_are_refused_saying_where(data, message):
    with pytest.raises(RecordError) as error:
        from_json(Outer, data, "the clock")
    assert message in error.value.message


def test_deep_nesting_is_refused_without_exhausting_the_stack():
    deep: object = 1
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(RecordError):
        from_json(Outer, {"items": deep})


def test_a_record_may_check_itself():
    @dataclass
    class Ap:
        left: int = 4

        def __post_init__(self) -> None:
            if not 0 <= self.left <= 4:
                raise ValueError(f"{self.left} AP left is more than a round holds")

    with pytest.raises(RecordError, match="5 AP left"):
        from_json(Ap, {"left": 5})


@dataclass
class Node:
    name: str
    kind: Literal["leaf", "branch"] = "leaf"
    children: list[Node] = field(default_factory=list)
    weights: tuple[float, ...] = ()


def test_a_sound_record_is_read_without_naming_each_value(monkeypatch: pytest.MonkeyPatch):
    """The walk that names each value's place (`_read`) is taken only for a record
    that does not fit, to say what is wrong: a fight of 50 combatants, read from a file
    or a checkpoint, is 20,000 values (issue 26, point 4). A record holding records of
    its own type reads alike."""
    walked: list[object] = []
    real = records_module._read

    def counted(kind: object, data: object, where: str) -> object:
        walked.append(kind)
        return real(kind, data, where)

    monkeypatch.setattr(records_module, "_read", counted)
    record = Outer(3, "play", ("c1", 2), [Inner("a", 2), Inner("b")], {"x": 1}, 1.5, True)
    assert from_json(Outer, to_json(record)) == record
    tree = Node("root", "branch", [Node("a", weights=(1.0, 2)), Node("b", "branch", [Node("c")])])
    assert from_json(Node, to_json(tree)) == tree
    assert walked == []
    with pytest.raises(RecordError, match=r"the tree.children\[1\].children\[0\].kind should"):
        from_json(
            Node,
            {
                "name": "r",
                "children": [
                    {"name": "a"},
                    {"name": "b", "children": [{"name": "c", "kind": "twig"}]},
                ],
            },
            "the tree",
        )
    assert walked


def test_plain_values_are_written_without_a_call_each(monkeypatch: pytest.MonkeyPatch):
    """A record's texts and numbers go to JSON as they are, without a call of their own:
    a Priority trigger's asking order holds every creature's id (5,000 calls a change
    at 5,000 creatures). Records and lists within are still written whole."""
    calls: list[object] = []
    real = records_module.to_json

    def counted(value: object) -> object:
        calls.append(value)
        return real(value)

    monkeypatch.setattr(records_module, "to_json", counted)
    ids = [f"c{n}" for n in range(1000)]
    record = Outer(3, "play", ("c1", 2), [Inner("a", 2)], {"x": 1}, 1.5, True)
    data = counted(Outer(items=[Inner(i) for i in ids[:3]], counts=dict.fromkeys(ids, 1)))
    assert data["items"] == [
        {"name": "c0", "left": None},
        {"name": "c1", "left": None},
        {"name": "c2", "left": None},
    ]
    assert data["counts"] == dict.fromkeys(ids, 1)
    calls.clear()
    assert counted(ids) == ids
    assert counted(("c1", 2)) == ["c1", 2]
    assert counted(dict.fromkeys(ids, 1)) == dict.fromkeys(ids, 1)
    assert len(calls) == 3  # the two lists and the table, not their items
    assert from_json(Outer, counted(record)) == record
