"""What the shared page is sent: the players' board's projection
(`tracker.qt.players.projection`, the same the players' screen shows), the ruleset's
panel as data (`tracker.qt.players.page_content`) and the turn timer as the wall-clock
times the turn and round began (the page counts on by itself).

Plain data, made on the GUI thread in a pass over the players' proxies; it is turned
into JSON on the server's thread (`to_json`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

from tracker.qt.players.page_content import PanelContent
from tracker.qt.players.projection import BoardProjection, wall_clock_ms
from tracker.share.kept_json import KeptJson

START_GRAIN_MS = 100  # the timer's start times, to a tenth of a second (it shows seconds)


@dataclass(frozen=True)
class PageTimer:
    """When the turn (and the round, None before the first) began, in ms since the epoch
    by the GM's clock; the page is told the GM's clock with every event."""

    turn_started_ms: int
    round_started_ms: int | None
    round_name: str


@dataclass(frozen=True)
class PageState:
    board: BoardProjection
    panel: PanelContent | None
    timer: PageTimer | None

    def to_json(self, kept: KeptJson | None = None) -> bytes:
        """ASCII JSON: any text at all (a lone surrogate from a file, a line separator)
        is escaped, so it always encodes and never breaks an event's line. `kept`: the
        writer's texts of the parts of earlier states (the turns, a panel's rows), by
        identity; the same text as `json.dumps` of the whole gives."""
        kept = KeptJson() if kept is None else kept
        board = self.board
        head = {
            "title": board.title,
            "round": board.round,
            "now": {
                "caption": board.now_caption,
                "name": board.now_name,
                "detail": board.now_detail,
            },
            "next_caption": board.next_caption,
            "up_next": board.up_next if self.timer is not None else "",
        }
        text = "".join(
            (
                _encode(head)[:-1],
                ',"turns":',
                _json(board.turns, kept),
                ',"effects":',
                _json(board.effects, kept),
                ',"panel":',
                _json(self.panel, kept),
                ',"timer":',
                _json(self.timer, kept),
                "}",
            )
        )
        return text.encode("ascii")


# One encoder for every call (`json.dumps` with separators builds one a call): compact,
# ASCII.
_encode = json.JSONEncoder(separators=(",", ":")).encode


def _json(value: Any, kept: KeptJson) -> str:
    """`value`'s JSON as `_encode(plain(value))` gives it, a tuple of dataclasses (cards,
    rows) made a part at a time when some were met before, each part's text kept
    (`kept`); what holds no such tuple made at once."""
    literal = _LITERALS.get(type(value))  # (a call of the encoder costs several µs)
    if literal is not None:
        return literal(value)
    names = _names(type(value))
    if names is _SEQUENCE and _holds_parts(value):
        texts = kept.texts(value, _whole)
        return _encode(plain(value)) if texts is None else "[" + ",".join(texts) + "]"
    if names is _LEAF or names is _SEQUENCE:
        return _encode(plain(value))
    values = [getattr(value, name) for name in names]
    if not any(_holds_parts(field) or _names(type(field)) not in _NOT_DATA for field in values):
        return _encode(plain(value))
    parts = [f'"{name}":' + _json(field, kept) for name, field in zip(names, values, strict=True)]
    return "{" + ",".join(parts) + "}"


_LITERALS: dict[type, Callable[[Any], str]] = {
    type(None): lambda _none: "null",
    bool: lambda flag: "true" if flag else "false",
    int: str,
    str: lambda text: _encode(text) if text else '""',
}


def _holds_parts(value: Any) -> bool:
    """A tuple (or list) of dataclasses: cards, rows."""
    if _names(type(value)) is not _SEQUENCE or not value:
        return False
    return _names(type(value[0])) not in _NOT_DATA


def _whole(part: object) -> str:
    return _encode(plain(part))


def plain(value: Any) -> Any:
    """`dataclasses.asdict` for the page's frozen data (dataclasses, tuples, strings,
    numbers, booleans, None), without its deep copy of every leaf: the server's thread
    holds the interpreter's lock for less while the GM's window waits on it. What to do
    with a value is looked up by its type, once a type (the fields of a dataclass)."""
    kind = type(value)
    names = _FIELDS.get(kind)
    if names is None:
        names = _names_of(kind)
    if names is _LEAF:
        return value
    if names is _SEQUENCE:
        return [plain(item) for item in value]
    return {name: plain(getattr(value, name)) for name in names}


_LEAF: tuple[str, ...] = ("<a leaf>",)  # a value JSON takes as it is (by identity)
_SEQUENCE: tuple[str, ...] = ("<a sequence>",)  # a tuple or list: a JSON array
_FIELDS: dict[type, tuple[str, ...]] = {}  # by type: its fields', or one of the two above
_NOT_DATA = (_LEAF, _SEQUENCE)


def _names(kind: type) -> tuple[str, ...]:
    """What to do with a value of `kind`: looked up once a type."""
    names = _FIELDS.get(kind)
    return _names_of(kind) if names is None else names


def _names_of(kind: type) -> tuple[str, ...]:
    if issubclass(kind, tuple | list):
        names = _SEQUENCE
    elif is_dataclass(kind):
        names = tuple(f.name for f in fields(kind))
    else:
        names = _LEAF
    _FIELDS[kind] = names
    return names


def page_state(board: BoardProjection, panel: PanelContent | None) -> PageState:
    """The page's state from the board's projection and the panel's content."""
    timer = board.timer
    shown = None
    if timer is not None:
        round_ms = _start_ms(timer.round_seconds) if timer.round_seconds is not None else None
        shown = PageTimer(_start_ms(timer.turn_seconds), round_ms, timer.round_name)
    return PageState(board, panel, shown)


def _start_ms(seconds_ago: float) -> int:
    """When the turn or round began, to `START_GRAIN_MS` (read off the wall clock at each
    publish, it would differ by a millisecond or two: a state where nothing else
    changed would not be the same text, and be sent again to every page)."""
    return round(wall_clock_ms(seconds_ago) / START_GRAIN_MS) * START_GRAIN_MS
