"""Damaged encounter files, loaded for real: what loads can be played, saved, journaled
and reopened; what cannot is refused with the typed file error, and left as it was.

Each case damages a played encounter of one of the installed rulesets in one way (a
class below), writes it as a file, and loads it. A refused file must be untouched. An
accepted one is journaled, played (a combatant added, the turn ended, that undone),
saved, reopened, and resumed from its journal: the reopened and the resumed encounter
must be the one that was saved. A Save over a refused file must be refused in turn
(unasked, nothing replaces a file Tracker could not read). Anything else that escapes is
a failure.

Classes of damage: `random` (odd values, missing keys, list items dropped or doubled
anywhere), `next_id` (a flipped bit of the id counter), `surrogate` (a lone surrogate in
a text or a key), `number` (NaN, infinities, huge numbers, a 5,001-digit one),
`unknown_key`, `record` (a ruleset's clock, states or anchors damaged), `ruleset` (a
ruleset not installed, or another installed one)."""

from __future__ import annotations

import contextlib
import copy
import json
import random
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.damage.tally import Tally
from tests.persistence.test_damaged_files import ODD_VALUES, _paths, damaged, played
from tracker.engine import AddCombatant, CommandError, Encounter, EndTurn, Session
from tracker.engine.registry import available_rulesets
from tracker.persistence.files import (
    FileFormatError,
    UnreadableTargetError,
    envelope,
    load_encounter,
    save_encounter,
)
from tracker.persistence.journal import Journal
from tracker.persistence.recovery import recover

Damage = Callable[[dict[str, Any], random.Random], dict[str, Any]]
HUGE = "\x00huge\x00"  # stands for a 5,001-digit number, written into the text itself
SURROGATES = ("\ud800", "\udfff", "a\udc80b")
NUMBERS: tuple[Any, ...] = (
    float("nan"),
    float("inf"),
    float("-inf"),
    1e308,
    -(10**20),
    10**20,
    2**63,
    10**4000,
    HUGE,
)
RECORDS = ("runtime", "clock", "anchor")


def _parent(document: dict[str, Any], path: tuple[Any, ...]) -> Any:
    parent: Any = document["encounter"]
    for key in path[:-1]:
        parent = parent[key]
    return parent


def _random_damage(document: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    return damaged(document, rng)


def _next_id(document: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One flipped bit of the id counter (or an impossible one)."""
    result = copy.deepcopy(document)
    data = result["encounter"]
    if rng.random() < 0.8:
        data["next_id"] = data["next_id"] ^ (1 << rng.randrange(0, 6))
    else:
        data["next_id"] = rng.choice((0, -1, -(2**40), 2**62, 10**4000))
    return result


def _surrogate(document: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A lone surrogate in a text value or a key, anywhere."""
    result = copy.deepcopy(document)
    paths = _paths(result["encounter"])
    texts = [p for p in paths if isinstance(_parent(result, p)[p[-1]], str)]
    keys = [p for p in paths if isinstance(_parent(result, p), dict)]
    surrogate = rng.choice(SURROGATES)
    if texts and rng.random() < 0.8:
        path = rng.choice(texts)
        parent = _parent(result, path)
        parent[path[-1]] = parent[path[-1]] + surrogate
    elif keys:
        path = rng.choice(keys)
        parent = _parent(result, path)
        parent[str(path[-1]) + surrogate] = parent.pop(path[-1])
    return result


def _number(document: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """NaN, an infinity or a huge number in place of a number (or of any value)."""
    result = copy.deepcopy(document)
    paths = _paths(result["encounter"])
    numbers = [
        p
        for p in paths
        if isinstance(_parent(result, p)[p[-1]], int | float)
        and not isinstance(_parent(result, p)[p[-1]], bool)
    ]
    path = rng.choice(numbers if numbers and rng.random() < 0.8 else paths)
    _parent(result, path)[path[-1]] = rng.choice(NUMBERS)
    return result


def _unknown_key(document: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A key no Tracker writes, in the encounter or in any table inside it."""
    result = copy.deepcopy(document)
    tables: list[Any] = [result["encounter"]] * 3
    tables += [
        _parent(result, p)[p[-1]]
        for p in _paths(result["encounter"])
        if isinstance(_parent(result, p)[p[-1]], dict)
    ]
    rng.choice(tables)[rng.choice(("extra", "next", "Name", "id2"))] = rng.choice(ODD_VALUES)
    return result


def _record(document: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One to three odd values, missing keys or list items inside a ruleset's records."""
    result = copy.deepcopy(document)
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in _paths(result["encounter"]) if any(r in p[:-1] for r in RECORDS)]
        if not paths:
            break
        path = rng.choice(paths)
        parent = _parent(result, path)
        key = path[-1]
        if rng.random() < 0.7:
            parent[key] = rng.choice((*ODD_VALUES, 10**9, -(10**9), 2.5, "c1", "e1"))
        elif isinstance(parent, dict) or rng.random() < 0.5:
            del parent[key]
        else:
            parent.insert(key, copy.deepcopy(parent[key]))
    return result


def _ruleset(document: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A ruleset not installed, or another installed one (whose records differ)."""
    result = copy.deepcopy(document)
    others = sorted(available_rulesets()) + ["no_such_system", "", "War Scroll"]
    result["encounter"]["ruleset_id"] = rng.choice(others)
    return result


CLASSES: dict[str, Damage] = {
    "random": _random_damage,
    "next_id": _next_id,
    "surrogate": _surrogate,
    "number": _number,
    "unknown_key": _unknown_key,
    "record": _record,
    "ruleset": _ruleset,
}


def file_text(document: dict[str, Any]) -> str:
    """A damaged document as a file holds it: NaN and infinities as Python writes them,
    lone surrogates as JSON escapes, `HUGE` as a 5,001-digit number."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))  # a deeply nested value `damaged` planted
    try:
        text = json.dumps(document, ensure_ascii=True, allow_nan=True)
    finally:
        sys.setrecursionlimit(limit)
    return text.replace(json.dumps(HUGE), "1" + "0" * 5000)


def _play_save_reopen(encounter: Encounter, path: Path, workdir: Path) -> str | None:
    """Use an encounter loaded from `path` the way a GM does; what went wrong, or
    None."""
    session = Session(encounter)
    journal_dir = workdir / "journal"
    shutil.rmtree(journal_dir, ignore_errors=True)
    journal = Journal.begin(journal_dir, session, path)
    try:
        session.current_turn()
        session.upcoming_turns(50)
        session.prompt()
        session.status()
        session.apply(AddCombatant("Latecomer", "enemy"))
        with contextlib.suppress(CommandError):
            session.apply(EndTurn())
        session.undo()
        session.redo()
        for effect in encounter.effects:
            session.remaining(effect.id)
        if not journal.active:
            return f"journaling stopped: {journal.error}"
        saved = workdir / "saved.json"
        saved.unlink(missing_ok=True)
        save_encounter(session.encounter, saved, journal.note_saving)
        journal.set_saved_path(saved)
        expected = session.encounter.to_dict()
        if load_encounter(saved).to_dict() != expected:
            return "the saved file reopens as another encounter"
        resumed, _ = recover(journal_dir)
        if resumed.encounter.to_dict() != expected:
            return "the journal resumes to another encounter"
        if resumed.history_size != session.history_size:
            return "the journal resumes with another undo history"
        if resumed.can_undo:
            resumed.undo()
    finally:
        journal.close()
    return None


def _save_over_refused(path: Path, encounter: Encounter) -> bool:
    """True if saving over a file that was refused is refused in turn (unasked)."""
    try:
        save_encounter(encounter, path)
    except UnreadableTargetError:
        return True
    except FileFormatError:  # no regular file at all: not replaced either
        return True
    return False


def _one_case(path: Path, fresh: Encounter, workdir: Path) -> tuple[bool, str | None]:
    """Load a damaged file and use what loads: (whether it was refused, what went
    wrong or None). `fresh` is what a Save tries to write over a refused file."""
    before = path.read_bytes()
    try:
        encounter = load_encounter(path)
    except FileFormatError:
        if not _save_over_refused(path, fresh):
            return True, "a Save replaced the file it could not read"
        return True, None if path.read_bytes() == before else "the refused file was changed"
    except Exception as error:
        return False, f"loading raised {type(error).__name__}: {error}"
    try:
        problem = _play_save_reopen(encounter, path, workdir)
    except Exception as error:  # the typed errors too: what loaded must play and save
        problem = f"loaded, then {type(error).__name__}: {error}"
    if problem is None and path.read_bytes() != before:
        problem = "the loaded file was changed"
    return False, problem


def sweep(cases: int, seed: int, workdir: Path) -> Tally:
    tally = Tally("loading (encounter files)")
    rulesets = sorted(available_rulesets())
    fresh = {r: played(r, turns=2).encounter for r in rulesets}
    documents = {r: envelope(played(r).encounter) for r in rulesets}
    rng = random.Random(f"loading-{seed}")
    names = sorted(CLASSES)
    path = workdir / "damaged.json"
    for case in range(cases):
        ruleset_id = rulesets[case % len(rulesets)]
        kind = names[(case // len(rulesets)) % len(names)]
        path.write_text(file_text(CLASSES[kind](documents[ruleset_id], rng)), encoding="utf-8")
        tally.tried += 1
        refused, problem = _one_case(path, fresh[ruleset_id], workdir)
        if problem is not None:
            tally.fail(f"case {case} ({kind}, {ruleset_id}): {problem}"[:300])
        elif refused:
            tally.refused += 1
        else:
            tally.accepted += 1
    return tally
