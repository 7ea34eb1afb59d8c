"""Resuming the journal the last run left, as start-up does once the GM said "Resume":
never an exception, never a file lost. A journal used whole is journaled on; one used up
to its last good line is copied aside first and cut there; one that cannot be used at
all (its base missing or damaged, its lines beyond reading) is moved aside whole and
the app starts without it. `Resumed` says what happened, for the GM.

The session is rebuilt while the GM reads the "Resume?" question (`RecoveryAhead`): the
answer, Yes or No, needs it (resumed, or saved as a file of its own), and the question
is read for far longer than the journal takes to replay."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from tracker.engine.session import Session
from tracker.persistence.recovery import (
    Recovery,
    keep_damaged_copy,
    keep_good_lines,
    recover_journal,
    set_aside_journal,
)


@dataclass(frozen=True)
class Resumed:
    """What `resume_journal` did. `session` is None when nothing could be resumed;
    `journal_on` says whether journaling goes on in the same files (`Journal.resume`)
    or must begin afresh; `message`, what to tell the GM; `folder`, where a copy or the
    journal itself was kept."""

    session: Session | None
    saved_path: Path | None = None
    journal_on: bool = False
    message: str | None = None
    folder: Path | None = None


class RecoveryAhead:
    """`recover_journal(directory)` worked out on a thread of its own from now on (it
    only reads: nothing of the journal is written, moved or cut before `result`).
    `result` waits for it and gives what it gave, or raises what it raised."""

    def __init__(self, directory: Path) -> None:
        self._directory = Path(directory)
        self._recovery: Recovery | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="journal recovery", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._recovery = recover_journal(self._directory)
        except BaseException as error:  # handed to the main thread by `result`
            self._error = error

    def result(self) -> Recovery:
        self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._recovery is not None
        return self._recovery


def resume_journal(directory: Path, ahead: RecoveryAhead | None = None) -> Resumed:
    """Rebuild the journaled session in `directory` (see the module's docstring), or
    take the one `ahead` rebuilt from it."""
    directory = Path(directory)
    try:
        recovery = ahead.result() if ahead is not None else recover_journal(directory)
        report = recovery.report()
    except Exception as error:  # the typed file error, or anything a damaged journal does
        reason = getattr(error, "message", None) or f"{type(error).__name__}: {error}"
        folder = set_aside_journal(directory)
        text = f"The last encounter could not be resumed: {reason} {kept_in(folder)}"
        return Resumed(None, message=text, folder=folder)
    session, saved = recovery.session, recovery.saved_path
    if report is None:
        return Resumed(session, saved, journal_on=True)
    folder = keep_damaged_copy(directory)
    if folder is None:  # no copy: move the journal aside whole and journal afresh
        folder = set_aside_journal(directory)
        return Resumed(session, saved, False, f"{report}\n\n{kept_in(folder)}", folder)
    copy = f"{report}\n\nA copy of the journal as it was is kept in {folder}."
    try:
        keep_good_lines(directory, recovery.lines)
    except OSError:
        set_aside_journal(directory)  # the copy is kept; journal afresh
        return Resumed(session, saved, False, copy, folder)
    return Resumed(session, saved, True, copy, folder)


def kept_in(folder: Path | None) -> str:
    """Where a journal set aside went, for the GM."""
    if folder is None:
        return "The journal could not be moved and was left where it was."
    return f"The journal was kept in {folder}."
