"""The roster as the order table reads it: the same rows and cells, each value kept as
it was first read, until the roster announces a change of its row. The values are
kept by combatant: rows that come, go or move above a row keep what was read of it
(its cells' pixmaps are found again by them: `KeptPaint`).

A view asks every cell for seven roles and more at each paint and measure; the roster
works each out anew. Kept, a repaint costs lookups. And when the roster announces every
row at once (it does when the clock moves: any row's markers may follow it), the view
asks `changed_rows` which of the rows it shows really look different, comparing what it
read before with what the roster says now, and repaints only those."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QIdentityProxyModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from tracker.qt.appearance import appearance
from tracker.qt.models.roster_model import RosterModel
from tracker.qt.views.kept_text import shown_of

Index = QModelIndex | QPersistentModelIndex
ShownOf = Callable[[QAbstractItemModel, Index], Hashable]
Values = dict[tuple[int, int], Any]  # (column, role) → value, as read
FEW_ROWS = 2  # an announcement of this many rows or fewer is taken as it is
SHOWN = -1  # not a role: what a cell draws, as one key (`shown`)


class KeptValues(dict[str, Values]):
    """What the views read of each combatant's row since it changed, by its id; with
    what each cell draws, as one key (`SHOWN`): its kept pixmap's."""

    def of(self, key: str) -> Values:
        values = self.get(key)
        if values is None:
            values = self[key] = {}
        return values

    def shown(self, key: str, column: int, make: Callable[[], Hashable]) -> Hashable:
        """What the combatant's cell in `column` draws: `make`'s, once per change."""
        values = self.of(key)
        found = values.get((column, SHOWN))
        if found is None:
            found = values[(column, SHOWN)] = make()
        return found

    def kept_shown(self, key: str | None, columns: Sequence[int]) -> list[Hashable] | None:
        """What each of the combatant's `columns` cells drew (`shown`) while its row is
        the same; None if one was not drawn since (or no combatant)."""
        values = self.get(key) if key is not None else None
        if values is None:
            return None
        found = [values.get((column, SHOWN)) for column in columns]
        return None if None in found else found


class KeptRows(QIdentityProxyModel):
    def __init__(self, roster: RosterModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.roster = roster
        self._kept = KeptValues()  # by combatant: what the views read since a change
        self._before: dict[str, Values] = {}  # rows announced as many, to compare
        # Connected before the proxy's own forwarding: the values are forgotten before
        # any view hears of the change.
        roster.dataChanged.connect(self._on_data_changed)
        roster.rowsAboutToBeRemoved.connect(self._forget_rows)
        appearance().changed.connect(self._forget_all)  # colours of the other scheme
        for signal in (
            roster.layoutAboutToBeChanged,
            roster.layoutChanged,
            roster.modelAboutToBeReset,
            roster.modelReset,
        ):
            signal.connect(self._forget_all)
        self.setSourceModel(roster)

    # --- reading ----------------------------------------------------------------------
    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        values = self._values(index)
        if values is None:
            return None
        key = (index.column(), int(role))
        if key in values:
            return values[key]
        value = values[key] = self.roster.cell_value(index.row(), key[0], key[1])
        return value

    def _values(self, index: Index) -> Values | None:
        """What the views read of the index's row since it changed (None: no row)."""
        key = self.roster.key_at(index.row())
        return None if key is None else self._kept.of(key)

    def shown(self, index: Index, of: ShownOf = shown_of) -> Hashable:
        """What a cell draws (`of` it: a text cell's `kept_text.shown_of`), kept with
        the row's values: the key of its kept pixmap, read once per change of the row."""
        key = self.roster.key_at(index.row())
        if key is None:
            return None
        return self._kept.shown(key, index.column(), partial(of, self, index))

    def kept_shown(self, row: int, columns: Sequence[int]) -> list[Hashable] | None:
        """What each of the row's `columns` cells drew (`shown`) while the row is the
        same; None if one was not drawn since."""
        return self._kept.kept_shown(self.roster.key_at(row), columns)

    def row_of(self, combatant_id: str) -> int:
        return self.roster.row_of(combatant_id)

    # --- following the roster ---------------------------------------------------------
    def _forget_all(self, *_args: object) -> None:
        self._kept.clear()
        self._before.clear()

    def _forget_rows(self, parent: Index, first: int, last: int) -> None:
        """The values of the rows about to go."""
        for key in filter(None, map(self.roster.key_at, range(first, last + 1))):
            self._kept.pop(key, None)
            self._before.pop(key, None)

    def _on_data_changed(self, top_left: Index, bottom_right: Index, *_: Any) -> None:
        rows = range(top_left.row(), bottom_right.row() + 1)
        if rows.start <= 0 and rows.stop >= self.roster.rowCount():
            # Every row (the clock moved): the few rows kept, not each of thousands.
            changed = list(self._kept)
        else:
            keys = filter(None, map(self.roster.key_at, rows))
            changed = [key for key in keys if key in self._kept]
        for key in changed:
            self._before[key] = self._kept.pop(key)

    def changed_rows(self, first: int, last: int, shown: range) -> list[int]:
        """Of the rows `first` to `last` the roster just announced, those to repaint:
        all of a few; of many, the rows in `shown` whose values differ from those read
        before (or were not read). Values of rows not shown are forgotten."""
        before, self._before = self._before, {}
        if last - first < FEW_ROWS:
            return list(range(first, last + 1))
        changed: list[int] = []
        in_sight: set[str] = set()
        for row in range(max(first, shown.start), min(last + 1, shown.stop)):
            key = self.roster.id_at(row)
            in_sight.add(key)
            old = before.get(key)
            if old is None or key in self._kept or not self._same(row, old):
                changed.append(row)  # (not read since: what the view shows is not known)
            else:
                self._kept[key] = old
        in_sight.update(filter(None, map(self.roster.key_at, shown)))
        for key in [k for k in self._kept if k not in in_sight]:
            del self._kept[key]
        return changed

    def _same(self, row: int, values: Values) -> bool:
        """Whether the roster says what `values` say of the row (asked until one differs)."""
        value_of = self.roster.cell_value
        return all(
            role == SHOWN or value_of(row, column, role) == value
            for (column, role), value in values.items()
        )
