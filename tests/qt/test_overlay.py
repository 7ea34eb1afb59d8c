"""An overlay repaints what changed in it alone: a panel of another height (its frame's
scroll bar changes) repaints nothing of the host's widgets under the frame (counts of
paint events, not timings: the machine is shared)."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from tracker.qt.widgets.overlay import Edge, Overlay


class Paints(QObject):
    """Counts the paint events each watched widget receives."""

    def __init__(self, watched: dict[QWidget, str]) -> None:
        super().__init__()
        self.watched = watched
        self.counts: Counter[str] = Counter()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and watched in self.watched:
            self.counts[self.watched[watched]] += 1  # type: ignore[index]
        return False


def test_a_panel_of_another_height_repaints_nothing_under_its_frame(qtbot):
    host = QWidget()
    host.resize(500, 300)
    under = QWidget(host)  # the host's view, all of it under the bottom overlay
    under.setGeometry(host.rect())
    panel = QWidget()
    layout = QVBoxLayout(panel)
    lines = [QLabel(f"Line {number}") for number in range(30)]  # taller than its share
    for line in lines:
        layout.addWidget(line)
    overlay = Overlay(panel, host, Edge.BOTTOM, max_share=0.5)
    panel.show()
    host.show()
    qtbot.waitExposed(host)
    qtbot.wait(1)
    bar = overlay.frame.verticalScrollBar()
    assert bar.isVisible()
    paints = Paints({under: "under", bar: "scroll bar"})
    app = QApplication.instance()
    app.installEventFilter(paints)
    try:
        for line in lines[20:]:  # a shorter panel, then a taller one: the bar changes
            line.hide()
        qtbot.wait(1)
        for line in lines[20:]:
            line.show()
        qtbot.wait(1)
    finally:
        app.removeEventFilter(paints)
    assert paints.counts["scroll bar"] >= 2  # the frame's scroll bar repainted
    assert paints.counts["under"] == 0, paints.counts
    host.close()
    host.deleteLater()  # while the overlay is still referenced here: it watches the host
    qtbot.wait(1)
