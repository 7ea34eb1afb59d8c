"""A view's frame is repainted only when its own focus changes, as the strip it is drawn
on, and the panel behind the view is not painted again (issue 26): a dialog closed (the
window activated again) repainted every view's frame, its headers' corner and scroll
bars, and every panel behind them up to the window; Enter in the inspector (the
keyboard back on the fight view) repainted the fight view's and the panels'."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QRegion
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLineEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from benchmarks.gm_ops import ModalDrive, click
from tests.qt.table_size import Painted, painted_by, settle, table_window
from tracker.qt.dialogs.effect_dialog import EffectDialog
from tracker.qt.main_window import MainWindow


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    """Priority (the generic order table) at the table's size: 30 + 10 effects."""
    yield from table_window(qtbot, tmp_path / "journal", "priority", selected=3)


def _views(window: MainWindow) -> list[QAbstractItemView]:
    views = [window.central_view, window.effects_view]
    return [view for view in views if isinstance(view, QAbstractItemView)]


def _frame_strip(view: QAbstractItemView) -> QRegion:
    width = view.frameWidth()
    outer = view.rect()
    return QRegion(outer) - QRegion(outer.adjusted(width, width, -width, -width))


def _behind_untouched(painted: Painted, view: QWidget) -> None:
    """No panel behind the view painted any of the view's place."""
    parent = view.parentWidget()
    while parent is not None:
        place = QRect(view.mapTo(parent, QPoint(0, 0)), view.size())
        under = painted.of(parent).intersected(QRegion(place))
        told = f"{type(parent).__name__} painted behind {view.objectName()}: {list(under)}"
        assert under.isEmpty(), told
        parent = parent.parentWidget()


def test_a_dialog_closed_repaints_no_frame_and_nothing_behind_the_views(
    window: MainWindow, qtbot: QtBot
) -> None:
    shown: list[QDialog] = []

    def fill_and_accept(dialog: QDialog) -> None:
        assert isinstance(dialog, EffectDialog)
        shown.append(dialog)
        dialog.name_edit.setText("Marked")
        buttons = dialog.findChild(QDialogButtonBox)
        assert buttons is not None
        click(buttons.button(QDialogButtonBox.StandardButton.Ok))

    def ctrl_e() -> None:
        with ModalDrive(fill_and_accept):
            QTest.keyClick(window.central_view, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
        # As the window manager does once the dialog is gone (offscreen: nobody does).
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.focusWidget() is window.central_view)

    painted = painted_by(qtbot, ctrl_e)

    assert shown, "Ctrl+E showed the dialog"
    assert "Marked" in [effect.name for effect in window.document.encounter.effects]
    for view in _views(window):
        assert view.frameWidth() > 0
        frame = painted.of(view) - _frame_strip(view)
        assert frame.isEmpty(), f"{view.objectName()} painted {list(frame)}"
        _behind_untouched(painted, view)
    effects = window.effects_view
    assert painted.of(effects).isEmpty(), "its focus did not change: nor did its frame"


def test_enter_in_the_inspector_repaints_the_fight_views_frame_strip_alone(
    window: MainWindow, qtbot: QtBot
) -> None:
    name_input = window.editor.form.editors["name"].input
    assert isinstance(name_input, QLineEdit)
    name_input.setFocus()
    name_input.selectAll()
    name_input.insert("Kit")
    settle(qtbot)

    painted = painted_by(qtbot, lambda: QTest.keyClick(name_input, Qt.Key.Key_Return))

    view = window.central_view
    assert isinstance(view, QAbstractItemView)
    assert QApplication.focusWidget() is view
    assert not painted.of(view).isEmpty(), "its focus changed: its frame is repainted"
    beyond = painted.of(view) - _frame_strip(view)
    assert beyond.isEmpty(), f"beyond the frame: {list(beyond)}"
    _behind_untouched(painted, view)
