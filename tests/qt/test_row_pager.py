"""A players' list that shows a page of its rows at a time holds the page's rows alone
(`PageRows`): no row of a long list is hidden one by one (issue 26: a large fight's list,
reset at an open, hid some 5,000 rows, about 10 ms in one slot of the event loop). Counts,
not timings."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QStringListModel
from PySide6.QtWidgets import QLabel, QListView, QTableView
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from tracker.qt.players.page_rows import PageRows
from tracker.qt.players.panel_parts import RowPager

ROWS = 1000
PER_PAGE = 20


class CountingList(QListView):
    """A list counting the rows set hidden."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: Counter[str] = Counter()

    def setRowHidden(self, row: int, hide: bool) -> None:  # noqa: N802 (Qt)
        self.asked["set"] += 1
        super().setRowHidden(row, hide)


def _texts(view: QListView) -> list[str]:
    model = view.model()
    return [model.index(row, 0).data() for row in range(model.rowCount())]


def test_a_long_list_holds_its_page_alone(qtbot: QtBot) -> None:
    model = QStringListModel([f"Unit {number}" for number in range(ROWS)])
    view = CountingList()
    qtbot.addWidget(view)
    view.setModel(model)
    pager = RowPager(view, QLabel(), lambda: 500)
    page = view.model()
    assert isinstance(page, PageRows) and page.source is model
    assert pager.show_pages(PER_PAGE) == PER_PAGE
    assert page.rowCount() == PER_PAGE  # not 1,000 rows, 980 of them hidden
    assert pager.shown_rows() == [*range(PER_PAGE - 1), 500]
    assert _texts(view) == [*(f"Unit {n}" for n in range(PER_PAGE - 1)), "Unit 500"]
    pager.turn_page()
    assert pager.shown_rows() == [*range(PER_PAGE - 1, 2 * (PER_PAGE - 1)), 500]
    assert _texts(view)[0] == f"Unit {PER_PAGE - 1}"
    model.removeRows(0, 5)  # rows gone: the page named again at once, as it is now
    assert pager.shown_rows() == [*range(PER_PAGE - 1, 2 * (PER_PAGE - 1)), 500]
    assert _texts(view)[0] == f"Unit {PER_PAGE - 1 + 5}"
    model.setStringList([f"Other {number}" for number in range(ROWS)])  # a reset
    assert page.rowCount() == PER_PAGE
    assert view.asked["set"] == 0  # no row was ever hidden


def test_a_change_of_a_row_on_the_page_reaches_the_view(qtbot: QtBot) -> None:
    model = QStringListModel([f"Unit {number}" for number in range(ROWS)])
    view = QListView()
    qtbot.addWidget(view)
    view.setModel(model)
    pager = RowPager(view, QLabel())
    pager.show_pages(PER_PAGE)
    page = view.model()
    with qtbot.waitSignal(page.dataChanged) as changed:
        model.setData(model.index(3, 0), "Renamed")
    assert changed.args is not None and changed.args[0].row() == 3
    assert _texts(view)[3] == "Renamed"
    with qtbot.assertNotEmitted(page.dataChanged):
        model.setData(model.index(ROWS - 1, 0), "Off the page")


def test_followers_show_the_rest_of_each_page(qtbot: QtBot) -> None:
    model = QStringListModel([f"Turn {number}" for number in range(50)])
    left, right = QListView(), QListView()
    for view in (left, right):
        qtbot.addWidget(view)
        view.setModel(model)
    pager = RowPager(left, QLabel(), followers=[right])
    pager.show_pages(10)
    assert pager.shown_in == [10, 10]
    assert _texts(left)[0] == "Turn 0" and _texts(right)[0] == "Turn 10"


def test_the_page_passes_the_model_tester(qtbot: QtBot) -> None:
    model = QStringListModel([f"Unit {number}" for number in range(200)])
    table = QTableView()
    qtbot.addWidget(table)
    table.setModel(model)
    pager = RowPager(table, QLabel(), lambda: 150)
    pager.show_pages(12)
    tester = ModelTester(None)
    tester.check(table.model(), force_py=True)
    pager.turn_page()
    model.insertRows(3, 2)
    model.removeRows(100, 10)
    tester.check(table.model(), force_py=True)
