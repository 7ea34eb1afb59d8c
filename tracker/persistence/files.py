"""Encounter files: one encounter per file, as UTF-8 JSON.

Layout of a file::

    {
     "format": "tracker-encounter",     # FORMAT: what this file is
     "schema_version": 2,               # SCHEMA_VERSION: how to read it
     "saved_at": "2024-05-01T20:15:00+02:00",
     "encounter": { ... Encounter.to_dict() ... }
    }

Rules:

- Saving is atomic: the file is written to a temporary file in the same folder, flushed
  and synced to disk, then renamed over the target. A crash or a full disk never leaves a
  half-written encounter behind; the previous version stays intact until the new one is
  complete.
- Loading never writes. Every problem (missing file, not JSON, a foreign file, a file
  from a newer Tracker, missing or malformed data, a ruleset that is not installed)
  raises `FileFormatError` with a message fit to show the game master.
- A damaged or foreign file is never overwritten: `save_encounter` refuses to replace an
  existing non-empty file that is not a readable Tracker encounter.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import re
import stat
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from tracker.engine.commands import EndTurn
from tracker.engine.errors import CommandError, RulesetNotFoundError, TrackerError
from tracker.engine.records import RecordError
from tracker.engine.registry import get_ruleset
from tracker.engine.ruleset import AnyRuleset
from tracker.engine.session import Session
from tracker.engine.state import SIDES, Combatant, Effect, Encounter, LogEntry

FORMAT = "tracker-encounter"
SCHEMA_VERSION = 2
MAX_FILE_BYTES = 64 * 1024 * 1024  # anything larger is not an encounter we wrote


def _priority_records(document: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 → 2: Priority keeps typed records. A creature's Tricks used this turn (a
    list of names) become a `Counters` table, {"used": {name: 1}}; an Overexertion
    reminder ([creature id, minute]) becomes {"combatant_id": id, "minute": minute}; a
    missing state or clock (null) becomes an empty table (the records' defaults). What
    does not have the old shape is left as it is, to be refused when the records are
    read. The document given is not changed; other rulesets pass unchanged."""
    data = document.get("encounter")
    if not isinstance(data, dict) or data.get("ruleset_id") != "priority":
        return document
    data = dict(data)
    combatants = data.get("combatants")
    if isinstance(combatants, list):
        data["combatants"] = [_priority_creature(entry) for entry in combatants]
    clock = data.get("clock")
    if clock is None:
        data["clock"] = {}
    elif isinstance(clock, dict) and isinstance(clock.get("overexertion"), list):
        data["clock"] = {
            **clock,
            "overexertion": [
                {"combatant_id": entry[0], "minute": entry[1]}
                if isinstance(entry, list) and len(entry) == 2
                else entry
                for entry in clock["overexertion"]
            ],
        }
    return {**document, "encounter": data}


def _priority_creature(entry: Any) -> Any:
    if not isinstance(entry, dict):
        return entry
    runtime = entry.get("runtime")
    if runtime is None:
        return {**entry, "runtime": {}}
    tricks = runtime.get("tricks") if isinstance(runtime, dict) else None
    if not isinstance(tricks, list) or not all(isinstance(name, str) for name in tricks):
        return entry
    return {**entry, "runtime": {**runtime, "tricks": {"used": dict.fromkeys(tricks, 1)}}}


# Upgrades from one schema version to the next: `_MIGRATIONS[n]` turns a version-n
# envelope into a version n+1 envelope.
_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _priority_records}


class FileFormatError(TrackerError):
    """A file cannot be read as a Tracker encounter, or must not be overwritten.
    `path` is the file concerned."""

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


class SaveError(TrackerError):
    """Saving failed (permissions, full disk, ...). The previous file, if any, is intact."""

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


def shown(path: Path) -> str:
    """A file's name as shown in messages."""
    return f"“{path.name or path}”"


# --- saving ------------------------------------------------------------------------------
def envelope(encounter: Encounter) -> dict[str, Any]:
    """The JSON document that stores `encounter` (extra keys may be added by callers)."""
    return {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "saved_at": datetime.now().astimezone().isoformat(timespec="seconds"),
        "encounter": encounter.to_dict(),
    }


def dump(document: dict[str, Any]) -> bytes:
    """Serialise a document; raises TypeError/ValueError for data JSON cannot hold."""
    return (json.dumps(document, ensure_ascii=False, indent=1, allow_nan=False) + "\n").encode(
        "utf-8"
    )


def save_encounter(
    encounter: Encounter,
    path: Path,
    before_writing: Callable[[Path, bytes], None] | None = None,
) -> None:
    """Save `encounter` to `path` atomically.

    Raises `FileFormatError` (and writes nothing) if `path` exists and is not a Tracker
    encounter this version can read: a foreign or damaged file is never overwritten.
    Raises `SaveError` if the file cannot be written; the previous file is then intact.
    `before_writing(path, data)` is called just before the file is written (the crash
    journal notes the save it is about to see: `Journal.note_saving`).
    """
    path = Path(path)
    target = Path(os.path.realpath(path))  # save through a symbolic link, not over it
    check_overwritable(target)
    try:
        data = dump(envelope(encounter))
    except (TypeError, ValueError) as error:
        raise SaveError(
            f"Could not save {shown(path)}: the encounter holds data that cannot be "
            f"written ({error}).",
            path,
        ) from error
    if before_writing is not None:
        before_writing(path, data)
    try:
        write_atomic(target, data)
    except OSError as error:
        reason = error.strerror or str(error)
        raise SaveError(f"Could not save {shown(path)}: {reason}.", path) from error


def check_overwritable(path: Path) -> None:
    """Raise `FileFormatError` unless `path` is missing, empty, or a Tracker encounter
    this version can read (whatever its ruleset)."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return
    except OSError:
        return  # let the write itself report the problem
    if stat.S_ISDIR(info.st_mode):
        raise FileFormatError(f"{shown(path)} is a folder, not a file.", path)
    if info.st_size == 0:
        return
    try:
        _checked_data(read_document(path), path)
    except FileFormatError as error:
        raise FileFormatError(
            f"{error.message} Tracker will not save over it, so that it is not lost; "
            "choose another file name.",
            path,
        ) from error


def write_atomic(path: Path, data: bytes) -> None:
    """Replace `path` with `data` so that readers see either the old or the new contents,
    never a mixture, even after a crash or power loss. Raises OSError on failure; no
    temporary file is left behind."""
    directory = path.parent
    temporary = directory / f".{path.name}.{os.urandom(4).hex()}.tmp"  # no OpenSSL to load
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(temporary, flags, 0o666)  # the umask applies, as usual
        try:
            handle = os.fdopen(descriptor, "wb")
        except BaseException:
            os.close(descriptor)
            raise
        with handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(OSError):  # keep the permissions of the file replaced
            os.chmod(temporary, stat.S_IMODE(path.stat().st_mode))
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        raise
    sync_directory(directory)


TEMPORARY = re.compile(r"^\..+\.[0-9a-f]{8}\.tmp$")


def remove_leftover_temporaries(directory: Path) -> list[Path]:
    """Delete the temporary files `write_atomic` left in `directory` when the app was
    killed in the middle of a save (".war.json.1a2b3c4d.tmp"); call it at start-up,
    before anything is written there. Returns what was removed."""
    removed: list[Path] = []
    try:
        entries = list(Path(directory).iterdir())
    except OSError:
        return removed
    for entry in entries:
        if TEMPORARY.match(entry.name) and entry.is_file() and not entry.is_symlink():
            with contextlib.suppress(OSError):
                entry.unlink()
                removed.append(entry)
    return removed


def sync_directory(directory: Path) -> None:
    """Make a rename in `directory` durable (best effort: not possible on Windows)."""
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


# --- loading -----------------------------------------------------------------------------
def load_encounter(path: Path) -> Encounter:
    """Read the encounter saved at `path`. Never writes. Raises `FileFormatError` with a
    message fit for the game master if the file cannot be used."""
    path = Path(path)
    return encounter_from_document(read_document(path), path)


def is_tracker_file(path: Path) -> bool:
    """True if `path` claims to be a Tracker encounter (even a damaged one or one from a
    newer Tracker); False for missing, unreadable and foreign files."""
    try:
        document = read_document(Path(path))
    except FileFormatError:
        return False
    return isinstance(document, dict) and document.get("format") == FORMAT


def read_document(path: Path) -> Any:
    """The JSON contents of `path`, or `FileFormatError`."""
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise FileFormatError(f"{shown(path)} is a folder, not a Tracker encounter.", path)
        if info.st_size > MAX_FILE_BYTES:
            raise FileFormatError(
                f"{shown(path)} is not a Tracker encounter: it is far too large.", path
            )
        raw = path.read_bytes()
    except FileNotFoundError:
        raise FileFormatError(
            f"There is no file {shown(path)} in {path.parent}: it may have been moved, "
            "renamed or deleted.",
            path,
        ) from None
    except PermissionError:
        raise FileFormatError(
            f"Tracker is not allowed to read {shown(path)} (permission denied).", path
        ) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise FileFormatError(f"{shown(path)} could not be read: {reason}.", path) from None
    if not raw.strip():
        raise FileFormatError(
            f"{shown(path)} is empty: it is not a Tracker encounter, or it was damaged.", path
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileFormatError(
            f"{shown(path)} is not a Tracker encounter (it is not a text file).", path
        ) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        if FORMAT in text:
            raise FileFormatError(
                f"{shown(path)} is damaged: not valid JSON (line {error.lineno}, column "
                f"{error.colno}); it may have been cut short or edited by hand.",
                path,
            ) from None
        raise FileFormatError(
            f"{shown(path)} is not a Tracker encounter (its contents are not JSON).", path
        ) from None
    except (ValueError, RecursionError):
        raise FileFormatError(
            f"{shown(path)} is not a Tracker encounter (its contents cannot be read).", path
        ) from None


def encounter_from_document(document: Any, path: Path) -> Encounter:
    """Validate a file's JSON contents and build its encounter, or `FileFormatError`.

    The encounter's ruleset must be installed: its records (clock, combatants' state,
    effects' anchors) are read and checked against the ruleset's types, and its other
    data must make sense to that ruleset.
    """
    data = _checked_data(document, path)
    try:
        ruleset = get_ruleset(data["ruleset_id"])
    except RulesetNotFoundError as error:
        raise FileFormatError(f"{shown(path)} cannot be opened: {error}", path) from error
    try:
        encounter = Encounter.from_dict(data, ruleset.state_types)
    except RecordError as error:
        raise FileFormatError(f"{shown(path)} is damaged: {error.message}.", path) from None
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError) as error:
        raise FileFormatError(
            f"{shown(path)} is damaged: its encounter data is malformed ({error!r}).", path
        ) from None
    problem = _ruleset_problem(encounter, ruleset)
    if problem is not None:
        raise FileFormatError(f"{shown(path)} is damaged: {problem}.", path)
    return encounter


def _checked_data(document: Any, path: Path) -> dict[str, Any]:
    """The encounter data of a file's document, migrated to this schema version and with
    its core structure checked, or `FileFormatError`."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise FileFormatError(f"{shown(path)} is not a Tracker encounter.", path)
    version = document.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise FileFormatError(
            f"{shown(path)} is damaged: its schema version is missing or not a number.", path
        )
    if version > SCHEMA_VERSION:
        raise FileFormatError(
            f"{shown(path)} was saved by a newer Tracker (schema {version}; this one reads "
            f"up to {SCHEMA_VERSION}). Update Tracker to open it.",
            path,
        )
    if version < 1:
        raise FileFormatError(
            f"{shown(path)} is damaged: it has an impossible schema version ({version}).", path
        )
    while version < SCHEMA_VERSION:
        document = _MIGRATIONS[version](document)
        version += 1
    data = document.get("encounter")
    if not isinstance(data, dict):
        raise FileFormatError(f"{shown(path)} is damaged: the encounter data is missing.", path)
    problem = _structure_problem(data)
    if problem is not None:
        raise FileFormatError(f"{shown(path)} is damaged: {problem}.", path)
    return data


# --- validation --------------------------------------------------------------------------
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
_TYPE_NAMES = {str: "text", int: "a number", bool: "yes/no", dict: "a table", list: "a list"}


def _type_name(expected: type | tuple[type, ...]) -> str:
    if isinstance(expected, tuple):
        return " or ".join(_TYPE_NAMES.get(t, "nothing") for t in expected)
    return _TYPE_NAMES.get(expected, expected.__name__)


def _type_ok(value: Any, expected: type | tuple[type, ...]) -> bool:
    if isinstance(value, bool) and expected is int:
        return False
    return isinstance(value, expected)


def _entry_problem(
    data: Any, what: str, cls: type, types: dict[str, type | tuple[type, ...]]
) -> str | None:
    """What is wrong with one serialised dataclass (`cls`), or None."""
    if not isinstance(data, dict):
        return f"{what} is not a table of values"
    fields = dataclasses.fields(cls)
    known = {f.name for f in fields}
    required = [
        f.name
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
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


def _structure_problem(data: dict[str, Any]) -> str | None:
    """What is wrong with the shape of an encounter's data, or None."""
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
    return None


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


def _ruleset_problem(encounter: Encounter, ruleset: AnyRuleset) -> str | None:
    """What the ruleset cannot make sense of in the encounter, or None."""
    for choice in ruleset.options:
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
