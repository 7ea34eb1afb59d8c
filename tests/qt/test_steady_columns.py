"""Issue 21, point 8: turn-order columns keep a steady width during a fight. A column
that fits its text grows when a text needs more and never narrows step by step (it did:
"When" and "Grants" in the Turn order pane, the names in the order table, jittered at
every End Turn); a new encounter or a resized pane fits them afresh."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QHeaderView, QTableView

from tests.qt.conftest import shown_window
from tests.test_samples import BUILT_IN
from tracker.engine import EditCombatant, Session
from tracker.persistence.files import load_encounter
from tracker.qt.app import sample_path

STEPS = 24
FITTED = QHeaderView.ResizeMode.ResizeToContents


def sample(ruleset_id: str) -> Session:
    return Session(load_encounter(sample_path(f"{ruleset_id}_sample.json")))


def fitted_tables(window) -> list[QTableView]:
    """The Turn order pane and the tables of the fight view with fitted columns."""
    central = [window.central_view, *window.central_view.findChildren(QTableView)]
    tables = [window.turn_order_view, *(t for t in central if isinstance(t, QTableView))]
    return [t for t in tables if any(_fitted(t))]


def _fitted(table: QTableView) -> list[int]:
    header = table.horizontalHeader()
    return [c for c in range(header.count()) if header.sectionResizeMode(c) == FITTED]


def widths(table: QTableView) -> list[int]:
    return [table.horizontalHeader().sectionSize(c) for c in _fitted(table)]


@pytest.mark.parametrize("ruleset_id", BUILT_IN)
def test_fitted_columns_never_narrow_during_a_fight(ruleset_id, qtbot, tmp_path):
    for window in shown_window(qtbot, sample(ruleset_id), tmp_path / "j", (1366, 740)):
        window.actions_by_name["start"].trigger()
        tables = fitted_tables(window)
        assert window.turn_order_view in tables
        qtbot.wait(10)
        seen = [[widths(t)] for t in tables]
        for _ in range(STEPS):
            window.actions_by_name["end_turn"].trigger()
            qtbot.wait(5)  # the fitting after a step runs when the event loop next does
            for kept, table in zip(seen, tables, strict=True):
                kept.append(widths(table))
        for kept, table in zip(seen, tables, strict=True):
            for before, after in zip(kept, kept[1:], strict=False):
                assert all(b <= a for b, a in zip(before, after, strict=True)), (
                    table.objectName(),
                    kept,
                )


@pytest.fixture
def priority_window(qtbot, tmp_path):
    yield from shown_window(qtbot, sample("priority"), tmp_path / "j", (1366, 740))


def test_a_name_that_needs_more_widens_its_column_and_new_room_fits_afresh(priority_window, qtbot):
    window = priority_window
    table = window.central_view
    assert table.objectName() == "order_table"
    header = table.horizontalHeader()
    window.actions_by_name["start"].trigger()
    qtbot.wait(10)
    narrow = header.sectionSize(0)
    corin = next(c for c in window.document.encounter.combatants if c.name == "Corin")
    long_name = {"name": "Corin of the Long Name " * 2}
    window.document.apply(EditCombatant(corin.id, long_name))
    qtbot.waitUntil(lambda: header.sectionSize(0) > narrow)
    wide = header.sectionSize(0)
    window.document.undo_stack.undo()  # the name is short again: the column stays
    qtbot.wait(10)
    assert header.sectionSize(0) == wide
    window.resize(1100, 740)  # the room changed: fitted anew, to the short name
    qtbot.waitUntil(lambda: header.sectionSize(0) < wide)
    window.document.apply(EditCombatant(corin.id, long_name))
    qtbot.waitUntil(lambda: header.sectionSize(0) == wide)
    window.replace_session(sample("priority"), None)  # another encounter: fitted anew
    header = window.central_view.horizontalHeader()  # of the view built for it
    qtbot.waitUntil(lambda: header.sectionSize(0) < wide)
