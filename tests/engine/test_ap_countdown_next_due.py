"""The next due as a command settles is worked out from what the command changed (the
list was in the order of the countdown when it began): over random fights (declarations,
holds, resolutions, GM drags among ties, edits of Qu and bases, late joiners, removals,
options, undo and redo) it is always the one a look at the whole list finds; and a step
of a large fight asks the dues of a few combatants, not of every one."""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks.fights import params_at_defaults, stats_for
from tracker.engine import (
    AddCombatant,
    Command,
    EditCombatant,
    EndTurn,
    MoveCombatant,
    RemoveCombatant,
    RulesetAction,
    Session,
    SetOption,
    StartEncounter,
)
from tracker.engine.rulesets.ap_countdown import countdown, listed

STEPS = 160


def _fight(rng: random.Random, size: int, ties: str) -> Session:
    session = Session.new("Countdown", "ap_countdown", {"ties": ties})
    for number in range(size):
        stats = stats_for(session, rng)
        stats["qu"] = rng.randint(0, 2)  # few values: many ties
        session.apply(AddCombatant(f"C{number}", rng.choice(["party", "enemy"]), stats=stats))
    session.apply(StartEncounter())
    for combatant in session.encounter.combatants:  # narrow bases: many equal values
        base = rng.randint(0, 3) * 5
        session.apply(RulesetAction("set_initiative", combatant.id, {"base": base}))
    return session


def _answer(session: Session, rng: random.Random) -> Command | None:
    prompt = session.prompt()
    if prompt is None:
        return None
    answer = rng.choice(prompt.answers)
    command = answer.command
    if answer.fields and isinstance(command, RulesetAction):
        params = {**command.params, **params_at_defaults(tuple(answer.fields))}
        command = RulesetAction(command.action, command.combatant_id, params)
    return command


def _random_command(session: Session, rng: random.Random, number: int) -> Command | None:
    combatants = session.encounter.combatants
    pick = rng.random()
    if pick < 0.45:
        return _answer(session, rng) or EndTurn()
    if pick < 0.55:
        return EndTurn()
    if not combatants:
        return None
    someone = rng.choice(combatants)
    if pick < 0.65:  # the GM's drag: allowed among ties only (else refused)
        return MoveCombatant(someone.id, rng.randrange(len(combatants)))
    if pick < 0.72:
        return EditCombatant(someone.id, {"qu": rng.randint(0, 2)})
    if pick < 0.78:
        return RulesetAction("set_initiative", someone.id, {"base": rng.randint(0, 3) * 5})
    if pick < 0.83:
        return AddCombatant(f"Late {number}", "enemy", stats={"qu": rng.randint(0, 2)})
    if pick < 0.86 and len(combatants) > 2:
        return RemoveCombatant(someone.id)
    if pick < 0.89:
        name, values = rng.choice(
            [("ties", ("qu_then_gm", "simultaneous")), ("below_zero", ("allowed", "floored"))]
        )
        return SetOption(name, rng.choice(values))
    spec = rng.choice([s for s in session.ruleset.actions if s.on != "prompt"])
    target = someone.id if spec.on != "current" else None
    return RulesetAction(spec.name, target, params_at_defaults(spec.params))


@pytest.mark.parametrize("seed", range(12))
def test_the_next_due_is_the_one_the_whole_list_gives(seed, monkeypatch):
    rng = random.Random(seed)
    session = _fight(rng, rng.randint(3, 14), rng.choice(["qu_then_gm", "simultaneous"]))
    asked: list[bool] = []
    original = countdown._next_due

    def checked(tx: Any, encounter: Any, everyone: bool, moved: Any) -> Any:
        found = original(tx, encounter, everyone, moved)
        expected = countdown._first_due(encounter)
        assert found == expected, f"step {len(asked)}: {found} instead of {expected}"
        asked.append(True)
        return found

    monkeypatch.setattr(countdown, "_next_due", checked)
    for number in range(STEPS):
        if rng.random() < 0.08 and session.can_undo:
            session.undo()
            if rng.random() < 0.5:
                session.redo()
            continue
        command = _random_command(session, rng, number)
        if command is not None and session.refusal(command) is None:
            session.apply(command)
    assert len(asked) > STEPS  # refusals and applied commands settled many times


def test_a_step_of_a_large_fight_asks_few_combatants_their_due(monkeypatch):
    """An End Turn or an answer in a countdown of 300 combatants settles (the count moves
    on, the list is put in order) reading the state of those it changed and of a few
    neighbours of the count, not of all 300."""
    rng = random.Random(4)
    session = _fight(rng, 300, "qu_then_gm")
    session.apply(EndTurn())  # the Initiative phase is over: the countdown runs
    assert session.ruleset.phase(session.encounter) == "resolution"
    read: list[str] = []
    settling: list[bool] = []
    original_rt, original_settle = countdown.rt, countdown.settle

    def counted(combatant: Any) -> Any:
        if settling:
            read.append(combatant.id)
        return original_rt(combatant)

    def settle(*args: Any, **kwargs: Any) -> None:
        settling.append(True)
        try:
            original_settle(*args, **kwargs)
        finally:
            settling.pop()

    monkeypatch.setattr(countdown, "rt", counted)
    monkeypatch.setattr(countdown, "settle", settle)
    for _ in range(6):
        read.clear()
        session.apply(_answer(session, rng) or EndTurn())
        assert 0 < len(read) < 60, f"{len(read)} readings of a combatant's state"


@pytest.mark.parametrize("change", ["remove", "add"])
def test_a_combatant_coming_or_going_asks_few_combatants_their_due(change, monkeypatch):
    """A combatant removed or added during the countdown of 300 leaves the others in
    order: the next due is found around the count (and the newcomer asked), not by
    asking all 300 (a removal cost 5,000 looks at 5,000 combatants)."""
    rng = random.Random(5)
    session = _fight(rng, 300, "qu_then_gm")
    session.apply(EndTurn())  # the countdown runs
    asked: list[str] = []
    settling: list[bool] = []
    original_settle = countdown.settle

    def counted(module: Any) -> None:
        original = module.due_of

        def due_of(now: Any, floors: bool, combatant: Any) -> Any:
            if settling:
                asked.append(combatant.id)
            return original(now, floors, combatant)

        monkeypatch.setattr(module, "due_of", due_of)

    def settle(*args: Any, **kwargs: Any) -> None:
        settling.append(True)
        try:
            original_settle(*args, **kwargs)
        finally:
            settling.pop()

    counted(countdown)
    counted(listed)
    monkeypatch.setattr(countdown, "settle", settle)
    combatants = session.encounter.combatants
    for number in range(4):
        asked.clear()
        if change == "remove":
            session.apply(RemoveCombatant(combatants[rng.randrange(len(combatants))].id))
        else:
            session.apply(AddCombatant(f"Late {number}", "enemy", stats={"qu": 1}))
        assert 0 < len(asked) < 60, f"{len(asked)} dues asked"
        assert session.ruleset.phase(session.encounter) == "resolution"
