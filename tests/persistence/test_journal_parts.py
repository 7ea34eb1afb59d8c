"""Undo records in the journal keep, of a ruleset's record (a combatant's state, the
clock, an effect's anchor), only the parts a change changed (``"runtime.acted"``), not
the record whole before and after (issue 26, point 4: a round's end in Initiative Ticks
wrote every combatant's state twice, 41 KB a line). Journals written before, holding
records whole, still resume to the same state and history, and go on in the new form."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

import tracker.engine.changes
from tests.persistence.fights import (
    _stats,
    _with_defaults,
    play_on_alike,
    playthrough,
    view,
    walk_alike,
)
from tracker.engine import AddCombatant, EndTurn, Session, StartEncounter
from tracker.engine.commands import Command
from tracker.engine.registry import available_rulesets
from tracker.persistence.journal import Journal
from tracker.persistence.journal_lines import parse_record
from tracker.persistence.recovery import read_journal, recover_journal

RECORDS = ("runtime", "clock", "anchor")
OLD_JOURNALS = Path(__file__).parent / "old_journals"


def apply_records(folder: Path) -> list[dict[str, Any]]:
    """The undo record of every apply line of the journal in `folder`."""
    lines = read_journal(folder).lines.records
    return [parse_record(line["record"]) for line in lines if line["op"] == "apply"]


def whole_records(folder: Path) -> int:
    """How many times the journal writes a ruleset's record whole, before and after."""
    return sum(
        1
        for record in apply_records(folder)
        for _, before, after in record["touched"]
        for name in RECORDS
        if isinstance(before.get(name), dict) and isinstance(after.get(name), dict)
    )


def replayed_from_base(folder: Path) -> Session:
    """The journal's session rebuilt by running its commands, undos and redos from its
    base: what its records must give back, whatever their form."""
    contents = read_journal(folder)
    session = Session(contents.encounter())
    for line in contents.lines.records[1:]:
        if line["op"] == "apply":
            session.apply(Command.from_dict(line["command"]))
        elif line["op"] == "undo":
            session.undo()
        elif line["op"] == "redo":
            session.redo()
    return session


def seed_with_checkpoints(ruleset_id: str) -> int:
    """A seed of `playthrough` whose journal writes a checkpoint every 3 to 8 changes:
    recovery starts at one, reads the records before it and replays those after."""
    return next(
        seed
        for seed in range(100)
        if random.Random(f"{ruleset_id}-{seed}").choice([1, 2, 3, 5, 8, 13, 1000]) in (3, 5, 8)
    )


def test_the_line_ending_a_round_of_initiative_ticks_holds_what_changed(tmp_path: Path):
    session = Session.new("A round", "initiative_ticks")
    journal = Journal.begin(tmp_path, session)
    rng = random.Random(3)
    for number in range(20):
        side = "party" if number % 2 else "enemy"
        session.apply(AddCombatant(f"Fighter {number}", side, stats=_stats(session, rng)))
    session.apply(StartEncounter())
    while session.encounter.clock.round < 2:  # Join Battle, then every turn of round 1
        prompt = session.prompt()
        answer = prompt.answers[0] if prompt is not None else None
        session.apply(_with_defaults(answer.command, answer.fields) if answer else EndTurn())
    journal.detach()
    line = (tmp_path / "events.jsonl").read_bytes().splitlines()[-1]
    # Every combatant's state changed (its turn of the round is to come again): a few of
    # its parts each, not its whole state twice (17 KB for 20 combatants).
    assert len(line) < 150 * 20
    assert b'"runtime.acted":true' in line and b'"runtime":{' not in line
    assert whole_records(tmp_path) == 0


@pytest.mark.parametrize("ruleset_id", sorted(available_rulesets()))
def test_records_are_written_by_parts_and_resume_exactly(ruleset_id: str, tmp_path: Path):
    seed = seed_with_checkpoints(ruleset_id)
    session, _ = playthrough(ruleset_id, seed, tmp_path / "journal", steps=60)
    assert whole_records(tmp_path / "journal") == 0
    names = {
        name
        for record in apply_records(tmp_path / "journal")
        for _, before, _after in record["touched"]
        for name in before
    }
    assert any(name.startswith(("runtime.", "clock.")) for name in names)
    recovery = recover_journal(tmp_path / "journal")
    assert recovery.complete and recovery.start > 0
    walk_alike(session, recovery.session)


@pytest.mark.parametrize("ruleset_id", sorted(available_rulesets()))
def test_a_journal_of_whole_records_resumes_and_goes_on_by_parts(
    ruleset_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    # Keeping no record by parts writes the journal as Roundkeeper did before, byte for
    # byte (checked against one written by that version: see `old_journals`).
    folder = tmp_path / "journal"
    with monkeypatch.context() as patch:
        patch.setattr(tracker.engine.changes, "part_names", lambda kind: None)
        original, _ = playthrough(ruleset_id, seed_with_checkpoints(ruleset_id), folder, steps=60)
    assert whole_records(folder) > 0
    recovery = recover_journal(folder)
    assert recovery.complete and recovery.start > 0
    assert view(recovery.session) == view(original)
    # Journaled on: new lines by parts after the old ones, and all of it resumes.
    journal = Journal.resume(folder, recovery.session)
    play_on_alike(original, recovery.session, seed=5, steps=12)
    journal.detach()
    again = recover_journal(folder)
    assert again.complete
    walk_alike(original, again.session)


def test_a_journal_written_by_roundkeeper_0_2_resumes_to_the_same_state(tmp_path: Path):
    """`old_journals/initiative_ticks`: a fight journaled by Roundkeeper before records
    were kept by parts (`tests.persistence.fights.playthrough("initiative_ticks", 0, …,
    steps=40)`, a checkpoint every 8 changes)."""
    folder = tmp_path / "journal"
    shutil.copytree(OLD_JOURNALS / "initiative_ticks", folder)
    assert whole_records(folder) > 0 and json.loads((folder / "base.json").read_bytes())
    recovery = recover_journal(folder)
    assert recovery.complete and recovery.start > 0
    walk_alike(replayed_from_base(folder), recovery.session)
