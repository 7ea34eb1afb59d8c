"""The crash-recovery journal with bad lines: a torn or zeroed tail is ignored; a bad
line, an entry that cannot be replayed or one numbered out of turn stops recovery there;
an older journal's events, a base of a ruleset not installed, and an events file that is
a pipe or a device are refused, never read."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from tests.persistence.journal_views import (
    MakeSession,
    Play,
    fresh,
    journaled_renames,
    replace_line,
    view,
)
from tracker.engine import (
    RenameEncounter,
    Session,
)
from tracker.persistence.files import FileFormatError
from tracker.persistence.journal import Journal
from tracker.persistence.journal_lines import encode_line
from tracker.persistence.recovery import pending_journal, recover, recover_journal


def test_a_torn_last_line_is_ignored(add_party: Play, play_into_war: Play, folder: Path) -> None:
    session = fresh()
    journal = Journal.begin(folder, session)
    add_party(session)
    play_into_war(session)
    expected = view(session)
    journal.detach()
    torn = b'{"op":"apply","command":{"type":"EndTurn"'
    with (folder / "events.jsonl").open("ab") as handle:
        handle.write(torn)
    recovered, _ = recover(folder)
    assert view(recovered) == expected


def test_zero_bytes_left_by_a_power_cut_are_ignored(
    make_setup_session: MakeSession, folder: Path
) -> None:
    journaled_renames(make_setup_session, folder, "Ford")
    with (folder / "events.jsonl").open("ab") as handle:
        handle.write(b"\x00" * 64)
    assert recover(folder)[0].encounter.name == "Ford"


def test_a_bad_line_in_the_middle_stops_recovery_there(
    make_setup_session: MakeSession, folder: Path
) -> None:
    journaled_renames(make_setup_session, folder, "Ford", "Bridge", "Tower")
    path = folder / "events.jsonl"
    replace_line(path, 2, b'{"op": "apply", "comm\n')
    with pytest.raises(FileFormatError, match=r"damaged at line 3 of events\.jsonl: it has no"):
        recover(folder)
    recovery = recover_journal(folder)
    assert recovery.session.encounter.name == "Ford"  # line 2, the last good one
    assert (recovery.changes, recovery.lines, recovery.unread) == (1, 2, 2)
    assert recovery.report() == (
        "Resumed at Setting up: the War has not begun; 2 later changes could not be read. "
        "Line 3: it has no checksum, it was cut or changed."
    )
    info = pending_journal(folder)
    assert info is not None and info.problem is None
    assert (info.events, info.unread) == (1, 2)


def _append_entry(folder: Path, entry: dict[str, Any]) -> None:
    """Append a well-formed line (right number, right checksum) holding `entry`."""
    journal_id = json.loads((folder / "base.json").read_text(encoding="utf-8"))["journal_id"]
    path = folder / "events.jsonl"
    count = len(path.read_bytes().splitlines())
    with path.open("ab") as handle:
        handle.write(encode_line(journal_id, count, entry))


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ({"op": "jump"}, r"line 2 of events\.jsonl: unknown entry 'jump'"),
        ({"op": "apply"}, r"line 2 of events\.jsonl: the change it records is missing"),
        ({"op": "saved", "path": 3}, r"line 2 of events\.jsonl: the saved file's name is not"),
        ({"op": "apply", "command": {"type": "Teleport"}}, r"Unknown command type"),
        ({"op": "undo"}, r"line 2 of events\.jsonl: .*replayed \(Nothing to undo"),
        ({"op": "apply", "command": {"type": "EndTurn"}}, r"start the encounter first"),
    ],
)
def test_entries_that_cannot_be_replayed_are_damage(
    make_setup_session: MakeSession, folder: Path, entry: dict[str, Any], expected: str
) -> None:
    session = make_setup_session()
    Journal.begin(folder, session).detach()
    _append_entry(folder, entry)
    _append_entry(folder, {"op": "apply", "command": RenameEncounter("Later").to_dict()})
    with pytest.raises(FileFormatError, match=expected):
        recover(folder)
    recovery = recover_journal(folder)
    assert recovery.session.encounter.to_dict() == session.encounter.to_dict()
    assert (recovery.lines, recovery.unread) == (1, 2)


def test_a_line_numbered_out_of_turn_stops_recovery(
    make_setup_session: MakeSession, folder: Path
) -> None:
    journaled_renames(make_setup_session, folder, "Ford", "Bridge")
    path = folder / "events.jsonl"
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join([lines[0], lines[1], lines[1], lines[2]]))  # repeated
    recovery = recover_journal(folder)
    assert recovery.session.encounter.name == "Ford"
    assert recovery.unread == 2 and "numbered 1 where 2 was expected" in (recovery.problem or "")
    path.write_bytes(b"".join([lines[0], lines[2], lines[1]]))  # swapped
    assert recover_journal(folder).session.encounter.name == "Ambush at the ford"


def test_events_of_an_older_journal_are_ignored(
    make_setup_session: MakeSession, folder: Path
) -> None:
    """Stopped between writing a new base and its new events file: the old events do not
    belong to the new base and must not be replayed on it."""
    old = make_setup_session()
    journal = Journal.begin(folder, old)
    old.apply(RenameEncounter("Old encounter"))
    journal.detach()
    old_events = (folder / "events.jsonl").read_bytes()

    new = Session.new("New encounter", "war_scroll")
    Journal.begin(folder, new).detach()
    (folder / "events.jsonl").write_bytes(old_events)
    recovered, _ = recover(folder)
    assert recovered.encounter.to_dict() == new.encounter.to_dict()
    assert not recovered.can_undo


def test_a_base_of_an_uninstalled_ruleset_cannot_be_recovered(
    make_setup_session: MakeSession, folder: Path
) -> None:
    Journal.begin(folder, make_setup_session()).detach()
    base = folder / "base.json"
    document = json.loads(base.read_text(encoding="utf-8"))
    document["encounter"]["ruleset_id"] = "chrono_wheel"
    base.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(FileFormatError, match="'chrono_wheel', which is not installed"):
        recover(folder)
    info = pending_journal(folder)
    assert info is not None
    assert info.name == "Ambush at the ford" and info.ruleset_id == "chrono_wheel"
    assert info.problem is not None and "not installed" in info.problem


def test_an_events_file_that_is_a_pipe_or_a_device_is_refused_never_read(
    make_setup_session: MakeSession, folder: Path
) -> None:
    """The events file is read only as a regular file (issue 22): a named pipe in its
    place would hang start-up for ever, /dev/zero exhaust its memory. Either makes the
    journal one that cannot be resumed (start-up sets it aside and says so)."""
    from tests.damage.special_paths import PipeGuard

    journaled_renames(make_setup_session, folder, "Ford")
    events = folder / "events.jsonl"
    events.unlink()
    os.mkfifo(events)
    with PipeGuard(events) as guard:
        info = pending_journal(folder)
    assert not guard.hung
    assert (
        info is not None
        and info.problem
        == "The crash-recovery journal cannot be read: “events.jsonl” is a named pipe, "
        "not a Roundkeeper journal."
    )
    events.unlink()
    events.symlink_to("/dev/zero")
    info = pending_journal(folder)
    assert info is not None and info.problem is not None and "is a device" in info.problem
