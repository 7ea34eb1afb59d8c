"""The d20 view's estimates of its cells' widths (`widest_rows.Estimates`) worked out
ahead, a slice of rows at a time between turns of the event loop, once its model loads a
large fight: reading thousands of rows (each worked out when first read) to rank them in
the slot that fits the columns stalled the window (issue 26: 5,000 creatures, 100 ms).
Until every row is estimated (`ready`) the view fits its columns to the rows in sight;
then to every row (`done`: a fitted column only grows)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from tracker.qt.views.widest_rows import Estimates

SLICE = 100  # rows estimated in a turn of the event loop (2-5 ms)


class EstimatesAhead(QObject):
    def __init__(
        self,
        estimates: Estimates,
        columns: tuple[int, ...],
        count: Callable[[], int],
        done: Callable[[], None],
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self._estimates = estimates
        self._columns = columns
        self._count = count
        self._done = done
        self._next = 0  # the first row not estimated yet
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._step)

    @property
    def ready(self) -> bool:
        """Every row estimated (or too few rows to need it)."""
        return not self._timer.isActive()

    def start(self) -> None:
        """From the first row (the estimates were forgotten); a few rows need none."""
        self._next = 0
        if self._count() > SLICE:
            self._timer.start()
        elif self._timer.isActive():
            self._timer.stop()
            self._done()

    def _step(self) -> None:
        count = self._count()
        rows = range(self._next, min(self._next + SLICE, count))
        for column in self._columns:
            self._estimates.estimate(column, rows)
        self._next = rows.stop
        if self._next >= count:
            self._timer.stop()
            self._done()
