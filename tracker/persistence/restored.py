"""The undo history a resume gives its session (`checkpoints.resume_point`): the
entries of the apply lines before the checkpoint it starts at, each made when the GM
first undoes, redoes or lists that far (a long fight has thousands), each line checked
at the resume as making its entry would, so that a damaged one is found there."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tracker.engine.commands import Command
from tracker.engine.session import Applied
from tracker.engine.state import Encounter, StateTypes
from tracker.engine.stored import StoredRecord
from tracker.persistence.journal_lines import parse_record


def entries(
    records: list[dict[str, Any]],
    lines: Iterable[int],
    commands: Commands,
    encounter: Encounter,
    types: StateTypes,
) -> Restored:
    """The undo or redo entries of the apply lines `lines`, each made when first reached
    (`Restored`), their records bound to `encounter` when first used. Each line is
    checked now as making its entry would (its text is text, its command reads:
    `Commands`), so that a line that cannot be one is found at the resume, as before
    entries were made late."""
    applies: list[_Apply] = []
    by_line, last = commands.by_line, commands.last
    for line in lines:  # one loop, no call per entry: a 2,000-turn fight has some 4,000
        record = records[line]
        text = record["text"]
        if not isinstance(text, str):
            raise TypeError("the text of a change is not text")
        command = by_line.get(line)
        if command is None:
            data = record["command"]
            kind = data.get("type")
            same = last.get(kind) if type(kind) is str else None
            if same is not None and same[0] == data:
                command = same[1]
            else:
                command = Command.from_dict(data)
                if type(kind) is str and all(map(_plain_value, data.values())):
                    last[kind] = (data, command)
            by_line[line] = command
        applies.append((record["record"], record.get("log", []), text, command))
    return Restored(applies, encounter, types)


# What an entry is made of: an apply line's record (as `Lines.records` hold it), its
# edits of the log, its text and its command (the line itself, with the rest of its
# JSON, is let go with the lines read).
_Apply = tuple[bytes | dict[str, Any], list[Any], str, Command]


class Commands:
    """The commands of apply lines, each read once (`Command.from_dict`) and shared: by
    the sessions recovery builds (`by_line`), and by the lines that hold the very data
    the last line of their type read held (`last`: a command is frozen; a long fight
    ends a turn thousands of times, and reading each costs a resume milliseconds).
    Only data of text, nothing and empty tables is compared so, which equals no other
    JSON value (1 equals true and 1.0); anything else is read."""

    def __init__(self) -> None:
        self.by_line: dict[int, Command] = {}
        self.last: dict[str, tuple[dict[str, Any], Command]] = {}  # by type, if plain


def _plain_value(value: Any) -> bool:
    """A JSON value only an equal one of its own type equals: text, nothing, an empty
    table or list."""
    return value is None or type(value) is str or (type(value) in (dict, list) and not value)


class Restored:
    """Undo or redo entries of apply lines (`applies`), each made when first read and
    kept (`Session`'s stacks read the few the GM reaches: making the thousands of a long
    fight cost a resume some 5 ms)."""

    __slots__ = ("_applies", "_encounter", "_made", "_types")

    def __init__(self, applies: list[_Apply], encounter: Encounter, types: StateTypes) -> None:
        self._applies = applies
        self._encounter = encounter
        self._types = types
        self._made: list[Applied | None] = [None] * len(applies)

    def __len__(self) -> int:
        return len(self._applies)

    def __getitem__(self, index: int) -> Applied:
        made = self._made[index]
        if made is None:
            record, log, text, command = self._applies[index]
            stored = StoredRecord(_loader(record, log), self._encounter, self._types)
            made = self._made[index] = Applied(command, text, stored)
        return made


def _loader(record: bytes | dict[str, Any], log: list[Any]) -> Callable[[], dict[str, Any]]:
    """The undo record of an apply line, parsed when first needed (its checksum held
    when it was read), with the edits of the log."""
    return lambda: {**parse_record(record), "log": log}
