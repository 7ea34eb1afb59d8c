"""Damaged crash journals whose checksums were recomputed (an editor, or a program that
knows the format, changed them), each taken through start-up as the app does it:
`pending_journal`, then the journal set aside or resumed (`resume_journal`), journaled
on (`Journal.resume`), and undone all the way back.

Damage: lines dropped, swapped or repeated and renumbered, a value altered, the file
cut anywhere, the base missing, the last newline missing, the journal written in the
older format (no numbers, no checksums), alone or with a drop or swap.

Counted: `accepted` (resumed), `refused` (set aside). A failure is an exception escaping
start-up or an undo (a refused undo is fine), a resumed encounter the fight never
reached, a whole journal that was not resumed to its end (a missing newline, an older
format), or a file of the journal folder deleted or changed without a copy (appending
to it is fine). The states undo passes through are not judged: two independent
changes swapped fit in either order, and the undo history before the last checkpoint
but one is read as written (each record checked where it is undone, so an undo is
refused rather than done half, but an edited value it puts back is not found)."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

from tests.damage.tally import Tally
from tests.persistence.fights import playthrough, view
from tracker.engine.errors import CommandError, TrackerError
from tracker.engine.registry import available_rulesets
from tracker.persistence.journal import Journal
from tracker.persistence.journal_lines import CRC_SUFFIX, encode_line
from tracker.persistence.recovery import pending_journal, set_aside_journal
from tracker.persistence.resuming import resume_journal

KINDS = (
    "drop",
    "swap",
    "repeat",
    "alter",
    "cut",
    "no-base",
    "no-newline",
    "older",
    "older-drop",
    "older-swap",
)
FIGHTS_PER_RULESET = 2


class Fight:
    """One journaled playthrough: its files, its lines decoded, every encounter it
    reached and its last view (undo and redo history included). The undo and redo
    history a resumed journal has is not judged: an undo line moved or repeated says
    nothing that shows it, and the encounter it leads to is one the fight reached."""

    def __init__(self, ruleset_id: str, seed: int, folder: Path) -> None:
        _, views = playthrough(ruleset_id, seed, folder)
        self.base = (folder / "base.json").read_bytes()
        self.events = (folder / "events.jsonl").read_bytes()
        self.journal_id = json.loads(self.base)["journal_id"]
        self.records = [_decode(line) for line in self.events.splitlines()]
        self.last = _key(views[-1])
        self.encounters = {_key(v[0]) for v in views}


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def _decode(line: bytes) -> dict[str, Any]:
    match = CRC_SUFFIX.search(line)
    assert match is not None
    record: dict[str, Any] = json.loads(line[: match.start()] + b"}")
    record.pop("seq")
    record.pop("record_size", None)
    return record


def _encode(fight: Fight, records: list[dict[str, Any]]) -> bytes:
    return b"".join(encode_line(fight.journal_id, i, r) for i, r in enumerate(records))


def _older(records: list[dict[str, Any]]) -> bytes:
    """The format before lines were numbered: the op first, no seq, no checksum."""
    lines = [{"op": r["op"], **{k: v for k, v in r.items() if k != "op"}} for r in records]
    return b"".join(json.dumps(r, separators=(",", ":")).encode() + b"\n" for r in lines)


def _alter(record: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The record with one value changed: a number moved by one, a flag flipped, a
    text edited."""
    record = json.loads(json.dumps(record))
    leaves: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            if isinstance(value, dict | list):
                walk(value)
            elif key != "op":
                leaves.append((node, key))

    walk(record)
    if not leaves:
        return record
    node, key = rng.choice(leaves)
    value = node[key]
    if isinstance(value, bool):
        node[key] = not value
    elif isinstance(value, int | float):
        node[key] = value + rng.choice((-1, 1))
    elif isinstance(value, str):
        node[key] = value + "x"
    else:
        node[key] = 0
    return record


def damage(fight: Fight, kind: str, rng: random.Random) -> dict[str, bytes]:
    """The journal folder's files after `kind` of damage."""
    records = list(fight.records)
    at = rng.randrange(1, len(records))
    if kind in ("drop", "older-drop"):
        del records[at]
    elif kind in ("swap", "older-swap"):
        at = min(at, len(records) - 2)
        records[at], records[at + 1] = records[at + 1], records[at]
    elif kind == "repeat":
        records.insert(at, records[at])
    elif kind == "alter":
        records[at] = _alter(records[at], rng)
    events = _older(records) if kind.startswith("older") else _encode(fight, records)
    if kind == "cut":
        events = fight.events[: rng.randrange(len(fight.events))]
    elif kind == "no-newline":
        events = fight.events[:-1]
    files = {"base.json": fight.base, "events.jsonl": events}
    if kind == "no-base":
        del files["base.json"]
    return files


def start_up(folder: Path, fight: Fight, what: str, tally: Tally, kind: str) -> None:
    """What the app does at start-up when the GM says "Resume", judged."""
    info = pending_journal(folder)
    if info is None:
        tally.fail(f"{what}: a journal left in the folder was not seen")
        return
    if info.problem is not None:
        set_aside_journal(folder)
        tally.refused += 1
        return
    resumed = resume_journal(folder)
    session = resumed.session
    if session is None:
        tally.refused += 1
        return
    tally.accepted += 1
    if _key(session.encounter.to_dict()) not in fight.encounters:
        tally.fail(f"{what}: resumed to a state the fight never reached")
        return
    if kind in ("no-newline", "older") and _key(view(session)) != fight.last:
        tally.fail(f"{what}: a whole journal was not resumed to its end")
    journal = None
    if resumed.journal_on:
        try:
            journal = Journal.resume(folder, session)
        except TrackerError:
            journal = None  # crash recovery off, said in the window; nothing lost
    try:
        while session.can_undo:
            session.undo()
    except CommandError:
        pass  # refused, nothing changed: the window says so
    finally:
        if journal is not None:
            journal.detach()


def _files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def _lost(before: dict[str, bytes], after: dict[str, bytes]) -> list[str]:
    """Files of `before` neither still there (as they were, or appended to) nor copied."""
    copies = set(after.values())
    return [
        name
        for name, data in before.items()
        if not after.get(name, b"\0").startswith(data) and data not in copies
    ]


def sweep(cases: int, seed: int, workdir: Path) -> Tally:
    tally = Tally("journal (recomputed checksums)")
    rng = random.Random(seed)
    rulesets = sorted(available_rulesets())
    fights: dict[tuple[str, int], Fight] = {}
    for case in range(cases):
        ruleset_id = rulesets[case % len(rulesets)]
        number = rng.randrange(FIGHTS_PER_RULESET)
        if (ruleset_id, number) not in fights:
            fights[ruleset_id, number] = Fight(
                ruleset_id, seed * 100 + number, workdir / f"fight-{ruleset_id}-{number}"
            )
        fight = fights[ruleset_id, number]
        kind = KINDS[case % len(KINDS)] if case < len(KINDS) * 2 else rng.choice(KINDS)
        what = f"case {case} ({ruleset_id}, fight {number}, {kind})"
        folder = workdir / f"case-{case}"
        folder.mkdir()
        for name, data in damage(fight, kind, rng).items():
            (folder / name).write_bytes(data)
        before = _files(folder)
        tally.tried += 1
        try:
            start_up(folder, fight, what, tally, kind)
        except Exception as error:  # noqa: BLE001 - what escapes is the finding
            tally.fail(f"{what}: {type(error).__name__} escaped: {error}")
        for name in _lost(before, _files(folder)):
            tally.fail(f"{what}: {name} was deleted or changed without a copy")
        shutil.rmtree(folder)
    return tally
