"""What the crash-journal tests look at: a session as the GM sees it, its history walked,
the entries of an events file, the sessions they journal, and a line of one replaced."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tracker.engine import (
    EndTurn,
    RenameEncounter,
    RulesetAction,
    Session,
)
from tracker.persistence.journal import Journal

MakeSession = Callable[[], Session]
Play = Callable[[Session], None]


def view(session: Session) -> dict[str, Any]:
    """Everything a GM can see of a session, undo and redo included."""
    return {
        "encounter": session.encounter.to_dict(),
        "can_undo": session.can_undo,
        "can_redo": session.can_redo,
        "undo_text": session.undo_text,
        "redo_text": session.redo_text,
        "history": [applied.text for applied in session.history],
    }


def walk_history(session: Session) -> list[dict[str, Any]]:
    """Every state reached by undoing all the way, then redoing all the way."""
    states = [view(session)]
    while session.can_undo:
        session.undo()
        states.append(view(session))
    while session.can_redo:
        session.redo()
        states.append(view(session))
    return states


def events_of(folder: Path) -> list[dict[str, Any]]:
    """The entries of the events file, each checked for its number and checksum."""
    lines = (folder / "events.jsonl").read_text(encoding="utf-8").splitlines()
    entries = []
    for number, line in enumerate(lines):
        entry = json.loads(line)
        assert entry.pop("seq") == number
        assert len(entry.pop("crc")) == 8
        entries.append(entry)
    return entries


def fresh() -> Session:
    """The session a journal begins with when the GM creates an encounter."""
    return Session.new("Ambush at the ford", "war_scroll")


def mixed_history(session: Session, add_party: Play, play: Play) -> None:
    """Set up, play into the War, then undo, redo and branch."""
    add_party(session)
    play(session)
    session.undo()
    session.undo()
    session.undo()
    session.redo()
    session.apply(RulesetAction("spend_ap", None, {"amount": 1}))  # clears the redo stack
    session.apply(EndTurn())
    session.undo()
    session.undo()
    session.redo()  # one change left to redo


def journaled_renames(make_session: MakeSession, folder: Path, *names: str) -> Session:
    """A session journaled in `folder` and renamed to each of `names` in turn, its
    journal then detached: its files left as a kill leaves them."""
    session = make_session()
    journal = Journal.begin(folder, session)
    for name in names:
        session.apply(RenameEncounter(name))
    journal.detach()
    return session


def replace_line(path: Path, number: int, line: bytes) -> list[bytes]:
    """The events file at `path` with its line `number` (from 0) replaced by `line`;
    its lines as they are now."""
    lines = path.read_bytes().splitlines(keepends=True)
    lines[number] = line
    path.write_bytes(b"".join(lines))
    return lines
