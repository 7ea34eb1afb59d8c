"""A ruleset that reads its legal actions off its rules (`Ruleset.legal_actions`
overridden) says exactly what trying every action says (`tried_legal_actions`, the
default): both are asked over random states of random playthroughs of each ruleset."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from tracker.engine import (
    AddCombatant,
    AddEffect,
    ChangeHealth,
    Command,
    CommandError,
    EndTurn,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.engine.legal import end_turn_refusal, tried_legal_actions
from tracker.engine.registry import available_rulesets
from tracker.engine.ruleset import AnyRuleset, LegalAction
from tracker.engine.state import SIDES, Encounter

PLAYTHROUGHS = 12
STEPS = 60


def _key(legal: LegalAction) -> tuple[Any, ...]:
    return (legal.action, legal.combatant_id, repr(sorted(legal.params.items())), legal.choices)


def _a_value(field: Any, rng: random.Random) -> Any:
    if field.kind == "int":
        low = field.minimum if field.minimum is not None else 0
        high = field.maximum if field.maximum is not None else low + 20
        return rng.choice([low, low + 1, rng.randint(low, min(high, low + 12)), high])
    if field.kind == "bool":
        return rng.random() < 0.5
    if field.kind == "choice":
        return rng.choice(field.choices)
    return rng.choice(["", "Fire", "x"])


def _stats(ruleset: AnyRuleset, rng: random.Random) -> dict[str, Any]:
    """Some stats (not the text ones, which have their own syntax)."""
    fields = [f for f in ruleset.stat_fields if f.kind != "text" and rng.random() < 0.5]
    return {f.name: _a_value(f, rng) for f in fields}


def _a_step(session: Session, rng: random.Random, ruleset: AnyRuleset) -> Command:
    """An answer to the prompt, a legal action (sometimes with other values), End Turn, a
    new combatant or effect, some harm, or any action on anyone."""
    prompt = session.prompt()
    if prompt is not None and rng.random() < 0.8:
        answer = rng.choice(prompt.answers)
        command = answer.command
        if answer.fields and isinstance(command, RulesetAction):
            values = {f.name: _a_value(f, rng) for f in answer.fields}
            command = RulesetAction(command.action, command.combatant_id, command.params | values)
        return command
    roll = rng.random()
    ids = [c.id for c in session.encounter.combatants]
    if roll < 0.45:
        legal = tried_legal_actions(ruleset, session.encounter)
        if legal:
            chosen = rng.choice(legal)
            params = rng.choice(chosen.variants())
            if rng.random() < 0.3:
                spec = ruleset.action_spec(chosen.action)
                fields = [f for f in spec.params if f.kind != "text"]
                params = params | {f.name: _a_value(f, rng) for f in fields}
            return RulesetAction(chosen.action, chosen.combatant_id, params)
    if roll < 0.7:
        return EndTurn() if session.current_turn() is not None else StartEncounter()
    if roll < 0.75:
        return AddCombatant(f"Late {len(ids)}", rng.choice(SIDES), stats=_stats(ruleset, rng))
    if roll < 0.8 and ids:
        duration = {f.name: _a_value(f, rng) for f in ruleset.duration_fields}
        return AddEffect("Song", rng.choice(ids), rng.choice(ids), duration)
    if roll < 0.85 and ids:
        return ChangeHealth((rng.choice(ids),), rng.choice(["-1", "-3", "+2"]))
    spec = rng.choice(ruleset.actions)
    target = rng.choice([None, *ids])
    return RulesetAction(spec.name, target, {f.name: _a_value(f, rng) for f in spec.params})


def _assert_agree(
    ruleset: AnyRuleset, encounter: Encounter, rng: random.Random, where: str
) -> None:
    """The override and the default agree, for everyone and for some combatants."""
    offered = ruleset.legal_actions(encounter)
    tried = tried_legal_actions(ruleset, encounter)
    assert sorted(map(_key, offered)) == sorted(map(_key, tried)), f"{where}: {offered} != {tried}"
    ids = [c.id for c in encounter.combatants]
    some = set(rng.sample(ids, k=min(len(ids), 2)))
    offered_some = ruleset.legal_actions(encounter, some)
    tried_some = tried_legal_actions(ruleset, encounter, some)
    assert sorted(map(_key, offered_some)) == sorted(map(_key, tried_some)), where


def _assert_end_turn_agrees(session: Session, where: str) -> None:
    """End Turn's refusal tried up to its first change (the turn panel's) is the whole
    command's: every ruleset's end of a turn checks before it changes."""
    probed = end_turn_refusal(session)
    whole = session.refusal(EndTurn())
    said = [None if r is None else (r.message, r.field) for r in (probed, whole)]
    assert said[0] == said[1], f"{where}: {said[0]} != {said[1]}"


@pytest.mark.parametrize("ruleset_id", sorted(available_rulesets()))
def test_legal_actions_agree_with_trying_every_action(ruleset_id: str) -> None:
    checked = 0
    for seed in range(PLAYTHROUGHS):
        rng = random.Random(seed)
        session = Session.new("Agree", ruleset_id, {})
        ruleset = session.ruleset
        for number in range(rng.randint(1, 5)):
            stats = _stats(ruleset, rng)
            session.apply(AddCombatant(f"Fighter {number}", rng.choice(SIDES), stats=stats))
        for step in range(STEPS):
            command = _a_step(session, rng, ruleset)
            # an action sometimes taken again and again: to its limits (a third Move)
            times = rng.choice([1, 1, 1, 4]) if isinstance(command, RulesetAction) else 1
            for _ in range(times):
                with contextlib.suppress(CommandError):
                    session.apply(command)
                _assert_agree(ruleset, session.encounter, rng, f"{ruleset_id}, {seed}, {step}")
                _assert_end_turn_agrees(session, f"{ruleset_id}, {seed}, {step}")
            checked += 1
    assert checked == PLAYTHROUGHS * STEPS
