"""Crash recovery: every change is journaled as it happens, so that an app that was killed
resumes exactly where it was, undo and redo history included.

Files in the journal folder (normally `paths.journal_dir()`):

``base.json``
    The encounter as it was when journaling began: the same document as a saved
    encounter file (`files.envelope`), plus ``"saved_path"`` (where the encounter was last
    saved, or null) and ``"journal_id"`` (a random token). Written atomically.

``events.jsonl``
    One JSON object per line, appended and synced to disk (``os.fsync``) as each change
    happens::

        {"op": "begin", "journal_id": "..."}        always the first line
        {"op": "apply", "command": {...}}           Command.to_dict()
        {"op": "undo"}
        {"op": "redo"}
        {"op": "saved", "path": "/home/gm/war.tracker.json"}

    Events are replayed on a `Session` built from the base: applying the same commands
    rebuilds the same state and the same undo/redo stacks (commands are deterministic).
    The first line must carry the base's ``journal_id``; if it does not, the events belong
    to an older journal (the app stopped between writing the new base and the new
    events file) and are ignored. A last line that cannot be decoded was torn by the
    crash and is ignored; a bad line anywhere else is damage (`FileFormatError`).

Lifecycle, as the app uses it::

    info = pending_journal(folder)              # at start-up: anything to resume?
    session, saved_path = recover(folder)       # the GM said "Resume"
    journal = Journal.resume(folder, session)   # ... and keep journaling it
    discard_journal(folder)                     # the GM said "Discard"
    set_aside_journal(folder)                   # it cannot be used: keep it aside
    journal = Journal.begin(folder, session, saved_path)   # new or opened encounter
    journal.set_saved_path(path)                # after each successful save
    journal.close()                             # clean exit / encounter closed

Only one journal lives in a folder: `begin` replaces whatever is there. Changes made
before `begin` (the session's existing undo history) are not journaled: begin journaling
when a session is created or opened. If writing the journal fails, Tracker keeps
working without it: the journal detaches itself and reports the problem (`error`,
`on_error`); the files keep the last consistent state that was written.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from tracker.engine.commands import Command
from tracker.engine.errors import CommandError, TrackerError
from tracker.engine.session import Session, SessionEvent
from tracker.engine.state import Encounter
from tracker.persistence.files import (
    FileFormatError,
    dump,
    encounter_from_document,
    envelope,
    read_document,
    write_atomic,
)

BASE_FILE = "base.json"
EVENTS_FILE = "events.jsonl"
CHANGE_OPS = ("apply", "undo", "redo")


class JournalError(TrackerError):
    """The journal could not be written: crash recovery is off for this encounter."""


@dataclass(frozen=True)
class JournalInfo:
    """What `pending_journal` found, for the "Resume?" question. `problem` is set (and
    `recover` will fail with it) when the journal cannot be used."""

    directory: Path
    name: str
    ruleset_id: str
    events: int  # changes journaled since the base: applies, undos and redos
    saved_path: Path | None
    modified: datetime
    problem: str | None = None


ErrorHandler = Callable[[JournalError], None]


class Journal:
    """Journals one session into a folder. Create with `begin` or `resume`."""

    def __init__(
        self,
        directory: Path,
        session: Session,
        journal_id: str,
        saved_path: Path | None,
        on_error: ErrorHandler | None,
    ) -> None:
        self._directory = directory
        self._session = session
        self._journal_id = journal_id
        self._saved_path = saved_path
        self._on_error = on_error
        self._error: JournalError | None = None
        self._handle: IO[bytes] | None = None
        self._subscribed = False

    # --- starting ---------------------------------------------------------------------
    @classmethod
    def begin(
        cls,
        directory: Path,
        session: Session,
        saved_path: Path | None = None,
        on_error: ErrorHandler | None = None,
    ) -> Journal:
        """Start journaling `session` in `directory`, replacing any journal there: the
        current encounter becomes the base. Raises `JournalError` if the folder cannot be
        written (the session is then not journaled)."""
        directory = Path(directory)
        journal = cls(directory, session, "", _absolute(saved_path), on_error)
        try:
            directory.mkdir(parents=True, exist_ok=True)
            journal._write_base()
            journal._open()
        except (OSError, TypeError, ValueError) as error:
            raise journal._error_for(error) from error
        journal._subscribe()
        return journal

    @classmethod
    def resume(
        cls, directory: Path, session: Session, on_error: ErrorHandler | None = None
    ) -> Journal:
        """Keep journaling in `directory` after `recover(directory)` returned `session`:
        later changes are appended, so a second crash still recovers the whole history.
        A torn last line is dropped first. Raises `FileFormatError` if the journal is
        damaged, `JournalError` if it cannot be written."""
        directory = Path(directory)
        contents = _read(directory)
        if contents.problem is not None:
            raise FileFormatError(contents.problem, _events_path(directory))
        journal = cls(directory, session, contents.journal_id, contents.saved_path, on_error)
        lines = [_header(contents.journal_id), *contents.events]
        try:
            write_atomic(_events_path(directory), b"".join(_line(event) for event in lines))
            journal._open()
        except (OSError, TypeError, ValueError) as error:
            raise journal._error_for(error) from error
        journal._subscribe()
        return journal

    # --- state ------------------------------------------------------------------------
    @property
    def directory(self) -> Path:
        return self._directory

    @property
    def session(self) -> Session:
        return self._session

    @property
    def saved_path(self) -> Path | None:
        """Where the encounter was last saved, as recorded in the journal."""
        return self._saved_path

    @property
    def error(self) -> JournalError | None:
        """Why journaling stopped, if it did."""
        return self._error

    @property
    def active(self) -> bool:
        """True while changes are being journaled."""
        return self._subscribed

    def set_saved_path(self, path: Path | None) -> None:
        """Record that the encounter was just saved to `path`."""
        self._saved_path = _absolute(path)
        if self._subscribed:
            self._append({"op": "saved", "path": _text(self._saved_path)})

    # --- stopping ---------------------------------------------------------------------
    def detach(self) -> None:
        """Stop journaling; the files stay (a later start-up offers to resume them)."""
        if self._subscribed:
            self._subscribed = False
            with contextlib.suppress(ValueError):
                self._session.unsubscribe(self._on_event)
        self._close_handle()

    def close(self) -> None:
        """Stop journaling and delete the journal: the encounter was saved or discarded."""
        self.detach()
        discard_journal(self._directory)

    # --- writing ----------------------------------------------------------------------
    def _subscribe(self) -> None:
        self._session.subscribe(self._on_event)
        self._subscribed = True

    def _on_event(self, event: SessionEvent) -> None:
        if not self._subscribed:
            return
        if event.kind == "apply" and event.command is not None:
            try:
                record = {"op": "apply", "command": event.command.to_dict()}
            except (TypeError, ValueError) as error:
                self._rebase_after(error)
                return
            self._append(record)
        elif event.kind in ("undo", "redo"):
            self._append({"op": event.kind})
        else:  # "reset" or anything new: the whole encounter changed, start afresh
            self._rebase_after(None)

    def _append(self, record: dict[str, Any]) -> None:
        try:
            if self._handle is None:
                raise OSError("the journal file is not open")
            self._handle.write(_line(record))
            self._handle.flush()
            os.fsync(self._handle.fileno())
        except (OSError, TypeError, ValueError) as error:
            self._rebase_after(error)

    def _rebase_after(self, error: Exception | None) -> None:
        """Write a fresh base from the current encounter (the journal's undo history is
        lost, the state is not); if even that fails, stop journaling."""
        self._close_handle()
        try:
            self._write_base()
            self._open()
        except (OSError, TypeError, ValueError) as failure:
            self._fail(failure if error is None else error)

    def _write_base(self) -> None:
        # New id first: if we stop between the two writes, the old events are ignored.
        self._journal_id = os.urandom(8).hex()  # as secrets.token_hex, without OpenSSL
        document = envelope(self._session.encounter)
        document["saved_path"] = _text(self._saved_path)
        document["journal_id"] = self._journal_id
        write_atomic(_base_path(self._directory), dump(document))
        write_atomic(_events_path(self._directory), _line(_header(self._journal_id)))

    def _open(self) -> None:
        self._handle = open(_events_path(self._directory), "ab")  # noqa: SIM115

    def _close_handle(self) -> None:
        handle, self._handle = self._handle, None
        if handle is not None:
            with contextlib.suppress(OSError):
                handle.close()

    def _error_for(self, error: Exception) -> JournalError:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        return JournalError(
            f"Crash recovery is off: Tracker could not write its journal in "
            f"{self._directory} ({reason})."
        )

    def _fail(self, error: Exception) -> None:
        self._error = self._error_for(error)
        self.detach()
        if self._on_error is not None:
            self._on_error(self._error)


# --- reading -----------------------------------------------------------------------------
def pending_journal(directory: Path) -> JournalInfo | None:
    """What is waiting to be resumed in `directory`, or None if there is no journal."""
    directory = Path(directory)
    base = _base_path(directory)
    if not base.is_file():
        return None
    stamps = [p.stat().st_mtime for p in (base, _events_path(directory)) if p.exists()]
    modified = datetime.fromtimestamp(max(stamps)).astimezone()
    try:
        contents = _read(directory)
    except (FileFormatError, OSError) as error:
        name, ruleset_id = _names_in(base)
        message = error.message if isinstance(error, FileFormatError) else str(error)
        return JournalInfo(directory, name, ruleset_id, 0, None, modified, message)
    encounter = contents.encounter
    changes = sum(1 for event in contents.events if event["op"] in CHANGE_OPS)
    return JournalInfo(
        directory,
        encounter.name,
        encounter.ruleset_id,
        changes,
        contents.saved_path,
        modified,
        contents.problem,
    )


def recover(directory: Path) -> tuple[Session, Path | None]:
    """Rebuild the journaled session: its encounter and its undo/redo history, and where
    it was last saved. Never writes. Raises `FileFormatError` if the journal is missing,
    damaged, or cannot be replayed."""
    directory = Path(directory)
    contents = _read(directory)
    if contents.problem is not None:
        raise FileFormatError(contents.problem, _events_path(directory))
    session = Session(contents.encounter)
    for number, event in enumerate(contents.events, start=2):
        op = event["op"]
        try:
            if op == "apply":
                session.apply(Command.from_dict(event["command"]))
            elif op == "undo":
                session.undo()
            elif op == "redo":
                session.redo()
        except CommandError as error:
            raise _damaged(directory, number, f"the change was refused: {error.message}") from error
        except Exception as error:  # a ruleset choking on replayed data
            raise _damaged(
                directory, number, f"the change failed ({type(error).__name__}: {error})"
            ) from error
    return session, contents.saved_path


def set_aside_journal(directory: Path) -> Path | None:
    """Move a journal that cannot be used out of the way, into a new folder beside it
    named after the moment ("damaged-20261123-104512"), so that Tracker starts normally
    and nothing the GM might still want is deleted. Returns that folder (None when there
    was no journal, or it could not be moved: then it is left where it is)."""
    directory = Path(directory)
    present = [p for p in (_base_path(directory), _events_path(directory)) if p.exists()]
    if not present:
        return None
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = directory / f"damaged-{stamp}"
    number = 2
    while target.exists():
        target = directory / f"damaged-{stamp}-{number}"
        number += 1
    try:
        target.mkdir(parents=True)
        for path in present:  # the base first: a half-moved journal is never resumable
            path.rename(target / path.name)
    except OSError:
        return None
    return target


def discard_journal(directory: Path) -> None:
    """Delete the journal in `directory` (nothing happens if there is none). The base goes
    first, so an interrupted discard never leaves a journal that looks resumable but is
    not the latest state."""
    directory = Path(directory)
    for path in (_base_path(directory), _events_path(directory)):
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)


@dataclass
class _Contents:
    encounter: Encounter
    journal_id: str
    saved_path: Path | None
    events: list[dict[str, Any]]  # every line after the header, torn tail excluded
    problem: str | None  # set if the events cannot be used


def _read(directory: Path) -> _Contents:
    base = _base_path(directory)
    if not base.is_file():
        raise FileFormatError(f"There is no crash-recovery journal in {directory}.", base)
    document = read_document(base)
    encounter = encounter_from_document(document, base)
    journal_id = document.get("journal_id")
    saved = document.get("saved_path")
    if not isinstance(journal_id, str) or not (saved is None or isinstance(saved, str)):
        raise FileFormatError(
            f"The crash-recovery journal is damaged: {base.name} lacks its journal data.", base
        )
    saved_path = Path(saved) if saved else None
    events: list[dict[str, Any]] = []
    problem: str | None = None
    try:
        events = _read_events(directory, journal_id)
    except FileFormatError as error:
        problem = error.message
    for event in events:
        if event["op"] == "saved":
            saved_path = Path(event["path"]) if event["path"] else None
    return _Contents(encounter, journal_id, saved_path, events, problem)


def _read_events(directory: Path, journal_id: str) -> list[dict[str, Any]]:
    path = _events_path(directory)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as error:
        reason = error.strerror or str(error)
        raise FileFormatError(
            f"The crash-recovery journal cannot be read: {reason}.", path
        ) from None
    lines = [(n, line) for n, line in enumerate(raw.split(b"\n"), start=1) if line.strip()]
    events: list[dict[str, Any]] = []
    for position, (number, line) in enumerate(lines):
        try:
            event = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            if position == len(lines) - 1:
                break  # torn by the crash: the change it described never completed
            raise _damaged(directory, number, "it is not valid JSON") from None
        if position == 0:
            if event != _header(journal_id):
                return []  # events of an older journal: this base has none yet
            continue
        problem = _event_problem(event)
        if problem is not None:
            raise _damaged(directory, number, problem)
        events.append(event)
    return events


def _event_problem(event: Any) -> str | None:
    if not isinstance(event, dict):
        return "it is not a journal entry"
    op = event.get("op")
    if op == "apply":
        if not isinstance(event.get("command"), dict):
            return "the change it records is missing"
    elif op == "saved":
        if not (event.get("path") is None or isinstance(event.get("path"), str)):
            return "the saved file's name is not text"
    elif op not in ("undo", "redo"):
        return f"unknown entry {op!r}"
    return None


def _damaged(directory: Path, line: int, what: str) -> FileFormatError:
    path = _events_path(directory)
    return FileFormatError(
        f"The crash-recovery journal is damaged at line {line} of {path.name}: {what}.", path
    )


def _names_in(base: Path) -> tuple[str, str]:
    """Best-effort encounter name and ruleset id of an unusable base file."""
    try:
        data = read_document(base).get("encounter", {})
        return str(data.get("name", "")), str(data.get("ruleset_id", ""))
    except (FileFormatError, AttributeError):
        return "", ""


# --- helpers -----------------------------------------------------------------------------
def _base_path(directory: Path) -> Path:
    return directory / BASE_FILE


def _events_path(directory: Path) -> Path:
    return directory / EVENTS_FILE


def _header(journal_id: str) -> dict[str, Any]:
    return {"op": "begin", "journal_id": journal_id}


def _line(record: dict[str, Any]) -> bytes:
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return (text + "\n").encode("utf-8")


def _absolute(path: Path | str | None) -> Path | None:
    return Path(os.path.abspath(path)) if path else None


def _text(path: Path | None) -> str | None:
    return str(path) if path is not None else None
