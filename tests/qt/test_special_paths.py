"""A named pipe, given to every entry point that reads a file (File → Open, the
encounter reopened at start, a journal's "saving" line, a library import, the library
file itself), is a clear message at once: nothing waits on it, nothing changes. A stuck
read is released by `PipeGuard` and fails the test instead of hanging the suite. The
devices, a socket, a folder, a huge and an unreadable file go through the same entry
points in the paths sweep (tests/damage/sweep_paths.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.damage.path_entry_points import ENTRY_POINTS, through
from tests.damage.special_paths import no_hang
from tracker.persistence import paths

NOT_AN_ENCOUNTER = "“pipe.json” is a named pipe, not a Roundkeeper encounter."
OPENS_SAMPLE = "Roundkeeper opens the sample."
SAID = {
    "open": NOT_AN_ENCOUNTER,
    "last": f"The last encounter could not be opened: {NOT_AN_ENCOUNTER} {OPENS_SAMPLE}",
    "import": "“pipe.json” is a named pipe, not a file of combatants.",
    "journal": "resumed, the path not taken as saved",
}


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
def test_a_named_pipe_is_never_waited_on(entry: str, fifo: Path, qapp, tmp_path: Path) -> None:
    with no_hang(fifo):
        outcome = through(entry, fifo, "fifo", tmp_path)
    assert outcome.result != "failure", outcome.detail
    said = SAID.get(entry) or (
        f"The library {paths.library_file()} is a named pipe, not a file; it was left as it "
        "is. Move it away to start a new library."
    )
    assert outcome.detail == said
    assert fifo.exists() and not fifo.is_file()  # left as it was
