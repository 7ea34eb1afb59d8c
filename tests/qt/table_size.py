"""The main window at the table's size (30 combatants, 10 effects, 1,366 × 768), as the
tests that count what a step paints open it, and pixel comparisons for views that keep
their drawing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

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
