"""The widths a view keeps of what its cells show, by row and column (issue 26, point
5). Kept by what a cell shows alone, up to a cap and then forgotten all at once, they
grew with every step of a long fight (each health or turn shown once stayed a key:
Classic d20 kept ~300 bytes a step, its keys holding the rows' summaries), and the
first fit after the cap measured every cell in sight again."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

S = TypeVar("S", bound=Hashable)
Kept = tuple[tuple[S, int], ...]


class ShownWidths(Generic[S]):
    """Per cell (a row's key, a column), the widths of the last two things it showed,
    the latest first: an undo shows the one before again, a redo the latest."""

    def __init__(self) -> None:
        self._kept: dict[tuple[Hashable, int], Kept[S]] = {}

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, row: Hashable, column: int, shown: S) -> int | None:
        kept = self._kept.get((row, column))
        if kept is None:
            return None
        if kept[0][0] == shown:
            return kept[0][1]
        if len(kept) > 1 and kept[1][0] == shown:
            self._kept[(row, column)] = (kept[1], kept[0])
            return kept[1][1]
        return None

    def put(self, row: Hashable, column: int, shown: S, width: int) -> None:
        kept = self._kept.get((row, column))
        latest = (shown, width)
        self._kept[(row, column)] = (latest,) if kept is None else (latest, kept[0])

    def clear(self) -> None:
        self._kept.clear()
