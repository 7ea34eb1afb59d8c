"""The main window's optional panes: the combatants in order (drag to break ties,
Shift/Ctrl+click for several), the turn order to come and the log. Their sizes never
come from measuring every row, so a long fight costs nothing to repaint."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QListView,
    QTableView,
)

from tracker.qt.models.roster_model import RosterModel
from tracker.qt.models.turn_order_model import TurnOrderModel
from tracker.qt.views.roster_delegate import RosterDelegate
from tracker.qt.views.row_drag import DragRefusal, ForeignDrops
from tracker.qt.views.viewports import viewport_of


class RosterList(QListView):
    """The side list. Qt's list view lays every row out again on any `dataChanged`
    (`QListModeViewBase::dataChanged`), which visits every row: at a thousand
    combatants, most of a step. Its rows share one size, which Qt takes from the first
    row, so a change that leaves that size as it was moves no row: it is repainted
    where it shows, as any other item view does, and nothing is laid out."""

    def __init__(self) -> None:
        super().__init__()
        self._row_size: QSize | None = None  # the first row's size at the last layout

    def _first_row_size(self) -> QSize | None:
        model, root = self.model(), self.rootIndex()
        if model is None or model.rowCount(root) == 0 or self.isRowHidden(0):
            return None
        return self.sizeHintForIndex(model.index(0, self.modelColumn(), root))

    def doItemsLayout(self) -> None:
        super().doItemsLayout()
        self._row_size = self._first_row_size()

    def dataChanged(
        self,
        top_left: QModelIndex | QPersistentModelIndex,
        bottom_right: QModelIndex | QPersistentModelIndex,
        roles: Sequence[int] = (),
    ) -> None:
        if (
            self.uniformItemSizes()
            and self._row_size is not None
            and self._first_row_size() == self._row_size
        ):
            QAbstractItemView.dataChanged(self, top_left, bottom_right, roles)  # no layout
        else:
            super().dataChanged(top_left, bottom_right, roles)


def roster_list(model: QAbstractItemModel) -> QListView:
    view = RosterList()
    view.setObjectName("roster_view")
    view.setModel(model)
    view.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
    view.setDefaultDropAction(Qt.DropAction.MoveAction)
    view.setDragDropOverwriteMode(False)
    if isinstance(model, RosterModel):  # a drop from another list: it says why not
        ForeignDrops(view, model.refuse_foreign_drop)
    # Several at once (Shift/Ctrl+click) for area damage; the current one is edited.
    view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
    view.setStyleSheet("font-size: 12pt;")
    view.setUniformItemSizes(True)  # no measuring of every row
    view.setItemDelegate(RosterDelegate(view))
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return view


class TurnOrderTable(QTableView):
    """The turn order beside the fight: the names are what the GM reads there. The
    other columns ("When", "Grants") fit their text in what the names leave: the names
    keep the room they need (at least `NAME_LEAST` of the width, at most `NAME_MOST`),
    the narrower columns fit first, and a column that does not fit in the rest elides,
    its tooltip showing all."""

    NAME_LEAST = 0.35
    NAME_MOST = 0.5
    SHARES_ROOM = True  # any widest cell changed may change every column (`FittingHeader`)

    def __init__(self) -> None:
        super().__init__()
        self._fitted: dict[int, int] = {}  # the widths of the last pass, by column

    def sizeHintForColumn(self, column: int) -> int:
        model = self.model()
        if column == 0 or model is None:
            return super().sizeHintForColumn(column)
        if column == 1 or column not in self._fitted:  # each pass fits column 1 first
            self._fitted = self._fit(model.columnCount())
        return self._fitted[column]

    def _fit(self, columns: int) -> dict[int, int]:
        """Every column after the name, fitted at once: each measured once a pass."""
        width = viewport_of(self).width()
        measure = super().sizeHintForColumn  # (a bare super() fails in a comprehension)
        names = measure(0)
        room = width - min(max(names, int(width * self.NAME_LEAST)), int(width * self.NAME_MOST))
        wanted = {column: measure(column) for column in range(1, columns)}
        least = self.horizontalHeader().minimumSectionSize()
        fitted: dict[int, int] = {}
        for left, column in enumerate(sorted(wanted, key=wanted.__getitem__)):
            share = room // (len(wanted) - left)  # an even share of what is left
            fitted[column] = max(min(wanted[column], share), least)
            room -= fitted[column]
        return fitted


def turn_order_table(model: QAbstractItemModel) -> QTableView:
    # (Imported with the pane, when first shown: the whole window does without.)
    from tracker.qt.views.elided_tips import ElidedTipDelegate
    from tracker.qt.views.fitting_header import FittingHeader

    view = TurnOrderTable()
    view.setObjectName("turn_order_view")
    # The model first: handed the view's empty model (a class private to Qt), the
    # header's Python setModel would make PySide load every model class to name it.
    view.setModel(model)
    view.setHorizontalHeader(FittingHeader(view))  # a step announces several rows
    view.verticalHeader().hide()
    view.setItemDelegate(ElidedTipDelegate(view))
    header = view.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    # "When" and "Grants" fit their text; only the rows shown are measured, so a long
    # fight costs nothing more (the name takes what is left and elides with a tooltip).
    header.setResizeContentsPrecision(0)
    for column in range(1, model.columnCount()):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    view.verticalHeader().setDefaultSectionSize(28)
    view.setWordWrap(False)
    if isinstance(model, TurnOrderModel):  # a drag here moves nothing: it says where to
        DragRefusal(view, model.refuse_drag)
    # Its length changes at every step: a scroll bar coming and going would change the
    # room its columns share (and refit them) step by step.
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
    return view


def log_table(model: QAbstractItemModel) -> QTableView:
    from tracker.qt.views.elided_tips import ElidedTipDelegate  # (as the turn order's)
    from tracker.qt.views.log_view import LogTable

    view = LogTable()
    view.setObjectName("log_view")
    view.setModel(model)
    view.verticalHeader().hide()
    view.setItemDelegate(ElidedTipDelegate(view))
    view.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
    view.setWordWrap(False)
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    view.verticalHeader().setDefaultSectionSize(22)
    return view
