"""Random fights of any installed ruleset, journaled, for the persistence tests:
combatants, turns, the rules' prompts and actions, effects coming and going, undo and
redo, saves, and checkpoints every few changes."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tracker.engine import (
    AddCombatant,
    AddEffect,
    CommandError,
    EndEffect,
    EndTurn,
    RenameEncounter,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.engine.commands import Command
from tracker.persistence.journal import Journal


def view(session: Session) -> tuple[Any, ...]:
    """Everything a GM can see of a session, undo and redo included."""
    return (
        session.encounter.to_dict(),
        [applied.text for applied in session.history],
        [applied.text for applied in session.undone],
    )


def _stats(session: Session, rng: random.Random) -> dict[str, Any]:
    stats: dict[str, Any] = {}
    for field in session.ruleset.stat_fields:
        if field.kind == "int":
            low = field.minimum if field.minimum is not None else 0
            high = field.maximum if field.maximum is not None else low + 20
            stats[field.name] = rng.randint(low, min(high, low + 20))
        elif field.kind == "choice":
            stats[field.name] = rng.choice(field.choices)
    return stats


def _with_defaults(command: Command, fields: Any) -> Command:
    if fields and isinstance(command, RulesetAction):
        params = {f.name: f.default if f.kind != "text" else "x" for f in fields}
        return RulesetAction(command.action, command.combatant_id, {**params, **command.params})
    return command


def _next_command(session: Session, rng: random.Random) -> Command:
    """What a GM might do next: mostly move the fight on, sometimes an action of the
    rules, an effect, a rename."""
    prompt = session.prompt()
    if prompt is not None and rng.random() < 0.9:
        answer = rng.choice(prompt.answers)
        return _with_defaults(answer.command, answer.fields)
    roll = rng.random()
    ids = [c.id for c in session.encounter.combatants]
    if roll < 0.12 and ids:
        return AddEffect("Blessed", rng.choice(ids), rng.choice([None, *ids]), {})
    if roll < 0.2 and session.encounter.effects:
        return EndEffect(rng.choice(session.encounter.effects).id)
    if roll < 0.35 and session.ruleset.actions:
        spec = rng.choice(session.ruleset.actions)
        target = None if spec.on in ("current", "effect") else rng.choice([None, *ids])
        return _with_defaults(RulesetAction(spec.name, target, {}), spec.params)
    if roll < 0.38:
        return RenameEncounter(f"Fight {rng.randint(1, 99)}")
    return EndTurn() if session.current_turn() is not None else StartEncounter()


def playthrough(
    ruleset_id: str, seed: int, folder: Path, steps: int = 70
) -> tuple[Session, list[tuple[Any, ...]]]:
    """Play at random with a journal that writes a checkpoint every few changes (a random
    number of them), and leave it as a kill does; returns the session and the view after
    each line of the events file (`[0]`: the base, after the header; a checkpoint line
    shows the view of the line before it)."""
    rng = random.Random(f"{ruleset_id}-{seed}")
    session = Session.new("Journaled fight", ruleset_id)
    every = rng.choice([1, 2, 3, 5, 8, 13, 1000])
    journal = Journal.begin(folder, session, checkpoint_lines=every)
    views = [view(session)]

    def lines() -> int:
        return len((folder / "events.jsonl").read_bytes().splitlines())

    for number in range(rng.randint(2, 5)):
        side = rng.choice(["party", "enemy"])
        session.apply(AddCombatant(f"Fighter {number}", side, stats=_stats(session, rng)))
        views += [view(session)] * (lines() - len(views))
    for step in range(steps):
        roll = rng.random()
        try:
            if roll < 0.1 and session.can_undo:
                session.undo()
            elif roll < 0.15 and session.can_redo:
                session.redo()
            elif roll < 0.18:
                journal.set_saved_path(folder.parent / f"save-{step}.json")
            else:
                session.apply(_next_command(session, rng))
        except CommandError:
            continue  # refused: nothing journaled
        views += [view(session)] * (lines() - len(views))
    journal.detach()
    return session, views


def walk_alike(original: Session, other: Session) -> None:
    """`other` equals `original` and stays equal through its whole history: every undo
    back to the start, every redo to the end, then back to where both were."""
    assert view(other) == view(original)
    to_redo = len(original.undone)
    while original.can_undo:
        original.undo()
        other.undo()
        assert view(other) == view(original), f"{len(original.history)} changes left to undo"
    assert not other.can_undo
    while original.can_redo:
        original.redo()
        other.redo()
        assert view(other) == view(original), f"{len(original.undone)} changes left to redo"
    assert not other.can_redo
    for _ in range(to_redo):
        original.undo()
        other.undo()
    assert view(other) == view(original)


def play_on_alike(original: Session, other: Session, seed: int, steps: int = 6) -> None:
    """The same further steps, chosen at random on `original`, do the same on `other`."""
    rng = random.Random(seed)
    for _ in range(steps):
        command = _next_command(original, rng)
        outcomes = []
        for session in (original, other):
            try:
                session.apply(command)
                outcomes.append("applied")
            except CommandError as error:
                outcomes.append(error.message)
        assert outcomes[0] == outcomes[1], command
        assert view(other) == view(original), command
