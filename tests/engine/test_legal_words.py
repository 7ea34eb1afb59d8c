"""The rules never read the GM's words to allow or refuse: a change of a combatant's
name or notes, or of an effect's notes, leaves the legal actions as they were
(`allows_as_before` says so of its record, and the turn panel tries nothing again)."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from tracker.engine import (
    AddCombatant,
    AddEffect,
    CommandError,
    EditCombatant,
    EditEffect,
    EndTurn,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.engine.legal import allows_as_before
from tracker.engine.registry import available_rulesets
from tracker.engine.ruleset import LegalAction

STEPS = 40


def _key(legal: LegalAction) -> tuple[Any, ...]:
    return (legal.action, legal.combatant_id, repr(sorted(legal.params.items())), legal.choices)


def _legal(session: Session) -> list[tuple[Any, ...]]:
    return sorted(map(_key, session.ruleset.legal_actions(session.encounter)))


def _last_record(session: Session) -> object:
    return session.history[-1].record


def _play_a_step(session: Session, rng: random.Random) -> None:
    legal = session.ruleset.legal_actions(session.encounter)
    roll = rng.random()
    if legal and roll < 0.5:
        chosen = rng.choice(legal)
        command: Any = RulesetAction(chosen.action, chosen.combatant_id, chosen.params)
    elif roll < 0.85:
        command = EndTurn() if session.current_turn() is not None else StartEncounter()
    else:
        carrier = rng.choice(session.encounter.combatants).id
        command = AddEffect("Song", carrier, carrier, notes="sung")
    with contextlib.suppress(CommandError):
        session.apply(command)


def _words_changed(session: Session, rng: random.Random, step: int) -> None:
    """Rename someone, note something on someone, on an effect."""
    combatant = rng.choice(session.encounter.combatants)
    session.apply(EditCombatant(combatant.id, {"name": f"Renamed {step}"}))
    session.apply(EditCombatant(combatant.id, {"notes": f"Note {step}"}))
    if session.encounter.effects:
        effect = rng.choice(session.encounter.effects)
        session.apply(EditEffect(effect.id, {"notes": f"Note {step}"}))


@pytest.mark.parametrize("ruleset_id", sorted(available_rulesets()))
def test_names_and_notes_leave_the_legal_actions_as_they_were(ruleset_id: str) -> None:
    rng = random.Random(ruleset_id)
    session = Session.new("Words", ruleset_id, {})
    for number in range(4):
        session.apply(AddCombatant(f"Fighter {number}", rng.choice(["party", "enemy"])))
    kept = 0
    for step in range(STEPS):
        _play_a_step(session, rng)
        before = _legal(session)
        done = len(session.history)
        _words_changed(session, rng, step)
        records = [entry.record for entry in session.history[done:]]
        if all(allows_as_before(record) for record in records):
            kept += 1
            assert _legal(session) == before, f"{ruleset_id}, step {step}"
    assert kept > STEPS // 2  # most renames move nobody in the order


def test_a_change_of_anything_else_may_alter_what_is_allowed() -> None:
    session = Session.new("Words", "war_scroll", {})
    session.apply(AddCombatant("Ana", "party"))
    assert not allows_as_before(_last_record(session))  # a combatant added
    ana = session.encounter.combatants[0]
    session.apply(EditCombatant(ana.id, {"name": "Anna"}))
    assert allows_as_before(_last_record(session))
    session.apply(EditCombatant(ana.id, {"name": "Anne", "hidden": True}))
    assert not allows_as_before(_last_record(session))
    session.apply(EditCombatant(ana.id, {"side": "enemy"}))
    assert not allows_as_before(_last_record(session))
    session.apply(AddEffect("Song", ana.id, ana.id))
    effect = session.encounter.effects[0]
    session.apply(EditEffect(effect.id, {"notes": "loud"}))
    assert allows_as_before(_last_record(session))
    session.apply(EditEffect(effect.id, {"name": "Prone"}))  # a condition, known by name
    assert not allows_as_before(_last_record(session))
    assert not allows_as_before(None)
