"""A fight view that gains the keyboard focus with nobody selected keeps nobody
selected, unless the GM tabs into it (stop 50): Qt makes an item view's first row
current as it gains the focus, and the inspector followed the current row, so closing
a dialog (Ctrl+E, Escape) with nobody selected selected the first combatant."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QApplication, QDialog, QHeaderView
from pytestqt.qtbot import QtBot

from benchmarks.gm_ops import ModalDrive
from tests.plugins import built_in_rulesets
from tests.qt.table_size import settle, table_window
from tracker.qt.main_window import MainWindow

RULESETS = built_in_rulesets()  # every built-in, however many


def _active(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def _fight_views(window: MainWindow) -> list[QAbstractItemView]:
    """The ruleset's view's lists and tables (Stamina battle's has one a side)."""
    central = window.central_view
    views = [central] if isinstance(central, QAbstractItemView) else []
    views += central.findChildren(QAbstractItemView)
    return [v for v in views if not isinstance(v, QHeaderView) and v.isVisible()]


@pytest.fixture(params=RULESETS)
def window(request: pytest.FixtureRequest, qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    yield from table_window(qtbot, tmp_path / "journal", request.param)


def test_the_focus_back_on_a_fight_view_selects_nobody(window: MainWindow, qtbot: QtBot) -> None:
    _active(qtbot, window)
    views = _fight_views(window)
    assert views
    for view in views:
        window.health_box.setFocus(Qt.FocusReason.OtherFocusReason)
        assert window.selected_combatant_id() is None
        for reason in (
            Qt.FocusReason.ActiveWindowFocusReason,  # a dialog closed over the window
            Qt.FocusReason.OtherFocusReason,  # the keyboard handed back
            Qt.FocusReason.ShortcutFocusReason,
        ):
            window.health_box.setFocus(Qt.FocusReason.OtherFocusReason)
            view.setFocus(reason)
            settle(qtbot)
            assert QApplication.focusWidget() is view
            assert window.selected_combatant_id() is None, (view.objectName(), reason)
            assert not view.currentIndex().isValid()


def test_a_dialog_cancelled_leaves_nobody_selected(window: MainWindow, qtbot: QtBot) -> None:
    _active(qtbot, window)
    window.central_view.setFocus(Qt.FocusReason.OtherFocusReason)
    settle(qtbot)
    cancelled: list[QDialog] = []

    def cancel(dialog: QDialog) -> None:
        cancelled.append(dialog)
        dialog.reject()

    with ModalDrive(cancel):
        QTest.keyClick(window.central_view, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert cancelled
    _active(qtbot, window)  # as the window manager does once the dialog is gone
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    settle(qtbot)
    assert window.selected_combatant_id() is None


def test_tab_into_the_fight_view_still_lands_on_its_first_row(
    window: MainWindow, qtbot: QtBot
) -> None:
    _active(qtbot, window)
    view = _fight_views(window)[0]
    window.health_box.setFocus(Qt.FocusReason.OtherFocusReason)
    view.setFocus(Qt.FocusReason.TabFocusReason)
    settle(qtbot)
    assert view.currentIndex().isValid()
    assert window.selected_combatant_id() is not None
