"""Watching the Qt models through a playthrough: Qt warnings, qtmodeltester on every
signal, and the cells a view would have painted.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QtMsgType, qInstallMessageHandler
from pytestqt.modeltest import ModelTester

from tests.conformance.compare import without_changes


# --- Qt ------------------------------------------------------------------------------------
class QtWarnings:
    """Records Qt warnings (a model's wrong row signals end up there) so that a step fails
    on them while hypothesis can still shrink; passes every message on to the previous
    handler (pytest-qt's, which fails the test on them too)."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self._previous: Any = None
        self._installed = False

    def install(self) -> None:
        self._previous = qInstallMessageHandler(self._handle)
        self._installed = True

    def uninstall(self) -> None:
        if self._installed:
            qInstallMessageHandler(self._previous)
            self._installed = False

    def _handle(self, kind: QtMsgType, context: Any, message: str) -> None:
        if kind not in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg):
            self.messages.append(message)
        if self._previous is not None:
            self._previous(kind, context, message)

    def check(self) -> None:
        messages, self.messages = self.messages, []
        assert not messages, f"Qt warned: {messages}"


class WatchingModelTester(ModelTester):
    """qtmodeltester watching one model for a whole playthrough: its cheap per-signal
    checks (rows announced, inserted, removed and moved consistently, valid dataChanged
    ranges) run on every signal; the full check of the whole model, a pass over every
    row, only in `check` and `full_check`."""

    def __init__(self) -> None:
        super().__init__(None)
        self._full = True

    def check(self, model: Any, force_py: bool = True) -> None:
        self._full = True
        try:
            super().check(model, force_py=True)
        finally:
            self._full = False

    def full_check(self) -> None:
        self._full = True
        try:
            self._run()
        finally:
            self._full = False

    def close(self) -> None:
        self._cleanup()

    def _run(self) -> None:
        if self._full:
            super()._run()

    def _debug(self, text: str) -> None:
        """Quiet: the base class prints a line for every signal."""


class PaintedCells:
    """What a view would show of a model: the text of every cell, read when the model
    announces rows or a change and never otherwise. A cell whose change the model never
    announced (a row it forgot to repaint) differs from the model's text now."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.cells: list[list[Any]] = []
        self._read_all()
        self._slots = (
            (model.modelReset, self._read_all),
            (model.layoutChanged, self._read_all),
            (model.rowsInserted, self._inserted),
            (model.rowsRemoved, self._removed),
            (model.rowsMoved, self._moved),
            (model.dataChanged, self._changed),
        )
        for signal, slot in self._slots:
            signal.connect(slot)

    def close(self) -> None:
        for signal, slot in self._slots:
            signal.disconnect(slot)

    def check(self) -> None:
        """Every cell shows what the model says now."""
        name = type(self.model).__name__
        assert len(self.cells) == self.model.rowCount(), f"{name}: rows painted"
        for row, painted in enumerate(self.cells):
            now = self._row(row)
            assert painted == now, f"{name} row {row} was not repainted: {painted}, now {now}"

    def _row(self, row: int) -> list[Any]:
        model = self.model
        return [
            without_changes(model.index(row, column).data())
            for column in range(model.columnCount())
        ]

    def _read_all(self, *_: Any) -> None:
        self.cells = [self._row(row) for row in range(self.model.rowCount())]

    def _inserted(self, _parent: Any, first: int, last: int) -> None:
        self.cells[first:first] = [self._row(row) for row in range(first, last + 1)]

    def _removed(self, _parent: Any, first: int, last: int) -> None:
        del self.cells[first : last + 1]

    def _moved(self, _parent: Any, first: int, last: int, _to: Any, row: int) -> None:
        moving = self.cells[first : last + 1]
        del self.cells[first : last + 1]
        at = row - len(moving) if row > last else row
        self.cells[at:at] = moving

    def _changed(self, top_left: Any, bottom_right: Any, *_: Any) -> None:
        for row in range(top_left.row(), bottom_right.row() + 1):
            self.cells[row] = self._row(row)
