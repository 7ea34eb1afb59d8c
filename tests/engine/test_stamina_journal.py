"""Issue 8, item 8 (engine side): every step undoes, and the journal survives a kill:
a battle replayed from the crash journal is the same battle, undo history included."""

from __future__ import annotations

from pathlib import Path

from tests.engine.stamina_helpers import act, battle
from tracker.engine import EndTurn
from tracker.persistence.files import load_encounter, save_encounter
from tracker.persistence.journal import Journal
from tracker.persistence.recovery import recover


def _fight(session) -> list[dict]:
    """A round and a half of steps; the state after each."""
    states = [session.encounter.to_dict()]

    def step(run) -> None:
        run()
        states.append(session.encounter.to_dict())

    step(lambda: act(session, "attack", weapon="two-handed"))
    step(lambda: act(session, "guard", stat="strength", roll=3))
    step(lambda: act(session, "react", "Grub", reaction="parry"))
    step(lambda: session.apply(EndTurn()))
    step(lambda: act(session, "spell", name="Fireball", cost=9))
    step(lambda: act(session, "damage", "Grub", amount=25, hit="normal", extra=0, reduction=0))
    step(lambda: session.apply(EndTurn()))
    step(lambda: act(session, "react", "Orc", reaction="warrior's prowess"))
    step(lambda: session.apply(EndTurn()))
    step(lambda: session.apply(EndTurn()))
    step(lambda: act(session, "move"))
    return states


def test_every_step_undoes_to_the_state_before_and_redoes():
    session, _ = battle()
    states = _fight(session)
    for expected in reversed(states[:-1]):
        session.undo()
        assert session.encounter.to_dict() == expected
    for expected in states[1:]:
        session.redo()
        assert session.encounter.to_dict() == expected


def test_the_journal_survives_a_kill(tmp_path: Path):
    session, _ = battle()
    journal = Journal.begin(tmp_path / "journal", session, None)  # over the set-up battle
    base = len(session.history)
    _fight(session)
    session.undo()  # an undone step is part of the history too
    end = session.encounter.to_dict()
    journal.detach()  # the app is killed: nothing more is written
    recovered, _path = recover(tmp_path / "journal")
    assert recovered.encounter.to_dict() == end
    assert [a.text for a in recovered.history] == [a.text for a in session.history[base:]]
    recovered.redo()
    session.redo()
    assert recovered.encounter.to_dict() == session.encounter.to_dict()


def test_a_saved_battle_reads_back_equal(tmp_path: Path):
    session, _ = battle()
    _fight(session)
    path = tmp_path / "battle.tracker.json"
    save_encounter(session.encounter, path)
    assert load_encounter(path).to_dict() == session.encounter.to_dict()
