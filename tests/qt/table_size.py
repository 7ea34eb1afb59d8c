"""The main window at the table's size (30 combatants, 10 effects, 1,366 × 768), as the
tests that count what a step paints open it, and pixel comparisons for views that keep
their drawing."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, Qt
from PySide6.QtGui import QImage, QPaintEvent, QRegion
from PySide6.QtWidgets import QApplication, QTableView, QWidget

from benchmarks.fights import add_effects, build
from tracker.qt.main_window import MainWindow

SHADES = 8  # of 255: a colour this close is the same paint, smoothed otherwise


def table_window(
    qtbot, journal: Path, ruleset_id: str, *, selected: int | None = None
) -> Iterator[MainWindow]:
    """The window on a fight of 30 with 10 effects until the test ends; with
    `selected`, the window active, that combatant selected and the fight view focused."""
    session = build(ruleset_id, 30)
    add_effects(session, session.apply, 10, random.Random(5))
    window = MainWindow(session, None, journal)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    if selected is not None:
        window.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
        window.select_combatant(session.encounter.combatants[selected].id)
        window.central_view.setFocus(Qt.FocusReason.OtherFocusReason)
    settle(qtbot)
    yield window
    window.document.undo_stack.set_clean()
    window.close()
    window.deleteLater()
    qtbot.wait(1)


def settle(qtbot) -> None:
    for _ in range(3):
        qtbot.wait(1)


def far_apart(one: QImage, other: QImage) -> int:
    """How many pixels differ by more than `SHADES` in a channel."""
    assert one.size() == other.size()
    first = one.convertToFormat(QImage.Format.Format_RGB32)
    second = other.convertToFormat(QImage.Format.Format_RGB32)
    count = 0
    for y in range(first.height()):
        a, b = bytes(first.constScanLine(y)), bytes(second.constScanLine(y))
        if a != b:
            count += sum(1 for p, q in zip(a, b, strict=True) if abs(p - q) > SHADES)
    return count


def widget_as_painted(window: QWidget, widget: QWidget, what: str) -> None:
    """What the window shows of `widget` (its backing store) is what a fresh paint of it
    shows: a repaint held back left nothing stale or unpainted. (Up to the smoothing of
    an edge Qt scrolled rather than painted: a shade or two.)"""
    screen = widget.screen().grabWindow(window.winId()).toImage()
    form = QImage.Format.Format_RGB32
    shown = screen.copy(QRect(widget.mapTo(window, QPoint(0, 0)), widget.size()))
    fresh = widget.grab().toImage().convertToFormat(form)
    pixels = zip(shown.convertToFormat(form).constBits(), fresh.constBits(), strict=True)
    assert max((abs(a - b) for a, b in pixels), default=0) <= SHADES, f"{what} is stale"


def shown_as_painted(window: QWidget, view: QTableView) -> None:
    """The view's cells and names as the window shows them are a fresh paint's
    (`widget_as_painted`), and no part of the view was left with its updates off."""
    for part in (view.viewport(), view.verticalHeader().viewport()):
        if part.isVisible():
            widget_as_painted(window, part, type(part.parent()).__name__)
    for each in (view, *view.findChildren(QWidget)):
        assert each.updatesEnabled(), f"{each.objectName() or type(each).__name__} repaints"


class Painted(QObject):
    """The region each widget painted (united over its paint events), and how many
    paint events it had, by widget. Each widget painted is held, so that its key (its
    wrapper's `id`) is not reused: a dialog's part deleted after the operation left a
    key that a widget made later took, and was read as that widget's paint."""

    def __init__(self) -> None:
        super().__init__()
        self.regions: dict[int, QRegion] = {}
        self.events: dict[int, int] = {}
        self._held: list[QObject] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if event.type() == QEvent.Type.Paint and isinstance(event, QPaintEvent):
            key = id(watched)
            if key not in self.events:
                self._held.append(watched)
            self.regions[key] = self.regions.get(key, QRegion()).united(event.region())
            self.events[key] = self.events.get(key, 0) + 1
        return False

    def of(self, widget: QWidget) -> QRegion:
        return self.regions.get(id(widget), QRegion())


def painted_by(qtbot, operation: Callable[[], object]) -> Painted:
    """What every widget painted from `operation` until `settle`."""
    painted = Painted()
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(painted)
    try:
        operation()
        settle(qtbot)
    finally:
        app.removeEventFilter(painted)
    return painted
