"""The optional panes off by default (the turn order, the log) have their views built
when the GM first turns them on, not with the window (tracker/qt/window_rest.py)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QTableView

from tracker.qt.app import open_main_window
from tracker.qt.main_window import MainWindow
from tracker.qt.models.turn_order_model import GLANCE

LATER = {"turn_order_view": "dock_turn_order", "log_view": "dock_log"}


def _views(window: MainWindow) -> set[str]:
    """The optional panes' views built so far."""
    return {name for name in LATER if window.findChild(QTableView, name) is not None}


def _open(qtbot, tmp_path: Path) -> MainWindow:
    window = open_main_window(tmp_path / "journal", ask=lambda _q: True, tell=lambda *_: None)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.completed, timeout=5000):
        window.show()
    return window


def test_the_whole_window_builds_no_view_of_a_pane_that_is_off(qtbot, tmp_path):
    window = _open(qtbot, tmp_path)
    assert not window.dock("dock_turn_order").isVisible()
    assert not window.dock("dock_log").isVisible()
    assert _views(window) == set()
    assert window.turn_order_model.rowCount() == GLANCE  # nothing asks for the whole order


def test_a_pane_turned_on_shows_its_view(qtbot, tmp_path):
    window = _open(qtbot, tmp_path)
    window.actions_by_name["pane_turn_order"].trigger()
    qtbot.waitUntil(lambda: window.dock("dock_turn_order").isVisible(), timeout=5000)
    view = window.dock("dock_turn_order").widget()
    assert isinstance(view, QTableView) and view.objectName() == "turn_order_view"
    assert view is window.turn_order_view and view.isVisible()
    assert view.model().rowCount() > GLANCE  # the whole order, while it is shown
    assert _views(window) == {"turn_order_view"}  # the log's still waits
    window.actions_by_name["pane_log"].trigger()
    qtbot.waitUntil(lambda: window.log_view.isVisible(), timeout=5000)
    assert window.dock("dock_log").widget() is window.log_view


def test_a_view_asked_for_is_built_in_its_pane(qtbot, tmp_path):
    window = _open(qtbot, tmp_path)
    view = window.log_view  # (a test, a plugin)
    assert window.dock("dock_log").widget() is view
    assert window.log_view is view  # once


def test_a_pane_on_in_the_gms_saved_layout_comes_with_the_window(qtbot, tmp_path):
    first = _open(qtbot, tmp_path)
    first.actions_by_name["pane_log"].trigger()
    qtbot.waitUntil(lambda: first.dock("dock_log").isVisible(), timeout=5000)
    first.close()
    window = open_main_window(tmp_path / "journal", ask=lambda _q: True, tell=lambda *_: None)
    qtbot.addWidget(window)
    window.complete()
    assert _views(window) == {"log_view"}
