"""Killed in the middle of a save: the process is killed (``os._exit``, no clean-up) at
chosen points of saving an encounter under a new name. Recovery gives back the whole
fight and knows the file it was last saved to: the new one exactly when the file was
replaced, even if the journal's "saved" line was never written; the temporary file a
kill leaves is removed at the next start."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tracker.engine import EndTurn, RenameEncounter, Session
from tracker.persistence.atomic import remove_leftover_temporaries
from tracker.persistence.files import load_encounter
from tracker.persistence.paths import encounters_dir, journal_dir
from tracker.persistence.recovery import recover_journal

ROOT = Path(__file__).resolve().parents[2]

PLAY = textwrap.dedent(
    """
    from tracker.engine import AddCombatant, EndTurn, RenameEncounter, Session, StartEncounter

    def play(session, turns):
        for name, speed in (("Aurel", 17), ("Brakk", 10)):
            session.apply(AddCombatant(name, "party", stats={"speed": speed, "swiftness": 4}))
        session.apply(StartEncounter())
        for _ in range(turns):
            session.apply(EndTurn())
    """
)

# Kill points: which call of the save is cut, and whether the real call runs first.
KILLS = {
    "after the intent": ("open_temporary", False),
    "before the rename": ("replace", False),
    "after the rename": ("replace", True),
    "after the directory sync": ("sync_directory", True),
}

SCRIPT = PLAY + textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    from tracker.persistence import atomic, files
    from tracker.persistence.journal import Journal

    folder, first, second, point, after = sys.argv[1:6]
    session = Session.new("Saved twice", "war_scroll")
    journal = Journal.begin(Path(folder), session)
    play(session, 3)
    files.save_encounter(session.encounter, Path(first), journal.note_saving)
    journal.set_saved_path(Path(first))
    session.apply(RenameEncounter("Saved twice, renamed"))
    session.apply(EndTurn())

    def cut(real):
        def call(*args, **kwargs):
            if after == "yes":
                real(*args, **kwargs)
            os._exit(9)
        return call

    if point == "open_temporary":
        real_open = os.open
        def opening(path, *args, **kwargs):
            if str(path).endswith(".tmp"):
                os._exit(9)
            return real_open(path, *args, **kwargs)
        os.open = opening
    elif point == "replace":
        os.replace = cut(os.replace)
    else:
        atomic.sync_directory = cut(atomic.sync_directory)
    files.save_encounter(session.encounter, Path(second), journal.note_saving)
    journal.set_saved_path(Path(second))
    os._exit(0)
    """
)


@pytest.mark.parametrize("point", list(KILLS))
def test_a_kill_inside_a_save_loses_nothing(point: str) -> None:
    folder = journal_dir()
    first = encounters_dir() / "first.json"
    second = encounters_dir() / "second.json"
    call, after = KILLS[point]
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(folder), str(first), str(second), call]
        + ["yes" if after else "no"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ.copy(),
    )
    assert result.returncode == 9, result.stderr

    namespace: dict[str, object] = {}
    exec(PLAY, namespace)
    expected = Session.new("Saved twice", "war_scroll")
    namespace["play"](expected, 3)  # type: ignore[operator]
    expected.apply(RenameEncounter("Saved twice, renamed"))
    expected.apply(EndTurn())

    recovery = recover_journal(folder)
    assert recovery.complete
    assert recovery.session.encounter.to_dict() == expected.encounter.to_dict()
    replaced = after and call != "open_temporary"
    assert recovery.saved_path == (second if replaced else first)
    if replaced:
        assert load_encounter(second).to_dict() == expected.encounter.to_dict()
    else:
        assert not second.exists()
    leftovers = sorted(p.name for p in encounters_dir().iterdir() if p.name.endswith(".tmp"))
    if point == "before the rename":
        assert len(leftovers) == 1 and leftovers[0].startswith(".second.json.")
    removed = remove_leftover_temporaries(encounters_dir())
    assert sorted(p.name for p in removed) == leftovers
    assert sorted(p.name for p in encounters_dir().iterdir()) == sorted(
        ["first.json", *(["second.json"] if replaced else [])]
    )
