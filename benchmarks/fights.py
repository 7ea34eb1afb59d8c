"""Random fights for the benchmarks: valid random stats from a ruleset's declared
fields, and what the GM does next. No Qt: the resume benchmark measures without it."""

from __future__ import annotations

import random
from typing import Any

from tracker.engine import Command, EndTurn, RulesetAction, Session
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
