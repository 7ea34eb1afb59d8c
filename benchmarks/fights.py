"""Random fights for the benchmarks (and the tests that need a fight of some size):
valid random stats from a ruleset's declared fields, a started fight of any size, its
effects, and what the GM does next. No Qt: the resume benchmark measures without it."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tracker.engine import (
    AddCombatant,
    AddEffect,
    Command,
    EndTurn,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.engine.fields import Field


def stats_for(session: Session, rng: random.Random) -> dict[str, Any]:
    """Random valid stats from the ruleset's declared fields."""
    stats: dict[str, Any] = {}
    for spec in session.ruleset.stat_fields:
        if spec.kind == "int":
            low = spec.minimum if spec.minimum is not None else 0
            high = spec.maximum if spec.maximum is not None else low + 30
            stats[spec.name] = rng.randint(low, min(high, low + 40))
        elif spec.kind == "choice":
            stats[spec.name] = rng.choice(spec.choices)
    return stats


def params_at_defaults(fields: tuple[Field, ...]) -> dict[str, Any]:
    return {f.name: (f.default if f.kind != "text" else "x") for f in fields}


def next_step(session: Session) -> Command:
    """What the GM does next: answer the open prompt (its first answer the rules take,
    typed fields at their defaults), or end the turn."""
    prompt = session.prompt()
    if prompt is not None:
        for answer in prompt.answers:
            command = answer.command
            if answer.fields and isinstance(command, RulesetAction):
                params = {**command.params, **params_at_defaults(tuple(answer.fields))}
                command = RulesetAction(command.action, command.combatant_id, params)
            if session.refusal(command) is None:
                return command
    return EndTurn()


def build(ruleset_id: str, size: int, seed: int = 7) -> Session:
    """A started fight of `size` random combatants, past its set-up (a combatant acts)."""
    rng = random.Random(seed)
    session = Session.new(f"{ruleset_id} of {size}", ruleset_id)
    for number in range(size):
        side = rng.choice(["party", "enemy"])
        session.apply(AddCombatant(f"Fighter {number}", side, stats=stats_for(session, rng)))
    session.apply(StartEncounter())
    for _ in range(3 * size):  # past the set-up (bases entered, ...): a combatant acts
        turn = session.current_turn()
        if turn is not None and turn.combatant_id is not None:
            break
        session.apply(next_step(session))
    return session


def an_action(session: Session) -> Command | None:
    """The first action of the current turn the state allows, with default parameters:
    one of the turn's own, else one by the one acting aimed at another combatant (an
    attack). Initiative ticks' turn has none of its own left once it has flurried and
    delayed (each once a turn): looking at those alone found no action at all."""
    for spec in session.ruleset.actions:
        if spec.on != "current":
            continue
        command = RulesetAction(spec.name, None, params_at_defaults(spec.params))
        if session.refusal(command) is None:
            return command
    turn = session.current_turn()
    if turn is None or turn.combatant_id is None:
        return None
    targets = [c.id for c in session.encounter.combatants if c.id != turn.combatant_id][:3]
    for spec in session.ruleset.actions:
        if spec.on != "any":
            continue
        for target in targets:
            command = RulesetAction(spec.name, target, params_at_defaults(spec.params))
            if session.refusal(command) is None:
                return command
    return None


def a_duration(session: Session, *, lasting: bool) -> dict[str, Any]:
    """A duration from the ruleset's fields: `lasting` (rounds, the most of them, so it
    stays for the whole measure) or the defaults (comes and goes)."""
    duration: dict[str, Any] = {}
    for spec in session.ruleset.duration_fields:
        value = spec.default
        if lasting and spec.kind == "choice" and "rounds" in spec.choices:
            value = "rounds"
        elif lasting and spec.kind == "int":
            value = min(spec.maximum if spec.maximum is not None else 99, 99)
        duration[spec.name] = value
    return duration


def add_effects(
    session: Session,
    apply: Callable[[Command], Any],
    wanted: int,
    rng: random.Random,
    *,
    lasting: bool = True,
    name: str = "Effect",
) -> None:
    """Bring the active effects up to `wanted`, on random carriers by random creators
    (`lasting`: for the whole measure, else the ruleset's default duration)."""
    ids = [c.id for c in session.encounter.combatants]
    attempts = 0
    while len(session.encounter.effects) < wanted and attempts < 10 * wanted + 10:
        attempts += 1
        command = AddEffect(
            f"{name} {attempts}",
            rng.choice(ids),
            rng.choice(ids),
            duration=a_duration(session, lasting=lasting),
        )
        if session.refusal(command) is None:
            apply(command)
