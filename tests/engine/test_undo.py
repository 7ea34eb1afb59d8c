"""Undo and redo of a long scripted War, refused commands, and rollback of commands
that fail midway."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.helpers import current, cycle_turns, new_session, sample_session
from tracker.engine import (
    AddCombatant,
    AddEffect,
    CommandError,
    DuplicateCombatant,
    EditCombatant,
    EndEffect,
    EndTurn,
    MoveCombatant,
    RemoveCombatant,
    RenameEncounter,
    RulesetAction,
    Session,
    SetOption,
    StartEncounter,
)
from tracker.engine.rulesets.war_scroll import order as war_order
from tracker.engine.rulesets.war_scroll import turns as war_turns


class Recorder:
    """Applies commands and keeps `encounter.to_dict()` after each one."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.states: list[dict[str, Any]] = [session.encounter.to_dict()]

    def __call__(self, command) -> Any:
        changes = self.session.apply(command)
        self.states.append(self.session.encounter.to_dict())
        return changes

    def added(self, command) -> str:
        return self(command).edits_of("combatants")[0].item.id

    def effect(self, command) -> str:
        return self(command).edits_of("effects")[0].item.id

    def end_turns(self, count: int) -> None:
        for _ in range(count):
            self(EndTurn())


def stats(speed: int, swiftness: int, allegiance: str = "other") -> dict[str, Any]:
    return {"speed": speed, "swiftness": swiftness, "allegiance": allegiance}


def test_long_war_undo_and_redo_walk_through_every_recorded_state():
    session = new_session()
    run = Recorder(session)
    run(RenameEncounter("Battle at the Ford"))
    kandor = run.added(AddCombatant("Kandor", "enemy", stats=stats(11, 5, "fallen")))
    echthra = run.added(AddCombatant("Echthra", "party", stats=stats(17, 9, "holy")))
    thomas = run.added(AddCombatant("Thomas", "party", stats=stats(12, 6)))
    run.added(AddCombatant("Tirzaiel", "party", stats=stats(16, 8, "holy")))
    imp = run.added(AddCombatant("Imp", "enemy", hidden=True, stats=stats(9, 6)))
    run(MoveCombatant(imp, 2))  # ties Thomas (6, not holy): the Host puts the Imp first
    run(EditCombatant(kandor, {"swiftness": 7, "notes": "leader"}))  # re-placed: before start
    run(DuplicateCombatant(imp))
    run(SetOption("speed_change", "trim"))
    omen = run.effect(AddEffect("Omen", kandor, duration={"cycles": 1}))
    assert [c.name for c in session.encounter.combatants] == [
        "Echthra",
        "Tirzaiel",
        "Kandor",
        "Imp",
        "Thomas",
        "Imp 2",
    ]
    run(StartEncounter())
    assert current(session) == ("Echthra", "1", 7)
    run(RulesetAction("spend_ap", None, {"amount": 3}))
    # Bonus 9: Segment 1 7 → 12 (+5), 4 spill into Segment 2: 3 → 7.
    run(RulesetAction("bonus_ap", echthra, {"amount": 9, "turn": "current"}))
    bless = run.effect(AddEffect("Bless", thomas, echthra, {"cycles": 1}))
    ward = run.effect(AddEffect("Ward", kandor, duration={"cycles": 3}))
    run(RulesetAction("stand_ready"))  # 12 - 3 = 9 in reserve
    run.end_turns(2)  # Echthra 1, Tirzaiel 1
    assert current(session) == ("Kandor", "1", 7)
    run(RulesetAction("use_reserve", echthra, {"amount": 5}))
    song = run.effect(AddEffect("Hymn", echthra, thomas, {"ongoing_song": True}))
    run(RulesetAction("carry_over", None, {"amount": 3}))  # Kandor's A: 4 + 3 = 7
    run(RulesetAction("rest"))
    assert current(session) == ("Imp", "1", 7)
    # Weakened, trim 9: A base 7 → 0, Segment 2 base 3 → 1 (+ 4 bonus = 5).
    run(EditCombatant(echthra, {"speed": 8}))
    zeal = run.added(AddCombatant("Zeal", "ally", stats=stats(10, 7)))  # acts from Segment A
    # Thomas's next Turns: Segment 1 7 → 12, A 5 → 12, Cycle 2 Segment 1 7 → 9.
    run(RulesetAction("bonus_ap", thomas, {"amount": 14, "turn": "next"}))
    run(SetOption("carry_target", "next_below_7"))
    run.end_turns(6)  # Imp 1, Thomas 1, Imp 2 1, Echthra 2, Tirzaiel 2, Tirzaiel A
    assert current(session) == ("Kandor", "A", 7)
    run(RulesetAction("stop_song", None, {"effect": song}))
    # Kandor A, Zeal A, Imp A, Thomas A, Imp 2 A (Omen expires with Cycle 1); Cycle 2:
    # Echthra 1 (Bless expires), Tirzaiel 1, Kandor 1, Zeal 1, Imp 1, Thomas 1 (9 AP,
    # the Hymn expires), Imp 2 1.
    run.end_turns(12)
    assert session.encounter.clock.cycle == 2
    assert current(session) == ("Tirzaiel", "2", 2)
    assert [e.id for e in session.encounter.effects] == [ward]  # Omen, Bless, Hymn expired
    assert {e["name"] for e in run.states[-1]["effects"]} == {"Ward"}
    assert {omen, bless, song}.isdisjoint(e["id"] for e in run.states[-1]["effects"])
    run(RemoveCombatant(imp))
    run(EditCombatant(thomas, {"speed": 20}))  # 7 (played), A 7, 2: 6 still to come
    run(EndEffect(ward))
    run.end_turns(14)  # 8 to end Cycle 2, 6 of Cycle 3
    assert session.encounter.clock.cycle == 3
    assert current(session) == ("Tirzaiel", "2", 2)
    run(RemoveCombatant(zeal))
    run.end_turns(3)  # Tirzaiel 2, Thomas 2, Echthra A
    assert current(session) == ("Tirzaiel", "A", 7)
    kinds = {entry.kind for entry in session.encounter.log}
    assert kinds == {"start", "turn", "change", "action", "expiry"}
    assert len(session.history) == len(run.states) - 1

    for state in reversed(run.states[:-1]):
        session.undo()
        assert session.encounter.to_dict() == state
    assert not session.can_undo
    assert session.encounter.to_dict() == new_session().encounter.to_dict()
    for state in run.states[1:]:
        session.redo()
        assert session.encounter.to_dict() == state
    assert not session.can_redo


def test_refused_command_changes_nothing_and_is_not_recorded():
    session, ids = sample_session()
    session.apply(StartEncounter())
    session.apply(AddEffect("Bless", ids["Kandor"], duration={"cycles": 1}))
    before = session.encounter.to_dict()
    history = len(session.history)
    refused = [
        AddCombatant("", stats={"speed": 7}),
        AddCombatant("X", stats={"speed": 61}),
        AddCombatant("X", stats={"speed": 7, "luck": 3}),
        AddCombatant("X", side="villain"),
        EditCombatant(ids["Thomas"], {"speed": -1}),
        EditCombatant(ids["Thomas"], {"speed": 12}),  # nothing to change
        EditCombatant("c99", {"speed": 3}),
        RemoveCombatant("c99"),
        DuplicateCombatant("c99"),
        MoveCombatant(ids["Kandor"], 0),
        StartEncounter(),
        SetOption("speed_change", "redeal"),  # already so
        SetOption("speed_change", "maybe"),
        SetOption("no_option", "x"),
        RulesetAction("spend_ap", None, {"amount": 8}),
        RulesetAction("bonus_ap", ids["Kandor"], {"amount": 1, "turn": "current"}),
        RulesetAction("carry_over", None, {"amount": 5}),
        RulesetAction("use_reserve", ids["Echthra"], {"amount": 1}),
        RulesetAction("stop_song", None, {"effect": "e5"}),  # not a song
        AddEffect("Bless", "c99", duration={"cycles": 1}),
        EndEffect("e99"),
        RenameEncounter("   "),
    ]
    for command in refused:
        with pytest.raises(CommandError):
            session.apply(command)
        assert session.encounter.to_dict() == before, command
        assert len(session.history) == history, command
    assert current(session) == ("Echthra", "1", 7)


def test_undo_and_redo_on_empty_stacks_are_refused():
    session = new_session()
    with pytest.raises(CommandError):
        session.undo()
    with pytest.raises(CommandError):
        session.redo()


def test_a_new_command_after_undo_clears_redo():
    session, _ = sample_session()
    session.apply(StartEncounter())
    session.apply(EndTurn())
    session.undo()
    assert session.can_redo
    session.apply(RulesetAction("spend_ap", None, {"amount": 1}))
    assert not session.can_redo


# --- rollback ----------------------------------------------------------------------------
class BoomError(Exception):
    pass


def test_end_turn_failing_midway_rolls_back_everything(monkeypatch):
    session, ids = sample_session()
    session.apply(StartEncounter())
    session.apply(AddEffect("Bless", ids["Kandor"], duration={"cycles": 1}))
    for _ in range(10):
        session.apply(EndTurn())
    # Echthra's Segment 1 Turn of Cycle 2: ending it marks it played, expires Bless and
    # logs; then the next Turn would begin — make that fail.
    before = session.encounter.to_dict()
    history = len(session.history)

    def fail(tx, encounter):
        raise BoomError

    monkeypatch.setattr(war_turns, "advance", fail)
    with pytest.raises(BoomError):
        session.apply(EndTurn())
    monkeypatch.undo()
    assert session.encounter.to_dict() == before
    assert len(session.history) == history
    assert [e.name for e in session.encounter.effects] == ["Bless"]
    changes = session.apply(EndTurn())
    assert [e.name for e in changes.expired] == ["Bless"]
    assert current(session) == ("Tirzaiel", "1", 7)


def test_add_combatant_failing_midway_rolls_back_everything(monkeypatch):
    session, _ = sample_session()
    session.apply(StartEncounter())
    before = session.encounter.to_dict()

    def fail(tx, encounter, combatant):
        raise BoomError

    # Inserted, id drawn, runtime dealt and missed Turns marked: then the columns fail.
    monkeypatch.setattr(war_order, "columns_after_join", fail)
    with pytest.raises(BoomError):
        session.apply(AddCombatant("Seraph", stats={"speed": 30, "swiftness": 3}))
    monkeypatch.undo()
    assert session.encounter.to_dict() == before
    assert cycle_turns(session)[0] == ("Echthra", "1", 7)


def test_speed_change_failing_midway_rolls_back_everything(monkeypatch):
    session, ids = sample_session()
    session.apply(StartEncounter())
    session.apply(EndTurn())
    before = session.encounter.to_dict()

    def fail(tx, encounter, **kwargs):
        raise BoomError

    # Name and Speed changed, Turns re-dealt and logged: then the columns fail.
    monkeypatch.setattr(war_order, "update_columns", fail)
    with pytest.raises(BoomError):
        session.apply(EditCombatant(ids["Echthra"], {"speed": 8, "name": "Weak Echthra"}))
    monkeypatch.undo()
    assert session.encounter.to_dict() == before
