"""Resuming the journal the last run left, as start-up does once the GM said "Resume":
never an exception, never a file lost. A journal used whole is journaled on; one used up
to its last good line is copied aside first and cut there; one that cannot be used at
all (its base missing or damaged, its lines beyond reading) is moved aside whole and
the app starts without it. `Resumed` says what happened, for the GM."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tracker.engine.session import Session
from tracker.persistence.recovery import (
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


def resume_journal(directory: Path) -> Resumed:
    """Rebuild the journaled session in `directory` (see the module's docstring)."""
    directory = Path(directory)
    try:
        recovery = recover_journal(directory)
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
