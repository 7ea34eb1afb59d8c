"""Typed records: written as plain JSON, read back with every value checked."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import pytest

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
