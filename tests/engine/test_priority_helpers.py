"""Helpers for the Priority (Soulshards) engine tests, and tests of the helpers' ground:
the sample cast, and that every command `do` applies is undone and redone exactly.

The sample cast (Zeal, Minor pool, side) — already in Priority order:
  Ayla 20, Minor 2, party
  Bren 15, Minor 1, party
  Cato 12, Minor 1, enemy (Grit Pips 2: leaving Conflict aware is DL 9 + 2 = 11)
  Dara  8, Minor 0, party (a Minor must be paid with her Major)
A round: Ayla, Bren, Cato, Dara, the Soulweaver = 5 turns = 5 seconds.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tracker.engine import (
    AddCombatant,
    CommandError,
    EndTurn,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.engine.state import Combatant, Encounter

CAST: tuple[tuple[str, int, int, str, int], ...] = (
    ("Ayla", 20, 2, "party", 0),
    ("Bren", 15, 1, "party", 0),
    ("Cato", 12, 1, "enemy", 2),
    ("Dara", 8, 0, "party", 0),
)


def new_session(**options: str) -> Session:
    return Session.new("Test", "priority", options=options or None)


def do(session: Session, command) -> Any:
    """Apply a command, then check that undo restores the whole state (and the prompt)
    exactly and redo brings back the state after it. Returns the change set."""
    before = session.encounter.to_dict()
    prompt_before = session.prompt()
    changes = session.apply(command)
    after = session.encounter.to_dict()
    prompt_after = session.prompt()
    session.undo()
    assert session.encounter.to_dict() == before
    assert session.prompt() == prompt_before
    session.redo()
    assert session.encounter.to_dict() == after
    assert session.prompt() == prompt_after
    return changes


def add(
    session: Session, name: str, zeal: int, side: str = "party", minor: int = 1, **stats: Any
) -> str:
    changes = do(
        session, AddCombatant(name, side, stats={"zeal": zeal, "minor_pool": minor, **stats})
    )
    return changes.edits_of("combatants")[0].item.id


def cast_session(**options: str) -> tuple[Session, dict[str, str]]:
    session = new_session(**options)
    ids = {
        name: add(session, name, zeal, side, minor, grit_pips=grit)
        for name, zeal, minor, side, grit in CAST
    }
    return session, ids


def started(**options: str) -> tuple[Session, dict[str, str]]:
    """The cast with Priority begun: Round 1, Ayla's turn up (not begun)."""
    session, ids = cast_session(**options)
    do(session, StartEncounter())
    return session, ids


def act(session: Session, action: str, combatant_id: str | None = None, **params: Any) -> Any:
    return do(session, RulesetAction(action, combatant_id, params))


def end(session: Session, count: int = 1) -> None:
    for _ in range(count):
        do(session, EndTurn())


def assert_refused(session: Session, command, match: str | None = None) -> CommandError:
    """The command raises CommandError, changes nothing and is not in the history."""
    before = session.encounter.to_dict()
    history = len(session.history)
    prompt = session.prompt()
    with pytest.raises(CommandError, match=match) as info:
        session.apply(command)
    assert session.encounter.to_dict() == before
    assert len(session.history) == history
    assert session.prompt() == prompt
    return info.value


def refused_action(
    session: Session, action: str, combatant_id: str | None = None, match: str | None = None, **p
) -> CommandError:
    return assert_refused(session, RulesetAction(action, combatant_id, p), match)


def combatant(session: Session, name: str) -> Combatant:
    return next(c for c in session.encounter.combatants if c.name == name)


def order(session: Session) -> list[str]:
    return [c.name for c in session.encounter.combatants]


def who(session: Session, turn) -> str:
    if turn.combatant_id is None:
        return turn.title
    return session.encounter.combatant(turn.combatant_id).name


def current(session: Session) -> str | None:
    turn = session.current_turn()
    return None if turn is None else who(session, turn)


def upcoming(session: Session, limit: int = 20) -> list[tuple[int, str]]:
    return [(t.round, who(session, t)) for t in session.upcoming_turns(limit)]


def grant(session: Session) -> str:
    turn = session.current_turn()
    assert turn is not None
    return turn.grant


def markers(session: Session, name: str) -> tuple[str, ...]:
    return session.ruleset.markers(session.encounter, combatant(session, name))


def summary(session: Session, name: str) -> str:
    return session.ruleset.summary(session.encounter, combatant(session, name))


def logs(session: Session, kind: str | None = None) -> list[str]:
    return [e.text for e in session.encounter.log if kind is None or e.kind == kind]


def new_logs(session: Session, since: int) -> list[str]:
    return [e.text for e in session.encounter.log[since:]]


def answer(session: Session, label: str, **params: Any) -> Any:
    """Answer the pending prompt with the answer whose label starts with `label`,
    filling its fields with `params` as the GUI would."""
    prompt = session.prompt()
    assert prompt is not None, "no prompt is pending"
    matching = [a for a in prompt.answers if a.label.startswith(label)]
    assert len(matching) == 1, [a.label for a in prompt.answers]
    chosen = matching[0]
    command = chosen.command
    if params:
        assert {f.name for f in chosen.fields} >= set(params)
        command = dataclasses.replace(command, params={**command.params, **params})
    return do(session, command)


def labels(session: Session) -> list[str]:
    prompt = session.prompt()
    assert prompt is not None
    return [a.label for a in prompt.answers]


def reloaded(session: Session) -> Session:
    """A new session on the encounter saved and loaded again (as a file would)."""
    return Session(Encounter.from_dict(session.encounter.to_dict(), session.ruleset.state_types))


def play_round(session: Session) -> None:
    """End every remaining turn of the round (no one waits)."""
    start = session.encounter.clock.round
    while session.encounter.clock.round == start:
        assert session.prompt() is None
        end(session)


# --- tests of the ground the other files stand on ---------------------------------------
def test_cast_is_in_priority_order_with_its_stats():
    session, ids = cast_session()
    assert order(session) == ["Ayla", "Bren", "Cato", "Dara"]
    cato = combatant(session, "Cato")
    assert cato.stats == {
        "zeal": 12,
        "zeal_dice": "",
        "minor_pool": 1,
        "grit_pool": 0,
        "grit_pips": 2,
        "social_tier": 5,
        "conflict": True,
    }
    assert cato.side == "enemy"
    assert list(ids) == ["Ayla", "Bren", "Cato", "Dara"]


def test_do_catches_a_command_whose_undo_would_differ():
    session, _ = cast_session()
    do(session, StartEncounter())
    # Undo of the start brings back the setup exactly: nothing started, no current turn.
    session.undo()
    assert session.encounter.clock.started is False
    assert session.current_turn() is None
    session.redo()
    assert current(session) == "Ayla"


def test_play_round_ends_five_turns():
    session, _ = started()
    count = len(session.history)
    play_round(session)
    # Ayla, Bren, Cato, Dara, the Soulweaver.
    assert len(session.history) - count == 5
    assert session.encounter.clock.round == 2
