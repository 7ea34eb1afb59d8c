"""Which rows a table measures to fit a column to its widest cell, of every row and not
only of those in sight, without measuring them all (issue 26: a large fight's view
measured its every row, through Qt's indexes and the delegates, when it was built).

A view gives each row of a column a cheap estimate of its cell's width, read from the
model's Python data (the texts that make a cell wide, measured with the font's metrics,
each text once: `TextWidths`); the rows with the largest estimates, and those in sight,
are measured exactly (`rows_to_measure`). The widest cell of a column is one of them
whenever its width follows its texts' widths, as the names' and the resources' do.

Estimating every row is proportional to the fight (0.1 s at 5,000 combatants for the
resources' texts): a view that gives `Estimates` an owner has a ranking afresh of many
rows worked out `slice_rows` rows a turn of the event loop (no stall of the window
while a large fight opens), a slice's estimates made at once where the view can
(`sliced`: the order table, Classic d20's); until it is done, the rows estimated so far
are ranked (the rows in sight are measured anyway), and the view is told once it is (it
fits again). A model that can give every row's estimate of a column at once (`every`:
the tick table's texts) is ranked at once instead. Estimates may measure texts with
their digits as zeros (`TextWidths.in_font(digits_alike=True)`): a large fight's
resources are nearly all different texts, and only rank."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QFont, QFontMetrics

CANDIDATES = 12  # rows out of sight measured exactly: the likeliest widest
TEXTS_KEPT = 16384  # texts' widths kept (forgotten all at once past it)
SLICE = 250  # rows estimated in one turn of the event loop (a view with an owner)
DIGITS_ALIKE = bytes.maketrans(b"123456789", b"000000000")  # UTF-8 digits as zeros


class TextWidths:
    """The widths of texts in fonts, each text measured once per font."""

    def __init__(self) -> None:
        self._widths: dict[str, dict[str, int]] = {}  # font's key → text → width
        self._shapes: dict[str, dict[bytes, int]] = {}  # the same, digits as zeros

    def in_font(self, font: QFont, *, digits_alike: bool = False) -> Callable[[str], int]:
        """A text's width in `font` (the font's metrics made once for many texts).
        `digits_alike`: measured with its digits as zeros (every digit is as wide as
        another in a table's fonts: "Orc 17" and "Orc 42" are one measure; for an
        estimate, which only ranks)."""
        widths = self._widths.setdefault(font.key(), {})
        metrics = QFontMetrics(font)

        def width(text: str) -> int:
            found = widths.get(text)
            if found is None:
                if len(widths) >= TEXTS_KEPT:
                    widths.clear()
                found = widths[text] = metrics.horizontalAdvance(text)
            return found

        if not digits_alike:
            return width
        shapes = self._shapes.setdefault(font.key(), {})

        def alike(text: str) -> int:
            # the bytes' table: a string's takes the slow path past ASCII ("·")
            shape = text.encode().translate(DIGITS_ALIKE)
            found = shapes.get(shape)
            if found is None:
                if len(shapes) >= TEXTS_KEPT:
                    shapes.clear()
                found = shapes[shape] = metrics.horizontalAdvance(shape.decode())
            return found

        return alike


def bold(font: QFont) -> QFont:
    """`font` in bold (a name's, a count's)."""
    bolder = QFont(font)
    bolder.setBold(True)
    return bolder


@dataclass
class _Scan:
    """A ranking afresh of a column under way: the rows before `next` estimated, the
    `2 * many` widest of them kept as (estimate, key), widest first."""

    many: int
    next: int = 0
    widest: list[tuple[int, Hashable]] = field(default_factory=list)


class Estimates:
    """Each row's estimate of a column, kept by the row's combatant (`key_of`; `row_of`
    finds its row again) until the row changes; the combatants ranked by them, kept
    while rows move, come and go (those changed or come are ranked in among them).

    With an `owner`, a ranking afresh of more than `slice_rows` rows is worked out a
    slice a turn of the event loop, the owner's view telling of rows moved, come or gone
    (`moved`) meanwhile; `settled` is called once no ranking is under way."""

    def __init__(
        self,
        estimator: Callable[[int], Callable[[int], int]],
        key_of: Callable[[int], Hashable],
        row_of: Callable[[Any], int],
        *,
        owner: QObject | None = None,
        settled: Callable[[], None] | None = None,
        slice_rows: int = SLICE,
        every: Callable[[int], tuple[Sequence[Hashable], Sequence[int]]] | None = None,
        sliced: Callable[[int, int, int], tuple[Sequence[Hashable], Sequence[int]]] | None = None,
    ) -> None:
        self._estimator = estimator  # column → (row → the estimate): fonts made once
        # column → every row's key and estimate, in row order, at once (optional: a
        # model that makes them for a large fight faster than row by row)
        self._every = every
        # column, first, end → the keys and estimates of rows first…end-1, fewer at the
        # end (optional: a slice made at once, not a row at a time through the keys)
        self._sliced = sliced
        self._key_of = key_of  # row → its combatant's key (None: no such row)
        self._row_of = row_of  # a key → its row (-1: gone)
        self._owner = owner
        self._settled = settled
        self._slice = slice_rows  # rows estimated a turn (fewer where a row costs more)
        self._scans: dict[int, _Scan] = {}  # column → its ranking afresh under way
        self._slicing = False  # the next slice is due in the event loop
        self._kept: dict[int, dict[Hashable, int]] = {}  # column → key → estimate
        # column → (estimate, key) of the widest, widest first; the keys changed since
        self._ranked: dict[int, list[tuple[int, Hashable]]] = {}
        self._changed: dict[int, set[Hashable]] = {}
        self._hints: dict[Hashable, int] = {}  # key → its row when last found
        self._font = ""  # the key of the font they were worked out in

    def ranked(self, column: int, count: int, many: int) -> list[int]:
        """The rows of the `many` combatants (of `count`) whose estimates of `column`
        are the largest, the largest first."""
        kept = self._kept.setdefault(column, {})
        estimate, key_of = self._estimator(column), self._key_of

        def of_key(key: Hashable, row: int) -> int:
            value = kept.get(key)
            if value is None:
                value = kept[key] = estimate(row)
            return value

        ranking = self._ranked.get(column)
        changed = self._changed.pop(column, set())
        if ranking is not None and changed:
            ranking = self._rank_in(ranking, changed, of_key)
        rows: list[int] = []
        if ranking is not None:  # those gone left out: the others are still the widest
            found = [(entry, self._find(entry[1])) for entry in ranking]
            ranking = [entry for entry, row in found if row >= 0]
            rows = [row for _, row in found if row >= 0]
        if ranking is None or len(ranking) < min(many, count):
            if self._every is None and self._owner is not None and count > self._slice:
                return self._scanned(column, many)
            # Twice as many as asked: a few may go and the rest still be the widest.
            if self._every is not None:
                keys, values = self._every(column)
                kept.update(zip(keys, values, strict=True))
                rows = heapq.nlargest(2 * many, range(count), key=values.__getitem__)
                widest = [(values[row], row) for row in rows]
            else:
                keyed = ((of_key(key_of(row), row), row) for row in range(count))
                widest = heapq.nlargest(2 * many, keyed, key=_first)
                rows = [row for _, row in widest]
            ranking = [(value, key_of(row)) for value, row in widest]
            self._hints.update((key, row) for (_, key), row in zip(ranking, rows, strict=True))
        self._ranked[column] = ranking
        return rows[:many]

    def _scanned(self, column: int, many: int) -> list[int]:
        """The rows of the `many` widest of those a ranking afresh of `column` has
        estimated so far (the ranking started, or made to keep more, if need be)."""
        scan = self._scans.get(column)
        if scan is None or scan.many < many:
            scan = self._scans[column] = _Scan(many)
            self._slice_later()
        rows = (self._find(key) for _, key in scan.widest)
        return [row for row in rows if row >= 0][:many]

    def _next_slice(self) -> None:
        """Estimate the next slice of rows of a ranking under way; a ranking done is
        kept as any other (`ranked`)."""
        self._slicing = False
        if not self._scans:
            return
        column, scan = next(iter(self._scans.items()))
        kept = self._kept.setdefault(column, {})
        row, end = scan.next, scan.next + self._slice
        if self._sliced is not None:
            keys, values = self._sliced(column, row, end)
            kept.update(zip(keys, values, strict=True))
            self._hints.update(zip(keys, range(row, row + len(keys)), strict=True))
            entries = list(zip(values, keys, strict=True))
            done = len(keys) < end - row
            row += len(keys)
        else:
            entries, row = self._estimated(column, kept, row, end)
            done = self._key_of(row) is None
        scan.widest = heapq.nlargest(2 * scan.many, [*scan.widest, *entries], key=_first)
        scan.next = row
        if done:  # every row estimated
            del self._scans[column]
            self._ranked[column] = scan.widest
            self._changed.pop(column, None)
        if self._scans:
            self._slice_later()
        elif self._settled is not None:
            self._settled()

    def _estimated(
        self, column: int, kept: dict[Hashable, int], row: int, end: int
    ) -> tuple[list[tuple[int, Hashable]], int]:
        """The (estimate, key) of rows `row`…`end`-1 (fewer at the end), a row at a
        time (those kept looked up), and the row after them."""
        estimate, key_of, hints = self._estimator(column), self._key_of, self._hints
        entries: list[tuple[int, Hashable]] = []
        key = key_of(row)
        while key is not None and row < end:
            value = kept.get(key)
            if value is None:
                value = kept[key] = estimate(row)
            entries.append((value, key))
            hints[key] = row
            row += 1
            key = key_of(row)
        return entries, row

    def _slice_later(self) -> None:
        if self._owner is not None and not self._slicing:
            self._slicing = True
            QTimer.singleShot(0, self._owner, self._next_slice)

    def moved(self, *_args: object) -> None:
        """Rows moved, came or went: a ranking under way reads every row again (each
        estimate kept by its combatant: a look-up)."""
        for column, scan in self._scans.items():
            self._scans[column] = _Scan(scan.many)

    @property
    def settling(self) -> bool:
        """A ranking is under way (its rows estimated a slice at a time)."""
        return bool(self._scans)

    def _find(self, key: Hashable) -> int:
        """A combatant's row (-1: gone): where it was last, if it is still there."""
        hint = self._hints.get(key)
        if hint is not None and hint >= 0 and self._key_of(hint) == key:
            return hint
        row = self._hints[key] = self._row_of(key)
        return row

    def _rank_in(
        self,
        ranking: list[tuple[int, Hashable]],
        changed: set[Hashable],
        of_key: Callable[[Hashable, int], int],
    ) -> list[tuple[int, Hashable]] | None:
        """The ranking with the changed combatants ranked in (None: ranked again, a
        ranked one grew narrower: another may be wider now)."""
        kept = [entry for entry in ranking if entry[1] not in changed]
        for key in changed:
            row = self._find(key)
            if row >= 0:
                kept.append((of_key(key, row), key))
        kept.sort(key=_first, reverse=True)
        kept = kept[: len(ranking)]
        if len(kept) < len(ranking) or (kept and kept[-1][0] < ranking[-1][0]):
            return None
        return kept

    def forget(self, first: int, last: int) -> None:
        """Rows `first`…`last` changed or came (as they are now)."""
        keys = [self._key_of(row) for row in range(first, last + 1)]
        for kept in self._kept.values():
            for key in keys:
                kept.pop(key, None)
        for column in self._ranked:
            self._changed.setdefault(column, set()).update(keys)
        self.moved()

    def clear(self, *_args: object) -> None:
        self._scans.clear()
        self._kept.clear()
        self._ranked.clear()
        self._changed.clear()
        self._hints.clear()

    def follow(self, font: QFont) -> None:
        """Worked out anew in another font (a restyling in the same font keeps them)."""
        if font.key() != self._font:
            self._font = font.key()
            self.clear()


def _first(entry: tuple[int, Hashable]) -> int:
    return entry[0]


def rows_to_measure(
    count: int,
    sight: Sequence[int],
    ranked: Callable[[int], list[int]],
    candidates: int = CANDIDATES,
) -> list[int]:
    """Of `count` rows, those whose cells a column's fitting measures: the rows in
    `sight`, and the `candidates` others ranked widest (`ranked(many)`: the `many`
    rows of the largest estimates, the largest first); all of them when they are few."""
    if count <= len(sight) + candidates:
        return list(range(count))
    shown = set(sight)
    others = [row for row in ranked(candidates + len(shown)) if row not in shown]
    return [*sight, *others[:candidates]]
