"""Crash recovery: every change is journaled as it happens, so that an app that was killed
resumes exactly where it was, undo and redo history included.

Files in the journal folder (normally `paths.journal_dir()`):

``base.json``
    The encounter as it was when journaling began: the same document as a saved
    encounter file (`files.envelope`), plus ``"saved_path"`` (where the encounter was last
    saved, or null) and ``"journal_id"`` (a random token). Written atomically.

``events.jsonl``
    One line per entry, appended (written and flushed: a killed app loses none) as each
    change happens and synced to disk (``os.fsync``, against a power cut) on a thread of
    its own, `journal_sync.Syncer` (in the app, once the window has drawn the change);
    a save and `detach` wait for it. Every line carries
    its sequence number and a checksum (see `tracker.persistence.journal_lines`)::

        {"seq":0,"op":"begin","journal_id":"...","crc":"..."}     always the first line
        {"seq":1,"op":"apply","command":{...},"text":"...","record":{...},"crc":"..."}
        {"seq":2,"op":"undo","crc":"..."}
        {"seq":3,"op":"redo","crc":"..."}
        {"seq":4,"op":"saving","path":"/home/gm/war.json","sha256":"...","crc":"..."}
        {"seq":5,"op":"saved","path":"/home/gm/war.json","crc":"..."}
        {"seq":6,"op":"checkpoint","document":{...},"log":118,"crc":"..."}

    An apply line holds `Command.to_dict()`, the change's text and its undo record
    (`tracker.engine.stored`); a checkpoint, the encounter without its log, every
    `checkpoint_lines` changes at least (see `tracker.persistence.checkpoints`).
    Recovery starts from the last checkpoint and replays the lines after it (each
    command run once and kept only if it makes exactly the line's record), so a long
    fight resumes in a moment, undo and redo history included. Replay stops at the
    first line that fails its checks, or does not fit the state it applies to
    (`checkpoints.replay`); recovery goes on from there and says how far it got
    (`recovery.Recovery.report`). "saving" is written
    before an encounter file is replaced, with the fingerprint of the new contents: if
    the app is killed before "saved", recovery checks whether the file holds them.

Lifecycle, as the app uses it (reading a journal back, `pending_journal`,
`recover_journal`, `set_aside_journal`, is in `tracker.persistence.recovery`: a plain
start writes a journal and never loads it)::

    info = pending_journal(folder)              # at start-up: anything to resume?
    recovery = recover_journal(folder)          # the GM said "Resume" (the app goes
                                                # through `resuming.resume_journal`)
    journal = Journal.resume(folder, session)   # ... and keep journaling it
    set_aside_journal(folder, "declined")       # the GM said "No": kept, not deleted
    journal = Journal.begin(folder, session, saved_path)   # new or opened encounter
    journal.note_saving(path, data)             # before each save replaces its file
    journal.set_saved_path(path)                # after each successful save
    journal.close()                             # clean exit / encounter closed

Only one journal lives in a folder: `begin` replaces whatever is there, its base in one
rename (do not discard the old journal first: a kill in between would leave nothing to
resume). Changes made
before `begin` (the session's existing undo history) are not journaled: begin journaling
when a session is created or opened. If writing the journal fails, Roundkeeper keeps
working without it: the journal detaches itself and reports the problem (`error`,
`on_error`); the files keep the last consistent state that was written.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from tracker.engine.errors import TrackerError
from tracker.engine.session import Session, SessionEvent
from tracker.persistence.atomic import write_atomic
from tracker.persistence.files import dump, dump_around, envelope, head
from tracker.persistence.journal_lines import CHANGE_OPS, Lines, RawLines, encode_line, header
from tracker.persistence.journal_paths import (
    BASE_FILE,
    EVENTS,
    EVENTS_FILE,
    MAX_EVENTS_BYTES,
    base_path,
    discard_journal,
    events_path,
    forget_last_read,
)
from tracker.persistence.journal_sync import Later, Syncer
from tracker.persistence.safe_read import read_regular

if TYPE_CHECKING:
    from tracker.persistence.checkpoints import LogDigests

__all__ = [
    "BASE_FILE",
    "CHANGE_OPS",
    "EVENTS_FILE",
    "Journal",
    "JournalError",
    "discard_journal",
]


class JournalError(TrackerError):
    """The journal could not be written: crash recovery is off for this encounter."""


ErrorHandler = Callable[[JournalError], None]


# A checkpoint is written once this many changes were journaled since the last one, and
# the lines since then are at least as long as it (so checkpoints take at most about half
# of the journal, however large the encounter). Resuming replays the lines between the
# last two checkpoints and those after the last: up to two intervals, 0.2 ms (Initiative
# Ticks) to 0.6 ms (AP Countdown) a line. 50 (issue 26, point 4; 200, then 100 before):
# recovering a 2,000-turn AP Countdown fight 146 -> 81 ms of CPU, for a journal 20 %
# longer (a checkpoint of 50 combatants, 15 KB, every 40 KB of lines) and a checkpoint
# (5 ms) twice as often.
CHECKPOINT_LINES = 50


class Journal:
    """Journals one session into a folder. Create with `begin` or `resume`."""

    def __init__(
        self,
        directory: Path,
        session: Session,
        journal_id: str,
        saved_path: Path | None,
        on_error: ErrorHandler | None,
        checkpoint_lines: int = CHECKPOINT_LINES,
        later: Later | None = None,
    ) -> None:
        self._directory = directory
        self._later = later  # when the lines' syncs start (`Syncer`): None, at once
        self._session = session
        self._journal_id = journal_id
        self._saved_path = saved_path
        self._on_error = on_error
        self._error: JournalError | None = None
        self._handle: IO[bytes] | None = None
        self._syncer: Syncer | None = None  # syncs the handle's lines in the background
        self._subscribed = False
        self._seq = 1  # the number of the next line (0 is the header)
        self.checkpoint_lines = checkpoint_lines
        self._since_lines = 0  # changes journaled since the last checkpoint (or the base)
        self._since_bytes = 0  # bytes written since then
        self._checkpoint_bytes = 0  # the length of the last checkpoint
        self._recorded = True  # every apply line since the base carries its record
        # The log's fingerprint, hashed as far as it is kept: made at the first checkpoint.
        self._digests: LogDigests | None = None

    # --- starting ---------------------------------------------------------------------
    @classmethod
    def begin(
        cls,
        directory: Path,
        session: Session,
        saved_path: Path | None = None,
        on_error: ErrorHandler | None = None,
        checkpoint_lines: int = CHECKPOINT_LINES,
        encounter_json: bytes | None = None,
        *,
        start: bool = True,
        later: Later | None = None,
    ) -> Journal:
        """Start journaling `session` in `directory`, replacing any journal there: the
        current encounter becomes the base (`encounter_json`, if given, is that encounter
        already serialised: an opened file's data, `files.open_encounter`). Do not
        discard the old journal first: the new base replaces it in one rename, so at
        every instant one of the two encounters can be resumed (until the new events
        file follows, the old one is stale). Raises `JournalError` if the folder cannot
        be written (the session is then not journaled). With `start` False, the files
        are written but the session is followed only from `start()` on (the files may
        be written on a worker thread while the session does not change; `start` then
        runs on the thread that changes it). `later`: see `Syncer` (its wakes run on the
        thread that changes the session)."""
        directory = Path(directory)
        forget_last_read()
        journal = cls(
            directory, session, "", _absolute(saved_path), on_error, checkpoint_lines, later
        )
        try:
            directory.mkdir(parents=True, exist_ok=True)
            journal._write_base(encounter_json)
            journal._open()
        except (OSError, TypeError, ValueError) as error:
            raise journal._error_for(error) from error
        if start:
            journal.start()
        return journal

    @classmethod
    def resume(
        cls,
        directory: Path,
        session: Session,
        on_error: ErrorHandler | None = None,
        checkpoint_lines: int = CHECKPOINT_LINES,
        *,
        later: Later | None = None,
    ) -> Journal:
        """Keep journaling in `directory` after `recover_journal(directory)` returned
        `session`: later changes are appended, so a second crash still recovers the whole
        history. The events file keeps its good lines only (a torn last line is dropped;
        a journal of unnumbered lines is rewritten numbered; either way a copy of the
        file as it was is kept first, `_rewrite`). Raises `FileFormatError` if the base
        is damaged, `JournalError` if it cannot be written."""
        from tracker.persistence.recovery import last_saved, read_journal

        directory = Path(directory)
        contents = read_journal(directory)
        forget_last_read()
        lines = contents.lines
        saved = last_saved(contents, len(lines.records))
        journal = cls(
            directory, session, contents.journal_id, saved, on_error, checkpoint_lines, later
        )
        kept = _numbered(lines, contents.journal_id)
        try:
            if kept is not lines.raw or _size(events_path(directory)) != lines.raw.size:
                label = "older-format" if lines.legacy else "replaced" if lines.stale else "cut"
                _rewrite(directory, b"".join(kept), label)
            journal._open()
        except (OSError, TypeError, ValueError) as error:
            raise journal._error_for(error) from error
        journal._seq = len(kept)
        journal._count_since_checkpoint(lines, kept)
        journal._subscribe()
        return journal

    def _count_since_checkpoint(self, lines: Lines, kept: Sequence[bytes]) -> None:
        records = lines.records
        self._recorded = all(r["op"] != "apply" or "record" in r for r in lines.marked())
        # Counted from the last checkpoint (thousands of lines before it count for nothing).
        last = next(
            (i for i in range(len(records) - 1, -1, -1) if records[i]["op"] == "checkpoint"), -1
        )
        if last >= 0 and last < len(kept):
            self._checkpoint_bytes = len(kept[last])
        for record, line in zip(records[last + 1 :], kept[last + 1 :], strict=False):
            self._since_lines += record["op"] in CHANGE_OPS
            self._since_bytes += len(line)

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

    def note_saving(self, path: Path, data: bytes) -> None:
        """Record that `data` is about to replace the file at `path`: if the app is
        killed before `set_saved_path`, recovery checks whether the file holds it."""
        if self._subscribed:
            from tracker.persistence.recovery import digest

            target = _absolute(path)
            self._append({"op": "saving", "path": _text(target), "sha256": digest(data)})
            self.sync()  # on disk before the save replaces the file

    def set_saved_path(self, path: Path | None) -> None:
        """Record that the encounter was just saved to `path`."""
        self._saved_path = _absolute(path)
        if self._subscribed:
            self._append({"op": "saved", "path": _text(self._saved_path)})
            self.sync()

    def sync(self) -> None:
        """Wait until every line written is synced to disk; a sync that failed starts a
        fresh base (or stops the journal), as a failed write does."""
        error = self._syncer.wait() if self._syncer is not None else None
        if error is not None:
            self._rebase_after(error)

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
    def start(self) -> None:
        """Follow the session's changes (`begin(..., start=False)`)."""
        self._subscribe()

    def _subscribe(self) -> None:
        self._session.subscribe(self._on_event)
        self._subscribed = True

    def _on_event(self, event: SessionEvent) -> None:
        if not self._subscribed:
            return
        if event.kind == "apply" and event.command is not None:
            from tracker.persistence.checkpoints import apply_entry  # at the first change

            try:
                record = apply_entry(event.command, event.text, event.record)
            except (TypeError, ValueError, TrackerError) as error:
                self._rebase_after(error)
                return
            self._append(record)
        elif event.kind in ("undo", "redo"):
            self._append({"op": event.kind})
        else:  # "reset" or anything new: the whole encounter changed, start afresh
            self._rebase_after(None)
            return
        if self._checkpoint_due():
            self._write_checkpoint()

    def _checkpoint_due(self) -> bool:
        return (
            self._subscribed
            and self._recorded
            and self._since_lines >= self.checkpoint_lines
            and self._since_bytes >= self._checkpoint_bytes
        )

    def _write_checkpoint(self) -> None:
        from tracker.persistence.checkpoints import LogDigests, checkpoint_entry

        if self._digests is None:
            self._digests = LogDigests()
        try:
            entry = checkpoint_entry(self._session.encounter, self._digests)
        except (TypeError, ValueError) as error:
            self._rebase_after(error)
            return
        written = self._append(entry)
        if written:
            self._since_lines, self._since_bytes = 0, 0
            self._checkpoint_bytes = written

    def _append(self, record: dict[str, Any]) -> int:
        """Write one line and have it synced; its length, or 0 if it failed, or an
        earlier line's sync did (then the journal starts a fresh base, which holds this
        change too, or stops)."""
        try:
            if self._handle is None or self._syncer is None:
                raise OSError("the journal file is not open")
            failed = self._syncer.failure()
            if failed is not None:
                raise failed
            line = encode_line(self._journal_id, self._seq, record)
            self._handle.write(line)
            self._handle.flush()
            self._syncer.ask()
        except (OSError, TypeError, ValueError) as error:
            self._rebase_after(error)
            return 0
        self._seq += 1
        self._since_lines += record["op"] in CHANGE_OPS
        self._since_bytes += len(line)
        return len(line)

    def _rebase_after(self, error: Exception | None) -> None:
        """Write a fresh base from the current encounter (the journal's undo history is
        lost, the state is not); if even that fails, stop journaling."""
        self._close_handle()
        try:
            self._write_base()
            self._open()
        except (OSError, TypeError, ValueError) as failure:
            self._fail(failure if error is None else error)

    def _write_base(self, encounter_json: bytes | None = None) -> None:
        # New id first: if we stop between the two writes, the old events are ignored.
        self._journal_id = os.urandom(8).hex()  # as secrets.token_hex, without OpenSSL
        document = envelope(self._session.encounter) if encounter_json is None else head()
        document["saved_path"] = _text(self._saved_path)
        document["journal_id"] = self._journal_id
        if encounter_json is None:
            data = dump(document)
        else:
            data = dump_around(document, "encounter", encounter_json)
        write_atomic(base_path(self._directory), data)
        first = encode_line(self._journal_id, 0, header(self._journal_id))
        write_atomic(events_path(self._directory), first)
        self._seq = 1
        self._since_lines, self._since_bytes, self._checkpoint_bytes = 0, 0, 0
        self._recorded = True

    def _open(self) -> None:
        self._handle = open(events_path(self._directory), "ab")  # noqa: SIM115
        self._syncer = Syncer(self._handle.fileno(), self._later)

    def _close_handle(self) -> None:
        syncer, self._syncer = self._syncer, None
        if syncer is not None:
            syncer.stop()  # the lines written are synced before the file is closed
        handle, self._handle = self._handle, None
        if handle is not None:
            with contextlib.suppress(OSError):
                handle.close()

    def _error_for(self, error: Exception) -> JournalError:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        return JournalError(
            f"Crash recovery is off: Roundkeeper could not write its journal in "
            f"{self._directory} ({reason})."
        )

    def _fail(self, error: Exception) -> None:
        self._error = self._error_for(error)
        self.detach()
        if self._on_error is not None:
            self._on_error(self._error)


def _numbered(lines: Lines, journal_id: str) -> RawLines | list[bytes]:
    """The good lines to keep, numbered and checksummed (an unnumbered journal's are
    written anew): `lines.raw` itself if they are as read."""
    if not lines.records:
        return [encode_line(journal_id, 0, header(journal_id))]
    if not lines.legacy:
        return lines.raw
    return [
        encode_line(journal_id, seq, {k: v for k, v in record.items() if k != "seq"})
        for seq, record in enumerate(lines.records)
    ]


def _rewrite(directory: Path, data: bytes, label: str) -> None:
    """Replace the events file with `data`; unless `data` only adds to what it holds (a
    lost last newline), a copy of the journal as it was is kept first, beside it
    ("cut-…": a torn last line dropped; "older-format-…": renumbered; "replaced-…":
    the events of the journal this one replaced). Raises OSError
    (nothing changed) if the copy cannot be made."""
    path = events_path(directory)
    try:
        old = read_regular(path, MAX_EVENTS_BYTES, EVENTS)
    except FileNotFoundError:
        old = b""
    from tracker.persistence.recovery import keep_damaged_copy

    if not data.startswith(old) and keep_damaged_copy(directory, label) is None:
        raise OSError(f"a copy of {path.name} could not be kept before it is rewritten")
    forget_last_read()
    write_atomic(path, data)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return -1


def _absolute(path: Path | str | None) -> Path | None:
    return Path(os.path.abspath(path)) if path else None


def _text(path: Path | None) -> str | None:
    return str(path) if path is not None else None
