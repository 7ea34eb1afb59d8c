"""Reading the crash journal back: what is waiting to be resumed, and the session it
rebuilds, as far as the journal can be trusted.

Recovery never writes and never deletes: a journal it cannot use entirely is copied
aside (`keep_damaged_copy`) before the app goes on from its last good line; a journal it
cannot use at all is moved aside (`set_aside_journal`). See `tracker.persistence.journal`
for the files and `tracker.persistence.journal_lines` for the lines.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from tracker.engine.session import Session
from tracker.engine.state import Encounter
from tracker.persistence.atomic import write_atomic
from tracker.persistence.checkpoints import last_checkpoint, replay, resume_point
from tracker.persistence.files import (
    ENCOUNTER,
    MAX_FILE_BYTES,
    FileFormatError,
    encounter_from_document,
    parse_document,
    read_document,
    read_raw,
)
from tracker.persistence.journal_cache import Identity, identity, lasting
from tracker.persistence.journal_lines import Lines, read_lines
from tracker.persistence.journal_paths import (
    BASE_FILE,
    EVENTS,
    EVENTS_FILE,
    MAX_EVENTS_BYTES,
    base_path,
    events_path,
)
from tracker.persistence.safe_read import SafeReadError, read_regular


@dataclass(frozen=True)
class JournalInfo:
    """What `pending_journal` found, for the "Resume?" question. `problem` is set when
    the journal cannot be used at all (its base is damaged); `unread` counts the lines
    after the last good one (recovery stops there)."""

    directory: Path
    name: str
    ruleset_id: str
    events: int  # changes journaled since the base and readable: applies, undos, redos
    saved_path: Path | None
    modified: datetime
    problem: str | None = None
    unread: int = 0


@dataclass(frozen=True)
class Recovery:
    """The session rebuilt from a journal, up to its last good line."""

    session: Session
    saved_path: Path | None
    changes: int  # applies, undos and redos replayed
    lines: int  # lines of the events file used, header included
    unread: int  # complete lines after those that could not be used
    problem: str | None  # why the rest could not be used, None if all was
    start: int = 0  # the line it started from: a checkpoint's, or 0 (the base)
    failed_at: int = 0  # the line (from 1) that did not fit, when recovery went back

    @property
    def complete(self) -> bool:
        return self.problem is None

    def report(self) -> str | None:
        """What to tell the GM when not everything could be resumed, or None."""
        if self.problem is None:
            return None
        try:
            where = self.session.status().rstrip(". ") or "the start of the encounter"
        except Exception:  # a ruleset choking on a state: the report still goes out
            where = "the last change that could be read"
        count = self.unread
        later = f"{count} later change{'s' * (count != 1)} could not be read"
        line = self.failed_at or self.lines + 1
        return f"Resumed at {where}; {later}. Line {line}: {self.problem}."


# --- reading -----------------------------------------------------------------------------
def pending_journal(directory: Path) -> JournalInfo | None:
    """What is waiting to be resumed in `directory`, or None if there is no journal.
    Reads the lines (checking every one) but replays nothing."""
    directory = Path(directory)
    base = base_path(directory)
    if not base.is_file():
        return _orphan_events(directory)
    stamps = [p.stat().st_mtime for p in (base, events_path(directory)) if p.exists()]
    modified = datetime.fromtimestamp(max(stamps)).astimezone()
    try:
        contents = read_journal(directory)
    except (FileFormatError, OSError) as error:
        name, ruleset_id = _names_in(base)
        message = error.message if isinstance(error, FileFormatError) else str(error)
        return JournalInfo(directory, name, ruleset_id, 0, None, modified, message)
    lines = contents.lines
    saved = last_saved(contents, len(lines.records))
    return JournalInfo(
        directory,
        contents.name,
        contents.ruleset_id,
        lines.changes(1, len(lines.records)),
        saved,
        modified,
        None,
        contents.lines.unread,
    )


def _orphan_events(directory: Path) -> JournalInfo | None:
    """An events file without its base (deleted, or lost to a disk) cannot be resumed,
    but its changes are not to be written over: reported as a journal with a problem,
    which the app sets aside."""
    events = events_path(directory)
    try:
        if not events.is_file() or events.stat().st_size == 0:
            return None
        modified = datetime.fromtimestamp(events.stat().st_mtime).astimezone()
    except OSError:
        return None
    problem = f"its {BASE_FILE} is missing, so its changes cannot be replayed."
    return JournalInfo(directory, "", "", 0, None, modified, problem)


def recover_journal(directory: Path) -> Recovery:
    """Rebuild the journaled session (encounter, undo and redo history, where it was last
    saved) up to the last line that is intact and replays, from the last checkpoint that
    can be used (`checkpoints.resume_point`). Never writes. Raises
    `FileFormatError` only when there is nothing to resume from (no base, or a damaged
    one)."""
    directory = Path(directory)
    contents = read_journal(directory)
    lines = contents.lines
    session, start = resume_point(contents.encounter, lines)
    used = start + 1
    changes = lines.changes(1, used)
    problem, unread = lines.problem, lines.unread
    rest = lines.records[used:]
    replayed, failure = replay(session, rest)
    failed_at = 0
    if failure is not None:
        # Its checksum held, yet it does not fit: the journal was edited, so the lines
        # before it, which each fitted, may not hold together either (a change dropped
        # or moved that the next ones did not mind). Back to the last checkpoint the
        # replay reached, or its start: a state the fight surely passed through.
        failed_at = used + replayed + 1
        problem = failure
        trusted = last_checkpoint(rest[:replayed])
        if trusted < replayed:
            session, _ = resume_point(contents.encounter, lines)
            replay(session, rest[:trusted])
        replayed = trusted
        unread = len(lines.records) - used - replayed + lines.unread
    changes += lines.changes(used, used + replayed)
    used += replayed
    if not lines.records:
        used = 0
    saved = last_saved(contents, used)
    return Recovery(session, saved, changes, used, unread, problem, start, failed_at)


def last_saved(contents: JournalContents, lines: int) -> Path | None:
    """Where the encounter was last saved, by the first `lines` lines of the journal. A
    save begun ("saving") whose end was not journaled counts if the file holds what was
    being written (the app was killed between replacing the file and saying so)."""
    saved_path = contents.saved_path
    intent: tuple[Path | None, str] | None = None
    for record in contents.lines.marked(1, lines):
        if record["op"] == "saved":
            saved_path, intent = _path(record.get("path")), None
        elif record["op"] == "saving":
            intent = (_path(record.get("path")), str(record.get("sha256", "")))
    if intent is not None and intent[0] is not None and _holds(intent[0], intent[1]):
        saved_path = intent[0]
    return saved_path


def journal_folders(directory: Path) -> set[Path]:
    """Every folder the journal in `directory` says the encounter was saved to or was
    being saved to ("saving" lines too: a Save As into a new folder killed before its
    rename leaves its temporary file there), for start-up to sweep. Empty if there is
    no journal it can read."""
    try:
        contents = read_journal(Path(directory))
    except (FileFormatError, OSError):
        return set()
    named = [contents.saved_path]
    for record in contents.lines.marked():
        if record["op"] in ("saving", "saved"):
            named.append(_path(record.get("path")))
    return {path.parent for path in named if path is not None}


def recover(directory: Path) -> tuple[Session, Path | None]:
    """`recover_journal`, all or nothing: raises `FileFormatError` unless every complete
    line of the journal was replayed."""
    recovery = recover_journal(directory)
    if recovery.problem is not None:
        raise FileFormatError(
            f"The crash-recovery journal is damaged at line {recovery.lines + 1} of "
            f"{EVENTS_FILE}: {recovery.problem}.",
            events_path(Path(directory)),
        )
    return recovery.session, recovery.saved_path


# `hashlib` is imported where it is used: it loads OpenSSL (3.5 MiB), which a start
# without a journal to recover never needs.


def digest(data: bytes) -> str:
    """The fingerprint of a file's contents written in a "saving" line."""
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _holds(path: Path, expected: str) -> bool:
    """True if the file at `path` holds exactly the bytes whose digest is `expected`; a
    journal's path naming a pipe or a device is never waited on nor read (`safe_read`)."""
    try:
        return bool(expected) and digest(read_regular(path, MAX_FILE_BYTES, ENCOUNTER)) == expected
    except OSError:  # SafeReadError too
        return False


# --- keeping what cannot be used -----------------------------------------------------------
def keep_damaged_copy(directory: Path, label: str = "damaged") -> Path | None:
    """Copy the journal, as it is, into a new folder beside it ("damaged-20261123-104512"),
    before the app goes on from its last good line or rewrites it. Returns that folder,
    or None if there was no journal or the copy failed (then the journal itself is left
    alone)."""
    return _aside(Path(directory), label, move=False)


def set_aside_journal(directory: Path, label: str = "damaged") -> Path | None:
    """Move a journal out of the way into a new folder beside it named after `label` and
    the moment ("damaged-20261123-104512", "declined-…"), so that Roundkeeper starts normally
    and nothing the GM might still want is deleted. Returns that folder (None when there
    was no journal, or it could not be moved: then it is left where it is)."""
    return _aside(Path(directory), label, move=True)


def _aside(directory: Path, label: str, *, move: bool) -> Path | None:
    forget_last_read()
    present = [p for p in (base_path(directory), events_path(directory)) if p.exists()]
    if not present:
        return None
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = directory / f"{label}-{stamp}"
    number = 2
    while target.exists():
        target = directory / f"{label}-{stamp}-{number}"
        number += 1
    try:
        target.mkdir(parents=True)
        for path in present:  # the base first: a half-moved journal is never resumable
            if move:
                path.rename(target / path.name)
            else:
                shutil.copy2(path, target / path.name)
    except OSError:
        if not move:
            shutil.rmtree(target, ignore_errors=True)  # our own partial copy
        return None
    return target


def keep_good_lines(directory: Path, lines: int) -> None:
    """Cut the events file after its first `lines` lines (those recovery used), so that
    journaling goes on from there. Keep a copy first (`keep_damaged_copy`)."""
    forget_last_read()
    path = events_path(Path(directory))
    data = read_regular(path, MAX_EVENTS_BYTES, EVENTS)
    pieces = data.split(b"\n")
    write_atomic(path, b"".join(piece + b"\n" for piece in pieces[:lines]))


# --- the files ---------------------------------------------------------------------------
class JournalContents:
    """The base and the good lines of a journal (`read_journal`). The base's encounter is
    built when asked for (`encounter`): each caller gets one of its own to change."""

    def __init__(self, base: _Base, lines: Lines) -> None:
        self._base = base
        self.journal_id = base.journal_id
        self.saved_path = base.saved_path  # as the base says; the lines may say otherwise
        self.name = base.name
        self.ruleset_id = base.ruleset_id
        self.lines = lines

    def encounter(self) -> Encounter:
        """The encounter of the base, a fresh one at each call: the one built when the
        base was checked, the first time it is asked for (see `_last_base`)."""
        return self._base.take_encounter()


class _Base:
    """The base file as read and checked: its bytes, its journal data, and the encounter
    built to check it, until someone takes it."""

    def __init__(self, path: Path, raw: bytes) -> None:
        self.path = path
        self.raw = raw
        document = parse_document(raw, path)
        encounter = encounter_from_document(document, path)
        journal_id = document.get("journal_id")
        saved = document.get("saved_path")
        if not isinstance(journal_id, str) or not (saved is None or isinstance(saved, str)):
            raise FileFormatError(
                f"The crash-recovery journal is damaged: {path.name} lacks its journal data.",
                path,
            )
        self.journal_id = journal_id
        self.saved_path = _path(saved)
        self.name, self.ruleset_id = encounter.name, encounter.ruleset_id
        self._spare: Encounter | None = encounter

    def take_encounter(self) -> Encounter:
        spare, self._spare = self._spare, None
        if spare is not None:
            return spare
        return encounter_from_document(parse_document(self.raw, self.path), self.path)


# The base file as last read, known by its identity (`journal_cache`) or else by its
# bytes: the base is the encounter opened, which may be large; start-up reads, parses
# and checks it once. Forgotten with `_last_read`.
_last_base: tuple[Identity | None, _Base] | None = None


def _read_base(base: Path) -> _Base:
    global _last_base
    known = identity(base)
    if known is not None and _last_base is not None and _last_base[0] == known:
        return _last_base[1]
    kept = known if known is not None and lasting(base, known) else None
    raw = read_raw(base)
    read = _last_base[1] if _last_base is not None and _last_base[1].raw == raw else None
    _last_base = (kept, read or _Base(base, raw))
    return _last_base[1]


def read_journal(directory: Path) -> JournalContents:
    """The base and the good lines of the events file; `FileFormatError` if the base
    cannot be used."""
    base = base_path(directory)
    if not base.is_file():
        raise FileFormatError(f"There is no crash-recovery journal in {directory}.", base)
    read = _read_base(base)
    return JournalContents(read, _events_lines(events_path(directory), read.journal_id))


# The events file as last read: its identity, its bytes and what reading found. The
# question at start-up, the recovery and journaling on read the same file in turn, and
# checking its lines is the bulk of reading it. A file of the same identity is not read
# again, if that identity lasts (`journal_cache.lasting`: kept None otherwise); one
# whose identity says nothing is read, and its lines taken from here if its
# bytes are the same (compared as they are: cheaper than hashing them, 12 ms for each
# read of a 7 MB journal). Forgotten when the journal is journaled on, moved, cut or
# discarded.
_last_read: tuple[str, Identity | None, bytes, Lines] | None = None


def _events_lines(path: Path, journal_id: str) -> Lines:
    global _last_read
    known = identity(path)
    last = _last_read
    if known is not None and last is not None and last[:2] == (journal_id, known):
        return last[3]
    kept = known if known is not None and lasting(path, known) else None
    try:
        raw = read_regular(path, MAX_EVENTS_BYTES, EVENTS)
    except FileNotFoundError:
        raw = b""
    except SafeReadError as error:  # a pipe, a device, far too large
        raise FileFormatError(
            f"The crash-recovery journal cannot be read: {error.message}", path
        ) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise FileFormatError(
            f"The crash-recovery journal cannot be read: {reason}.", path
        ) from None
    if last is not None and last[0] == journal_id and last[2] == raw:
        lines = last[3]
    else:
        lines = read_lines(raw, journal_id)
    _last_read = (journal_id, kept, raw, lines)
    return lines


def forget_last_read() -> None:
    """Let go of the lines and the base last read (see `_last_read`, `_last_base`)."""
    global _last_read, _last_base
    _last_read = None
    _last_base = None


def _names_in(base: Path) -> tuple[str, str]:
    """Best-effort encounter name and ruleset id of an unusable base file."""
    try:
        data = read_document(base).get("encounter", {})
        return str(data.get("name", "")), str(data.get("ruleset_id", ""))
    except (FileFormatError, AttributeError):
        return "", ""


def _path(value: Any) -> Path | None:
    return Path(value) if isinstance(value, str) and value else None
