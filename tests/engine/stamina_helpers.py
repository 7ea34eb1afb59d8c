"""Helpers for the Stamina battle engine tests: a small battle, actions by name, and a
check that a refused command changes nothing (and uses up no limit)."""

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
from tracker.engine.rulesets.stamina_battle.state import Runtime
from tracker.engine.state import Combatant

# The small battle: two of the party, two enemies (in this order in the list).
CAST: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("Mira", "party", {"stamina_max": 6, "armor": 2, "evasion": 3, "health": 5}),
    ("Bran", "party", {"stamina_max": 5, "armor": 4, "shield": True, "health": 5}),
    ("Grub", "enemy", {"stamina_max": 4, "armor": 3}),  # a Minion: Health 1
    ("Orc", "enemy", {"stamina_max": 5, "armor": 3, "prowess": True, "health": 8}),
)


def new(**options: str) -> Session:
    return Session.new("Test", "stamina_battle", options=options or None)


def add(session: Session, name: str, side: str = "party", **stats: Any) -> str:
    changes = session.apply(AddCombatant(name, side, stats=stats))
    return changes.edits_of("combatants")[0].item.id


def battle(*, start: bool = True, **options: str) -> tuple[Session, dict[str, str]]:
    """The small battle (started unless `start` is False). Returns name → id too."""
    session = new(**options)
    ids = {name: add(session, name, side, **stats) for name, side, stats in CAST}
    if start:
        session.apply(StartEncounter())
    return session, ids


def unit(session: Session, name: str) -> Combatant:
    return next(c for c in session.encounter.combatants if c.name == name)


def state(session: Session, name: str) -> Runtime:
    runtime = unit(session, name).runtime
    assert isinstance(runtime, Runtime)
    return runtime


def wounds(session: Session, name: str) -> int:
    value = unit(session, name).stats["wounds"]
    assert isinstance(value, int)
    return value


def pool(session: Session, name: str) -> int:
    return state(session, name).stamina.current


def act(session: Session, action: str, who: str | None = None, **params: Any) -> None:
    """Apply a ruleset action on `who` (a name; None: the acting Unit)."""
    target = unit(session, who).id if who is not None else None
    session.apply(RulesetAction(action, target, params))


def acting(session: Session) -> str | None:
    turn = session.current_turn()
    if turn is None or turn.combatant_id is None:
        return None
    return session.encounter.combatant(turn.combatant_id).name


def end_turns(session: Session, count: int) -> None:
    for _ in range(count):
        session.apply(EndTurn())


def refused(session: Session, command: Command) -> str:
    """Apply a command that must be refused: nothing changes; returns the message."""
    before = session.encounter.to_dict()
    history = len(session.history)
    with pytest.raises(CommandError) as caught:
        session.apply(command)
    assert session.encounter.to_dict() == before, "a refused command changed the state"
    assert len(session.history) == history
    return caught.value.message


def refused_action(session: Session, action: str, who: str | None = None, **params: Any) -> str:
    target = unit(session, who).id if who is not None else None
    return refused(session, RulesetAction(action, target, params))


def undo_all_checks(session: Session, step: Any) -> None:
    """Apply `step()` (one command), undo it (the state before comes back), redo it."""
    before = session.encounter.to_dict()
    step()
    after = session.encounter.to_dict()
    assert after != before
    session.undo()
    assert session.encounter.to_dict() == before
    session.redo()
    assert session.encounter.to_dict() == after


__all__ = ["EndTurn", "StartEncounter"]
