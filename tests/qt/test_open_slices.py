"""Opening a large fight never does work proportional to it in one turn of the event
loop (issue 26: no stall over 50 ms). The order table ranks its rows by their estimated
widths a slice of rows a turn, and still fits the widest cell of every row once done
(counts, not timings: the machine is shared)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from benchmarks.fights import build
from benchmarks.idle_timer import IdleClock
from tests.qt.test_widest_rows import _random_names
from tracker.qt.main_window import MainWindow
from tracker.qt.views.order_table import OrderTable
from tracker.qt.views.widest_rows import SLICE

SIZE = 1000
FITTED = (0, 2)  # the names' and the resources' columns


class Turns:
    """Counts the turns of the event loop (a 0 ms timer fires once a turn)."""

    def __init__(self) -> None:
        self.count = 0
        self.timer = QTimer()
        self.timer.setInterval(0)
        self.timer.timeout.connect(self.turn)

    def turn(self) -> None:
        self.count += 1


@pytest.fixture
def opened(qtbot: QtBot, tmp_path: Path) -> Iterator[tuple[MainWindow, Path]]:
    """A window showing a small Priority fight, and a saved one of `SIZE` combatants
    with names wide and narrow."""
    large = build("priority", SIZE)
    _random_names(large, 4)
    first = MainWindow(large, None, tmp_path / "first")
    path = tmp_path / "large.json"
    assert first.save_to(path)
    first.document.undo_stack.set_clean()
    first.deleteLater()
    window = MainWindow(build("priority", 5), None, tmp_path / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    yield window, path
    window.document.undo_stack.set_clean()
    window.close()
    window.deleteLater()
    qtbot.wait(1)


def _estimates_by_turn(monkeypatch: pytest.MonkeyPatch, turns: Turns) -> Counter[int]:
    """How many rows the order table estimates in each turn of the event loop (row by
    row, or a slice at once)."""
    seen: Counter[int] = Counter()
    original = OrderTable._estimator

    def estimator(table: OrderTable, column: int) -> Callable[[int], int]:
        estimate = original(table, column)

        def counted(row: int) -> int:
            seen[turns.count] += 1
            return estimate(row)

        return counted

    sliced = OrderTable._sliced

    def counted_slice(
        table: OrderTable, column: int, first: int, end: int
    ) -> tuple[list[str], list[int]]:
        keys, widths = sliced(table, column, first, end)
        seen[turns.count] += len(keys)
        return keys, widths

    monkeypatch.setattr(OrderTable, "_estimator", estimator)
    monkeypatch.setattr(OrderTable, "_sliced", counted_slice)
    return seen


def _exhaustive(table: OrderTable, column: int) -> int:
    option = QStyleOptionViewItem()
    table.initViewItemOption(option)
    model = table.model()
    widest = 0
    for row in range(model.rowCount()):
        index = model.index(row, column)
        widest = max(widest, table.itemDelegateForIndex(index).sizeHint(option, index).width())
    return widest + 1 if table.showGrid() else widest


def test_an_open_estimates_a_slice_of_rows_a_turn_and_fits_every_row(
    opened: tuple[MainWindow, Path], monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    window, path = opened
    turns = Turns()
    seen = _estimates_by_turn(monkeypatch, turns)
    turns.timer.start()
    assert window.open_path(path)
    table = window.central_view
    assert isinstance(table, OrderTable)
    assert table.model().rowCount() == SIZE
    wanted = {column: _exhaustive(table, column) for column in FITTED}

    def fitted() -> bool:
        return all(table.columnWidth(column) >= wanted[column] for column in FITTED)

    qtbot.waitUntil(fitted)  # once the rows are ranked, in the turns after the open
    turns.timer.stop()
    IdleClock().settle()
    assert sum(seen.values()) >= 2 * SIZE, "both fitted columns ranked every row"
    assert max(seen.values()) <= SLICE, "no turn estimated more than a slice"
    for column in FITTED:
        assert table.sizeHintForColumn(column) == wanted[column], column
