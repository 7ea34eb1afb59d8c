"""Journals changed by something that knows the format (lines dropped, swapped or edited,
their numbers and checksums made anew), and journals the disk left short: replay checks
each line against the state it applies to and stops at the first that does not fit, so
recovery reaches only encounters the fight reached and undo never breaks (two
independent changes swapped fit in either order: the state is the fight's, the way
back through them is not); resuming
rewrites nothing without a copy, and a whole last line that lost only its newline is
used."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.damage.sweep_journal import Fight, _encode, _key, _older
from tracker.engine.errors import CommandError
from tracker.engine.registry import available_rulesets
from tracker.persistence.journal import Journal
from tracker.persistence.recovery import pending_journal, recover_journal
from tracker.persistence.resuming import resume_journal

RULESETS = sorted(available_rulesets())


def _write(folder: Path, fight: Fight, events: bytes) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "base.json").write_bytes(fight.base)
    (folder / "events.jsonl").write_bytes(events)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_renumbered_drops_and_swaps_reach_only_states_the_fight_reached(
    ruleset_id: str, tmp_path: Path
) -> None:
    fight = Fight(ruleset_id, 1, tmp_path / "fight")
    folder = tmp_path / "journal"
    places = range(1, len(fight.records) - 1)
    for at in sorted(random.Random(ruleset_id).sample(places, min(16, len(places)))):
        for kind in ("drop", "swap"):
            records = list(fight.records)
            if kind == "drop":
                del records[at]
            else:
                records[at], records[at + 1] = records[at + 1], records[at]
            _write(folder, fight, _encode(fight, records))
            session = recover_journal(folder).session
            what = f"{kind} of line {at}"
            assert _key(session.encounter.to_dict()) in fight.encounters, what
            while session.can_undo:  # a record that does not fit is refused, never half done
                try:
                    session.undo()
                except CommandError:
                    break


def test_a_dropped_first_change_stops_replay_at_the_base(tmp_path: Path) -> None:
    """The first change gone, the second (adding the next combatant) no longer fits: the
    app used to replay on and then fail in the ruleset's status, at every start."""
    fight = Fight("war_scroll", 2, tmp_path / "fight")
    folder = tmp_path / "journal"
    _write(folder, fight, _encode(fight, [fight.records[0], *fight.records[2:]]))
    resumed = resume_journal(folder)
    assert resumed.session is not None and resumed.message is not None
    assert "Line 2: the change could not be replayed" in resumed.message
    assert resumed.session.encounter.to_dict() == json.loads(fight.base)["encounter"]
    assert resumed.folder is not None  # the journal as it was, copied first
    assert (resumed.folder / "events.jsonl").read_bytes() == (
        _encode(fight, [fight.records[0], *fight.records[2:]])
    )


def test_an_edited_value_is_not_replayed(tmp_path: Path) -> None:
    """A value after the change edited: the line's command does not make it."""
    fight = Fight("war_scroll", 0, tmp_path / "fight")
    folder = tmp_path / "journal"
    last = max(i for i, r in enumerate(fight.records) if r["op"] == "apply")
    records = json.loads(json.dumps(fight.records))
    records[last]["text"] += " (edited)"
    _write(folder, fight, _encode(fight, records))
    recovery = recover_journal(folder)
    assert recovery.failed_at == last + 1  # reported where it is
    assert recovery.lines <= last  # back to the last checkpoint before it, or the base
    assert _key(recovery.session.encounter.to_dict()) in fight.encounters


def test_a_whole_last_line_without_its_newline_is_used(tmp_path: Path) -> None:
    fight = Fight("priority", 0, tmp_path / "fight")
    folder = tmp_path / "journal"
    _write(folder, fight, fight.events[:-1])
    assert pending_journal(folder) is not None
    recovery = recover_journal(folder)
    assert recovery.complete and recovery.lines == len(fight.records)
    assert _key(recovery.session.encounter.to_dict()) == _key(json.loads(fight.last)[0])
    journal = Journal.resume(folder, recovery.session)
    journal.detach()
    assert (folder / "events.jsonl").read_bytes() == fight.events  # the newline added
    assert sorted(p.name for p in folder.iterdir()) == ["base.json", "events.jsonl"]


@pytest.mark.parametrize(
    ("label", "damage"),
    [
        ("cut", lambda fight: fight.events[:-7]),  # a torn last line
        ("older-format", lambda fight: _older(fight.records)),  # rewritten numbered
    ],
)
def test_resuming_rewrites_the_events_file_only_after_keeping_a_copy(
    tmp_path: Path, label: str, damage
) -> None:
    fight = Fight("stamina_battle", 0, tmp_path / "fight")
    folder = tmp_path / "journal"
    events = damage(fight)
    _write(folder, fight, events)
    resumed = resume_journal(folder)
    assert resumed.session is not None and resumed.journal_on
    journal = Journal.resume(folder, resumed.session)
    journal.detach()
    copies = [p for p in folder.iterdir() if p.is_dir()]
    assert [p.name.startswith(f"{label}-") for p in copies] == [True]
    assert (copies[0] / "events.jsonl").read_bytes() == events
    assert (copies[0] / "base.json").read_bytes() == fight.base
    assert (folder / "events.jsonl").read_bytes() != events  # rewritten, after the copy
