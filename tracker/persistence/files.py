"""Encounter files: one encounter per file, as UTF-8 JSON.

Layout of a file::

    {
     "format": "tracker-encounter",     # FORMAT: what this file is
     "schema_version": 3,               # SCHEMA_VERSION: how to read it
     "saved_at": "2024-05-01T20:15:00+02:00",
     "encounter": { ... Encounter.to_dict() ... }
    }

Rules:

- Saving is atomic: the file is written to a temporary file in the same folder, flushed
  and synced to disk, then renamed over the target. A crash or a full disk never leaves a
  half-written encounter behind; the previous version stays intact until the new one is
  complete.
- Loading never writes. Every problem (missing file, not JSON, a foreign file, a file
  from a newer Roundkeeper, missing or malformed data, a ruleset that is not installed)
  raises `FileFormatError` with a message fit to show the game master.
- A file Roundkeeper could not open is never overwritten unasked: `save_encounter` refuses
  to replace an existing non-empty file that does not load in full (`load_encounter`:
  foreign, damaged, of a ruleset not installed, from a newer Roundkeeper), raising
  `UnreadableTargetError`. Asked to replace it (`replace_unreadable`, after the GM agreed),
  it first keeps the file as it was beside it (`keep_unreadable`), never deleted.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import shutil
from collections.abc import Callable, Generator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tracker.engine.errors import RulesetNotFoundError, TrackerError
from tracker.engine.records import RecordError
from tracker.engine.registry import get_ruleset
from tracker.engine.state import Encounter
from tracker.persistence import json_pieces
from tracker.persistence.atomic import write_atomic
from tracker.persistence.safe_read import SafeReadError, kind_of, read_regular
from tracker.persistence.validation import ruleset_problem, structure_problem

FORMAT = "tracker-encounter"
SCHEMA_VERSION = 3
# Anything larger is not an encounter we wrote (5,000 combatants with long notes and a
# long log take a few MB); never read further than that (`safe_read.read_regular`).
MAX_FILE_BYTES = 64 * 1024 * 1024
ENCOUNTER = "a Roundkeeper encounter"  # what a file that cannot be one is not


class FileFormatError(TrackerError):
    """A file cannot be read as a Roundkeeper encounter, or must not be overwritten.
    `path` is the file concerned."""

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


class UnreadableTargetError(FileFormatError):
    """Saving would replace a file that cannot be opened as an encounter; `reason` says
    why it could not (the message loading it gives)."""

    def __init__(self, message: str, path: Path, reason: str) -> None:
        super().__init__(message, path)
        self.reason = reason


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
def envelope(encounter: Encounter, *, log: bool = True) -> dict[str, Any]:
    """The JSON document that stores `encounter` (extra keys may be added by callers);
    its log left empty if `log` is False."""
    return {**head(), "encounter": encounter.to_dict(log=log)}


def head() -> dict[str, Any]:
    """An envelope without its encounter."""
    from datetime import datetime  # (a save's: reading a file does without it)

    return {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "saved_at": datetime.now().astimezone().isoformat(timespec="seconds"),
    }


def envelope_in_steps(
    encounter: Encounter, per_step: int = 100
) -> Generator[None, None, dict[str, Any]]:
    """`envelope(encounter)` built a slice of `per_step` combatants, effects or log
    entries at a time, yielding between slices so that a window can handle its events:
    the document is the generator's return value. The caller runs it to its end with no
    change to the encounter in between (a change makes a mixture: start again). Each
    slice is written by the engine's own `Encounter.to_dict`."""
    bare = dataclasses.replace(encounter, combatants=[], effects=[], log=[], memo=None)
    data = bare.to_dict()
    for key in ("combatants", "effects", "log"):
        items = getattr(encounter, key)
        for start in range(0, len(items), per_step):
            yield
            part = dataclasses.replace(bare, **{key: items[start : start + per_step]})
            data[key].extend(part.to_dict()[key])
    return {**head(), "encounter": data}


def dump(document: dict[str, Any]) -> bytes:
    """Serialise a document; raises TypeError/ValueError for data JSON cannot hold.
    One line, no indent: Python's C encoder (an indent takes the pure-Python one, 4-5×
    slower), a piece at a time (`json_pieces`); a file stays readable through any JSON
    viewer."""
    text = json_pieces.dumps(document, ensure_ascii=False, allow_nan=False)
    return (text + "\n").encode("utf-8")


def dump_around(head: dict[str, Any], key: str, value_json: bytes) -> bytes:
    """`dump({**head, key: value})` for a value already serialised as `value_json`
    (by `dump`, without its newline): the journal's base on open reuses the
    encounter the worker serialised once."""
    text = json.dumps(head, ensure_ascii=False, allow_nan=False)
    if not text.endswith("}") or text == "{}":
        raise ValueError("a document head must be a non-empty object")
    joint = f", {json.dumps(key)}: ".encode()
    return text[:-1].encode("utf-8") + joint + value_json.rstrip(b"\n") + b"}\n"


@dataclass(frozen=True)
class FileStamp:
    """What a file held when this window last wrote or opened it in full: a file that
    still matches it needs no second full load before it is saved over."""

    path: Path  # resolved (`os.path.realpath`)
    size: int
    mtime_ns: int
    sha256: str

    @classmethod
    def of(cls, path: Path, data: bytes) -> FileStamp | None:
        """The stamp of `path` just written or read as `data`; None if it cannot be read."""
        target = Path(os.path.realpath(path))
        try:
            info = target.stat()
        except OSError:
            return None
        import hashlib  # OpenSSL: loaded at the first save, not at start

        return cls(target, info.st_size, info.st_mtime_ns, hashlib.sha256(data).hexdigest())

    def matches(self, path: Path, info: os.stat_result) -> bool:
        """True if `path` (resolved, `info` its stat) holds exactly the stamped bytes."""
        if path != self.path or info.st_size != self.size or info.st_mtime_ns != self.mtime_ns:
            return False
        try:
            raw = read_regular(path, MAX_FILE_BYTES, ENCOUNTER)
        except (OSError, SafeReadError):
            return False
        import hashlib

        return hashlib.sha256(raw).hexdigest() == self.sha256


def save_encounter(
    encounter: Encounter,
    path: Path,
    before_writing: Callable[[Path, bytes], None] | None = None,
    *,
    replace_unreadable: bool = False,
    known: FileStamp | None = None,
) -> Path | None:
    """Save `encounter` to `path` atomically; return where a file it replaced that
    could not be read was kept (`keep_unreadable`), or None.

    Raises `UnreadableTargetError` (and writes nothing) if `path` exists and is not an
    encounter this version can read, unless `replace_unreadable`: that file is then kept
    beside it first. Raises `FileFormatError` for a target that is no file at all.
    Raises `SaveError` if the file cannot be written; the previous file is then intact.
    `before_writing(path, data)` is called just before the file is written (the crash
    journal notes the save it is about to see: `Journal.note_saving`). `known`: see
    `check_overwritable`. The window runs these steps apart (`prepare_target`,
    `encode_document`, `write_encounter`), off its thread.
    """
    path = Path(path)
    kept = prepare_target(path, replace_unreadable=replace_unreadable, known=known)
    data = encode_document(envelope(encounter), path)
    if before_writing is not None:
        before_writing(path, data)
    write_encounter(path, data)
    return kept


def prepare_target(
    path: Path, *, replace_unreadable: bool = False, known: FileStamp | None = None
) -> Path | None:
    """Check that `path` may be saved over (`check_overwritable`); with
    `replace_unreadable`, keep a file that may not beside it first and return the copy."""
    target = Path(os.path.realpath(path))  # save through a symbolic link, not over it
    try:
        check_overwritable(target, known)
    except UnreadableTargetError:
        if not replace_unreadable:
            raise
        return keep_unreadable(target)
    return None


def encode_document(document: dict[str, Any], path: Path) -> bytes:
    """`dump(document)`, or `SaveError` for data JSON cannot hold."""
    try:
        return dump(document)
    except (TypeError, ValueError, RecursionError) as error:
        raise SaveError(
            f"Could not save {shown(path)}: the encounter holds data that cannot be "
            f"written ({error}).",
            path,
        ) from error


def write_encounter(path: Path, data: bytes) -> FileStamp | None:
    """Write `data` to `path` atomically (through a symbolic link); its stamp, or
    `SaveError` (the previous file is then intact)."""
    target = Path(os.path.realpath(path))
    try:
        write_atomic(target, data)
    except OSError as error:
        reason = error.strerror or str(error)
        raise SaveError(f"Could not save {shown(path)}: {reason}.", path) from error
    return FileStamp.of(target, data)


def check_overwritable(path: Path, known: FileStamp | None = None) -> None:
    """Raise `UnreadableTargetError` unless `path` is missing, empty, or an encounter this
    version opens (`load_encounter`); `FileFormatError` if it is no regular file. A file
    that still holds the bytes of `known` (what this window wrote or opened in full) is
    not loaded again."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return
    except OSError:
        return  # let the write itself report the problem
    kind = kind_of(info.st_mode)  # a folder, a pipe, a device (/dev/null): never replaced
    if kind is not None:
        raise FileFormatError(f"{shown(path)} is {kind}, not a file.", path)
    if info.st_size == 0 or (known is not None and known.matches(path, info)):
        return
    try:
        load_encounter(path)
    except FileFormatError as error:
        raise UnreadableTargetError(
            f"{error.message} Roundkeeper will not save over it, so that it is not lost; "
            "choose another file name.",
            path,
            error.message,
        ) from error


def keep_unreadable(path: Path) -> Path:
    """Copy `path` (a file about to be replaced though it could not be read) beside it,
    byte for byte, as ``<name>.unreadable-<stamp>.json`` (never over another file);
    return the copy. Raises `SaveError` if it cannot be copied: nothing is replaced then."""
    from datetime import datetime  # (a save's: not imported to read a file)

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    stem = path.name.removesuffix(".json")
    for number in range(1, 100):
        copy = path.with_name(f"{stem}.unreadable-{stamp}{f'-{number}' * (number > 1)}.json")
        try:
            _copy_new(path, copy)
        except FileExistsError:
            continue
        except OSError as error:
            reason = error.strerror or str(error)
            raise SaveError(
                f"Could not keep a copy of {shown(path)} before replacing it: {reason}.", path
            ) from error
        return copy
    raise SaveError(f"Could not keep a copy of {shown(path)}: too many copies already.", path)


def _copy_new(source: Path, copy: Path) -> None:
    """Copy `source` to `copy`, a new file (`FileExistsError` if there is one), synced
    to disk; a copy left half-written by an error is removed."""
    with source.open("rb") as reading:
        writing = copy.open("xb")
        try:
            with writing:
                shutil.copyfileobj(reading, writing)
                writing.flush()
                os.fsync(writing.fileno())
        except BaseException:
            with contextlib.suppress(OSError):
                copy.unlink()
            raise


# --- loading -----------------------------------------------------------------------------
def load_encounter(path: Path) -> Encounter:
    """Read the encounter saved at `path`. Never writes. Raises `FileFormatError` with a
    message fit for the game master if the file cannot be used."""
    path = Path(path)
    return encounter_from_document(read_document(path), path)


@dataclass(frozen=True)
class Opened:
    """An encounter file read in full (`open_encounter`): the encounter, its data as the
    journal's base takes it (`dump` of the encounter's JSON, or None if it cannot be
    written back), and the file's stamp."""

    encounter: Encounter
    encounter_json: bytes | None
    stamp: FileStamp | None


def open_encounter(path: Path) -> Opened:
    """`load_encounter(path)`, and what the window keeps of the file (`Opened`): the
    whole of it can run off the GUI thread (the encounter is no one else's yet)."""
    path = Path(path)
    raw = read_raw(path)
    data = _checked_data(parse_document(raw, path), path)
    try:  # before the encounter is built from it: nothing else holds it yet
        encounter_json: bytes | None = dump(data)
    except (TypeError, ValueError, RecursionError):
        encounter_json = None
    encounter = _encounter_from_data(data, path)
    return Opened(encounter, encounter_json, FileStamp.of(path, raw))


def is_tracker_file(path: Path) -> bool:
    """True if `path` claims to be a Roundkeeper encounter (even a damaged one or one from a
    newer Roundkeeper); False for missing, unreadable and foreign files."""
    try:
        document = read_document(Path(path))
    except FileFormatError:
        return False
    return isinstance(document, dict) and document.get("format") == FORMAT


def read_document(path: Path) -> Any:
    """The JSON contents of `path`, or `FileFormatError`."""
    return parse_document(read_raw(path), path)


def read_raw(path: Path) -> bytes:
    """The bytes of `path`, or `FileFormatError`."""
    try:
        return read_regular(path, MAX_FILE_BYTES, ENCOUNTER)
    except SafeReadError as error:  # a pipe, a device, a folder, far too large
        raise FileFormatError(error.message, path) from None
    except FileNotFoundError:
        raise FileFormatError(
            f"There is no file {shown(path)} in {path.parent}: it may have been moved, "
            "renamed or deleted.",
            path,
        ) from None
    except PermissionError:
        raise FileFormatError(
            f"Roundkeeper is not allowed to read {shown(path)} (permission denied).", path
        ) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise FileFormatError(f"{shown(path)} could not be read: {reason}.", path) from None


def parse_document(raw: bytes, path: Path) -> Any:
    """The JSON contents of a file's bytes, or `FileFormatError`."""
    if not raw.strip():
        raise FileFormatError(
            f"{shown(path)} is empty: it is not a Roundkeeper encounter, or it was damaged.", path
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileFormatError(
            f"{shown(path)} is not a Roundkeeper encounter (it is not a text file).", path
        ) from None
    try:
        return json_pieces.loads(text)
    except json.JSONDecodeError as error:
        if FORMAT in text:
            raise FileFormatError(
                f"{shown(path)} is damaged: not valid JSON (line {error.lineno}, column "
                f"{error.colno}); it may have been cut short or edited by hand.",
                path,
            ) from None
        raise FileFormatError(
            f"{shown(path)} is not a Roundkeeper encounter (its contents are not JSON).", path
        ) from None
    except (ValueError, RecursionError):
        raise FileFormatError(
            f"{shown(path)} is not a Roundkeeper encounter (its contents cannot be read).", path
        ) from None


def encounter_from_document(document: Any, path: Path) -> Encounter:
    """Validate a file's JSON contents and build its encounter, or `FileFormatError`.

    The encounter's ruleset must be installed: its records (clock, combatants' state,
    effects' anchors) are read and checked against the ruleset's types, and its other
    data must make sense to that ruleset.
    """
    return _encounter_from_data(_checked_data(document, path), path)


def _encounter_from_data(data: dict[str, Any], path: Path) -> Encounter:
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
    try:
        ruleset.tidy_loaded(encounter)
    except Exception as error:  # ruleset code choking on malformed data
        reason = f"its {ruleset.name} data does not make sense ({type(error).__name__}: {error})"
        raise FileFormatError(f"{shown(path)} is damaged: {reason}.", path) from None
    problem = ruleset_problem(encounter, ruleset)
    if problem is not None:
        raise FileFormatError(f"{shown(path)} is damaged: {problem}.", path)
    return encounter


def _upgraded(document: dict[str, Any], version: int) -> dict[str, Any]:
    """A version-`version` envelope brought to the next version. The core's own data has
    kept its shape so far; a ruleset upgrades its records itself (`Ruleset.upgrade`). An
    encounter of a ruleset not installed is left as it is, to be refused by name."""
    data = document.get("encounter")
    if not isinstance(data, dict) or not isinstance(data.get("ruleset_id"), str):
        return document
    try:
        ruleset = get_ruleset(data["ruleset_id"])
    except RulesetNotFoundError:
        return document
    return {**document, "encounter": ruleset.upgrade(data, version)}


def _checked_data(document: Any, path: Path) -> dict[str, Any]:
    """The encounter data of a file's document, migrated to this schema version and with
    its core structure checked, or `FileFormatError`."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise FileFormatError(f"{shown(path)} is not a Roundkeeper encounter.", path)
    version = document.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise FileFormatError(
            f"{shown(path)} is damaged: its schema version is missing or not a number.", path
        )
    if version > SCHEMA_VERSION:
        raise FileFormatError(
            f"{shown(path)} was saved by a newer Roundkeeper (schema {version}; this one reads "
            f"up to {SCHEMA_VERSION}). Update Roundkeeper to open it.",
            path,
        )
    if version < 1:
        raise FileFormatError(
            f"{shown(path)} is damaged: it has an impossible schema version ({version}).", path
        )
    while version < SCHEMA_VERSION:
        document = _upgraded(document, version)
        version += 1
    data = document.get("encounter")
    if not isinstance(data, dict):
        raise FileFormatError(f"{shown(path)} is damaged: the encounter data is missing.", path)
    problem = structure_problem(data)
    if problem is not None:
        raise FileFormatError(f"{shown(path)} is damaged: {problem}.", path)
    return data
