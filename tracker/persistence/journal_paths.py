"""The crash journal's two files in its folder, and deleting them: what beginning,
writing and closing a journal need. Kept apart from `tracker.persistence.recovery` (and
its checkpoints' reading code) so that a start with nothing to resume, which begins a
journal and may close it, never imports the code that reads one back."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

# The events file is read whole; a journal of tens of thousands of changes is a few tens
# of MB. A pipe or a device in its place is refused (`read_regular`), never read.
MAX_EVENTS_BYTES = 256 * 1024 * 1024
EVENTS = "a Roundkeeper journal"
BASE_FILE = "base.json"
EVENTS_FILE = "events.jsonl"


def base_path(directory: Path) -> Path:
    return directory / BASE_FILE


def events_path(directory: Path) -> Path:
    return directory / EVENTS_FILE


def forget_last_read() -> None:
    """Have recovery let go of the journal it last read (`recovery.forget_last_read`), if
    it is imported: otherwise it has read none."""
    recovery = sys.modules.get("tracker.persistence.recovery")
    if recovery is not None:
        recovery.forget_last_read()


def discard_journal(directory: Path) -> None:
    """Delete the journal in `directory` (nothing happens if there is none). The base goes
    first, so an interrupted discard never leaves a journal that looks resumable but is
    not the latest state. Only a journal whose encounter was saved or closed cleanly is
    discarded; one the GM declined to resume is set aside instead."""
    forget_last_read()
    directory = Path(directory)
    for path in (base_path(directory), events_path(directory)):
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)
