"""Fusion, its tall scroll bars drawn in bands: the same pixels, without Qt's threads.

Qt's raster engine hands a fill of 96 lines or more that is not one plain colour (a
gradient, an antialiased edge) to a pool of threads, a few dozen lines each. Fusion
draws a scroll bar's groove and handle with gradients and translucent outlines, so each
repaint of a tall bar woke the pool: the fight view's (a row added or removed moves its
handle), the inspector's (the prompt panel shown or hidden resizes it). Waking the
threads and waiting for them cost several times the drawing itself (about 1 ms of the
CPU of adding a combatant, as much again for removing one). Drawn clipped to bands of
fewer lines, each fill stays on the GUI thread; the bands fit together exactly.

Each band draws the whole bar clipped: a tall bar cost a millisecond and more a paint
(adding a combatant repainted the fight view's and the inspector's). A bar is drawn
once per look (its size, range, position, state, palette: `bar_key`) into a kept
pixmap and put back, in bands too: the fight view's bar as a combatant comes and goes
again, the inspector's as the prompt panel comes and goes, any bar as a dialog closes
(the window active again) repaint without drawing."""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform
from PySide6.QtWidgets import (
    QProxyStyle,
    QStyle,
    QStyleOptionComplex,
    QStyleOptionSlider,
    QWidget,
)

from tracker.qt.views.kept_pixmaps import KeptPixmaps

THREADED = 96  # lines from which Qt shares a fill out (`QT_THREAD_PARALLEL_FILLS`)
BAND = 32  # lines a band at most: with both edges' spans, still under `THREADED`
KEPT_BYTES = 2 * 1024 * 1024  # bars' pixmaps kept: some 80 looks of a tall bar


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
        self.kept: KeptPixmaps[Hashable] = KeptPixmaps(KEPT_BYTES)

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
        shifted = (
            painter.transform().type().value <= QTransform.TransformationType.TxTranslate.value
        )
        if not isinstance(option, QStyleOptionSlider) or not shifted or not self.kept.keep:
            self._draw_banded(control, option, painter, widget)
            return
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        key = (bar_key(option), ratio, *self._metrics(option, widget))
        pixmap = self.kept.pixmap(key, partial(self._drawn, control, option, widget, ratio))
        corner = option.rect.topLeft()
        for band in bands(option.rect):  # a blit of a tall bar may be shared out too
            source = band.translated(-corner)
            painter.drawPixmap(band.topLeft(), pixmap, _scaled(source, ratio))

    def _draw_banded(
        self,
        control: QStyle.ComplexControl,
        option: QStyleOptionComplex,
        painter: QPainter,
        widget: QWidget | None,
    ) -> None:
        for band in bands(option.rect):
            painter.save()
            painter.setClipRect(band, Qt.ClipOperation.IntersectClip)
            super().drawComplexControl(control, option, painter, widget)
            painter.restore()

    def _metrics(self, option: QStyleOptionSlider, widget: QWidget | None) -> tuple[int, int]:
        """The sizes the bar's parts take from the style (a style sheet may set them)."""
        extent = self.pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, option, widget)
        least = self.pixelMetric(QStyle.PixelMetric.PM_ScrollBarSliderMin, option, widget)
        return extent, least

    def _drawn(
        self,
        control: QStyle.ComplexControl,
        option: QStyleOptionSlider,
        widget: QWidget | None,
        ratio: float,
    ) -> QPixmap:
        """The bar drawn at the origin of a transparent pixmap of its size, in bands."""
        local = QStyleOptionSlider(option)
        local.rect = QRect(QPoint(0, 0), option.rect.size())
        pixmap = QPixmap(local.rect.size() * ratio)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        inner = QPainter(pixmap)
        self._draw_banded(control, local, inner, widget)
        inner.end()
        return pixmap


def bar_key(option: QStyleOptionSlider) -> Hashable:
    """All a scroll bar's pixels follow from (Fusion's bars do not fade in and out)."""
    return (
        option.rect.width(),
        option.rect.height(),
        option.state.value,
        option.direction.value,
        option.palette.cacheKey(),
        option.palette.currentColorGroup().value,
        option.subControls.value,
        option.activeSubControls.value,
        option.orientation.value,
        option.minimum,
        option.maximum,
        option.sliderPosition,
        option.sliderValue,
        option.singleStep,
        option.pageStep,
        option.upsideDown,
    )


def _scaled(rect: QRect, ratio: float) -> QRect:
    """`rect` in a pixmap's device pixels."""
    if ratio == 1.0:
        return rect
    return QRect(
        round(rect.x() * ratio),
        round(rect.y() * ratio),
        round(rect.width() * ratio),
        round(rect.height() * ratio),
    )
