"""Checks an encounter file's data must pass before it is believed: the core structure
(types of every key the core reads) and what its ruleset says about the rest. Each
check returns a problem in words fit for the game master, or None."""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Any

from tracker.engine.commands import EndTurn
from tracker.engine.errors import CommandError
from tracker.engine.ruleset import AnyRuleset
from tracker.engine.session import Session
from tracker.engine.state import SIDES, Combatant, Effect, Encounter, LogEntry
from tracker.engine.storable import MAX_NUMBER, key_problem, storable_text, value_problem

_ENCOUNTER_TYPES: dict[str, type | tuple[type, ...]] = {
    "name": str,
    "ruleset_id": str,
    "options": dict,
    "combatants": list,
    "effects": list,
    "log": list,
    "next_id": int,
    "secret_fields": list,
}
_REQUIRED_ENCOUNTER_KEYS = ("name", "ruleset_id")
_COMBATANT_TYPES: dict[str, type | tuple[type, ...]] = {
    "id": str,
    "name": str,
    "side": str,
    "hidden": bool,
    "notes": str,
    "stats": dict,
    "defeated": bool,
}
_EFFECT_TYPES: dict[str, type | tuple[type, ...]] = {
    "id": str,
    "name": str,
    "carrier_id": str,
    "creator_id": (str, type(None)),
    "duration": dict,
    "notes": str,
}
_LOG_TYPES: dict[str, type | tuple[type, ...]] = {"when": str, "text": str, "kind": str}
_ENCOUNTER_KEYS = frozenset(
    f.name for f in dataclasses.fields(Encounter) if f.init and f.name != "memo"
)
_NUMBERED_ID = re.compile(r"(0|[1-9][0-9]*)\Z")  # the number `Transaction.new_id` writes
_TYPE_NAMES = {str: "text", int: "a number", bool: "yes/no", dict: "a table", list: "a list"}


def _type_name(expected: type | tuple[type, ...]) -> str:
    if isinstance(expected, tuple):
        return " or ".join(_TYPE_NAMES.get(t, "nothing") for t in expected)
    return _TYPE_NAMES.get(expected, expected.__name__)


def _type_ok(value: Any, expected: type | tuple[type, ...]) -> bool:
    if isinstance(value, bool) and expected is int:
        return False
    return isinstance(value, expected)


@functools.cache
def _shape(cls: type) -> tuple[frozenset[str], tuple[str, ...]]:
    """The entries a serialised dataclass may hold, and those it must, in its fields'
    order: worked out once per class, not for each of a long fight's log entries."""
    fields = dataclasses.fields(cls)
    required = tuple(
        f.name
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    )
    return frozenset(f.name for f in fields), required


def _entry_problem(
    data: Any, what: str, cls: type, types: dict[str, type | tuple[type, ...]]
) -> str | None:
    """What is wrong with one serialised dataclass (`cls`), or None."""
    if not isinstance(data, dict):
        return f"{what} is not a table of values"
    known, required = _shape(cls)
    for name in required:
        if name not in data:
            return f"{what} has no “{name}”"
    for name, value in data.items():
        if name not in known:
            return f"{what} has an unknown entry “{name}”"
        expected = types.get(name)
        if expected is not None and not _type_ok(value, expected):
            return f"{what}: “{name}” should be {_type_name(expected)}"
    return None


def structure_problem(data: dict[str, Any]) -> str | None:
    """What is wrong with the shape of an encounter's data, or None."""
    problem = _values_problem(data)
    if problem is not None:
        return problem
    unknown = sorted(set(data) - _ENCOUNTER_KEYS)
    if unknown:
        return f"the encounter has an unknown entry “{unknown[0]}”"
    for name in _REQUIRED_ENCOUNTER_KEYS:
        if name not in data:
            return f"the encounter has no “{name}”"
    for name, expected in _ENCOUNTER_TYPES.items():
        if name in data and not _type_ok(data[name], expected):
            return f"the encounter's “{name}” should be {_type_name(expected)}"
    if not str(data["ruleset_id"]).strip():
        return "the encounter does not say which ruleset it uses"
    for key, value in data.get("options", {}).items():
        if not isinstance(value, str):
            return f"the option “{key}” should be text"
    combatant_ids: set[str] = set()
    for number, entry in enumerate(data.get("combatants", []), start=1):
        problem = _entry_problem(entry, f"combatant {number}", Combatant, _COMBATANT_TYPES)
        if problem is not None:
            return problem
        if entry["id"] in combatant_ids:
            return f"two combatants have the same id “{entry['id']}”"
        combatant_ids.add(entry["id"])
        if "side" in entry and entry["side"] not in SIDES:
            return f"combatant “{entry['name']}” is on an unknown side “{entry['side']}”"
        problem = _plain_values(entry.get("stats", {}), f"combatant “{entry['name']}”")
        if problem is not None:
            return problem
    effect_ids: set[str] = set()
    for number, entry in enumerate(data.get("effects", []), start=1):
        problem = _entry_problem(entry, f"effect {number}", Effect, _EFFECT_TYPES)
        if problem is not None:
            return problem
        if entry["id"] in effect_ids:
            return f"two effects have the same id “{entry['id']}”"
        effect_ids.add(entry["id"])
        if entry["carrier_id"] not in combatant_ids:
            return f"effect “{entry['name']}” is carried by a combatant who is not there"
        problem = _plain_values(entry.get("duration", {}), f"effect “{entry['name']}”")
        if problem is not None:
            return problem
    for number, entry in enumerate(data.get("log", []), start=1):
        problem = _entry_problem(entry, f"log entry {number}", LogEntry, _LOG_TYPES)
        if problem is not None:
            return problem
    if not all(isinstance(name, str) for name in data.get("secret_fields", [])):
        return "the encounter's “secret_fields” should hold names of fields"
    listed = [*data.get("combatants", []), *data.get("effects", [])]
    return _counter_problem(data, [entry["id"] for entry in listed])


def _counter_problem(data: dict[str, Any], ids: list[str]) -> str | None:
    """The id counter must be above every number an id in use ends with: the next
    combatant or effect added would otherwise take an id that is already taken."""
    next_id = data.get("next_id", 1)
    if next_id < 1:
        return f"its id counter (“next_id”: {next_id}) should be at least 1"
    for ident in ids:
        found = _NUMBERED_ID.search(ident)  # longer than MAX_NUMBER's 10 digits: no clash
        if found is not None and len(found.group(1)) <= 10 and int(found.group(1)) >= next_id:
            return (
                f"its id counter (“next_id”: {next_id}) is not above the id “{ident}” in use, "
                "so the next one added would take an id that is already taken"
            )
    return None


def _values_problem(data: dict[str, Any]) -> str | None:
    """Every text storable as UTF-8 and every number finite and in range
    (`tracker.engine.storable`): what loads must save. Walks the data without
    recursion; names the top-level part at fault (its name is put in words only for a
    problem: a long fight's file holds some 20,000 values), once `_all_storable` found
    one."""
    if _all_storable(data):
        return None
    listed = _listed_parts(data)
    pending: list[tuple[Any, _Where]] = [(data, "the encounter")]
    while pending:
        value, where = pending.pop()
        problem = value_problem(value)
        if problem is not None:
            return f"{_named(where)} holds {problem}"
        if isinstance(value, dict):
            items: list[tuple[Any, Any]] = list(value.items())
        elif isinstance(value, list):
            items = list(enumerate(value))
        else:
            continue
        top = value is data
        kind = listed.get(id(value))
        for key, item in items:
            problem = key_problem(key)
            if problem is not None:
                return f"{_named(where)} holds {problem}"
            if top:
                part: _Where = f"the encounter's “{key}”"
            elif kind is not None and isinstance(key, int):
                part = (kind, key + 1)
            else:
                part = where
            pending.append((item, part))
    return None


def _all_storable(data: dict[str, Any]) -> bool:
    """True if no value in `data` has a problem `_values_problem` would name: its texts
    and keys checked joined, its numbers' range compared, not where each lies (a
    2,000-turn fight's file: 1.4 ms rather than 6.2). False for anything else than
    JSON's values too (the walk decides then)."""
    texts: list[Any] = []
    pending: list[dict[str, Any] | list[Any]] = [data]
    while pending:
        container = pending.pop()
        if isinstance(container, dict):
            texts.extend(container)
            items: Any = container.values()
        else:
            items = container
        for item in items:
            kind = type(item)
            if kind is str:
                texts.append(item)
            elif kind is dict or kind is list:
                pending.append(item)
            elif kind is int or kind is float:
                if not -MAX_NUMBER <= item <= MAX_NUMBER:  # (NaN too)
                    return False
            elif item is not None and kind is not bool:
                return False
    try:
        return storable_text("".join(texts))  # a surrogate stays one when joined
    except TypeError:  # a key that is not text
        return False


_LISTED = {"combatants": "combatant", "effects": "effect", "log": "log entry"}
# How a message names a value: its top-level entry, or (kind, number) for the item of a
# list in it ("log entry 12"), put in words by `_named`.
_Where = str | tuple[str, int]


def _listed_parts(data: dict[str, Any]) -> dict[int, str]:
    """The kind of item each of the encounter's lists holds, by the list's identity
    (the first of `_LISTED` that names it)."""
    parts: dict[int, str] = {}
    for name, kind in _LISTED.items():
        part = data.get(name)
        if isinstance(part, dict | list):
            parts.setdefault(id(part), kind)
    return parts


def _named(where: _Where) -> str:
    return where if isinstance(where, str) else f"{where[0]} {where[1]}"


def _plain_values(values: dict[str, Any], owner: str) -> str | None:
    """Stats and durations hold single values (text, numbers, yes/no), never tables."""
    for name, value in values.items():
        if not (value is None or isinstance(value, str | int | float | bool)):
            return f"{owner}: “{name}” should be a single value"
    return None


def _field_problem(field: Any, value: Any, owner: str) -> str | None:
    try:
        cleaned = field.clean(value)
    except CommandError as error:
        return f"{owner}: {error.message}"
    if cleaned != value or type(cleaned) is not type(value):
        return f"{owner}: {field.label} has an invalid value {value!r}"
    return None


def ruleset_problem(encounter: Encounter, ruleset: AnyRuleset) -> str | None:
    """What the ruleset cannot make sense of in the encounter, or None."""
    for choice in ruleset.choices():
        if choice.name in encounter.options:
            try:
                choice.clean(encounter.options[choice.name])
            except CommandError as error:
                return f"option {error}"
    stat_fields = {f.name: f for f in ruleset.stat_fields}
    for combatant in encounter.combatants:
        for name, value in combatant.stats.items():
            if name in stat_fields:
                problem = _field_problem(stat_fields[name], value, f"“{combatant.name}”")
                if problem is not None:
                    return problem
    duration_fields = {f.name: f for f in ruleset.duration_fields}
    for effect in encounter.effects:
        for name, value in effect.duration.items():
            if name in duration_fields:
                problem = _field_problem(duration_fields[name], value, f"effect “{effect.name}”")
                if problem is not None:
                    return problem
    # The ruleset's records were read with their types; what they refer to (ids, the
    # order, the turn) is checked by asking the questions the app asks at once, and by
    # trying (and rolling back) the first thing a GM does: end the turn.
    try:
        session = Session(encounter, ruleset)
        ruleset.clock_label(encounter)
        ruleset.status(encounter)
        ruleset.current_turn(encounter)
        ruleset.upcoming_turns(encounter, 50)
        ruleset.prompt(encounter)
        for combatant in encounter.combatants:
            ruleset.summary(encounter, combatant)
            ruleset.markers(encounter, combatant)
            ruleset.meters(encounter, combatant)
        for effect in encounter.effects:
            ruleset.remaining(encounter, effect)
            ruleset.ends_soon(encounter, effect)
        if ruleset.is_started(encounter):
            session.refusal(EndTurn())
    except Exception as error:  # ruleset code choking on malformed data
        return f"its {ruleset.name} data does not make sense ({type(error).__name__}: {error})"
    return None
