"""Typed state as plain JSON: dataclasses in memory, JSON objects on disk.

A ruleset keeps its state (its clock, each combatant's state, each effect's anchor) in
dataclasses, so a misspelt field is an error the type checker or the first test finds.
`to_json` writes such a record as plain JSON; `from_json` reads it back and checks every
value against the record's type hints, raising `RecordError` (with the path of the bad
value) for anything damaged: a wrong type, a missing or unknown field, an impossible
literal. Reading walks the declared types, never the data, so a deeply nested file
cannot exhaust the stack.

Supported field types: `int`, `float`, `str`, `bool`, `None`, `X | None`, `Literal[...]`,
`list[X]`, `tuple[X, ...]`, `tuple[X, Y]`, `dict[str, X]` and nested dataclasses.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, cast

from tracker.engine.copying import PLAIN
from tracker.engine.errors import TrackerError

T = TypeVar("T")


class RecordError(TrackerError):
    """Stored data does not fit its declared type; `message` says where and why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def to_json(value: Any) -> Any:
    """The JSON form of a record (dataclass), list, tuple, dict or plain value."""
    if type(value) in PLAIN:  # most values: asked first (a turn order of thousands)
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [item if type(item) in PLAIN else to_json(item) for item in value]
    if isinstance(value, dict):
        return {str(k): v if type(v) in PLAIN else to_json(v) for k, v in value.items()}
    return value


def from_json(kind: type[T], data: Any, where: str = "") -> T:
    """Read `data` as a `kind` (a dataclass), checking every value; `where` names it in
    messages ("the clock", "Hauser's state"). Read first by the reader made for `kind`
    (`_reader`), which names nothing; what it does not take is read again, to say what
    is wrong."""
    try:
        return cast(T, _reader(kind)(data))
    except _UnfitError:
        return cast(T, _read(kind, data, where or kind.__name__))


def read_field(kind: type, name: str, data: Any, where: str = "") -> Any:
    """Read `data` as the value of field `name` of the record type `kind`, checked
    against its type hint (`from_json` of a part of a record)."""
    where = where or kind.__name__
    if name not in {f.name for f in dataclasses.fields(kind) if f.init}:
        raise RecordError(f"{where} has an unknown entry {name!r}")
    return _read(_hints(kind)[name], data, f"{where}.{name}")


@cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)


# --- read by a reader made once per type ---------------------------------------------
# `_read` names the place of every value as it goes (for its messages) and works out
# each type's fields and hints at each value: a fight of 50 combatants read from a file
# or a checkpoint is 20,000 values. The readers below take what `_read` takes, give what
# it gives, and raise `_UnfitError` where it raises `RecordError` (or for a type they were
# not made for): `from_json` then asks `_read`, which says what is wrong.
class _UnfitError(Exception):
    """What `_read` would refuse (or a reader was not made for), unnamed."""


Reader = Callable[[Any], Any]
_READERS: dict[Any, Reader] = {}


def _reader(kind: Any) -> Reader:
    """The reader of `kind`, made at its first use."""
    try:
        reader = _READERS.get(kind)
    except TypeError:  # a type that cannot be told apart by its hash: `_read` reads it
        return _unfit
    if reader is None:

        def later(data: Any) -> Any:
            """Stands in while `kind` is made (a record may hold records of its type)."""
            made = _READERS[kind]
            if made is later:  # (still being made, by another thread)
                raise _UnfitError
            return made(data)

        _READERS[kind] = later
        try:
            reader = _make_reader(kind)
        except Exception:  # anything unusual about the type: `_read` reads it
            reader = _unfit
        _READERS[kind] = reader
    return reader


def _unfit(data: Any) -> Any:
    raise _UnfitError


def _make_reader(kind: Any) -> Reader:
    if dataclasses.is_dataclass(kind):
        return _record_reader(cast(type, kind))
    origin = typing.get_origin(kind)
    if kind is type(None) or kind is None:
        return _none
    if origin is typing.Union or origin is types.UnionType:
        return _union_reader(tuple(map(_reader, typing.get_args(kind))))
    if origin is typing.Literal:
        allowed = typing.get_args(kind)
        return _literal_reader(allowed, frozenset(type(a) for a in allowed))
    if origin is list:
        (item,) = typing.get_args(kind)
        return _list_reader(_reader(item))
    if origin is dict:
        key_kind, item = typing.get_args(kind)
        return _dict_reader(_reader(item)) if key_kind is str else _unfit
    if origin is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return _tuple_reader(_reader(args[0]))
        return _fixed_tuple_reader(tuple(map(_reader, args)))
    return _PLAIN_READERS.get(kind, _unfit)  # `Any` too: never stored


def _record_reader(kind: type) -> Reader:
    hints = _hints(kind)
    fields = [f for f in dataclasses.fields(kind) if f.init]
    names = frozenset(f.name for f in fields)
    steps = [
        (
            f.name,
            _reader(hints[f.name]),
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
        )
        for f in fields
    ]

    def read(data: Any) -> Any:
        if not isinstance(data, dict) or not data.keys() <= names:
            raise _UnfitError
        values: dict[str, Any] = {}
        for name, reader, required in steps:
            if name in data:
                values[name] = reader(data[name])
            elif required:
                raise _UnfitError
        try:
            return kind(**values)
        except (TypeError, ValueError):  # a record's own __post_init__ check
            raise _UnfitError from None

    return read


def _none(data: Any) -> None:
    if data is not None:
        raise _UnfitError


def _union_reader(options: tuple[Reader, ...]) -> Reader:
    def read(data: Any) -> Any:
        for option in options:
            try:
                return option(data)
            except _UnfitError:
                pass
        raise _UnfitError

    return read


def _literal_reader(allowed: tuple[Any, ...], kinds: frozenset[type]) -> Reader:
    def read(data: Any) -> Any:
        if data not in allowed or type(data) not in kinds:
            raise _UnfitError
        return data

    return read


def _list_reader(item: Reader) -> Reader:
    def read(data: Any) -> list[Any]:
        if not isinstance(data, list):
            raise _UnfitError
        return [item(value) for value in data]

    return read


def _dict_reader(item: Reader) -> Reader:
    def read(data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise _UnfitError
        read_items: dict[str, Any] = {}
        for key, value in data.items():
            if not isinstance(key, str):
                raise _UnfitError
            read_items[key] = item(value)
        return read_items

    return read


def _tuple_reader(item: Reader) -> Reader:
    def read(data: Any) -> tuple[Any, ...]:
        if not isinstance(data, list):
            raise _UnfitError
        return tuple([item(value) for value in data])

    return read


def _fixed_tuple_reader(items: tuple[Reader, ...]) -> Reader:
    def read(data: Any) -> tuple[Any, ...]:
        if not isinstance(data, list) or len(data) != len(items):
            raise _UnfitError
        return tuple([item(value) for item, value in zip(items, data, strict=True)])

    return read


def _bool(data: Any) -> bool:
    if not isinstance(data, bool):
        raise _UnfitError
    return data


def _int(data: Any) -> int:
    if isinstance(data, bool) or not isinstance(data, int):
        raise _UnfitError
    return data


def _float(data: Any) -> float:
    if isinstance(data, bool) or not isinstance(data, int | float):
        raise _UnfitError
    return float(data)


def _str(data: Any) -> str:
    if not isinstance(data, str):
        raise _UnfitError
    return data


_PLAIN_READERS: dict[Any, Reader] = {bool: _bool, int: _int, float: _float, str: _str}


# --- read naming each value's place ------------------------------------------------------
def _read(kind: Any, data: Any, where: str) -> Any:
    if dataclasses.is_dataclass(kind):
        return _read_record(cast(type, kind), data, where)
    origin = typing.get_origin(kind)
    if kind is Any:
        raise RecordError(f"{where}: untyped values cannot be stored")
    if kind is type(None) or kind is None:
        if data is not None:
            raise RecordError(f"{where} should be empty, not {_shown(data)}")
        return None
    if origin is typing.Union or origin is types.UnionType:
        return _read_union(typing.get_args(kind), data, where)
    if origin is typing.Literal:
        allowed = typing.get_args(kind)
        if data not in allowed or type(data) not in {type(a) for a in allowed}:
            raise RecordError(f"{where} should be one of {', '.join(map(repr, allowed))}")
        return data
    if origin is list:
        (item,) = typing.get_args(kind)
        items = _sequence(data, where)
        return [_read(item, value, f"{where}[{i}]") for i, value in enumerate(items)]
    if origin is tuple:
        return _read_tuple(typing.get_args(kind), data, where)
    if origin is dict:
        key_kind, item = typing.get_args(kind)
        if key_kind is not str:
            raise RecordError(f"{where}: only text keys can be stored")
        if not isinstance(data, dict):
            raise RecordError(f"{where} should be a table, not {_shown(data)}")
        return {
            _key(key, where): _read(item, value, f"{where}[{key!r}]") for key, value in data.items()
        }
    return _read_plain(kind, data, where)


def _read_record(kind: type, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise RecordError(f"{where} should be a table, not {_shown(data)}")
    hints = _hints(kind)
    fields = {f.name: f for f in dataclasses.fields(kind) if f.init}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise RecordError(f"{where} has an unknown entry {unknown[0]!r}")
    values: dict[str, Any] = {}
    for name, field in fields.items():
        if name in data:
            values[name] = _read(hints[name], data[name], f"{where}.{name}")
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise RecordError(f"{where} has no {name!r}")
    try:
        return kind(**values)
    except (TypeError, ValueError) as error:  # a record's own __post_init__ check
        raise RecordError(f"{where}: {error}") from None


def _read_union(options: tuple[Any, ...], data: Any, where: str) -> Any:
    problems: list[str] = []
    for option in options:
        try:
            return _read(option, data, where)
        except RecordError as error:
            problems.append(error.message)
    raise RecordError(problems[0] if len(problems) == 1 else f"{where} is not valid: {problems}")


def _read_tuple(args: tuple[Any, ...], data: Any, where: str) -> tuple[Any, ...]:
    items = _sequence(data, where)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_read(args[0], value, f"{where}[{i}]") for i, value in enumerate(items))
    if len(items) != len(args):
        raise RecordError(f"{where} should hold {len(args)} values, not {len(items)}")
    return tuple(
        _read(arg, value, f"{where}[{i}]")
        for i, (arg, value) in enumerate(zip(args, items, strict=True))
    )


def _read_plain(kind: Any, data: Any, where: str) -> Any:
    if kind is bool:
        if not isinstance(data, bool):
            raise RecordError(f"{where} should be yes or no, not {_shown(data)}")
        return data
    if kind is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise RecordError(f"{where} should be a whole number, not {_shown(data)}")
        return data
    if kind is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise RecordError(f"{where} should be a number, not {_shown(data)}")
        return float(data)
    if kind is str:
        if not isinstance(data, str):
            raise RecordError(f"{where} should be text, not {_shown(data)}")
        return data
    raise RecordError(f"{where}: values of type {kind!r} cannot be stored")


def _sequence(data: Any, where: str) -> list[Any]:
    if not isinstance(data, list):
        raise RecordError(f"{where} should be a list, not {_shown(data)}")
    return data


def _key(key: Any, where: str) -> str:
    if not isinstance(key, str):
        raise RecordError(f"{where} has a key that is not text")
    return key


def _shown(data: Any) -> str:
    if isinstance(data, dict):
        return "a table"
    if isinstance(data, list):
        return "a list"
    text = repr(data)
    return text if len(text) <= 30 else text[:27] + "..."
