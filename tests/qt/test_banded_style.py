"""The application's style is Fusion with its tall scroll bars drawn in bands: the same
pixels as Fusion's, each band too short for Qt to hand its fills to other threads."""

from __future__ import annotations

import gc

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QImage, QPainter, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QScrollBar,
    QStyle,
    QStyleFactory,
    QStyleOptionSlider,
)

from tracker.qt.appearance import appearance, dark_palette
from tracker.qt.banded_style import BAND, THREADED, BandedFusion, bands


def test_the_application_draws_with_fusion_in_bands(qapp):
    appearance()
    gc.collect()  # the style is the application's to keep, not Python's
    style = QApplication.style()
    assert isinstance(style, BandedFusion)
    assert style.baseStyle().name().lower() == "fusion"


@pytest.mark.parametrize("rect", [QRect(0, 0, 14, 424), QRect(3, 7, 14, 97), QRect(0, 0, 9, 64)])
def test_the_bands_fit_together_each_under_the_threaded_height(rect: QRect):
    pieces = bands(rect)
    assert pieces[0].top() == rect.top() and pieces[-1].bottom() == rect.bottom()
    for above, below in zip(pieces, pieces[1:], strict=False):
        assert below.top() == above.bottom() + 1
    assert all(p.left() == rect.left() and p.width() == rect.width() for p in pieces)
    # Both edges of an outline, a span each a line: still under the threaded count.
    assert all(0 < p.height() <= BAND for p in pieces) and 2 * BAND < THREADED


def drawn(
    style: QStyle, bar: QScrollBar, palette: QPalette, pressed: bool, ratio: float = 1.0
) -> QImage:
    option = QStyleOptionSlider()
    bar.initStyleOption(option)
    option.subControls = QStyle.SubControl.SC_All  # as the bar's own paint event
    option.palette = palette
    if pressed:
        option.activeSubControls = QStyle.SubControl.SC_ScrollBarSlider
        option.state |= QStyle.StateFlag.State_Sunken
    image = QImage(bar.size() * ratio, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(ratio)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    style.drawComplexControl(QStyle.ComplexControl.CC_ScrollBar, option, painter, bar)
    painter.end()
    return image


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("pressed", [False, True])
def test_a_tall_scroll_bar_looks_exactly_as_fusion_draws_it(qapp, scheme: str, pressed: bool):
    fusion = QStyleFactory.create("Fusion")
    palette = dark_palette() if scheme == "dark" else fusion.standardPalette()
    bar = QScrollBar(Qt.Orientation.Vertical)
    bar.setStyle(fusion)
    bar.resize(14, 424)
    bar.setRange(0, 12)
    bar.setPageStep(18)
    bar.setValue(5)
    expected = drawn(fusion, bar, palette, pressed)
    assert len({expected.pixel(x, 200) for x in range(14)}) > 2  # a groove and a handle drawn
    assert drawn(BandedFusion(), bar, palette, pressed) == expected


@pytest.mark.parametrize("ratio", [1.0, 2.0])
def test_a_bar_drawn_again_in_the_same_look_is_put_back(qapp, ratio: float):
    """A tall bar is drawn once per look and put back, the very pixels Fusion draws; a
    bar moved, pressed or in other colours is drawn anew."""
    fusion = QStyleFactory.create("Fusion")
    banded = BandedFusion()
    bar = QScrollBar(Qt.Orientation.Vertical)
    bar.setStyle(fusion)
    bar.resize(14, 424)
    bar.setRange(0, 30)
    bar.setPageStep(18)
    light, dark = fusion.standardPalette(), dark_palette()
    looks = [(light, False, 5), (light, True, 5), (light, False, 12), (dark, False, 5)]
    for palette, pressed, value in looks:
        bar.setValue(value)
        expected = drawn(fusion, bar, palette, pressed, ratio)
        first = banded.kept.drawn
        assert drawn(banded, bar, palette, pressed, ratio) == expected
        assert banded.kept.drawn == first + 1  # a look not seen: drawn
        assert drawn(banded, bar, palette, pressed, ratio) == expected
        assert banded.kept.drawn == first + 1  # the same look: put back


def test_the_yardstick_draws_its_bars_as_it_always_has(qapp):
    """The bare-Qt yardstick keeps nothing of the application's: its tall scroll bar is
    drawn at each repaint (put back, it would halve the yardstick and double the
    ratios to it), with the application's kept pixmaps left alone."""
    from benchmarks.idle_timer import IdleClock
    from benchmarks.yardstick import Yardstick

    appearance()
    application = QApplication.style()
    assert isinstance(application, BandedFusion)
    yardstick = Yardstick(IdleClock(qapp))
    try:
        bar = yardstick.table.verticalScrollBar()
        assert bar.style() is yardstick.style and not yardstick.style.kept.keep
        kept = len(application.kept)
        for _ in range(3):
            yardstick.measure()
        assert len(application.kept) == kept and len(yardstick.style.kept) == 0
    finally:
        yardstick.close()
