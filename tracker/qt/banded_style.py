"""Fusion, its tall scroll bars drawn in bands: the same pixels, without Qt's threads.

Qt's raster engine hands a fill of 96 lines or more that is not one plain colour (a
gradient, an antialiased edge) to a pool of threads, a few dozen lines each. Fusion
draws a scroll bar's groove and handle with gradients and translucent outlines, so each
repaint of a tall bar woke the pool: the fight view's (a row added or removed moves its
handle), the inspector's (the prompt panel shown or hidden resizes it). Waking the
threads and waiting for them cost several times the drawing itself (about 1 ms of the
CPU of adding a combatant, as much again for removing one). Drawn clipped to bands of
fewer lines, each fill stays on the GUI thread; the bands fit together exactly."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QProxyStyle, QStyle, QStyleOptionComplex, QWidget

THREADED = 96  # lines from which Qt shares a fill out (`QT_THREAD_PARALLEL_FILLS`)
BAND = 32  # lines a band at most: with both edges' spans, still under `THREADED`


def bands(rect: QRect) -> list[QRect]:
    """`rect` cut into pieces of `BAND` lines at most, top to bottom."""
    bottom = rect.y() + rect.height()
    return [
        QRect(rect.x(), top, rect.width(), min(BAND, bottom - top))
        for top in range(rect.y(), bottom, BAND)
    ]


class BandedFusion(QProxyStyle):
    """The application's style: Fusion, its scroll bars standing `THREADED` pixels or
    taller drawn band by band (a bar lying down is a few lines high: drawn whole)."""

    def __init__(self) -> None:
        super().__init__("Fusion")

    def drawComplexControl(  # noqa: N802 (Qt)
        self,
        control: QStyle.ComplexControl,
        option: QStyleOptionComplex,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        if control != QStyle.ComplexControl.CC_ScrollBar or option.rect.height() < THREADED:
            super().drawComplexControl(control, option, painter, widget)
            return
        for band in bands(option.rect):
            painter.save()
            painter.setClipRect(band, Qt.ClipOperation.IntersectClip)
            super().drawComplexControl(control, option, painter, widget)
            painter.restore()
