"""Pixmaps a view draws once and puts back while what they show is the same (issue 26:
a ruleset view's rows or blocks drawn in Python cost most of a step's paint, and Qt
repaints them far more often than they change). Kept by a key holding everything
their pixels depend on, the least recently shown going first past a budget in bytes.

A view that keeps its drawing so names its `KeptPixmaps` `kept`; with `keep` False it
draws straight into itself, kept nowhere (as a test spying on the drawing needs)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from PySide6.QtGui import QPixmap

K = TypeVar("K", bound=Hashable)


class KeptPixmaps(Generic[K]):
    """`pixmap(key, draw)`: the pixmap kept for `key`, else `draw()`'s, then kept.
    `drawn` counts the pixmaps drawn afresh (what a repaint of unchanged things should
    not add to)."""

    def __init__(self, limit: int) -> None:
        self._kept: OrderedDict[K, QPixmap] = OrderedDict()
        self._limit = limit  # bytes
        self._bytes = 0
        self.drawn = 0
        self.keep = True

    def __len__(self) -> int:
        return len(self._kept)

    @property
    def bytes(self) -> int:
        return self._bytes

    def clear(self) -> None:
        self._kept.clear()
        self._bytes = 0

    def pixmap(self, key: K, draw: Callable[[], QPixmap]) -> QPixmap:
        found = self._kept.get(key)
        if found is not None:
            self._kept.move_to_end(key)
            return found
        self.drawn += 1
        pixmap = self._kept[key] = draw()
        self._bytes += _size(pixmap)
        while self._bytes > self._limit and len(self._kept) > 1:
            self._bytes -= _size(self._kept.popitem(last=False)[1])
        return pixmap


def _size(pixmap: QPixmap) -> int:
    return pixmap.width() * pixmap.height() * 4
