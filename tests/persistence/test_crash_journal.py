"""The crash-recovery journal: every change is on disk as it happens, and `recover`
rebuilds the session exactly, undo and redo history included."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tests.persistence.journal_views import (
    MakeSession,
    Play,
    events_of,
    fresh,
    journaled_renames,
    mixed_history,
    replace_line,
    view,
    walk_history,
)
from tracker.engine import (
    AddCombatant,
    EndTurn,
    RenameEncounter,
    RulesetAction,
    Session,
)
from tracker.persistence.files import SCHEMA_VERSION, save_encounter
from tracker.persistence.journal import Journal
from tracker.persistence.paths import encounters_dir
from tracker.persistence.recovery import pending_journal, recover, recover_journal


# --- writing -----------------------------------------------------------------------------
def test_begin_writes_a_base_and_an_events_file(
    make_setup_session: MakeSession, folder: Path
) -> None:
    session = make_setup_session()
    saved = encounters_dir() / "ambush.tracker.json"
    journal = Journal.begin(folder, session, saved)
    base = json.loads((folder / "base.json").read_text(encoding="utf-8"))
    assert base["format"] == "tracker-encounter"
    assert base["schema_version"] == SCHEMA_VERSION
    assert base["encounter"] == session.encounter.to_dict()
    assert base["saved_path"] == str(saved)
    assert events_of(folder) == [{"op": "begin", "journal_id": base["journal_id"]}]
    assert journal.active and journal.saved_path == saved
    journal.close()


def test_each_change_is_one_line_on_disk_at_once(
    make_setup_session: MakeSession, folder: Path
) -> None:
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    session.apply(AddCombatant("Dusk", "neutral", stats={"speed": 7, "swiftness": 2}))
    (line,) = events_of(folder)[1:]
    record, log = line.pop("record"), line.pop("log")
    assert line == {
        "op": "apply",
        "record_size": len(json.dumps(record, separators=(",", ":"))),
        "command": {
            "type": "AddCombatant",
            "name": "Dusk",
            "side": "neutral",
            "hidden": False,
            "notes": "",
            "stats": {"speed": 7, "swiftness": 2},
            "count": 1,
        },
        "text": "Add Dusk",
    }
    # The undo record: the id counter moved on, Dusk was inserted, and a log line.
    assert record["touched"] == [[["encounter", None], {"next_id": 5}, {"next_id": 6}]]
    dusk = session.encounter.combatant("c5").to_dict()
    assert record["edits"] == [["insert", "combatants", 3, dusk]]
    assert log == [
        ["insert", 4, {"when": "setup", "text": "Dusk joins (neutral).", "kind": "change"}]
    ]
    session.undo()
    session.redo()
    target = encounters_dir() / "saved.tracker.json"
    journal.set_saved_path(target)
    assert [event["op"] for event in events_of(folder)] == [
        "begin",
        "apply",
        "undo",
        "redo",
        "saved",
    ]
    assert events_of(folder)[-1]["path"] == str(target)
    journal.close()


def test_a_refused_command_is_not_journaled(make_setup_session: MakeSession, folder: Path) -> None:
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    with pytest.raises(Exception, match="start the encounter first"):
        session.apply(EndTurn())
    assert len(events_of(folder)) == 1
    journal.detach()


# --- recovering --------------------------------------------------------------------------
def test_recover_rebuilds_state_and_history(
    add_party: Play, play_into_war: Play, folder: Path
) -> None:
    session = fresh()
    journal = Journal.begin(folder, session)
    mixed_history(session, add_party, play_into_war)
    journal.detach()  # the files stay, as after a crash

    recovered, saved_path = recover(folder)
    assert saved_path is None
    assert view(recovered) == view(session)
    assert recovered.can_undo and recovered.can_redo
    assert recovered.encounter.clock.cycle == 2
    # Undoing and redoing after recovery passes through the same states as the original.
    assert walk_history(recovered) == walk_history(session)


def test_recover_in_setup_with_nothing_to_replay(
    make_setup_session: MakeSession, folder: Path
) -> None:
    session = make_setup_session()
    Journal.begin(folder, session).detach()
    recovered, _ = recover(folder)
    assert recovered.encounter.to_dict() == session.encounter.to_dict()
    assert not recovered.can_undo and not recovered.can_redo


def test_recover_never_writes(
    make_setup_session: MakeSession, play_into_war: Play, folder: Path
) -> None:
    session = make_setup_session()
    journal = Journal.begin(folder, session)
    play_into_war(session)
    journal.detach()
    (folder / "events.jsonl").open("ab").write(b'{"op": "und')  # a torn tail
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    recover(folder)
    pending_journal(folder)
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_the_saved_path_is_recovered(make_setup_session: MakeSession, folder: Path) -> None:
    first = encounters_dir() / "first.tracker.json"
    second = encounters_dir() / "second.tracker.json"
    session = make_setup_session()
    journal = Journal.begin(folder, session, first)
    journal.detach()
    assert recover(folder)[1] == first

    journal = Journal.begin(folder, session, first)
    session.apply(RenameEncounter("Ford at dusk"))
    save_encounter(session.encounter, second)
    journal.set_saved_path(second)
    session.apply(RenameEncounter("Ford at night"))
    journal.detach()
    recovered, saved_path = recover(folder)
    assert saved_path == second
    assert recovered.encounter.name == "Ford at night"


# --- a real crash ------------------------------------------------------------------------
SCENARIO = textwrap.dedent(
    """
    from tracker.engine import (
        AddCombatant, AddEffect, EndTurn, RulesetAction, Session, StartEncounter,
    )

    def play(session):
        session.apply(AddCombatant("Aurel", "party",
                                   stats={"speed": 17, "swiftness": 9, "allegiance": "holy"}))
        session.apply(AddCombatant("Brakk", "enemy",
                                   stats={"speed": 10, "swiftness": 5, "allegiance": "fallen"}))
        session.apply(AddEffect("Blessed", "c1", duration={"cycles": 1}))
        session.apply(StartEncounter())
        session.apply(RulesetAction("spend_ap", None, {"amount": 3}))
        for _ in range(3):
            session.apply(EndTurn())
        session.apply(RulesetAction("bonus_ap", "c2", {"amount": 4, "turn": "next"}))
        session.apply(AddEffect("Stunned", "c2", creator_id="c1", duration={"cycles": 1}))
        session.undo()
        session.redo()
        for _ in range(4):
            session.apply(EndTurn())
        session.undo()
        session.undo()
        session.redo()
    """
)

CRASH = SCENARIO + textwrap.dedent(
    """
        import os, sys
        from pathlib import Path
        from tracker.persistence.journal import Journal

        session = Session.new("Killed mid-War", "war_scroll")
        Journal.begin(Path(sys.argv[1]), session, Path(sys.argv[2]))
        play(session)
        os._exit(1)  # killed: no clean-up, no close()
        """
)


def test_recover_after_the_process_was_killed(folder: Path) -> None:
    saved = encounters_dir() / "killed.tracker.json"
    result = subprocess.run(
        [sys.executable, "-c", CRASH, str(folder), str(saved)],
        capture_output=True,
        text=True,
        timeout=120,
        env=os.environ.copy(),
    )
    assert result.returncode == 1, result.stderr

    namespace: dict[str, Any] = {}
    exec(SCENARIO, namespace)
    expected = Session.new("Killed mid-War", "war_scroll")
    namespace["play"](expected)

    info = pending_journal(folder)
    assert info is not None
    assert info.name == "Killed mid-War"
    assert info.ruleset_id == "war_scroll"
    assert info.events == 19  # 16 applies and 3 undos, 2 redos: see SCENARIO
    assert info.saved_path == saved
    assert info.problem is None

    recovered, saved_path = recover(folder)
    assert saved_path == saved
    assert view(recovered) == view(expected)
    assert recovered.can_redo and recovered.redo_text == expected.redo_text != ""
    assert walk_history(recovered) == walk_history(expected)


# --- resuming after recovery -------------------------------------------------------------
def test_resume_keeps_the_whole_history_across_a_second_crash(
    add_party: Play, play_into_war: Play, folder: Path
) -> None:
    session = fresh()
    journal = Journal.begin(folder, session, encounters_dir() / "a.tracker.json")
    add_party(session)
    play_into_war(session)
    session.undo()
    journal.detach()
    with (folder / "events.jsonl").open("ab") as handle:
        handle.write(b'{"op":"re')  # torn by the first crash

    recovered, _ = recover(folder)
    journal = Journal.resume(folder, recovered)
    assert journal.saved_path == encounters_dir() / "a.tracker.json"
    for target in (session, recovered):
        target.apply(RulesetAction("spend_ap", None, {"amount": 2}))
        target.apply(EndTurn())
        target.undo()
    journal.detach()  # second crash

    again, saved_path = recover(folder)
    assert saved_path == encounters_dir() / "a.tracker.json"
    assert view(again) == view(session)
    assert walk_history(again) == walk_history(session)


def test_resume_goes_on_from_the_last_good_line(
    make_setup_session: MakeSession, folder: Path
) -> None:
    journaled_renames(make_setup_session, folder, "Ford", "Bridge")
    path = folder / "events.jsonl"
    lines = replace_line(path, 2, b"garbage\n")
    recovered = recover_journal(folder).session
    journal = Journal.resume(folder, recovered)
    assert path.read_bytes() == b"".join(lines[:2])
    recovered.apply(RenameEncounter("Tower"))
    journal.detach()
    again = recover_journal(folder)
    assert again.complete and again.session.encounter.name == "Tower"
    again.session.undo()
    assert again.session.encounter.name == "Ford"


def test_persistence_never_imports_qt() -> None:
    code = (
        "import sys, tracker.persistence, tracker.persistence.journal, "
        "tracker.persistence.files, tracker.persistence.paths; "
        "assert not [m for m in sys.modules if m.startswith(('PySide6', 'shiboken'))]"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
