"""Helpers for the Classic d20 engine tests: a fight by name, the turn by name, and a
check that a refused command changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tracker.engine import (
    AddCombatant,
    Command,
    CommandError,
    EndTurn,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.engine.rulesets.classic_d20.state import Runtime
from tracker.engine.state import Combatant


def new(**options: str) -> Session:
    return Session.new("Test", "classic_d20", options=options or None)


def add(session: Session, name: str, side: str = "party", **stats: Any) -> str:
    changes = session.apply(AddCombatant(name, side, stats=stats))
    return changes.edits_of("combatants")[0].item.id


def fight(
    cast: list[tuple[str, str, dict[str, Any]]], *, start: bool = True, **options: str
) -> tuple[Session, dict[str, str]]:
    session = new(**options)
    ids = {name: add(session, name, side, **stats) for name, side, stats in cast}
    if start:
        session.apply(StartEncounter())
    return session, ids


def by_id(session: Session, combatant_id: str) -> Combatant:
    return session.encounter.combatant(combatant_id)


def state(session: Session, combatant_id: str) -> Runtime:
    runtime: Runtime = by_id(session, combatant_id).runtime
    return runtime


def names(session: Session) -> list[str]:
    return [c.name for c in session.encounter.combatants]


def whose_turn(session: Session) -> str | None:
    turn = session.current_turn()
    if turn is None:
        return None
    if turn.combatant_id is None:
        return turn.title
    return session.encounter.combatant(turn.combatant_id).name


def act(session: Session, action: str, combatant_id: str | None = None, **params: Any) -> None:
    session.apply(RulesetAction(action, combatant_id, params))


def end(session: Session, times: int = 1) -> None:
    for _ in range(times):
        session.apply(EndTurn())


def refused(session: Session, command: Command, words: str) -> None:
    """The command is refused with a message containing `words`, and nothing changed."""
    before = session.encounter.to_dict()
    with pytest.raises(CommandError) as error:
        session.apply(command)
    assert words in error.value.message
    assert session.encounter.to_dict() == before


def hp(session: Session, combatant_id: str) -> int:
    combatant = by_id(session, combatant_id)
    return int(combatant.stats["hp_max"]) - int(combatant.stats["damage"])
