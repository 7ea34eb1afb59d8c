"""A question taller than the inspector's column can give scrolls within its panel: on
the laptop, its window framed (1,358 x 732 inside), AP countdown's ten answers once had
their boxes crushed to half a line, their text cut through. Every box and button keeps
its height, and Tab brings an answer scrolled out of sight into view."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QLineEdit, QWidget

from tests.qt.ap_countdown_fixtures import (
    answer,
    answer_labels,
    awindow,  # noqa: F401 - fixture
    start,
)
from tracker.qt.main_window import MainWindow

FRAMED_LAPTOP = (1358, 732)  # the window inside openbox's frame on a 1,366 x 768 screen


def _crushed(panel: QWidget) -> list[str]:
    return [
        f"{widget.objectName()}: {widget.height()} < {widget.minimumSizeHint().height()}"
        for widget in panel.findChildren(QWidget)
        if isinstance(widget, QLineEdit | QAbstractButton)
        and widget.isVisibleTo(panel)
        and widget.height() < widget.minimumSizeHint().height()
    ]


def _seen(widget: QWidget, panel: QWidget) -> bool:
    """The whole of `widget` shows within the panel's scroll area."""
    viewport = panel.scroller.viewport()
    top = widget.mapTo(viewport, QPoint(0, 0)).y()
    return top >= 0 and top + widget.height() <= viewport.height()


def _declaring(window: MainWindow, qtbot, size: tuple[int, int]):
    window.resize(*size)
    start(qtbot, window)
    answer(qtbot, window, answer_labels(window)[0])  # the countdown begins
    panel = window.prompt_panel
    qtbot.waitUntil(lambda: len(panel.answer_buttons) >= 10)
    qtbot.wait(20)
    assert panel.height() < panel.wanted_height(panel.width())  # the column is short
    return panel


def test_the_ten_answers_scroll_whole_on_the_framed_laptop(awindow: MainWindow, qtbot):  # noqa: F811
    panel = _declaring(awindow, qtbot, FRAMED_LAPTOP)
    assert _crushed(panel) == []
    bar = panel.scroller.verticalScrollBar()
    assert bar.isVisible() and bar.maximum() > 0


def test_tab_brings_an_answer_out_of_sight_into_view(awindow: MainWindow, qtbot):  # noqa: F811
    """A window made shorter still: the last answers are out of sight; Tab reaches
    them, and each shows whole as it takes the focus."""
    panel = _declaring(awindow, qtbot, (FRAMED_LAPTOP[0], 600))
    assert _crushed(panel) == []
    last = panel.key_buttons[-1]
    assert not _seen(last, panel)
    first = next(form for form in panel.answer_forms if form is not None)
    next(iter(first.editors.values())).input.setFocus(Qt.FocusReason.TabFocusReason)
    for _ in range(40):
        focus = QApplication.focusWidget()
        if focus is last:
            break
        assert focus is not None and panel.isAncestorOf(focus)
        qtbot.keyClick(focus, Qt.Key.Key_Tab)
        focus = QApplication.focusWidget()
        assert focus is not None and (not panel.isAncestorOf(focus) or _seen(focus, panel))
    assert QApplication.focusWidget() is last
    assert _seen(last, panel)
