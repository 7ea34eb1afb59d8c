"""Damaged crash journals: whatever disks and editors do to the events file (flipped
bits, in checkpoints too, dropped, repeated, swapped or changed lines, cut tails),
recovery replays exactly the lines before the first damaged one (from the checkpoint
before it) and never a state the fight did not reach; the only error it raises is the
typed file error; it never writes or deletes anything.

Journals come from random playthroughs of every installed ruleset (combatants, turns,
the rules' prompts and actions, effects coming and going, undo and redo, saves).
`TRACKER_JOURNAL_DAMAGE_CASES` sets the number of damaged journals (300 by default;
set it to a few thousand for a thorough run)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tests.persistence.fights import playthrough, view
from tracker.engine.registry import available_rulesets
from tracker.persistence.files import FileFormatError
from tracker.persistence.recovery import pending_journal, recover_journal

CASES = int(os.environ.get("TRACKER_JOURNAL_DAMAGE_CASES", "300"))
RULESETS = sorted(available_rulesets())
JOURNALS_PER_RULESET = 2


def damage(lines: list[bytes], rng: random.Random) -> tuple[str, bytes]:
    """One kind of damage to the complete lines of an events file."""
    kind = rng.choice(("flip", "drop", "repeat", "swap", "alter", "cut", "flips", "checkpoint"))
    lines = list(lines)
    at = rng.randrange(len(lines))
    checkpoints = [i for i, line in enumerate(lines) if b'"op":"checkpoint"' in line]
    if kind == "checkpoint" and checkpoints:  # a bit flipped in a checkpoint, or its record
        at = rng.choice(checkpoints)
        line = bytearray(lines[at])
        line[rng.randrange(len(line) - 1)] ^= 1 << rng.randrange(8)
        lines[at] = bytes(line)
        return kind, b"".join(lines)
    if kind in ("flip", "flips", "checkpoint"):
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
    from_checkpoints = 0
    for seed in range(JOURNALS_PER_RULESET):
        folder = tmp_path / f"journal-{seed}"
        _, views = playthrough(ruleset_id, seed, folder)
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
            from_checkpoints += recovery.start > 0
            assert {p.name: p.read_bytes() for p in folder.iterdir()} == files, (
                f"{what}: recovery wrote or deleted"
            )
        events.write_bytes(b"".join(original))
        full = recover_journal(folder)
        assert full.complete and view(full.session) == views[-1]
    assert stopped_early > 0  # the damage was real and detected
    assert from_checkpoints > 0  # and recovery started from checkpoints
