"""A session's undo or redo stack: entries pushed on top of entries it was given, which
are read only when reached. A resumed journal gives its history so (`Session.
restore_history`): thousands of entries, each made when the GM first undoes, redoes or
lists that far, not all of them at the resume."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, Protocol, TypeVar

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Entries(Protocol[T_co]):
    """Entries read by index (a list, or one that makes each when first read: it must
    give the same object each time an index is read)."""

    def __len__(self) -> int: ...

    def __getitem__(self, index: int, /) -> T_co: ...


class Stack(Generic[T]):
    """A stack over `below` (its entries from the bottom up, or from the top down if
    `top_first`), read and never changed: popping an entry of it only counts it off."""

    __slots__ = ("_below", "_down", "_size", "_top")

    def __init__(self, below: Entries[T] = (), *, top_first: bool = False) -> None:
        self._below = below
        self._down = top_first
        self._size = len(below)  # entries of `below` still on the stack
        self._top: list[T] = []

    def __len__(self) -> int:
        return self._size + len(self._top)

    def __bool__(self) -> bool:
        return bool(self._top) or self._size > 0

    def __iter__(self) -> Iterator[T]:
        """The entries from the bottom up."""
        for place in range(self._size):
            yield self._below_at(place)
        yield from self._top

    def last(self) -> T:
        """The entry on top (`IndexError` if there is none)."""
        if self._top:
            return self._top[-1]
        if not self._size:
            raise IndexError("the stack is empty")
        return self._below_at(self._size - 1)

    def pop(self) -> T:
        entry = self.last()
        if self._top:
            self._top.pop()
        else:
            self._size -= 1
        return entry

    def append(self, entry: T) -> None:
        self._top.append(entry)

    def clear(self) -> None:
        self._top.clear()
        self._below, self._size = (), 0

    def _below_at(self, place: int) -> T:
        """The entry of `below` at `place` from the bottom of the stack."""
        return self._below[len(self._below) - 1 - place if self._down else place]
