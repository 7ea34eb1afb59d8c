"""Copying the state a command touches, fast.

The state is plain data: strings, numbers, enums, dicts, lists, tuples, sets and
dataclasses of those (the rulesets' runtime and clock records). `copy.deepcopy` copies
that generically: a memo, a reducer and a dispatch for every value, which made it the
largest share of a change's (and of every trial run's) engine time. `copy_state` copies
the same trees with one handler per type, worked out once per type; immutable values are
shared, as deepcopy shares them. A type it does not know, or one with its own
`__deepcopy__`, still goes through `copy.deepcopy`.

No value in the state is referenced twice, so the memo deepcopy keeps (to copy a shared
object once) is not needed.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
Copier = Callable[[Any], Any]

_IMMUTABLE: frozenset[type] = frozenset(
    {str, int, float, bool, complex, bytes, type(None), frozenset, range}
)


# The immutable types most fields hold, shared by the dataclass copiers without a call
# (and written to JSON as they are: `records.to_json`).
PLAIN: frozenset[type] = frozenset({str, int, float, bool, type(None)})


def _same(value: Any) -> Any:
    return value


def _dict(value: dict[Any, Any]) -> dict[Any, Any]:
    return {key: item if type(item) in PLAIN else copy_state(item) for key, item in value.items()}


def _list(value: list[Any]) -> list[Any]:
    return [item if type(item) in PLAIN else copy_state(item) for item in value]


def _tuple(value: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple([copy_state(item) for item in value])


def _set(value: set[Any]) -> set[Any]:
    return set(value)  # set members are hashable: immutable in this state


def _has_own_deepcopy(cls: type) -> bool:
    return any("__deepcopy__" in vars(base) for base in cls.__mro__ if base is not object)


def _dataclass_copier(cls: type) -> Copier:
    """A new instance without `__init__` (as deepcopy makes it), its fields copied."""
    new = object.__new__
    setter = object.__setattr__
    if "__slots__" in vars(cls):
        names = tuple(f.name for f in dataclasses.fields(cls))

        def copy_slotted(value: Any) -> Any:
            fresh: Any = new(cls)
            for name in names:
                item = getattr(value, name)
                # Most fields hold a number, a text or None: shared, without a call.
                setter(fresh, name, item if type(item) in PLAIN else copy_state(item))
            return fresh

        return copy_slotted

    def copy_plain(value: Any) -> Any:
        fresh: Any = new(cls)
        fresh.__dict__.update(
            {k: v if type(v) in PLAIN else copy_state(v) for k, v in value.__dict__.items()}
        )
        return fresh

    return copy_plain


def _copier_for(cls: type) -> Copier:
    if cls in _IMMUTABLE or issubclass(cls, enum.Enum):
        return _same
    if cls is dict:
        return _dict
    if cls is list:
        return _list
    if cls is tuple:
        return _tuple
    if cls is set:
        return _set
    if dataclasses.is_dataclass(cls) and not _has_own_deepcopy(cls):
        return _dataclass_copier(cls)
    return copy.deepcopy


_COPIERS: dict[type, Copier] = {}


def copy_state(value: T) -> T:
    """A deep copy of a piece of encounter state (equal to `copy.deepcopy(value)`)."""
    cls = type(value)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier_for(cls)
    result: T = copier(value)
    return result
