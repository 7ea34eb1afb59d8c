"""Undo records written as JSON and read back (`tracker.engine.stored`): a session given
the stored history of another (`Session.restore_history`) undoes and redoes exactly as
the original, for every installed ruleset; a record that cannot be read refuses and
changes nothing; sealed records keep only what changed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.engine.helpers import new_session
from tests.persistence.fights import playthrough, walk_alike
from tracker.engine import AddCombatant, CommandError, EndTurn, Session, StartEncounter
from tracker.engine.changes import Record
from tracker.engine.registry import available_rulesets
from tracker.engine.session import Applied
from tracker.engine.state import Encounter
from tracker.engine.stored import StoredRecord, record_data


def stored_copy(session: Session, data: Any = None) -> Session:
    """A new session on a copy of the encounter, with the history of `session` written as
    JSON and read back (or `data` for every record, if given)."""
    types = session.ruleset.state_types
    copy = Session(Encounter.from_dict(session.encounter.to_dict(), types))

    def stored(applied: Applied) -> Applied:
        assert isinstance(applied.record, Record)
        text = json.dumps(record_data(applied.record) if data is None else data)
        record = StoredRecord(lambda: json.loads(text), copy.encounter, types)
        return Applied(applied.command, applied.text, record)

    copy.restore_history(
        [stored(applied) for applied in session.history],
        [stored(applied) for applied in session.undone],
    )
    return copy


@pytest.mark.parametrize("ruleset_id", sorted(available_rulesets()))
def test_a_stored_history_undoes_and_redoes_as_the_original(ruleset_id: str, tmp_path: Path):
    for seed in range(3):
        session, _ = playthrough(ruleset_id, 20 + seed, tmp_path / f"j{seed}", steps=90)
        walk_alike(session, stored_copy(session))


def test_a_record_that_cannot_be_read_refuses_and_changes_nothing():
    session = new_session()
    session.apply(AddCombatant("Aurel", "party", stats={"speed": 17, "swiftness": 9}))
    session.apply(StartEncounter())
    session.apply(EndTurn())
    copy = stored_copy(session, data={"touched": [[["combatant", "c404"], {}, {}]]})
    before = copy.encounter.to_dict()
    with pytest.raises(CommandError, match="cannot be undone or redone"):
        copy.undo()
    assert copy.encounter.to_dict() == before
    assert len(copy.history) == 3 and not copy.can_redo


def test_a_history_is_restored_only_on_a_session_without_one():
    session = new_session()
    session.apply(AddCombatant("Aurel", "party", stats={"speed": 17, "swiftness": 9}))
    with pytest.raises(CommandError):
        session.restore_history(session.history, [])


def test_a_sealed_record_keeps_only_the_fields_that_changed():
    session = new_session()
    for name in ("Aurel", "Brakk"):
        session.apply(AddCombatant(name, "party", stats={"speed": 17, "swiftness": 9}))
    session.apply(StartEncounter())
    session.apply(EndTurn())
    record = session.history[-1].record
    assert isinstance(record, Record)
    kept = {
        ("encounter" if s.target is session.encounter else s.target.id): s.fields
        for s in record.snapshots
    }
    # The clock moved on and Aurel's Turn was played: those parts of the ruleset's
    # records, nothing else of them; names, stats and options stay out.
    assert kept == {"encounter": ("clock.current",), "c1": ("runtime.played",)}
    assert all(len(s.before) == len(s.after or ()) == 1 for s in record.snapshots)


@pytest.mark.parametrize(
    ("before", "after", "reason"),
    [
        ({"runtime.nonsense": 1}, {"runtime.nonsense": 2}, "unknown entry 'nonsense'"),
        ({"runtime.played": "yes"}, {"runtime.played": "no"}, "played should be a list"),
        (  # a War Scroll of 3 Segments
            {"runtime.played": [True]},
            {"runtime.played": [False]},
            "one entry per Segment",
        ),
        ({"name.first": "A"}, {"name.first": "B"}, "not a part of the ruleset's record"),
        (
            {"runtime": None, "runtime.played": [True, False, False]},
            {"runtime": None, "runtime.played": [False, False, False]},
            "both whole and by parts",
        ),
    ],
)
def test_a_part_of_a_record_that_does_not_fit_refuses_and_changes_nothing(
    before: dict[str, Any], after: dict[str, Any], reason: str
):
    """A record written by parts is checked as one written whole: each part against its
    type, and the record it makes against the ruleset's checks."""
    session = new_session()
    for name in ("Aurel", "Brakk"):
        session.apply(AddCombatant(name, "party", stats={"speed": 17, "swiftness": 9}))
    session.apply(StartEncounter())
    session.apply(EndTurn())
    record = session.history[-1].record
    assert isinstance(record, Record)
    data = record_data(record)
    data["touched"] = [[["combatant", "c1"], before, after]]
    copy = stored_copy(session, data={**data, "log": []})
    state = copy.encounter.to_dict()
    with pytest.raises(CommandError, match="record is damaged") as refused:
        copy.undo()
    assert reason in refused.value.message
    assert copy.encounter.to_dict() == state
