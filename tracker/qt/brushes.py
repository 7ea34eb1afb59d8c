"""Solid brushes of a colour (a model's cell colours, a row's ink), and filling with one."""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter


def solid(color: str | QColor) -> QBrush:
    """A solid brush of `color` ("#rrggbb", or a colour). Made with the style named: PySide resolves
    `QBrush(QColor)` among QBrush's one-argument constructors and loads the classes of
    the others to rule them out (QGradient, with its 180 presets, and QImage: ~2.3 ms
    before the first frame); the two-argument form has no such rival."""
    return QBrush(QColor(color) if isinstance(color, str) else color, Qt.BrushStyle.SolidPattern)


def fill(painter: QPainter, rect: QRect | QRectF, brush: QBrush) -> None:
    """`painter.fillRect(rect, brush)`, the same pixels, drawn as a rectangle without a
    pen: PySide resolves `fillRect` among overloads that take a `QGradient.Preset`, and
    loads QGradient (~1.2 ms, its 180 presets) to rule them out before the first frame.
    The painter's pen and brush are left as they were."""
    painter.save()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(brush)
    painter.drawRect(rect)
    painter.restore()
