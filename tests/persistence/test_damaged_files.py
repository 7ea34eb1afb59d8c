"""Damaged files never stop the app: a file (or a journal's base) whose data was changed
the way disks and editors change files either loads into an encounter the app can run,
or is refused with the typed file error; nothing else escapes, and the file is left as
it was. Every installed ruleset is tried, on an encounter played for a while.

`TRACKER_DAMAGE_CASES` sets the number of damaged copies per ruleset (a few hundred by
default; a setting runs thousands)."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from tracker.engine import (
    AddCombatant,
    AddEffect,
    CommandError,
    EndTurn,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.engine.registry import available_rulesets
from tracker.persistence.files import (
    FileFormatError,
    encounter_from_document,
    envelope,
    load_encounter,
)

CASES = int(os.environ.get("TRACKER_DAMAGE_CASES", "300"))
RULESETS = sorted(available_rulesets())


def played(ruleset_id: str, turns: int = 12) -> Session:
    """An encounter of the ruleset, started and played for a few turns: combatants with
    their fields' defaults (numbers spread out), an effect, prompts answered."""
    session = Session.new("Damaged", ruleset_id)
    ruleset = session.ruleset
    for number, side in enumerate(("party", "enemy", "enemy", "party"), start=1):
        stats: dict[str, Any] = {}
        for field in ruleset.stat_fields:
            if field.kind == "int":
                low = field.minimum if field.minimum is not None else 0
                high = field.maximum if field.maximum is not None else low + 20
                stats[field.name] = min(max(low, int(field.default) + number * 3), high)
        session.apply(AddCombatant(f"Unit {number}", side, number == 3, "", stats))
    first = session.encounter.combatants[0].id
    _try(session, StartEncounter())
    _try(session, AddEffect("Blessed", first, first, {}))
    for _ in range(turns):
        prompt = session.prompt()
        if prompt is None:
            _try(session, EndTurn())
            continue
        plain = [a for a in prompt.answers if not a.fields]
        answer = plain[-1] if plain else prompt.answers[0]
        command = answer.command
        if answer.fields and isinstance(command, RulesetAction):
            params = {f.name: f.default if f.kind != "text" else "x" for f in answer.fields}
            command = RulesetAction(command.action, command.combatant_id, params)
        if not _try(session, command):
            _try(session, EndTurn())
    return session


def _try(session: Session, command: Any) -> bool:
    try:
        session.apply(command)
    except CommandError:
        return False
    return True


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in the JSON tree (keys and list positions), the root excluded, down
    to a depth of 13."""
    found: list[tuple[Any, ...]] = []
    if len(prefix) > 12:  # not into a deeply nested value planted by an earlier change
        return found
    if isinstance(data, dict):
        items: Any = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return found
    for key, value in items:
        found.append((*prefix, key))
        found.extend(_paths(value, (*prefix, key)))
    return found


def _deep(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


ODD_VALUES: tuple[Any, ...] = (
    None,
    True,
    -1,
    0,
    10**12,
    1.5,
    "",
    "x",
    "c999",
    [],
    {},
    [1, "a"],
    {"x": 1},
)


def damaged(document: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A copy with one to three random changes: a value replaced by an odd one (or a
    deeply nested one), a key removed, a list item removed or duplicated."""
    result = copy.deepcopy(document)
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in _paths(result["encounter"])]
        if not paths:
            break
        path = rng.choice(paths)
        parent: Any = result["encounter"]
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        move = rng.random()
        if move < 0.55:
            parent[key] = _deep(3000) if rng.random() < 0.03 else rng.choice(ODD_VALUES)
        elif move < 0.75 and isinstance(parent, dict):
            del parent[key]
        elif isinstance(parent, list):
            if rng.random() < 0.5:
                del parent[key]
            else:
                parent.insert(key, copy.deepcopy(parent[key]))
        else:
            parent[key] = rng.choice(ODD_VALUES)
    return result


def _use(encounter: Any) -> None:
    """What the app asks of an encounter it opens, and the first thing the GM does."""
    session = Session(encounter)
    session.current_turn()
    session.upcoming_turns(50)
    session.prompt()
    session.status()
    ruleset = session.ruleset
    for combatant in encounter.combatants:
        ruleset.summary(encounter, combatant)
        ruleset.markers(encounter, combatant)
        ruleset.meters(encounter, combatant)
    for effect in encounter.effects:
        session.remaining(effect.id)
        session.ends_soon(effect.id)
    with contextlib.suppress(CommandError):
        session.apply(EndTurn())


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_damaged_encounters_load_and_run_or_are_refused(ruleset_id: str, tmp_path: Path):
    document = envelope(played(ruleset_id).encounter)
    rng = random.Random(f"damage-{ruleset_id}")
    refused = 0
    for case in range(CASES):
        bad = damaged(document, rng)
        try:
            encounter = encounter_from_document(bad, tmp_path / "damaged.json")
        except FileFormatError:
            refused += 1
            continue
        try:
            _use(encounter)
        except Exception as error:  # pragma: no cover - the message is the point
            pytest.fail(f"case {case}: loaded but then {type(error).__name__}: {error}")
    assert refused > 0  # the damage is real: some of it must be refused


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_damaged_file_is_refused_and_left_as_it_was(ruleset_id: str, tmp_path: Path):
    document = envelope(played(ruleset_id).encounter)
    document["encounter"]["combatants"][0]["runtime"] = "broken"
    path = tmp_path / "broken.tracker.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(FileFormatError, match="damaged"):
        load_encounter(path)
    assert path.read_bytes() == before


def test_a_deeply_nested_value_is_the_file_error_not_a_recursion_error(tmp_path: Path):
    document = envelope(played(RULESETS[0]).encounter)
    document["encounter"]["combatants"][0]["stats"]["notes"] = _deep(5000)
    with pytest.raises(FileFormatError, match="single value"):
        encounter_from_document(document, tmp_path / "deep.json")
    document = envelope(played(RULESETS[0]).encounter)
    document["encounter"]["clock"] = _deep(5000)
    with pytest.raises(FileFormatError):
        encounter_from_document(document, tmp_path / "deep.json")
