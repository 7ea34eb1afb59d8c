"""A players' panel that shows a page of its rows at a time shows and hides only the rows
that differ from the page it showed (issue 26: at 5,000 Units each fitting of the panel,
several a change, asked every row whether it was hidden). Counts, not timings."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QStringListModel
from PySide6.QtWidgets import QLabel, QListView
from pytestqt.qtbot import QtBot

from tracker.qt.players.panel_parts import RowPager

ROWS = 1000
PER_PAGE = 20


class CountingList(QListView):
    """A list counting the rows asked or set hidden."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: Counter[str] = Counter()

    def isRowHidden(self, row: int) -> bool:  # noqa: N802 (Qt)
        self.asked["is"] += 1
        return super().isRowHidden(row)

    def setRowHidden(self, row: int, hide: bool) -> None:  # noqa: N802 (Qt)
        self.asked["set"] += 1
        super().setRowHidden(row, hide)


def _shown(view: QListView) -> list[int]:
    return [row for row in range(view.model().rowCount()) if not view.isRowHidden(row)]


def test_a_page_turned_touches_only_the_rows_that_differ(qtbot: QtBot) -> None:
    model = QStringListModel([f"Unit {number}" for number in range(ROWS)])
    view = CountingList()
    qtbot.addWidget(view)
    view.setModel(model)
    pager = RowPager(view, QLabel(), lambda: 500)
    assert pager.show_pages(PER_PAGE) == PER_PAGE
    assert _shown(view) == [*range(PER_PAGE - 1), 500]
    view.asked.clear()
    pager.show_pages(PER_PAGE)  # fitted again: the same page
    pager.turn_page()
    assert view.asked["is"] == 0
    assert view.asked["set"] <= 2 * PER_PAGE
    assert _shown(view) == [*range(PER_PAGE - 1, 2 * (PER_PAGE - 1)), 500]
    model.removeRows(0, 5)  # rows gone: every row set again, as the page is now
    pager.show_pages(PER_PAGE)
    assert _shown(view) == [*range(PER_PAGE - 1, 2 * (PER_PAGE - 1)), 500]
