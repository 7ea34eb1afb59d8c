"""A Roll button whose text names whose dice it rolls, and which lays nothing out when
that name changes and fits.

Qt lays out upwards: a button given a new text asks its chip's layout to run again,
then the palette's, the turn panel's, up to the main window's (docks, toolbar and
central widget set again), at every selection moved, combatant added or removed. A
widget of a fixed size does not ask (its size cannot follow its text), so `RollButton`
is of a fixed size: its widest text yet (a longer name elided past `WIDEST`), taken
afresh when its font or style changes."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QPushButton

WIDEST = 140  # pixels of text; a longer one is elided (the tooltip names in full)


class RollButton(QPushButton):
    """`set_text` gives it a text, at the width of the widest yet."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self._fixed = False  # sized by `_fix` (else by its text, as any button)

    def set_text(self, text: str) -> None:
        metrics = self.fontMetrics()
        if metrics.horizontalAdvance(text) > WIDEST:
            text = metrics.elidedText(text, Qt.TextElideMode.ElideRight, WIDEST)
        if text != self.text():
            self.setText(text)
        self._fix()

    def _fix(self) -> None:
        hint = self.sizeHint()
        width = max(hint.width(), self.minimumWidth()) if self._fixed else hint.width()
        if not self._fixed or (width, hint.height()) != (self.minimumWidth(), self.minimumHeight()):
            self._fixed = True
            self.setFixedSize(width, hint.height())

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if self._fixed and event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fixed = False  # other sizes: from its text alone again
            self._fix()
