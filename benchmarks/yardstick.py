"""The bare-Qt yardstick: a plain `QMainWindow` with a `QTableWidget` of 30 rows at the
laptop's size; one cell changed and the whole window repainted, timed by the same
`IdleClock` as the game master's operations, in the same run, between them.

It draws with a style of its own that keeps nothing (`BandedFusion` with its kept
scroll bars off): the application's style puts a tall bar back from a pixmap once it
has drawn it, which would halve the yardstick (its whole repaint is mostly its scroll
bar) and double every ratio to it. The yardstick draws as it always has."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow, QTableWidget, QTableWidgetItem, QWidget

from benchmarks.gm_ops import Samples, activate
from benchmarks.idle_timer import IdleClock
from benchmarks.qt_setup import LAPTOP
from tracker.qt.banded_style import BandedFusion

ROWS, COLUMNS = 30, 6
NAME = "yardstick"


class Yardstick:
    """Measured once after each step of a round: interleaved like the sizes."""

    label = NAME

    def __init__(self, clock: IdleClock) -> None:
        self.clock = clock
        self.window = QMainWindow()
        self.table = QTableWidget(ROWS, COLUMNS)
        for row in range(ROWS):
            for column in range(COLUMNS):
                self.table.setItem(row, column, QTableWidgetItem(f"Fighter {row}, {column}"))
        self.window.setCentralWidget(self.table)
        self.style = BandedFusion()  # kept by the yardstick: a widget does not own it
        self.style.kept.keep = False
        for widget in (self.window, *self.window.findChildren(QWidget)):
            widget.setStyle(self.style)
        self.window.resize(*LAPTOP)
        self.window.show()
        self._changes = 0
        clock.settle()

    def ready(self) -> None:
        activate(self.window, self.clock)

    def measure(self) -> Samples:
        self.ready()
        self._changes += 1
        item = self.table.item(self._changes % ROWS, 2)
        assert item is not None

        def change() -> None:
            item.setText(f"changed {self._changes}")
            self.window.update()  # the whole window, every child included

        return [(NAME, self.clock.timed(change))]

    def close(self) -> None:
        self.window.close()
        self.window.deleteLater()
        self.clock.settle()
