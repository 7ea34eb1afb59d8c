"""State: refused commands change nothing; a played round undoes and redoes exactly, saves
and loads, survives the crash journal; a damaged AP countdown state in a file is
refused; the views' queries never raise and never change anything; every prompt's
answers are accepted as offered."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.engine.test_ap_countdown_helpers import (
    add,
    cid,
    effect,
    enter,
    fight,
    new,
    refused,
    ruleset,
)
from tracker.engine import (
    AddCombatant,
    AddEffect,
    Command,
    EditCombatant,
    EndTurn,
    MoveCombatant,
    RemoveCombatant,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.persistence.files import FileFormatError, load_encounter, save_encounter
from tracker.persistence.journal import Journal
from tracker.persistence.recovery import recover


def _steps(session: Session) -> list[Callable[[], Command]]:
    """A round and a half of play, as commands built against the state they meet."""

    def action(kind: str, who: str | None = None, /, **params: Any) -> Callable[[], Command]:
        return lambda: RulesetAction(kind, cid(session, who) if who else None, params)

    def on(who: str, **duration: Any) -> Callable[[], Command]:
        return lambda: AddEffect(f"{duration['kind']} on {who}", cid(session, who), None, duration)

    return [
        lambda: AddCombatant("Hauser", "party", stats={"qu": 1, "hits": 50}),
        lambda: AddCombatant("Orc", "enemy", stats={"qu": 3, "penalty": -20}),
        lambda: AddCombatant("Shade", "enemy", True, "Lurks", {"qu": 3}),
        StartEncounter,
        action("roll_initiative", "Hauser", roll=14),
        action("roll_initiative", "Orc", roll=9),  # 9 + 3 − 2 = 10
        action("set_initiative", "Shade", base=10),
        action("parry", "Hauser", amount=20, against="Orc"),
        action("pace", "Orc", penalty=-10),
        lambda: MoveCombatant(cid(session, "Shade"), 1),  # Orc and Shade tie (Qu 3 each)
        EndTurn,
        action("declare", action="melee attack", ap=3),  # Hauser 35 → 20
        on("Hauser", kind="bleeding", hits=2),
        action("declare", action="reload"),  # Shade at 30 (dragged first)
        action("instant", "Orc", name="Shout", note="Charge!"),
        action("declare_free", name="Charge", ap=2),  # Orc 30 → 20
        on("Orc", kind="stunned", rounds=1),
        on("Orc", kind="environmental"),
        action("resolve", note="hit, 12"),  # the Orc at 20 (Qu 3 before Hauser's 1)
        action("hold"),  # the Orc: 2 AP → 1, asked again at 15
        EndTurn,  # Hauser resolves his attack at 20
        EndTurn,  # Hauser is done (his last AP unused)
        lambda: AddCombatant("Wolf", "enemy", stats={"qu": 2}),  # joins next round
        lambda: EditCombatant(cid(session, "Orc"), {"qu": 4}),
        EndTurn,  # the Orc is done at 15: Upkeep
        EndTurn,  # Upkeep applied → round 2
        action("set_initiative", "Wolf", base=12),
        EndTurn,  # the countdown; Shade's reload: 2 more AP, resolves at 20
        action("done"),  # Hauser at 35
        lambda: RemoveCombatant(cid(session, "Hauser")),
        EndTurn,
    ]


def played() -> tuple[Session, list[dict[str, Any]]]:
    session = new()
    states = [session.encounter.to_dict()]
    for step in _steps(session):
        session.apply(step())
        states.append(session.encounter.to_dict())
    return session, states


def ask_everything(session: Session) -> None:
    """Every query a view makes; none may raise or change anything."""
    encounter = session.encounter
    before = encounter.to_dict()
    rules = ruleset(session)
    turn = session.current_turn()
    upcoming = session.upcoming_turns(30)
    assert turn is None or upcoming[0] == turn
    assert len({t.key for t in upcoming}) == len(upcoming)
    session.prompt()
    session.status()
    rules.clock_label(encounter)
    rules.count(encounter)
    rules.phase(encounter)
    rules.due_now(encounter)
    rules.track(encounter)
    for combatant in encounter.combatants:
        rules.summary(encounter, combatant)
        rules.markers(encounter, combatant)
        rules.meters(encounter, combatant)
        rules.value_of(encounter, combatant)
        rules.under_way(encounter, combatant)
        rules.progress_of(encounter, combatant)
        rules.penalty_of(encounter, combatant)
    for item in encounter.effects:
        session.remaining(item.id)
        session.ends_soon(item.id)
        rules.remaining_unnamed(encounter, item)
    assert encounter.to_dict() == before


def test_undo_all_and_redo_all_walk_back_and_forth_exactly():
    session, states = played()
    for state in reversed(states[:-1]):
        session.undo()
        assert session.encounter.to_dict() == state
        ask_everything(session)
    for state in states[1:]:
        session.redo()
        assert session.encounter.to_dict() == state


def test_save_and_load_give_back_the_same_encounter(tmp_path: Path):
    session = new()
    for number, step in enumerate(_steps(session)):
        session.apply(step())
        path = tmp_path / f"step{number}.json"
        save_encounter(session.encounter, path)
        assert load_encounter(path).to_dict() == session.encounter.to_dict()


def test_the_crash_journal_replays_the_fight(tmp_path: Path):
    session = new()
    journal = Journal.begin(tmp_path / "journal", session, None)
    for step in _steps(session):
        session.apply(step())
    session.undo()
    journal.detach()
    recovered, saved = recover(tmp_path / "journal")
    assert saved is None
    assert recovered.encounter.to_dict() == session.encounter.to_dict()
    assert [a.text for a in recovered.history] == [a.text for a in session.history]


def test_queries_answer_on_every_state_of_a_fight():
    session = new()
    ask_everything(session)
    for step in _steps(session):
        session.apply(step())
        ask_everything(session)


def test_every_answer_a_prompt_offers_is_accepted():
    session = new()
    for step in _steps(session):
        session.apply(step())
        found = session.prompt()
        if found is None:
            continue
        for offered in found.answers:
            command = offered.command
            if offered.fields:
                assert isinstance(command, RulesetAction)
                values = {f.name: "x" if f.kind == "text" else f.default for f in offered.fields}
                command = dataclasses.replace(command, params={**command.params, **values})
            assert session.refusal(command) is None, (found.key, offered.label)


# --- refusals ---------------------------------------------------------------------------
def test_refused_commands_change_nothing():
    session = new()
    add(session, "Hauser", 1)
    refused(session, EndTurn())  # not started
    refused(session, RulesetAction("parry", cid(session, "Hauser"), {"amount": 5, "against": "x"}))
    session.apply(StartEncounter())
    refused(session, EndTurn())  # no base yet
    refused(session, RulesetAction("begin_countdown"))
    refused(session, RulesetAction("declare", None, {"action": "dodge"}))
    refused(session, RulesetAction("apply_upkeep"))
    refused(session, RulesetAction("parry", cid(session, "Hauser"), {"amount": 5}))  # whom?
    refused(session, RulesetAction("roll_initiative", None, {"roll": 12}))  # whose?
    refused(session, RulesetAction("roll_initiative", "c999", {"roll": 12}))
    refused(session, RulesetAction("pace", cid(session, "Hauser"), {"penalty": 5}))
    refused(session, RulesetAction("fly", cid(session, "Hauser")))
    enter(session, "Hauser", 15)
    session.apply(EndTurn())
    refused(session, RulesetAction("set_initiative", cid(session, "Hauser"), {"base": 3}))
    refused(session, RulesetAction("declare_free", None, {"name": "  ", "ap": 1}))
    refused(session, RulesetAction("declare_free", None, {"name": "Jump", "ap": 100}))
    refused(session, RulesetAction("resolve", None, {"note": ""}))
    refused(session, RulesetAction("abandon", cid(session, "Hauser")))
    refused(session, AddEffect("Stun", cid(session, "Hauser"), None, {"kind": "frozen"}))
    refused(session, AddEffect("Stun", cid(session, "Hauser"), None, {"rounds": 0}))


def test_a_drag_past_a_different_value_is_refused():
    session = fight([("Hauser", 15, 1), ("Orc", 10, 0)])
    error = refused(session, MoveCombatant(cid(session, "Orc"), 0))
    assert "Orc cannot pass Hauser" in error.message


# --- damaged files ------------------------------------------------------------------------
def _damage(data: dict[str, Any], how: str) -> None:
    encounter = data["encounter"]
    runtime = encounter["combatants"][0]["runtime"]
    if how == "ap":
        runtime["ap"] = 7
    elif how == "phase":
        encounter["clock"]["phase"] = "intermission"
    elif how == "count outside the countdown":
        encounter["clock"]["phase"] = "upkeep"
    elif how == "unknown entry":
        runtime["speed"] = 3
    elif how == "pace":
        runtime["pace"] = 10
    elif how == "portion":
        runtime["action"]["portion"] = 9
    elif how == "declared":
        runtime["action"]["declared"]["needed"] = "three"
    elif how == "anchor":
        encounter["effects"][0]["anchor"]["spent"] = 9
    elif how == "kind":
        encounter["effects"][0]["anchor"]["kind"] = "cursed"
    elif how == "instants":
        runtime["instants"]["used"]["instantaneous"] = -1
    elif how == "clock":
        encounter["clock"] = []


@pytest.mark.parametrize(
    "how",
    [
        "ap",
        "phase",
        "count outside the countdown",
        "unknown entry",
        "pace",
        "portion",
        "declared",
        "anchor",
        "kind",
        "instants",
        "clock",
    ],
)
def test_a_damaged_state_in_a_file_is_refused(tmp_path: Path, how: str):
    session = fight([("Hauser", 15, 1), ("Orc", 10, 0)])
    session.apply(RulesetAction("declare", None, {"action": "melee attack", "ap": 3}))
    effect(session, "Daze", "Hauser", kind="dazed", rounds=2)
    path = tmp_path / "fight.json"
    save_encounter(session.encounter, path)
    assert load_encounter(path).to_dict() == session.encounter.to_dict()
    data = json.loads(path.read_text(encoding="utf-8"))
    hauser = next(c for c in data["encounter"]["combatants"] if c["name"] == "Hauser")
    data["encounter"]["combatants"].remove(hauser)
    data["encounter"]["combatants"].insert(0, hauser)
    _damage(data, how)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileFormatError) as caught:
        load_encounter(path)
    assert "is damaged" in caught.value.message
