"""An import killed half-way leaves the library as it was: all of the import or none."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tracker.library import LibraryEntry, open_library

ROOT = Path(__file__).resolve().parents[2]
ROWS = 5000

IMPORT = """
import sys, time
from pathlib import Path
from tracker.engine.registry import get_ruleset
from tracker.library import open_library, store
from tracker.library.sources import read_table
from tracker.library.transfer import confirm_import, preview_import

library_path, csv_path, pause_after = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
library = open_library(library_path)
# A small page cache: the transaction spills into the file long before it commits, so
# the file really is half-written when the process dies.
library._db.execute("PRAGMA cache_size = 20")
preview = preview_import(read_table(csv_path), get_ruleset("war_scroll"))
if pause_after:
    write = store.Library._write_entry
    written = 0

    def write_and_pause(self, entry):
        global written
        written += 1
        if written == pause_after:
            print("half-way", flush=True)
            time.sleep(60)
        return write(self, entry)

    store.Library._write_entry = write_and_pause
print("importing", flush=True)
confirm_import(library, preview)
print("done", flush=True)
"""


def _big_csv(path: Path) -> Path:
    lines = ["name,speed,swiftness,tags"]
    lines += [f"Goblin {n},{n % 60},{n % 99},goblin" for n in range(ROWS)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _library_with_one_entry(path: Path) -> None:
    library = open_library(path)
    library.save_entry(LibraryEntry("war_scroll", "Aurel", "party"))
    library.close()


def _start(library: Path, source: Path, pause_after: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", IMPORT, str(library), str(source), str(pause_after)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )


def _count_after(library_path: Path) -> int:
    library = open_library(library_path)
    try:
        assert [e.name for e in library.search("war_scroll", "aurel")] == ["Aurel"]
        return library.count("war_scroll")
    finally:
        library.close()


def test_an_import_killed_in_the_middle_of_writing_leaves_nothing_of_it(tmp_path: Path) -> None:
    library_path = tmp_path / "lib.sqlite3"
    _library_with_one_entry(library_path)
    process = _start(library_path, _big_csv(tmp_path / "big.csv"), ROWS // 2)
    assert process.stdout is not None
    lines = [process.stdout.readline().strip() for _ in range(2)]
    assert lines == ["importing", "half-way"]
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    process.stdout.close()
    journal = tmp_path / "lib.sqlite3-journal"
    assert journal.stat().st_size > 0  # a transaction was under way
    assert (tmp_path / "lib.sqlite3").stat().st_size > 100 * 4096  # and spilled into the file
    assert _count_after(library_path) == 1
    assert not journal.exists()  # rolled back when the library was opened again


@pytest.mark.parametrize("delay", [0.02, 0.1, 0.3])
def test_an_import_killed_at_any_moment_leaves_all_of_it_or_none(
    tmp_path: Path, delay: float
) -> None:
    library_path = tmp_path / "lib.sqlite3"
    _library_with_one_entry(library_path)
    process = _start(library_path, _big_csv(tmp_path / "big.csv"), 0)
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "importing"
    time.sleep(delay)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    process.stdout.close()
    assert _count_after(library_path) in (1, ROWS + 1)


def test_an_import_not_killed_stores_every_row(tmp_path: Path) -> None:
    library_path = tmp_path / "lib.sqlite3"
    _library_with_one_entry(library_path)
    process = _start(library_path, _big_csv(tmp_path / "big.csv"), 0)
    output, _ = process.communicate(timeout=120)
    assert output.split() == ["importing", "done"]
    assert _count_after(library_path) == ROWS + 1
