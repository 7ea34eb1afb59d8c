"""Opening a large fight never does work proportional to it in one turn of the event
loop (issue 26: no stall over 50 ms). The order table ranks its rows by their estimated
widths a slice of rows a turn, and still fits the widest cell of every row once done
(counts, not timings: the machine is shared)."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from benchmarks.fights import build
from benchmarks.idle_timer import IdleClock
from tests.qt.test_widest_rows import _random_names
from tracker.engine.state import Combatant, Encounter
from tracker.qt.main_window import MainWindow
from tracker.qt.models.meters import AHEAD, meter_text
from tracker.qt.ruleset_ui import ui_for
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


def test_an_open_works_the_resources_texts_out_on_its_worker(
    opened: tuple[MainWindow, Path], monkeypatch: pytest.MonkeyPatch, qtbot: QtBot
) -> None:
    """The ranking of the resources' column reads every row's text: the open's worker
    worked them out (`meters.work_out_ahead`), the GUI thread only looks them up (it
    worked out each combatant's meters, 1,000 of them, as the rows were ranked)."""
    window, path = opened
    ruleset_type = type(window.document.ruleset)
    original = ruleset_type.shown_meters
    on_gui = Counter[bool]()
    gui = threading.main_thread()

    def counted(ruleset: Any, encounter: Encounter, combatant: Combatant) -> Any:
        on_gui[threading.current_thread() is gui] += 1
        return original(ruleset, encounter, combatant)

    monkeypatch.setattr(ruleset_type, "shown_meters", counted)
    assert window.open_path(path)
    table = window.central_view
    assert isinstance(table, OrderTable)
    qtbot.waitUntil(lambda: not table._estimates.settling)
    IdleClock().settle()
    assert on_gui[False] >= SIZE, "the worker worked every combatant's meters out"
    assert on_gui[True] == 0, "the GUI thread looked the texts up"
    shown = table.model().index(SIZE - 1, 2).data()
    combatant = window.document.encounter.combatants[-1]
    meters = original(window.document.ruleset, window.document.encounter, combatant)
    assert shown == " · ".join(meter_text(m) for m in meters)


def test_only_the_generic_order_table_has_its_resources_texts_worked_out_ahead() -> None:
    """A ruleset with a view of its own (War Scroll's grid) never reads the order
    table's texts: its open does not work them out."""
    for ruleset_id, ahead in (("priority", True), ("war_scroll", False)):
        session = build(ruleset_id, 3)
        ui_for(session.ruleset).work_out_ahead(session)
        assert session.encounter.memo is not None
        assert (AHEAD in session.encounter.memo) is ahead, ruleset_id
