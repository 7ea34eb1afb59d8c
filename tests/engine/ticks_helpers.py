"""Helpers for the Initiative ticks engine tests: build fights, act, read state."""

from __future__ import annotations

from typing import Any

from tracker.engine import (
    AddCombatant,
    CommandError,
    EndTurn,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.engine.rulesets.initiative_ticks.state import Runtime, rt


def session(**options: str) -> Session:
    return Session.new("Ford", "initiative_ticks", options=options or None)


def add(s: Session, name: str, side: str = "enemy", **stats: Any) -> str:
    changes = s.apply(AddCombatant(name, side, stats=stats))
    return changes.edits_of("combatants")[0].item.id


def fight(
    cast: list[tuple[str, str, int]], stats: dict[str, dict[str, Any]] | None = None, **options: str
) -> tuple[Session, dict[str, str]]:
    """A fight in round 1 (free actions taken): `cast` is (name, side, successes)."""
    s = session(**options)
    ids = {name: add(s, name, side, **(stats or {}).get(name, {})) for name, side, _ in cast}
    s.apply(StartEncounter())
    for name, _, successes in cast:
        s.apply(RulesetAction("join_battle", ids[name], {"successes": successes}))
    s.apply(RulesetAction("begin_free"))
    for _ in cast:
        s.apply(EndTurn())
    return s, ids


def who(s: Session, name: str):
    return next(c for c in s.encounter.combatants if c.name == name)


def state(s: Session, name: str) -> Runtime:
    return rt(who(s, name))


def init(s: Session, name: str) -> int:
    return state(s, name).initiative.current


def acting(s: Session) -> str | None:
    turn = s.current_turn()
    if turn is None or turn.combatant_id is None:
        return None
    return s.encounter.combatant(turn.combatant_id).name


def order(s: Session) -> list[str]:
    return [c.name for c in s.encounter.combatants]


def act(s: Session, action: str, target: str | None = None, **params: Any) -> None:
    target_id = who(s, target).id if target is not None else None
    s.apply(RulesetAction(action, target_id, params))


def refused(s: Session, command: Any) -> str:
    """The refusal's message; the encounter must be unchanged and nothing recorded."""
    before, done = s.encounter.to_dict(), len(s.history)
    try:
        s.apply(command)
    except CommandError as error:
        assert s.encounter.to_dict() == before
        assert len(s.history) == done
        return error.message
    raise AssertionError(f"{command!r} was not refused")


def log(s: Session) -> str:
    return s.encounter.log[-1].text


def undo_restores(s: Session, command: Any) -> None:
    """Apply the command; undo gives back the state before it exactly, redo the one after."""
    before = s.encounter.to_dict()
    s.apply(command)
    after = s.encounter.to_dict()
    s.undo()
    assert s.encounter.to_dict() == before
    s.redo()
    assert s.encounter.to_dict() == after
