"""Killed at any point of File → Open, of a Save As into a new folder, or of resuming
itself: the next start returns to the fight that was open and leaves no temporary file.
A child process plays the window and is killed (``os._exit``, no clean-up) at the n-th
rename or copy of a file, before or after it, for every n until it gets through."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.persistence.fights import playthrough
from tracker.engine import EndTurn, RenameEncounter, Session, StartEncounter
from tracker.engine.errors import CommandError
from tracker.persistence import paths
from tracker.persistence.atomic import TEMPORARY
from tracker.persistence.files import load_encounter, save_encounter
from tracker.persistence.recovery import recover_journal
from tracker.qt.app import open_main_window, sample_path

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = [StartEncounter(), EndTurn(), EndTurn(), RenameEncounter("Before the kill")]

CHILD = textwrap.dedent(
    """
    import os, shutil, sys
    from pathlib import Path
    from PySide6.QtWidgets import QApplication
    from tracker.engine import EndTurn, RenameEncounter, StartEncounter
    from tracker.persistence import paths
    from tracker.qt.app import open_main_window, sample_session
    from tracker.qt.main_window import MainWindow

    mode, number, when, argument = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
    app = QApplication([])
    count = 0

    def cut(real):
        def call(*args, **kwargs):
            global count
            count += 1
            if count == number and when == "before":
                os._exit(9)
            result = real(*args, **kwargs)
            if count == number and when == "after":
                os._exit(9)
            return result
        return call

    def arm():
        os.replace, os.rename, shutil.copy2 = cut(os.replace), cut(os.rename), cut(shutil.copy2)

    if mode == "resume":
        arm()
        window = open_main_window(paths.journal_dir(), ask=lambda q: True, tell=lambda m, f: None)
        window.complete()  # as once its first frame is painted: the journal goes on
    else:
        window = MainWindow(sample_session(), None, paths.journal_dir())
        for command in (StartEncounter(), EndTurn(), EndTurn(), RenameEncounter("Before the kill")):
            window.document.apply(command)
        arm()
        if mode == "open":
            window.open_path(Path(argument))
        else:
            window.save_to(Path(argument))
    os._exit(0)
    """
)


def _child(mode: str, number: int, when: str, argument: str = "") -> int:
    result = subprocess.run(
        [sys.executable, "-c", CHILD, mode, str(number), when, argument],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ.copy(),
    )
    assert result.returncode in (0, 9), result.stderr
    return result.returncode


def _open_fight() -> dict:
    session = Session(load_encounter(sample_path()))
    for command in COMMANDS:
        with contextlib.suppress(CommandError):  # refused in the window too
            session.apply(command)
    return session.encounter.to_dict()


def _start(qtbot) -> dict:
    """The next start, the GM saying Resume: the encounter it opens on."""
    window = open_main_window(paths.journal_dir(), ask=lambda _: True, tell=lambda m, f: None)
    qtbot.addWidget(window)
    window.complete()  # as once its first frame is painted: the journal goes on
    encounter = window.document.encounter.to_dict()
    if window.journal is not None:
        window.journal.detach()
    return encounter


def _temporaries(*folders: Path) -> list[Path]:
    return [p for folder in folders for p in folder.rglob("*") if TEMPORARY.match(p.name)]


def _kill_points(run, check) -> list[int]:
    """Run `run(number, when)` killed at every rename or copy in turn; `check` after
    each; the exit codes seen."""
    codes = []
    for number in range(1, 30):
        for when in ("before", "after"):
            codes.append(run(number, when))
            check(number, when)
        if codes[-1] == 0:
            return codes
    raise AssertionError("the child never got through")


def test_a_kill_during_open_resumes_the_old_fight_or_the_new_one(
    qtbot, tmp_path: Path, tracker_home: Path
) -> None:
    other = tmp_path / "other.json"
    other_session = Session.new("The other fight", "priority")
    save_encounter(other_session.encounter, other)
    old, new = _open_fight(), load_encounter(other).to_dict()
    resumed: list[str] = []

    def check(number: int, when: str) -> None:
        encounter = _start(qtbot)
        what = f"killed {when} rename or copy {number}"
        assert encounter in (old, new), f"{what}: neither fight (the sample?)"
        resumed.append("old" if encounter == old else "new")
        assert not _temporaries(tracker_home), what
        shutil.rmtree(tracker_home)

    _kill_points(lambda number, when: _child("open", number, when, str(other)), check)
    assert resumed[0] == "old" and resumed[-1] == "new"


def test_a_kill_in_a_save_as_to_a_new_folder_leaves_no_temporary_file(
    qtbot, tmp_path: Path
) -> None:
    folder = tmp_path / "new folder"
    folder.mkdir()
    assert _child("saveas", 1, "before", str(folder / "war.json")) == 9
    assert [p.name.startswith(".war.json.") for p in _temporaries(folder)] == [True]
    assert _start(qtbot) == _open_fight()
    assert not _temporaries(folder)


@pytest.mark.parametrize("middle", [True, False], ids=["damaged and torn", "torn"])
def test_a_kill_while_resuming_resumes_at_the_next_start(
    qtbot, tmp_path: Path, tracker_home: Path, middle: bool
) -> None:
    """A journal torn at its end, and maybe damaged in the middle: resuming copies it
    aside, cuts it and journals on; killed anywhere in that, the next start resumes the
    same, and the journal as it was is kept."""
    made = tmp_path / "made"
    playthrough("stamina_battle", 3, made)
    lines = (made / "events.jsonl").read_bytes().splitlines(keepends=True)
    if middle:
        half = len(lines) // 2
        lines[half] = lines[half].replace(b'"op"', b'"Op"', 1)  # its checksum fails
    damaged = b"".join(lines) + b'{"seq":'  # a torn last line
    (made / "events.jsonl").write_bytes(damaged)
    expected = recover_journal(made).session.encounter.to_dict()

    def run(number: int, when: str) -> int:
        shutil.rmtree(tracker_home, ignore_errors=True)
        shutil.copytree(made, paths.journal_dir(), dirs_exist_ok=True)
        return _child("resume", number, when)

    def check(number: int, when: str) -> None:
        what = f"killed {when} rename or copy {number}"
        assert _start(qtbot) == expected, what
        kept = [p.read_bytes() for p in paths.journal_dir().rglob("events.jsonl")]
        assert damaged in kept, f"{what}: the journal as it was is lost"
        assert not _temporaries(paths.journal_dir()), what

    codes = _kill_points(run, check)
    assert codes.count(9) >= 4  # copying, cutting and journaling on were all cut short
