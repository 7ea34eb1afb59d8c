"""Comparing encounters and sessions: snapshots, the first difference of two, what the
views ask of a session, a cell's text without the last change.
"""

from __future__ import annotations

import re
from typing import Any

from tracker.engine import (
    Session,
)
from tracker.engine.state import Encounter

UPCOMING = 20  # upcoming turns asked for, as a turn panel does
METER_CHANGE = re.compile(r" \([+−]\d+\)")  # see tracker.qt.models.meters.meter_text


# --- comparing encounters --------------------------------------------------------------
def snapshot(encounter: Encounter) -> dict[str, Any]:
    """`encounter.to_dict()`, with the log kept as its (immutable) entries: equal exactly
    when `to_dict()` is equal, without turning hundreds of log entries into dicts at every
    step of every example (the log is put back at once; nothing runs in between)."""
    log = encounter.log
    encounter.log = []
    try:
        data = encounter.to_dict()
    finally:
        encounter.log = log
    data["log"] = list(log)
    return data


def first_difference(left: Any, right: Any, path: str = "") -> str:
    """Where two `to_dict` trees first differ, for readable failures."""
    if type(left) is not type(right):
        return f"{path or '<root>'}: {left!r} != {right!r}"
    if isinstance(left, dict):
        for key in sorted(set(left) | set(right), key=str):
            if key not in left or key not in right:
                return f"{path}.{key}: only on one side"
            if left[key] != right[key]:
                return first_difference(left[key], right[key], f"{path}.{key}")
    if isinstance(left, list):
        if len(left) != len(right):
            return f"{path}: {len(left)} items != {len(right)} items"
        for index, (a, b) in enumerate(zip(left, right, strict=True)):
            if a != b:
                return first_difference(a, b, f"{path}[{index}]")
    return f"{path or '<root>'}: {left!r} != {right!r}"


def assert_same(actual: dict[str, Any], expected: dict[str, Any], what: str) -> None:
    assert actual == expected, f"{what}: {first_difference(actual, expected)}"


def answers(session: Session) -> tuple[Any, ...]:
    """Everything the views ask of a session, to compare two sessions."""
    encounter, ruleset = session.encounter, session.ruleset
    return (
        session.current_turn(),
        session.upcoming_turns(UPCOMING),
        session.prompt(),
        session.status(),
        [(session.remaining(e.id), session.ends_soon(e.id)) for e in encounter.effects],
        [ruleset.summary(encounter, c) for c in encounter.combatants],
        [ruleset.markers(encounter, c) for c in encounter.combatants],
    )


def without_changes(shown: Any) -> Any:
    """A cell's text without the changes of the last command ("AP 4/7 (−3)" → "AP 4/7")."""
    return METER_CHANGE.sub("", shown) if isinstance(shown, str) else shown
