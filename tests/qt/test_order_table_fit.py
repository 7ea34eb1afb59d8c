"""The order table fits its columns after a step only if a cell the step changed is
wider than its column, and measures only the cells whose contents changed (issue 26: a
rename measured every cell of its row, and the columns were laid out again whenever the
widest cell in sight was narrower than a column that never narrows during a fight)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from tests.qt.test_order_table_work import open_fight
from tracker.engine import EditCombatant
from tracker.qt.main_window import MainWindow
from tracker.qt.views.combatant_cell import CombatantCellDelegate
from tracker.qt.views.elided_tips import ElidedTipDelegate
from tracker.qt.views.order_table import FitHeader, OrderTable

Index = QModelIndex | QPersistentModelIndex
SizeHint = Callable[..., QSize]  # a delegate's, unbound
NAME = 0  # the names' column, fitted to its contents
Fight = tuple[MainWindow, list[tuple[int, int]], list[int]]


def _counting(original: SizeHint, cells: list[tuple[int, int]]) -> SizeHint:
    def size_hint(
        delegate: QStyledItemDelegate, option: QStyleOptionViewItem, index: Index
    ) -> QSize:
        cells.append((index.row(), index.column()))
        return original(delegate, option, index)

    return size_hint


@pytest.fixture
def fight(qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Fight]:
    """Priority at 30 + 10; the (row, column) of each cell measured, and a count of
    the header's fittings (`resizeSections`), from the time the fight is settled."""
    cells: list[tuple[int, int]] = []
    for delegate in (CombatantCellDelegate, ElidedTipDelegate):
        monkeypatch.setattr(delegate, "sizeHint", _counting(delegate.sizeHint, cells))
    fittings: list[int] = []
    original = FitHeader.resizeSections

    def resize_sections(header: FitHeader) -> None:
        fittings.append(1)
        original(header)

    monkeypatch.setattr(FitHeader, "resizeSections", resize_sections)
    windows = open_fight(qtbot, tmp_path)
    window = next(windows)
    for _ in range(3):
        qtbot.wait(1)
    cells.clear()
    fittings.clear()
    yield window, cells, fittings
    next(windows, None)


def _table(window: MainWindow) -> OrderTable:
    table = window.central_view
    assert isinstance(table, OrderTable)
    return table


def _rename(window: MainWindow, qtbot: QtBot, row: int, name: str) -> None:
    combatant = window.document.encounter.combatants[row]
    assert _table(window).order_model.row_of(combatant.id) == row
    assert window.document.apply(EditCombatant(combatant.id, {"name": name}))
    for _ in range(3):
        qtbot.wait(1)


def test_a_rename_measures_the_name_alone_and_fits_nothing(fight: Fight, qtbot: QtBot) -> None:
    window, cells, fittings = fight
    table = _table(window)
    widths = [table.columnWidth(column) for column in range(3)]

    _rename(window, qtbot, 3, "Kit")

    assert cells == [(3, NAME)], "the resources' text is as it was: not measured"
    assert fittings == [], "a shorter name needs no wider column"
    assert [table.columnWidth(column) for column in range(3)] == widths


def test_a_name_wider_than_its_column_widens_it(fight: Fight, qtbot: QtBot) -> None:
    window, cells, fittings = fight
    table = _table(window)
    before = table.columnWidth(NAME)

    _rename(window, qtbot, 3, "Sir Reginald the Unusually Long-Winded Knight")

    assert fittings, "the names' column is fitted again"
    assert table.columnWidth(NAME) > before
    assert table.sizeHintForColumn(NAME) <= table.columnWidth(NAME)
