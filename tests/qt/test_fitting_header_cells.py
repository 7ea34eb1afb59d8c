"""`FittingHeader` measures only the cells a step changed and lays the columns out only
when a measured column's widest cell in sight changed (issue 26: it measured every row
shown after each step), with the widths a header measuring everything at each step
gives, whatever the changes (counts and widths, not timings)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest
from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtWidgets import QHeaderView, QStyledItemDelegate, QStyleOptionViewItem, QTableView
from pytestqt.qtbot import QtBot

from tests.qt.table_size import painted_by
from tracker.qt.views.cell_widths import moved, shifted
from tracker.qt.views.fitting_header import FEW_COME, FittingHeader, SteadyHeader
from tracker.qt.views.side_tables import TurnOrderTable

Index = QModelIndex | QPersistentModelIndex
COLUMNS = 3  # a name that stretches, two columns that fit their text


class Texts(QAbstractTableModel):
    def __init__(self, rows: int) -> None:
        super().__init__()
        self.texts = [[f"Name {row}", "Round 1", "x"] for row in range(rows)]

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.texts)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else COLUMNS

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            return self.texts[index.row()][index.column()]
        return None

    def set(self, row: int, column: int, text: str, whole_row: bool = False) -> None:
        self.texts[row][column] = text
        left, right = (0, COLUMNS - 1) if whole_row else (column, column)
        self.dataChanged.emit(self.index(row, left), self.index(row, right))

    def insert(self, row: int, texts: list[str]) -> None:
        self.beginInsertRows(QModelIndex(), row, row)
        self.texts.insert(row, texts)
        self.endInsertRows()

    def remove(self, row: int) -> None:
        self.beginRemoveRows(QModelIndex(), row, row)
        del self.texts[row]
        self.endRemoveRows()

    def move(self, row: int, before: int) -> None:
        if before in (row, row + 1):
            return
        assert self.beginMoveRows(QModelIndex(), row, row, QModelIndex(), before)
        texts = self.texts.pop(row)
        self.texts.insert(before if before < row else before - 1, texts)
        self.endMoveRows()


class EveryStepHeader(SteadyHeader):
    """The header as it was: every row shown measured again after each step."""

    def __init__(self) -> None:
        super().__init__()
        self._pending = False

    def dataChanged(self, top_left: Index, bottom_right: Index, roles: Sequence[int] = ()) -> None:
        if not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self._fit)

    def _fit(self) -> None:
        self._pending = False
        if self.fit_when_shown():
            self.resizeSections()


class EveryRowTable(QTableView):
    """A table fitting a column to every row, in sight or not (as the tick table)."""

    def sizeHintForColumn(self, column: int) -> int:  # noqa: N802 (Qt)
        model = self.model()
        rows = range(model.rowCount())
        widest = max(
            (self.sizeHintForIndex(model.index(r, column)).width() for r in rows), default=0
        )
        return widest + 1 if self.showGrid() else widest


class Counting(QStyledItemDelegate):
    """Notes each cell it is asked to measure."""

    def __init__(self) -> None:
        super().__init__()
        self.measured: list[tuple[int, int]] = []

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        self.measured.append((index.row(), index.column()))
        return super().sizeHint(option, index)


def _table(
    qtbot: QtBot,
    make: Callable[[], QTableView],
    header: SteadyHeader,
    model: Texts,
    delegate: Callable[[], QStyledItemDelegate] = QStyledItemDelegate,
) -> QTableView:
    """A table of `model` (stock delegate: a cell's width kept while its text is)."""
    view = make()
    qtbot.addWidget(view)
    view.setHorizontalHeader(header)
    view.setModel(model)
    view.setItemDelegate(delegate())
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    for column in range(1, COLUMNS):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    header.setResizeContentsPrecision(0)
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    view.verticalHeader().setDefaultSectionSize(24)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
    view.resize(420, 300)  # some rows out of sight
    view.show()
    qtbot.waitExposed(view)
    _settle()
    return view


def _settle() -> None:
    """Runs what the step left for the event loop (the headers' fittings)."""
    for _ in range(3):
        QCoreApplication.processEvents()


def _widths(view: QTableView) -> list[int]:
    return [view.columnWidth(column) for column in range(COLUMNS)]


def _delegate(view: QTableView) -> Counting:
    delegate = view.itemDelegate()
    assert isinstance(delegate, Counting)
    return delegate


def _text(rng: random.Random) -> str:
    """Mostly short: the widest cell in sight comes and goes."""
    return "w" * rng.choice([1, 1, 1, 2, 2, 3, 5, 8, 13, 20, 30])


@pytest.mark.parametrize("seed", [26, 27, 28, 100, 101, 102])
@pytest.mark.parametrize("make", [QTableView, TurnOrderTable], ids=["table", "turn_order"])
def test_random_steps_give_the_widths_of_a_header_measuring_everything(
    qtbot: QtBot, make: Callable[[], QTableView], seed: int
) -> None:
    rng = random.Random(seed)
    models = Texts(30), Texts(30)
    views = [
        _table(qtbot, make, FittingHeader(), models[0]),
        _table(qtbot, make, EveryStepHeader(), models[1]),
    ]
    for view in views:  # the one shown first took the focus, and with it a current cell
        view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        view.selectionModel().clearCurrentIndex()  # (a current row removed scrolls to the next)
    for _ in range(200):
        kind = rng.choice(["set"] * 6 + ["row", "insert", "remove", "move", "scroll"])
        row = rng.randrange(min(14, len(models[0].texts)))  # mostly the rows in sight
        column, text = rng.randrange(COLUMNS), _text(rng)
        texts = [_text(rng) for _ in range(COLUMNS)]
        before, value = rng.randrange(len(models[0].texts) + 1), rng.randrange(0, 400, 24)
        for model, view in zip(models, views, strict=True):
            if kind in ("set", "row"):
                model.set(row, column, text, whole_row=kind == "row")
            elif kind == "insert":
                model.insert(row, texts)
            elif kind == "remove" and len(model.texts) > 5:
                model.remove(row)
            elif kind == "move":
                model.move(row, before)
            elif kind == "scroll":
                view.verticalScrollBar().setValue(value)
            model.set(0, 1, model.texts[0][1])  # a step announces a row at least
        _settle()
        assert _widths(views[0]) == _widths(views[1]), kind


def _count_fittings(patch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one at each full layout of a `FittingHeader`'s columns."""
    fittings: list[int] = []
    original = FittingHeader.resizeSections

    def resize_sections(fitted: FittingHeader) -> None:
        fittings.append(1)
        original(fitted)

    patch.setattr(FittingHeader, "resizeSections", resize_sections)
    return fittings


def test_a_step_measures_the_cells_it_changed_alone(qtbot: QtBot) -> None:
    """A delegate of its own is asked again for every cell announced."""
    model = Texts(30)
    header = FittingHeader()
    view = _table(qtbot, QTableView, header, model, Counting)
    delegate = _delegate(view)
    delegate.measured.clear()
    widths = _widths(view)
    with pytest.MonkeyPatch.context() as patch:
        fittings = _count_fittings(patch)
        model.set(3, 1, "Round 2", whole_row=True)
        model.set(4, 2, "y")
        _settle()
        # A header measuring every row shown measured some 12 rows' two columns again.
        # (The stretched names are not measured: they take what the others leave.)
        assert sorted(set(delegate.measured)) == [(3, 1), (3, 2), (4, 2)]
        assert fittings == [], "no widest cell changed: nothing to lay out"
        assert _widths(view) == widths

        delegate.measured.clear()
        model.set(5, 2, "a text much longer than any before it")
        _settle()
        assert fittings == [1]
        assert _widths(view)[2] > widths[2]


def test_the_widest_cell_narrowed_and_back_lays_out_nothing(qtbot: QtBot) -> None:
    """A fitted column only grows: the widest cell in sight narrower, then as wide as
    before, changes no column, so nothing is laid out (the Initiative ticks track laid
    its columns out at most steps for nothing); a cell wider than its column still is."""
    model = Texts(30)
    model.texts[3][2] = "w" * 12
    view = _table(qtbot, QTableView, FittingHeader(), model)
    widths = _widths(view)
    with pytest.MonkeyPatch.context() as patch:
        fittings = _count_fittings(patch)
        model.set(3, 2, "x")  # the widest cell of column 2 narrower
        _settle()
        model.set(3, 2, "w" * 12)  # and back
        _settle()
        assert fittings == [], "no cell wider than its column: nothing to lay out"
        assert _widths(view) == widths
        model.set(4, 2, "w" * 20)
        _settle()
        assert fittings == [1]
        assert _widths(view)[2] > widths[2]


def test_a_name_narrowed_gives_the_turn_order_room_a_column_takes(qtbot: QtBot) -> None:
    """The turn order shares its room by its names' width: a narrower name, a step that
    widens no cell, still widens a column the names kept narrow."""
    models = Texts(8), Texts(8)
    views = [
        _table(qtbot, TurnOrderTable, FittingHeader(), models[0]),
        _table(qtbot, TurnOrderTable, EveryStepHeader(), models[1]),
    ]
    for model in models:
        model.set(2, 2, "w" * 30)  # wider than the room the names leave
        model.set(1, 0, "w" * 30)  # the names take half the width
    _settle()
    narrow = views[0].columnWidth(2)
    for model in models:
        model.set(1, 0, "w")
    _settle()
    assert views[0].columnWidth(2) > narrow
    assert _widths(views[0]) == _widths(views[1])


def test_kept_widths_move_with_their_rows() -> None:
    widths = {(row, 1): f"row {row}" for row in range(6)}
    assert [moved(widths, 1, 1, 4)[row, 1] for row in range(6)] == [
        f"row {row}" for row in (0, 2, 3, 1, 4, 5)
    ]
    assert [moved(widths, 3, 4, 0)[row, 1] for row in range(6)] == [
        f"row {row}" for row in (3, 4, 0, 1, 2, 5)
    ]
    assert shifted(widths, 1, 2, 3) == {
        (0, 1): "row 0",
        (1, 1): "row 1",
        (4, 1): "row 2",
        (5, 1): "row 3",
        (6, 1): "row 4",
        (7, 1): "row 5",
    }
    assert shifted(widths, -1, 2, 3) == {
        (0, 1): "row 0",
        (1, 1): "row 1",
        (2, 1): "row 4",
        (3, 1): "row 5",
    }


def test_a_stock_delegate_measures_only_the_texts_that_changed(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A row announced whole, one text changed in it: that cell alone is measured."""
    model = Texts(30)
    view = _table(qtbot, QTableView, FittingHeader(), model)
    measured: list[tuple[int, int]] = []
    size_hint = view.sizeHintForIndex

    def counting(index: Index) -> QSize:
        measured.append((index.row(), index.column()))
        return size_hint(index)

    monkeypatch.setattr(view, "sizeHintForIndex", counting)
    model.set(3, 1, "Round 2", whole_row=True)
    model.set(4, 0, "Name 4", whole_row=True)  # as it was
    _settle()
    assert measured == [(3, 1)]


def test_a_text_changed_out_of_sight_is_measured_when_in_sight(qtbot: QtBot) -> None:
    models = Texts(40), Texts(40)
    views = [
        _table(qtbot, QTableView, FittingHeader(), models[0]),
        _table(qtbot, QTableView, EveryStepHeader(), models[1]),
    ]
    for model, view in zip(models, views, strict=True):  # every row's width kept once
        view.scrollToBottom()
        _settle()
        model.set(39, 1, "Round 1")
        _settle()
        view.scrollToTop()
        _settle()
    before = views[0].columnWidth(2)
    for model, view in zip(models, views, strict=True):
        model.set(35, 2, "w" * 30)  # out of sight
        _settle()
        view.scrollToBottom()
        _settle()
        model.set(39, 1, "Round 2")  # a step while it is in sight
    _settle()
    assert views[0].columnWidth(2) > before
    assert _widths(views[0]) == _widths(views[1])


def test_a_row_come_is_measured_alone_and_lays_out_only_if_wider(qtbot: QtBot) -> None:
    """A combatant added: the cells of its row are measured, not every row in sight
    again, and the columns are laid out only if one of them is wider than its column."""
    model = Texts(30)
    view = _table(qtbot, QTableView, FittingHeader(), model, Counting)
    delegate = _delegate(view)
    widths = _widths(view)
    with pytest.MonkeyPatch.context() as patch:
        fittings = _count_fittings(patch)
        delegate.measured.clear()
        model.insert(2, ["Name new", "Round 1", "x"])
        model.set(0, 1, "Round 1")  # the step announces a row too
        _settle()
        # Laid out in full, the rows in sight were all measured again (some 12 rows).
        assert sorted(set(delegate.measured)) == [(0, 1), (2, 1), (2, 2)]
        assert fittings == [], "no cell wider than its column: nothing to lay out"
        assert _widths(view) == widths

        delegate.measured.clear()
        model.remove(5)
        model.set(0, 1, "Round 1")
        _settle()
        assert fittings == [] and _widths(view) == widths

        model.insert(3, ["Name wide", "w" * 30, "x"])
        _settle()
        assert fittings == [1]
        assert _widths(view)[1] > widths[1]


def test_a_row_come_out_of_sight_widens_a_table_fitting_every_row(qtbot: QtBot) -> None:
    models = Texts(30), Texts(30)
    views = [
        _table(qtbot, EveryRowTable, FittingHeader(), models[0]),
        _table(qtbot, EveryRowTable, EveryStepHeader(), models[1]),
    ]
    before = _widths(views[0])
    for model in models:
        model.insert(29, ["Name wide", "x", "w" * 30])  # out of sight
        model.set(0, 1, "Round 1")
    _settle()
    assert _widths(views[0])[2] > before[2]
    assert _widths(views[0]) == _widths(views[1])


def test_the_labels_repaint_only_as_their_marks_change(qtbot: QtBot) -> None:
    """A row selected marks every column's label: the selected row removed, the next one
    selected, the labels are marked as they were and not repainted (Qt repainted the
    header whole); the selection cleared, they are."""
    model = Texts(30)
    view = _table(qtbot, QTableView, FittingHeader(), model)
    view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QTableView.SelectionMode.SingleSelection)
    header = view.horizontalHeader().viewport()
    view.selectRow(4)
    _settle()

    def repainted(change: Callable[[], object]) -> int:
        painted = painted_by(qtbot, change)
        return painted.events.get(id(header), 0)

    assert repainted(lambda: model.remove(4)) == 0  # the row after it selected
    assert view.selectionModel().isRowSelected(4)
    assert repainted(lambda: view.selectRow(7)) == 0
    assert repainted(view.clearSelection) == 1  # the labels unmarked
    assert repainted(lambda: view.selectRow(2)) == 1


def test_many_rows_come_fit_the_columns_in_full(qtbot: QtBot) -> None:
    """More rows come in a step than `FEW_COME` (a large fight's rows back at once): the
    columns are fitted in full (the rows in sight), not measured row by row come."""
    model = Texts(10)
    view = _table(qtbot, QTableView, FittingHeader(), model, Counting)
    delegate = _delegate(view)
    delegate.measured.clear()
    model.beginInsertRows(QModelIndex(), 10, 10 + FEW_COME)
    model.texts += [[f"Name {row}", "Round 1", "x"] for row in range(FEW_COME + 1)]
    model.endInsertRows()
    _settle()
    assert len({row for row, _ in delegate.measured}) < FEW_COME // 2  # those in sight
