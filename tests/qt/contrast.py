"""Text contrast as drawn: a window is grabbed to an image, and for every visible text
(labels, buttons, line edits, combo boxes, tabs, menus, item view cells and header
sections) the colour behind it and the colour of its ink are read from the pixels of the
text's rectangle; their WCAG 2 contrast ratio must be at least 4.5:1.

Behind the text is the rectangle's most common colour; the ink is the pixel farthest
from it in luminance (the core of a glyph: anti-aliased edges lie between the two, so
taking the most extreme pixel gives no false failure). A text whose rectangle shows
nothing but its background (ink the colour of the page) measures 1:1. Disabled widgets
and items are left out, as WCAG leaves out inactive controls."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, QPoint, QRect, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenuBar,
    QPlainTextEdit,
    QRadioButton,
    QTabBar,
    QTextEdit,
    QWidget,
)

AA = 4.5  # WCAG 2 AA, normal text
TAGS = re.compile(r"<[^>]*>")


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


LINEAR = [_linear(c) for c in range(256)]


def luminance(rgb: int) -> float:
    """WCAG relative luminance of 0xRRGGBB."""
    return (
        0.2126 * LINEAR[(rgb >> 16) & 0xFF]
        + 0.7152 * LINEAR[(rgb >> 8) & 0xFF]
        + 0.0722 * LINEAR[rgb & 0xFF]
    )


def ratio(one: int, other: int) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@dataclass(frozen=True)
class Finding:
    where: str  # the window, the widget's class and object name (its parents' too)
    name: str  # the widget's object name
    text: str
    background: int
    ink: int
    ratio: float

    def __str__(self) -> str:
        return (
            f"{self.where}: {self.text[:40]!r} ink #{self.ink:06x} on #{self.background:06x}"
            f" = {self.ratio:.2f}:1"
        )


class Shot:
    """A grabbed top-level window's pixels."""

    def __init__(self, top: QWidget) -> None:
        self.top = top
        image = top.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
        self.image = image
        self.width = image.bytesPerLine() // 4
        self.bounds = image.rect()
        self.pixels = memoryview(bytes(image.constBits())).cast("I")

    def colours(self, rect: QRect) -> Counter[int]:
        rect = rect.intersected(self.bounds)
        counts: Counter[int] = Counter()
        for y in range(rect.top(), rect.bottom() + 1):
            start = y * self.width + rect.left()
            counts.update(self.pixels[start : start + rect.width()])
        return counts

    def measure(self, rect: QRect) -> tuple[int, int, float] | None:
        """(background, ink, ratio) in the top-level rectangle `rect`; None if empty."""
        counts = self.colours(rect)
        if not counts:
            return None
        background = counts.most_common(1)[0][0] & 0xFFFFFF
        shade = luminance(background)
        others = {c & 0xFFFFFF for c in counts} - {background}
        if not others:
            return background, background, 1.0
        ink = max(others, key=lambda c: abs(luminance(c) - shade))
        return background, ink, ratio(background, ink)


def describe(widget: QWidget) -> str:
    names = []
    current: QWidget | None = widget
    while current is not None and len(names) < 4:
        name = current.objectName()
        name = "" if name.startswith("qt_") else name  # Qt's own parts: the view's name
        names.append(f"{type(current).__name__}#{name}" if name else type(current).__name__)
        if name and current is not widget:
            break
        current = current.parentWidget()
    return " < ".join(names)


def _plain(text: str) -> str:
    return TAGS.sub("", text).replace("&nbsp;", " ").replace("&", "").strip()


class Checker:
    """Measures every visible text of one top-level window."""

    def __init__(self, top: QWidget, label: str) -> None:
        self.shot = Shot(top)
        self.top = top
        self.label = label
        self.findings: list[Finding] = []
        self.measured = 0

    def _drawn(self, widget: QWidget, point: QPoint) -> bool:
        """Whether `widget` is what is drawn at `point` (top-level coordinates), not a
        sibling laid over it."""
        hit = self.top.childAt(point)
        if hit is None:
            return widget is self.top
        return hit is widget or widget.isAncestorOf(hit)

    def _uncovered(self, widget: QWidget, rect: QRect) -> QRect:
        """The tallest band of `rect` (top-level coordinates) that nothing covers."""
        best, start, last = QRect(), None, 0
        for y in [*range(rect.top(), rect.bottom(), 3), rect.bottom(), rect.bottom() + 1]:
            drawn = y <= rect.bottom() and all(
                self._drawn(widget, QPoint(x, y))
                for x in (rect.left(), rect.center().x(), rect.right())
            )
            if drawn:
                start = y if start is None else start
                last = y
            elif start is not None:
                band = QRect(rect.left(), start, rect.width(), last - start + 1)
                best = band if band.height() > best.height() else best
                start = None
        return best

    def check(self, widget: QWidget, rect: QRect, text: str) -> None:
        """`rect` in `widget`'s coordinates; clipped to what of it is visible."""
        text = _plain(text)
        if not text:
            return
        rect = rect.intersected(widget.visibleRegion().boundingRect())
        if rect.isEmpty():
            return
        whole = QRect(widget.mapTo(self.top, rect.topLeft()), rect.size())
        top_rect = self._uncovered(widget, whole)
        if top_rect.height() < widget.fontMetrics().height() // 2:
            return  # covered (a banner or a prompt laid over it)
        measured = self.shot.measure(top_rect)
        if measured is None or (measured[2] == 1.0 and top_rect != whole):
            return  # the uncovered part holds no text
        self.measured += 1
        background, ink, contrast = measured
        if contrast < AA:
            where = f"{self.label}: {describe(widget)}"
            self.findings.append(
                Finding(where, widget.objectName(), text, background, ink, contrast)
            )

    def run(self) -> list[Finding]:
        for widget in [self.top, *self.top.findChildren(QWidget)]:
            if widget.isVisible() and widget.isEnabled() and widget.window() is self.top:
                self._widget(widget)
        return self.findings

    def _widget(self, widget: QWidget) -> None:
        inner = widget.rect().adjusted(3, 3, -3, -3)
        if isinstance(widget, QLabel):
            self.check(widget, widget.contentsRect(), widget.text())
        elif isinstance(widget, (QCheckBox, QRadioButton)):
            self.check(widget, inner.adjusted(18, 0, 0, 0), widget.text())
        elif isinstance(widget, QAbstractButton):
            self.check(widget, inner, widget.text())
        elif isinstance(widget, QLineEdit):
            self.check(widget, inner, widget.text() or widget.placeholderText())
        elif isinstance(widget, QComboBox) and not widget.isEditable():
            self.check(widget, inner.adjusted(0, 0, -18, 0), widget.currentText())
        elif isinstance(widget, (QTextEdit, QPlainTextEdit)):
            viewport = widget.viewport()
            self.check(viewport, viewport.rect(), widget.toPlainText())
        elif isinstance(widget, QTabBar):
            for tab in range(widget.count()):
                self.check(widget, widget.tabRect(tab).adjusted(4, 3, -4, -3), widget.tabText(tab))
        elif isinstance(widget, QMenuBar):
            for action in widget.actions():
                self.check(widget, widget.actionGeometry(action), action.text())
        elif isinstance(widget, QHeaderView):
            self._header(widget)
        elif isinstance(widget, QAbstractItemView):
            self._cells(widget)

    def _header(self, header: QHeaderView) -> None:
        model = header.model()
        if model is None:
            return
        horizontal = header.orientation() == Qt.Orientation.Horizontal
        count = model.columnCount() if horizontal else model.rowCount()
        viewport = header.viewport()
        for section in range(count):
            if header.isSectionHidden(section):
                continue
            start, size = header.sectionViewportPosition(section), header.sectionSize(section)
            if horizontal:
                rect = QRect(start, 0, size, viewport.height())
            else:
                rect = QRect(0, start, viewport.width(), size)
            text = model.headerData(section, header.orientation())
            self.check(viewport, rect.adjusted(3, 2, -3, -2), str(text or ""))

    def _cells(self, view: QAbstractItemView) -> None:
        model = view.model()
        if model is None:
            return
        viewport = view.viewport()
        shown = viewport.rect()
        for row in range(model.rowCount()):
            for column in range(model.columnCount()):
                index = model.index(row, column, QModelIndex())
                rect = view.visualRect(index)
                if rect.top() < shown.top() or rect.bottom() > shown.bottom():
                    continue  # a row cut at the edge: measured when scrolled to
                if not rect.intersects(shown):
                    continue
                if not index.flags() & Qt.ItemFlag.ItemIsEnabled:
                    continue
                text = index.data(Qt.ItemDataRole.DisplayRole)
                if text is None or isinstance(text, bool):
                    continue
                if index.data(Qt.ItemDataRole.DecorationRole) is not None:
                    rect = rect.adjusted(max(view.iconSize().width(), 16) + 4, 0, 0, 0)
                self.check(viewport, rect.adjusted(2, 1, -2, -1), str(text))


def findings(top: QWidget, label: str) -> tuple[list[Finding], int]:
    """Every text of `top` below 4.5:1, and how many texts were measured."""
    checker = Checker(top, label)
    found = checker.run()
    return found, checker.measured
