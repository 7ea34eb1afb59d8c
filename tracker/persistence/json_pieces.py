"""JSON read and written a piece at a time, for a worker thread that must not hold up
the GUI thread: Python's C encoder and decoder hold the interpreter's lock for a whole
call (60 ms and more for a file of 5,000 combatants), while between two calls the GUI
thread gets its turn. The outer containers, down to `depth`, are walked here; whatever
lies deeper (a combatant, a log entry) is one short C call. The results are those of
`json.loads` and `json.dumps` (default separators), byte for byte."""

from __future__ import annotations

import json
import re
from typing import Any

_DECODER = json.JSONDecoder()
_SPACE = re.compile(r"[ \t\n\r]*")
DEPTH = 3  # the envelope, its encounter, the encounter's lists
RUN = 64  # items of a list written in one call (64 combatants: ~0.3 ms)


def loads(text: str, depth: int = DEPTH) -> Any:
    """`json.loads(text)`; raises `json.JSONDecodeError` as it does (the same message
    and place, `tests/persistence/test_json_pieces.py`)."""
    if text.startswith("\ufeff"):
        raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
    value, end = _value(text, _SPACE.match(text, 0).end(), depth)  # type: ignore[union-attr]
    end = _skip(text, end)
    if end != len(text):
        raise json.JSONDecodeError("Extra data", text, end)
    return value


def dumps(value: Any, depth: int = DEPTH, **options: Any) -> str:
    """`json.dumps(value, **options)` (no indent, default separators)."""
    if depth > 0 and isinstance(value, dict):
        items = (
            f"{json.dumps(str(k), **options)}: {dumps(v, depth - 1, **options)}"
            for k, v in value.items()
        )
        return "{" + ", ".join(items) + "}"
    if depth > 1 and isinstance(value, list | tuple):
        return "[" + ", ".join(dumps(item, depth - 1, **options) for item in value) + "]"
    if depth == 1 and isinstance(value, list | tuple):  # "[a, b]" is "[" + "a, b" + "]"
        runs = (json.dumps(value[i : i + RUN], **options)[1:-1] for i in range(0, len(value), RUN))
        return "[" + ", ".join(runs) + "]"
    return json.dumps(value, **options)


def _skip(text: str, index: int) -> int:
    return _SPACE.match(text, index).end()  # type: ignore[union-attr]


def _value(text: str, index: int, depth: int) -> tuple[Any, int]:
    opening = text[index : index + 1]
    if depth <= 0 or opening not in ("{", "["):
        return _DECODER.raw_decode(text, index)
    if opening == "[":
        return _array(text, index + 1, depth)
    return _object(text, index + 1, depth)


def _array(text: str, index: int, depth: int) -> tuple[list[Any], int]:
    items: list[Any] = []
    index = _skip(text, index)
    if text[index : index + 1] == "]":
        return items, index + 1
    while True:
        item, index = _value(text, index, depth - 1)
        items.append(item)
        index = _skip(text, index)
        mark = text[index : index + 1]
        if mark == "]":
            return items, index + 1
        if mark != ",":
            raise json.JSONDecodeError("Expecting ',' delimiter", text, index)
        index = _skip(text, index + 1)


def _object(text: str, index: int, depth: int) -> tuple[dict[str, Any], int]:
    members: dict[str, Any] = {}
    index = _skip(text, index)
    if text[index : index + 1] == "}":
        return members, index + 1
    while True:
        if text[index : index + 1] != '"':
            raise json.JSONDecodeError(
                "Expecting property name enclosed in double quotes", text, index
            )
        key, index = json.decoder.scanstring(text, index + 1)  # type: ignore[attr-defined]
        index = _skip(text, index)
        if text[index : index + 1] != ":":
            raise json.JSONDecodeError("Expecting ':' delimiter", text, index)
        members[key], index = _value(text, _skip(text, index + 1), depth - 1)
        index = _skip(text, index)
        mark = text[index : index + 1]
        if mark == "}":
            return members, index + 1
        if mark != ",":
            raise json.JSONDecodeError("Expecting ',' delimiter", text, index)
        index = _skip(text, index + 1)
