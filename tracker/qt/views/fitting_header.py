"""Table column headers whose columns fit their text without jittering.

`SteadyHeader`: a column that fits its contents (`ResizeToContents`) keeps the widest
width it has had: a fight's texts change at every step ("Segment 1", "Cycle 2 ·
Segment A"), and a column fitted to each step's texts would narrow and widen by turns,
moving every column beside it. It grows when a text needs more, and starts afresh when
the model is reset (another encounter), its columns change, the font changes or the
header's width changes (the room the columns share).

`FittingHeader`: a steady header whose columns are measured once a step. A header with
columns that fit their contents measures every row shown, asking the model for each
cell's text, font and decoration, at each `dataChanged` that reaches it: a step that
announces four rows shown measured them all four times. `FittingHeader` measures once,
when the event loop next runs, after all the step's announcements (as Qt does after rows
come or go), and only the cells announced in sight that show something else: each
cell's width is kept with what it showed (moving with its row). The columns are laid
out again only if the widest cell in sight of a column a fitting reads changed (a
fitted column; a stretched one too in a table whose columns share their room by their
contents, `SHARES_ROOM`, as the turn order by its names: elsewhere a stretched column
takes what the others leave, whatever it shows) and, in a table that does not share
its room, is wider than its column (a fitted column only grows); else a fitting would
change nothing. After rows move, the next step measures the rows then in sight, their
widths moved with them, as after any step. After rows come or go (the GM adds or
removes a combatant), a fitted column only grows: the step measures the cells come (in
sight or not: a table may fit every row) and those brought into sight, and lays the
columns out only if one of them is wider than its column (a table that shares its room
fits as after any step)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import (
    QAbstractItemModel,
    QEvent,
    QItemSelection,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
    QTimer,
    SignalInstance,
)
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QHeaderView, QStyledItemDelegate, QTableView, QWidget

from tracker.qt.views.cell_widths import STYLED_ROLES, moved, shifted, text_shown

Kept = tuple[tuple[object, ...] | None, int]  # what a cell showed when measured, its width
FEW_COME = 64  # rows come in a step measured each; more: the columns fitted in full


class SteadyHeader(QHeaderView):
    """A horizontal header whose fitted columns only grow (see the module)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        # As the header a QTableView makes for itself.
        self.setSectionsClickable(True)
        self.setHighlightSections(True)
        self._afresh = True  # the next fitting is to the contents alone
        self._afresh_width = -1  # the header's width at the last fitting afresh
        self._stale = False  # a fitting waits for the header to show
        self._marked: tuple[tuple[bool, bool], ...] | None = None  # `_marks` shown

    def setModel(self, model: QAbstractItemModel | None) -> None:
        old = self.model()
        if old is not None:
            for signal in _column_signals(old):
                signal.disconnect(self.fit_afresh)
        if model is not None:
            for signal in _column_signals(model):
                signal.connect(self.fit_afresh)
        super().setModel(model)
        self.fit_afresh()

    def fit_afresh(self, *_args: object) -> None:
        """Fit the columns to their contents alone, when the event loop next runs; from
        then on they only grow again."""
        self._afresh = True
        QTimer.singleShot(0, self, self._fit_afresh)

    def _fit_afresh(self) -> None:
        if self._afresh and self.isVisible():  # a hidden pane measures nothing
            self.resizeSections()
            self._afresh = False
            self._afresh_width = self.width()

    def fit_when_shown(self) -> bool:
        """True if the header is shown and may measure now; else the fitting waits for
        it to show (an optional pane off: a step measured its every row for nothing)."""
        if self.isVisible():
            return True
        self._stale = True
        return False

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._afresh:
            QTimer.singleShot(0, self, self._fit_afresh)
        elif self._stale:
            self._stale = False
            QTimer.singleShot(0, self, self.resizeSections)

    def selectionChanged(self, selected: QItemSelection, deselected: QItemSelection) -> None:
        """The sections repainted only if one is marked otherwise (a row selected marks
        every column's label): Qt repainted the whole header at each change the
        selection model tells, a combatant removed with its row selected among them."""
        marks = self._marks()
        if marks != self._marked:
            self._marked = marks
            super().selectionChanged(selected, deselected)

    def _marks(self) -> tuple[tuple[bool, bool], ...]:
        """By section, whether it is highlighted for the selection (its column holds a
        selected cell; every cell of it selected), as the header paints it."""
        selection, model = self.selectionModel(), self.model()
        if not self.highlightSections() or selection is None or model is None:
            return ()
        root = self.rootIndex()
        full = model.rowCount(root) <= len(selection.selectedIndexes())  # else none is
        return tuple(
            (
                selection.columnIntersectsSelection(column, root),
                full and selection.isColumnSelected(column, root),
            )
            for column in range(self.count())
        )

    def sectionSizeFromContents(self, logicalIndex: int) -> QSize:  # noqa: N803 (Qt)
        """At least the width a fitted column has (Qt fits a column to the larger of
        its cells' widths and this), unless it is fitted afresh."""
        size = super().sectionSizeFromContents(logicalIndex)
        fitted = self.sectionResizeMode(logicalIndex) == QHeaderView.ResizeMode.ResizeToContents
        if fitted and not self._afresh:
            size.setWidth(max(size.width(), self.sectionSize(logicalIndex)))
        return size

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Another width is room shared anew (a list whose length changes at every step
        keeps its scroll bar, so that its width does not change with it)."""
        if not self._afresh and event.size().width() != self._afresh_width:
            self.fit_afresh()
        super().resizeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.fit_afresh()
        super().changeEvent(event)


def _column_signals(model: QAbstractItemModel) -> tuple[SignalInstance, ...]:
    return (model.modelReset, model.columnsInserted, model.columnsRemoved, model.columnsMoved)


class FittingHeader(SteadyHeader):
    """A steady header measuring once a step, and only the cells the step changed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._pending = False
        # (row, column) → what a cell showed when measured (None: unknown), its width.
        self._widths: dict[tuple[int, int], Kept] = {}
        # By row announced changed since measured, its first and last column changed
        # (a long fight's new round announces every row: noted at little cost).
        self._announced: dict[int, tuple[int, int]] = {}
        self._columns: list[int] = []  # the columns measured
        # By column measured, its widest cell in sight at the last step; None: unknown
        # (the columns are fitted in full at the next step).
        self._widest: dict[int, int] | None = None
        # The rows come since the last fitting (empty: rows went); None: none came or went.
        self._came: set[int] | None = None
        self._laying_out = False  # in a layout of the columns of the header's own
        self._moved = False  # rows moved since the last fitting (`keeps_fit`)

    def setModel(self, model: QAbstractItemModel | None) -> None:
        old = self.model()
        if old is not None:
            for signal, slot in self._model_signals(old):
                signal.disconnect(slot)
        if model is not None:
            for signal, slot in self._model_signals(model):
                signal.connect(slot)
        super().setModel(model)

    def _model_signals(
        self, model: QAbstractItemModel
    ) -> tuple[tuple[SignalInstance, Callable[..., None]], ...]:
        forget = self._forget_widths
        return (
            *((signal, forget) for signal in _column_signals(model)),
            (model.layoutChanged, forget),
            (model.rowsInserted, self._rows_inserted),
            (model.rowsRemoved, self._rows_removed),
            (model.rowsMoved, self._rows_moved),
            (model.headerDataChanged, self._forget_widest),
        )

    def fit_afresh(self, *_args: object) -> None:
        self._widest = None
        super().fit_afresh()

    def resizeSections(self, *mode: QHeaderView.ResizeMode) -> None:  # noqa: N802 (Qt)
        """The columns laid out by the header itself (see `keeps_fit`)."""
        self._laying_out = True
        try:
            super().resizeSections(*mode)
        finally:
            self._laying_out = False

    def keeps_fit(self) -> bool:
        """True between rows moved and the header's next fitting, outside a layout of
        its own: Qt then lays the columns out of its own accord (the header's geometry
        updated) while the header keeps them fitted, its fitting at the step's end
        measuring what moved into sight and widening a column a cell outgrew, and a
        fitted column never narrows (`sectionSizeFromContents`). A view may answer Qt's
        measure of a column with 0 then, not measure its rows for nothing (the
        Initiative ticks track measured its three fitted columns at each Adjust
        Initiative and its undo, and changed no width)."""
        fitted = not self._afresh and self._widest is not None
        return self._moved and not self._laying_out and fitted

    def _fit_afresh(self) -> None:
        """Fitted afresh: the widest cells it was fitted to, the next step's yardstick."""
        fitting = self._afresh and self.isVisible()
        super()._fit_afresh()
        if fitting:
            self._widest = self._measure()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._widths.clear()
        super().changeEvent(event)

    def _forget_widths(self, *_args: object) -> None:
        self._widths.clear()
        self._announced.clear()
        self._widest = None

    def _forget_announced(self) -> None:
        """The cells announced changed forget their widths (before rows move)."""
        announced, widths = self._announced, self._widths
        if announced:
            for cell in [cell for cell in widths if _covered(announced, cell)]:
                del widths[cell]
            announced.clear()

    def _forget_widest(self, *_args: object) -> None:
        """Qt fits the columns itself (rows come, go or move, labels change): the next
        step fits them in full."""
        self._widest = None

    def _rows_inserted(self, parent: QModelIndex, first: int, last: int) -> None:
        self._forget_announced()
        if parent.isValid():
            self._widest = None
            return
        self._widths = shifted(self._widths, 1, first, last)
        count = last - first + 1
        came = {row + count if row >= first else row for row in self._came or ()}
        self._came = came | set(range(first, last + 1))
        if len(self._came) > FEW_COME:  # a fitting in full measures fewer
            self._widest = None
        self._fit_later()  # a row come may be wider than its column

    def _rows_removed(self, parent: QModelIndex, first: int, last: int) -> None:
        self._forget_announced()
        if parent.isValid():
            self._widest = None
            return
        self._widths = shifted(self._widths, -1, first, last)
        count = last - first + 1
        rows = self._came or set()
        self._came = {
            row - count if row > last else row for row in rows if not first <= row <= last
        }

    def _rows_moved(
        self, parent: QModelIndex, first: int, last: int, to: QModelIndex, row: int
    ) -> None:
        self._forget_announced()
        if not parent.isValid() and not to.isValid():
            # Widths kept move with their rows: the rows then in sight are measured as
            # after any step (Initiative ticks moves a row at most actions).
            self._widths = moved(self._widths, first, last, row)
            self._moved = True
            self._fit_later()
        else:
            self._widths.clear()
            self._widest = None

    def dataChanged(
        self,
        top_left: QModelIndex | QPersistentModelIndex,
        bottom_right: QModelIndex | QPersistentModelIndex,
        roles: Sequence[int] = (),
    ) -> None:
        """The changed cells noted; the columns fitted when the event loop next runs."""
        if not top_left.isValid() or not bottom_right.isValid():
            self._forget_widths()
        else:
            announced, left, right = self._announced, top_left.column(), bottom_right.column()
            for row in range(top_left.row(), bottom_right.row() + 1):
                was = announced.get(row)
                announced[row] = (
                    (left, right) if was is None else (min(was[0], left), max(was[1], right))
                )
        self._fit_later()

    def _fit_later(self) -> None:
        if not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self._fit)

    def _fit(self) -> None:
        """Fit the columns if the widest cell in sight of a column measured changed
        in a view that shares its room by them all; elsewhere, after such a change or
        after rows came or went, only if a cell is wider than its column (a fitted
        column only grows until fitted afresh: the Initiative ticks track laid its
        columns out for nothing at most steps, its widest cell narrower, then back);
        else a fitting changes nothing."""
        self._pending = False
        self._moved = False
        came, self._came = self._came, None
        if not self.fit_when_shown():
            self._widest = None
            return
        widest = self._measure()
        view = self.parent()
        if widest is None or self._widest is None:
            self.resizeSections()
        elif _shares_room(view):
            if widest != self._widest:
                self.resizeSections()
        elif (came is not None or widest != self._widest) and self._too_narrow(
            widest, came or set()
        ):
            self.resizeSections()
        self._widest = widest

    def _too_narrow(self, widest: dict[int, int], came: set[int]) -> bool:
        """True if a fitted column is narrower than its widest cell in sight or a cell
        of the rows `came` (measured in sight or not), as the table measures a column
        (a pixel more for the grid): a fitting would widen it. A column narrows only
        when fitted afresh, so no other cell can."""
        view = self.parent()
        model = self.model()
        if not isinstance(view, QTableView) or model is None:
            return True
        grid = 1 if view.showGrid() else 0
        fitted = QHeaderView.ResizeMode.ResizeToContents
        rows = [row for row in sorted(came) if row < model.rowCount() and not view.isRowHidden(row)]
        for column in self._columns:
            if self.sectionResizeMode(column) != fitted:
                continue
            wanted = widest.get(column, -1)
            for row in rows:
                cell = (row, column)
                kept = self._widths.get(cell)
                if kept is None:
                    kept = self._widths[cell] = _measured(view, model.index(row, column), None)
                wanted = max(wanted, kept[1])
            if min(wanted + grid, self.maximumSectionSize()) > self.sectionSize(column):
                return True
        return False

    def _measure(self) -> dict[int, int] | None:
        """By column a fitting may read (fitted, or stretched where the room is shared by
        them), its widest cell in sight as the table measures it, each measured once
        until it changes; None where the table measures otherwise (more than the rows
        in sight)."""
        view = self.parent()
        model = self.model()
        if not isinstance(view, QTableView) or model is None or self.resizeContentsPrecision():
            return None
        read = [QHeaderView.ResizeMode.ResizeToContents]
        if _shares_room(view):  # a stretched column's cells share the room out
            read.append(QHeaderView.ResizeMode.Stretch)
        columns = [
            column
            for column in range(self.count())
            if self.sectionResizeMode(column) in read and not self.isSectionHidden(column)
        ]
        if columns != self._columns:  # the widths kept are of the columns measured
            self._columns = columns
            self._widths.clear()
        widths, announced = self._widths, self._announced
        widest: dict[int, int] = {}
        rows = _rows_in_sight(view, model)
        for row in rows:
            for column in columns:
                cell = (row, column)
                kept = widths.get(cell)
                if kept is None or _covered(announced, cell):
                    kept = widths[cell] = _measured(view, model.index(row, column), kept)
                if kept[1] > widest.get(column, -1):
                    widest[column] = kept[1]
            announced.pop(row, None)
        self._forget_announced()  # out of sight: measured again when in sight
        return widest


def _shares_room(view: object) -> bool:
    """Whether the table's columns share its room by their contents (`SHARES_ROOM`): a
    stretched column's cells, any cell narrower, may change the others' widths. Else a
    stretched column takes what the others leave, whatever it shows."""
    return bool(getattr(view, "SHARES_ROOM", False))


def _covered(announced: dict[int, tuple[int, int]], cell: tuple[int, int]) -> bool:
    columns = announced.get(cell[0])
    return columns is not None and columns[0] <= cell[1] <= columns[1]


def _measured(view: QTableView, index: QModelIndex, kept: Kept | None) -> Kept:
    """What a cell shows and its width, as `view` measures it; the width kept if the
    cell is drawn by a stock delegate and shows what it showed."""
    delegate = view.itemDelegateForIndex(index)
    stock = type(delegate).sizeHint is QStyledItemDelegate.sizeHint
    shows = text_shown(index, STYLED_ROLES) if stock else None
    if kept is not None and shows is not None and kept[0] == shows:
        return kept
    return shows, view.sizeHintForIndex(index).width()


def _rows_in_sight(view: QTableView, model: QAbstractItemModel) -> list[int]:
    """The rows a table measures to fit a column (as `QTableView.sizeHintForColumn`
    with the header's precision 0): those in sight, or all of them if they all fit or
    the table is hidden."""
    vertical = view.verticalHeader()
    top = max(0, vertical.visualIndexAt(0))
    bottom = vertical.visualIndexAt(view.viewport().height())
    if not view.isVisible() or bottom == -1:
        bottom = model.rowCount() - 1
    rows = (vertical.logicalIndex(visual) for visual in range(top, bottom + 1))
    return [row for row in rows if not vertical.isSectionHidden(row)]
