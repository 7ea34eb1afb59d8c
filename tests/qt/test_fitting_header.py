"""A header whose columns fit their text measures the rows shown once after a step's
announcements, not at each (counts of the model's answers, not timings), and still fits
a text that grew."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
)
from PySide6.QtWidgets import QHeaderView, QStyledItemDelegate, QStyleOptionViewItem, QTableView

from tests.qt.test_chrome_steps import close, open_window
from tracker.qt.rulesets.initiative_ticks import track_view
from tracker.qt.rulesets.initiative_ticks.track_view import TickTable
from tracker.qt.views.fitting_header import FittingHeader

Index = QModelIndex | QPersistentModelIndex


class Counting(QAbstractTableModel):
    """Two columns of text; counts what it is asked."""

    def __init__(self) -> None:
        super().__init__()
        self.texts = [[f"Row {row}", "short"] for row in range(30)]
        self.asked = 0

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.texts)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else 2

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        self.asked += 1
        if role == Qt.ItemDataRole.DisplayRole:
            return self.texts[index.row()][index.column()]
        return None

    def set(self, row: int, text: str) -> None:
        self.texts[row][1] = text
        self.dataChanged.emit(self.index(row, 0), self.index(row, 1))


class Measuring(QStyledItemDelegate):
    """Counts the cells measured (painting asks the model, never `sizeHint`)."""

    def __init__(self) -> None:
        super().__init__()
        self.measured = 0

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        self.measured += 1
        return super().sizeHint(option, index)


def test_a_step_is_measured_once_after_its_announcements(qtbot):
    model = Counting()
    view = QTableView()
    qtbot.addWidget(view)
    delegate = Measuring()
    view.setItemDelegate(delegate)
    view.setHorizontalHeader(FittingHeader(view))
    view.setModel(model)
    header = view.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
    header.setResizeContentsPrecision(0)
    view.resize(500, 300)
    view.show()
    qtbot.waitExposed(view)
    qtbot.wait(1)
    width = header.sectionSize(1)
    model.asked = delegate.measured = 0
    for row in range(4):  # one step announcing four rows shown
        model.set(row, "a text much longer than any before it" if row == 2 else "other")
    assert model.asked == 0  # a stock header measured every row shown, four times
    qtbot.waitUntil(lambda: header.sectionSize(1) > width)  # fitted to the longer text
    shown = view.viewport().height() // view.rowHeight(0) + 1
    # Less than two measures of the rows shown (a stock header: four), however many
    # repaints the machine's timing brings.
    assert 0 < delegate.measured < 2 * shown


def test_the_turn_order_and_the_tick_table_measure_once_a_step(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path, "initiative_ticks")
    try:
        for view in (window.turn_order_view, window.central_view.table):
            assert isinstance(view.horizontalHeader(), FittingHeader)
    finally:
        close(window, qtbot)


def _settle() -> None:
    for _ in range(3):  # the step's announcements, then the header's fitting
        QCoreApplication.processEvents()


def test_a_combatant_added_or_removed_is_not_a_fitting_of_every_row(qtbot, tmp_path, monkeypatch):
    """The tick table's columns fit every row's widest cell: adding a combatant (at 30,
    placed last and scrolled into sight) measures its row, removing one nothing, and
    neither lays the columns out again while every cell fits."""
    fitted: list[int] = []
    original = TickTable.sizeHintForColumn

    def counted(view: TickTable, column: int) -> int:
        fitted.append(column)
        return original(view, column)

    monkeypatch.setattr(TickTable, "sizeHintForColumn", counted)  # before the table is
    window = open_window(qtbot, tmp_path, "initiative_ticks")
    try:
        table = window.central_view.table
        rows = table.model().rowCount()
        for _ in range(2):  # the first fits the columns in full
            fitted.clear()
            window.add_combatant()
            assert window.add_form is not None
            window.add_form.accept()
            _settle()
            assert table.model().rowCount() == rows + 1
            window.remove_combatant()
            _settle()
            assert table.model().rowCount() == rows
        assert fitted == [], "every row measured again to fit the columns"
    finally:
        close(window, qtbot)


def test_the_tick_tables_steps_lay_out_no_column_that_fits(qtbot, tmp_path, monkeypatch):
    """At the table (30 combatants, the free actions of Join Battle), each action the
    turn panel allows and its undo: a row moved or a widest cell narrower has neither
    the header nor Qt lay out or measure the columns while every cell fits (the header
    laid them out after most of these steps, and Qt measured the three fitted columns'
    rows after each row moved: every width stayed as it was)."""
    fittings: list[int] = []
    measured: list[int] = []  # a column's rows walked to measure it
    original = FittingHeader.resizeSections
    walk = track_view.rows_to_measure

    def counted(header: FittingHeader) -> None:
        fittings.append(1)
        original(header)

    def walked(count: int, *args: object) -> object:
        measured.append(count)
        return walk(count, *args)

    monkeypatch.setattr(FittingHeader, "resizeSections", counted)
    monkeypatch.setattr(track_view, "rows_to_measure", walked)
    window = open_window(qtbot, tmp_path, "initiative_ticks")
    try:
        header = window.central_view.table.horizontalHeader()
        panel = window.turn_panel
        window.select_combatant(window.document.encounter.combatants[1].id)
        _settle()
        steps = 0
        for number in range(3):  # the first round fits the columns to what they show
            fittings.clear()
            measured.clear()
            widths = [header.sectionSize(column) for column in range(header.count())]
            for button in list(panel.action_buttons.values()):
                if not (button.isVisible() and button.isEnabled()):
                    continue
                before = window.document.undo_stack.index()
                button.click()
                _settle()
                if window.document.undo_stack.index() == before + 1:
                    window.document.undo_stack.undo()
                    _settle()
                    steps += number > 0
            if number > 0:
                assert [header.sectionSize(c) for c in range(header.count())] == widths
                assert fittings == [], "columns laid out for nothing"
                assert measured == [], "columns measured for nothing"
        assert steps >= 6
    finally:
        close(window, qtbot)
