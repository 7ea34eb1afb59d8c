"""Damaged crash journals: whatever disks and editors do to the events file (flipped
bits, dropped, repeated, swapped or changed lines, cut tails), recovery replays exactly
the lines before the first damaged one and never a state the fight did not reach; the
only error it raises is the typed file error; it never writes or deletes anything.

Journals come from random playthroughs of every installed ruleset (combatants, turns,
the rules' prompts and actions, effects coming and going, undo and redo, saves).
`TRACKER_JOURNAL_DAMAGE_CASES` sets the number of damaged journals (300 by default;
set it to a few thousand for a thorough run)."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

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
from tracker.engine.registry import available_rulesets
from tracker.persistence.files import FileFormatError
from tracker.persistence.journal import Journal
from tracker.persistence.recovery import pending_journal, recover_journal

CASES = int(os.environ.get("TRACKER_JOURNAL_DAMAGE_CASES", "300"))
RULESETS = sorted(available_rulesets())
JOURNALS_PER_RULESET = 2
STEPS = 70


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


def playthrough(ruleset_id: str, seed: int, folder: Path) -> list[tuple[Any, ...]]:
    """Play at random with a journal; returns the view after each line of the events
    file (`[0]`: the base, after the header)."""
    rng = random.Random(f"{ruleset_id}-{seed}")
    session = Session.new("Damaged journal", ruleset_id)
    journal = Journal.begin(folder, session)
    views = [view(session)]
    for number in range(rng.randint(2, 5)):
        side = rng.choice(["party", "enemy"])
        session.apply(AddCombatant(f"Fighter {number}", side, stats=_stats(session, rng)))
        views.append(view(session))
    for step in range(STEPS):
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
        views.append(view(session))
    journal.detach()
    return views


def damage(lines: list[bytes], rng: random.Random) -> tuple[str, bytes]:
    """One kind of damage to the complete lines of an events file."""
    kind = rng.choice(("flip", "drop", "repeat", "swap", "alter", "cut", "flips"))
    lines = list(lines)
    at = rng.randrange(len(lines))
    if kind in ("flip", "flips"):
        data = bytearray(b"".join(lines))
        for _ in range(1 if kind == "flip" else rng.randint(2, 6)):
            position = rng.randrange(len(data))
            data[position] ^= 1 << rng.randrange(8)
        return kind, bytes(data)
    if kind == "drop":
        del lines[at]
    elif kind == "repeat":
        lines.insert(at, lines[at])
    elif kind == "swap" and len(lines) > 1:
        at = min(at, len(lines) - 2)
        lines[at], lines[at + 1] = lines[at + 1], lines[at]
    elif kind == "alter":  # an editor changed a value, or a word
        line = lines[at]
        for old, new in ((b"true", b"false"), (b"EndTurn", b"EndEffect"), (b"1", b"2")):
            if old in line:
                lines[at] = line.replace(old, new, 1)
                break
        else:
            lines[at] = line[:-2] + b" }\n"
    data = b"".join(lines)
    if kind == "cut":
        data = data[: rng.randrange(len(data))]
    return kind, data


def first_difference(original: list[bytes], data: bytes) -> int:
    """Index of the first complete line of `data` that is not the original's line."""
    damaged = [line + b"\n" for line in data.split(b"\n")[:-1]]
    for index, line in enumerate(damaged):
        if index >= len(original) or line != original[index]:
            return index
    return len(damaged)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_damaged_journals_resume_to_a_state_the_fight_reached(ruleset_id: str, tmp_path: Path):
    cases = max(1, CASES // (len(RULESETS) * JOURNALS_PER_RULESET))
    rng = random.Random(f"journal-damage-{ruleset_id}")
    stopped_early = 0
    for seed in range(JOURNALS_PER_RULESET):
        folder = tmp_path / f"journal-{seed}"
        views = playthrough(ruleset_id, seed, folder)
        events = folder / "events.jsonl"
        original = events.read_bytes().splitlines(keepends=True)
        assert len(original) == len(views)
        for case in range(cases):
            kind, data = damage(original, rng)
            events.write_bytes(data)
            files = {p.name: p.read_bytes() for p in folder.iterdir()}
            what = f"{ruleset_id}, journal {seed}, case {case} ({kind})"
            try:
                info = pending_journal(folder)
                recovery = recover_journal(folder)
            except FileFormatError:  # the typed file error is allowed, nothing else
                continue
            expected = first_difference(original, data)
            assert recovery.lines == expected, f"{what}: used {recovery.lines} lines"
            assert view(recovery.session) == views[max(expected, 1) - 1], (
                f"{what}: a state the fight never reached"
            )
            assert info is not None and info.unread == recovery.unread, what
            stopped_early += recovery.problem is not None
            assert {p.name: p.read_bytes() for p in folder.iterdir()} == files, (
                f"{what}: recovery wrote or deleted"
            )
        events.write_bytes(b"".join(original))
        full = recover_journal(folder)
        assert full.complete and view(full.session) == views[-1]
    assert stopped_early > 0  # the damage was real and detected
