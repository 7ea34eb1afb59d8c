"""A page of a players' list: the model a paged view shows, holding only the rows of the
page (`RowPager` names them), not the source's every row with all but a page hidden.

A list or table hides a row by keeping a persistent index to it: a large fight's list,
reset at an open, had some 5,000 rows hidden one by one (about 10 ms in one slot of the
event loop, issue 26), and every persistent index was moved again at each later change
of the source's rows. Here a page turned changes the few rows it holds.

The page's rows are the source's rows, mapped: every role the source gives passes as
it is (the source is the players' proxy, which already passes only what the players
may see). When the source's rows come, go, move or are reset,
the page first lets go of its rows (none is then mapped to a row that changed), then
says so (`restructured`): the pager names the page's rows again at once. The page is
never reset itself: a table's header keeps its columns' sizes and modes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractListModel,
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)

Index = QModelIndex | QPersistentModelIndex


class PageRows(QAbstractTableModel):
    """The rows of `source` that `show` names, in that order (a list's or a table's:
    every column of the source)."""

    restructured = Signal()  # the source's rows changed: the page holds none until shown

    def __init__(self, source: QAbstractItemModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[int] = []  # by row of the page, the source's row
        self.source = source
        source.dataChanged.connect(self._data_changed)
        source.headerDataChanged.connect(self._header_changed)
        for before, after in (
            (source.modelAboutToBeReset, source.modelReset),
            (source.rowsAboutToBeInserted, source.rowsInserted),
            (source.rowsAboutToBeRemoved, source.rowsRemoved),
            (source.rowsAboutToBeMoved, source.rowsMoved),
            (source.layoutAboutToBeChanged, source.layoutChanged),
        ):
            before.connect(self._let_go)
            after.connect(self.restructured)
        source.columnsAboutToBeInserted.connect(self._columns_coming)
        source.columnsInserted.connect(self.endInsertColumns)
        source.columnsAboutToBeRemoved.connect(self._columns_going)
        source.columnsRemoved.connect(self.endRemoveColumns)
        source.columnsAboutToBeMoved.connect(self._columns_moving)
        source.columnsMoved.connect(self.endMoveColumns)

    def rows(self) -> list[int]:
        """The source's rows on the page, in order."""
        return list(self._rows)

    def show(self, rows: Sequence[int]) -> None:
        """Hold the source's `rows`, in order: rows added or taken at the end, and the
        ones that stay told that they changed if they show another source row."""
        rows = list(rows)
        old = self._rows
        if rows == old:
            return
        kept = min(len(old), len(rows))
        if len(rows) < len(old):
            self.beginRemoveRows(QModelIndex(), len(rows), len(old) - 1)
            self._set(rows)
            self.endRemoveRows()
        elif len(rows) > len(old):
            self.beginInsertRows(QModelIndex(), len(old), len(rows) - 1)
            self._set(rows)
            self.endInsertRows()
        else:
            self._set(rows)
        changed = [row for row in range(kept) if old[row] != rows[row]]
        if changed:
            last = self.columnCount() - 1
            first_row, last_row = changed[0], changed[-1]
            if last >= 0:
                self.dataChanged.emit(self.index(first_row, 0), self.index(last_row, last))
            self.headerDataChanged.emit(Qt.Orientation.Vertical, first_row, last_row)

    def _set(self, rows: list[int]) -> None:
        self._rows = rows

    def _let_go(self, *_args: object) -> None:
        """The source's rows are about to change: the page holds none (until shown)."""
        if self._rows:
            self.beginRemoveRows(QModelIndex(), 0, len(self._rows) - 1)
            self._set([])
            self.endRemoveRows()

    def _columns_coming(self, parent: QModelIndex, first: int, last: int) -> None:
        self.beginInsertColumns(QModelIndex(), first, last)

    def _columns_going(self, parent: QModelIndex, first: int, last: int) -> None:
        self.beginRemoveColumns(QModelIndex(), first, last)

    def _columns_moving(
        self, parent: QModelIndex, first: int, last: int, to: QModelIndex, column: int
    ) -> None:
        self.beginMoveColumns(QModelIndex(), first, last, QModelIndex(), column)

    def _data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex, roles: Any) -> None:
        """The page's rows among those changed (a change of every row of a long list
        looks at the page's rows, not at the thousands)."""
        if not self._rows or not top_left.isValid() or not bottom_right.isValid():
            return
        top, bottom = top_left.row(), bottom_right.row()
        hit = [row for row, source in enumerate(self._rows) if top <= source <= bottom]
        if hit:
            self.dataChanged.emit(
                self.index(hit[0], top_left.column()),
                self.index(hit[-1], bottom_right.column()),
                list(roles or ()),
            )

    def _header_changed(self, orientation: Qt.Orientation, first: int, last: int) -> None:
        if orientation == Qt.Orientation.Horizontal:
            self.headerDataChanged.emit(orientation, first, last)
            return
        hit = [row for row, source in enumerate(self._rows) if first <= source <= last]
        if hit:
            self.headerDataChanged.emit(orientation, hit[0], hit[-1])

    # --- the model ------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        if parent.isValid():
            return 0
        if isinstance(self.source, QAbstractListModel):  # its column count is private
            return 1
        return self.source.columnCount(QModelIndex())

    def map_to_source(self, index: Index) -> QModelIndex:
        """The source's index of a page's cell (invalid if none)."""
        row = index.row() if index.isValid() else -1
        if not 0 <= row < len(self._rows):
            return QModelIndex()
        return self.source.index(self._rows[row], index.column())

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        source = self.map_to_source(index)
        return self.source.data(source, role) if source.isValid() else None

    def flags(self, index: Index) -> Qt.ItemFlag:
        source = self.map_to_source(index)
        return self.source.flags(source) if source.isValid() else Qt.ItemFlag.NoItemFlags

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal:
            return self.source.headerData(section, orientation, role)
        if not 0 <= section < len(self._rows):
            return None
        return self.source.headerData(self._rows[section], orientation, role)
