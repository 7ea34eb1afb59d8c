"""The pieces a fast save and open are made of give what the plain ones did: JSON read
and written a piece at a time (`json_pieces`), the envelope built in slices, the
journal's base from an opened file's own data."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tracker.engine import AddCombatant, AddEffect, Session, StartEncounter
from tracker.persistence import files, json_pieces
from tracker.persistence.journal import Journal
from tracker.persistence.recovery import recover_journal

leaves = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text()
values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=30,
)


@given(values, st.integers(min_value=0, max_value=4))
def test_pieces_read_and_write_as_json_does(value, depth):
    text = json.dumps(value, ensure_ascii=False)
    assert json_pieces.dumps(value, depth, ensure_ascii=False) == text
    assert json_pieces.loads(text, depth) == json.loads(text)
    indented = json.dumps(value, indent=2)
    assert json_pieces.loads(indented, depth) == json.loads(indented)


def test_pieces_refuse_what_json_refuses():
    for bad in ['{"a": 1,}', "[1 2]", '{"a" 1}', "{1: 2}", "[1,]", '{"a": [1}', "[] x", "", "["]:
        for depth in (0, 1, 3):
            try:
                json_pieces.loads(bad, depth)
            except json.JSONDecodeError:
                continue
            raise AssertionError(f"{bad!r} read at depth {depth}")


def _fight(size: int = 30) -> Session:
    session = Session.new("Pieces", "war_scroll")
    for number in range(size):
        session.apply(AddCombatant(f"Fighter {number}", "enemy"))
    session.apply(StartEncounter())
    ids = [c.id for c in session.encounter.combatants]
    session.apply(AddEffect("Blessed", ids[0], ids[1]))
    return session


def test_the_envelope_in_slices_is_the_envelope():
    encounter = _fight().encounter
    steps = files.envelope_in_steps(encounter, per_step=7)
    slices = 0
    while True:
        try:
            next(steps)
        except StopIteration as end:
            document = end.value
            break
        slices += 1
    assert slices >= 30 // 7
    assert document["encounter"] == files.envelope(encounter)["encounter"]
    assert {k: v for k, v in document.items() if k != "saved_at"} == {
        k: v for k, v in files.envelope(encounter).items() if k != "saved_at"
    }


def test_an_opened_file_gives_its_data_to_the_journal(tmp_path: Path):
    path = tmp_path / "fight.json"
    files.save_encounter(_fight().encounter, path)
    opened = files.open_encounter(path)
    assert opened.encounter.to_dict() == files.load_encounter(path).to_dict()
    assert opened.encounter_json is not None
    assert json.loads(opened.encounter_json) == opened.encounter.to_dict()
    assert opened.stamp is not None and opened.stamp.path == path.resolve()
    session = Session(opened.encounter)
    journal = Journal.begin(
        tmp_path / "journal", session, path, encounter_json=opened.encounter_json
    )
    journal.detach()
    recovered = recover_journal(tmp_path / "journal")
    assert recovered.session.encounter.to_dict() == opened.encounter.to_dict()
    assert recovered.saved_path == path
