"""The optional panes off by default (the side list, the turn order, the log) have their
views built when the GM first turns them on, not with the window
(tracker/qt/window_rest.py)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QListView, QTableView

from tests.qt.conftest import focus_chain
from tracker.qt.app import open_main_window
from tracker.qt.main_window import MainWindow
from tracker.qt.models.roster_model import IdRole
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


def test_the_side_list_is_built_when_its_pane_is_first_on_with_the_selection_so_far(
    qtbot, tmp_path
):
    window = _open(qtbot, tmp_path)
    assert not window.dock("dock_combatants").isVisible()
    assert window.findChild(QListView, "roster_view") is None  # ~2.5 ms of the window
    # Picking a combatant works without it (the fight view, the inspector, the health
    # box's targets): the selection is the window's, the list's once it is built.
    chosen = window.document.encounter.combatants[1]
    window.select_combatant(chosen.id)
    assert window.selected_combatant_id() == chosen.id
    assert window.selected_combatant_ids() == [chosen.id]
    assert window.editor.combatant_id == chosen.id
    window.actions_by_name["pane_combatants"].trigger()
    qtbot.waitUntil(lambda: window.dock("dock_combatants").isVisible(), timeout=5000)
    roster = window.roster_view
    assert window.findChild(QListView, "roster_view") is roster and roster.isVisible()
    assert roster.selectionModel() is window.roster_selection
    assert roster.currentIndex().data(IdRole) == chosen.id
    assert [index.data(IdRole) for index in roster.selectedIndexes()] == [chosen.id]
    named = [action.objectName() for action in roster.actions()]  # its context menu
    assert named == ["health", "mark_defeated", "revive", "duplicate", "remove"]
    # Picked in the list: the inspector's.
    other = window.document.encounter.combatants[2]
    roster.setCurrentIndex(window.roster_model.index(window.roster_model.row_of(other.id), 0))
    assert window.editor.combatant_id == other.id


def _views_in_tab_chain(window: MainWindow) -> list[str]:
    """The panes' views in the window's Tab chain (which Tab follows), in order."""
    views = ("roster_view", "turn_order_view", "log_view")
    return [w.objectName() for w in focus_chain(window) if w.objectName() in views]


def test_the_side_list_keeps_its_tab_place_whichever_pane_is_turned_on_first(
    qtbot, tmp_path, monkeypatch
):
    # The side list stands before the turn order and the log in the Tab chain, as when
    # it was built with the window, also when the GM turns another pane on first (those
    # two follow in the order they were turned on, as they did).
    for panes, tabbed in (
        (("turn_order", "log", "combatants"), ["turn_order_view", "log_view"]),
        (("log", "combatants", "turn_order"), ["log_view", "turn_order_view"]),
    ):
        monkeypatch.setenv("TRACKER_HOME", str(tmp_path / panes[0]))  # the default layout
        window = _open(qtbot, tmp_path / panes[0])
        for pane in panes:
            window.actions_by_name[f"pane_{pane}"].trigger()
        qtbot.waitUntil(lambda w=window: w.dock("dock_combatants").isVisible(), timeout=5000)
        assert _views_in_tab_chain(window) == ["roster_view", *tabbed]
        window.close()
