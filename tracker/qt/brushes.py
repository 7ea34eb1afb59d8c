"""Solid brushes of a colour (a model's cell colours, a row's ink)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor


def solid(color: str) -> QBrush:
    """A solid brush of `color` ("#rrggbb"). Made with the style named: PySide resolves
    `QBrush(QColor)` among QBrush's one-argument constructors and loads the classes of
    the others to rule them out (QGradient, with its 180 presets, and QImage: ~2.3 ms
    before the first frame); the two-argument form has no such rival."""
    return QBrush(QColor(color), Qt.BrushStyle.SolidPattern)
