"""The players' large one-line labels: the same text again changes nothing, so a step
that leaves a line as it was does not lay the players' board out again."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

from tests.qt.conftest import EventCounter
from tracker.qt.players.now_panel import FitLabel


def test_the_same_text_again_asks_for_no_layout(qtbot, qapp) -> None:
    board = QWidget()
    qtbot.addWidget(board)
    label = FitLabel(60, 20)
    QVBoxLayout(board).addWidget(label)
    board.resize(400, 200)
    board.show()
    label.set_fitted_text("Ann of the Long Road")
    qapp.processEvents()
    requests = EventCounter(QEvent.Type.LayoutRequest)
    board.installEventFilter(requests)
    label.set_fitted_text("Ann of the Long Road")
    qapp.processEvents()
    assert requests.count == 0
    label.set_fitted_text("Bob")
    qapp.processEvents()
    assert label.text() == "Bob" and requests.count == 1


def test_a_narrower_label_fits_the_same_text_again(qtbot, qapp) -> None:
    board = QWidget()
    qtbot.addWidget(board)
    label = FitLabel(60, 20)
    QVBoxLayout(board).addWidget(label)
    board.resize(900, 200)
    board.show()
    label.set_fitted_text("A name long enough to shrink")
    qapp.processEvents()
    wide = label.font().pixelSize()
    board.resize(300, 200)
    qapp.processEvents()
    assert label.font().pixelSize() < wide


def test_a_text_that_wraps_is_given_the_height_of_its_lines(qtbot, qapp) -> None:
    """At its smallest type a long text wraps: the label is as tall as its lines (it was
    one line's height and a bit, its three lines cut at the top and the bottom)."""
    board = QWidget()
    qtbot.addWidget(board)
    label = FitLabel(60, 40)
    layout = QVBoxLayout(board)
    layout.addWidget(label)
    layout.addStretch(1)
    board.resize(420, 600)
    board.show()
    label.set_fitted_text("The party's phase · 18/18 Stamina · Wounds 9/26")
    qapp.processEvents()
    assert label.font().pixelSize() == 40 and label.wordWrap()
    metrics = label.fontMetrics()
    lines = label.heightForWidth(label.width()) // metrics.lineSpacing()
    assert lines >= 3
    assert label.height() >= lines * metrics.lineSpacing()
    label.set_sizes(60, 40)  # the same sizes again (the board scaled alike)
    qapp.processEvents()
    assert label.height() >= lines * metrics.lineSpacing()
    label.set_fitted_text("Bob")  # one line again: its own height again
    qapp.processEvents()
    assert not label.wordWrap() and label.minimumHeight() == int(60 * 1.3)
