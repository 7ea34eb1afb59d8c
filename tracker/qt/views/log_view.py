"""The log's table, kept at its last line."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel
from PySide6.QtWidgets import QTableView


class LogTable(QTableView):
    """The log, kept at its last line: as lines come, and when it is loaded (a resume,
    an encounter opened), laid out or resized, unless the GM scrolled up to read back
    (the next line brings it back to the end)."""

    def __init__(self) -> None:
        super().__init__()
        self._at_end = True  # showing the last line: stay there as the range changes
        self.verticalScrollBar().valueChanged.connect(self._note_end)
        self.verticalScrollBar().rangeChanged.connect(self._keep_end)

    def setModel(self, model: QAbstractItemModel | None) -> None:
        super().setModel(model)
        if model is not None:
            model.rowsInserted.connect(self.scroll_to_end)
            model.modelReset.connect(self.scroll_to_end)

    def scroll_to_end(self) -> None:
        self._at_end = True
        self.scrollToBottom()

    def _note_end(self, value: int) -> None:
        self._at_end = value >= self.verticalScrollBar().maximum()

    def _keep_end(self, _least: int, most: int) -> None:
        if self._at_end:
            self.verticalScrollBar().setValue(most)
