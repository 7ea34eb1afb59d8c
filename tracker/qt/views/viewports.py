"""A scroll area's viewport, handed to Python without PySide's type look-up.

The first time PySide6 hands Python a widget it made no wrapper for and whose class is
plain `QWidget` (a view's viewport: `view.viewport()`), it looks for the most derived
class it knows, loading every lazily-loaded widget class of QtWidgets and creating
their enums: about 40 ms, once per process. `findChild(QWidget, name)` wraps the same
widget as the class it is asked for, at once; `viewport()` then returns that wrapper.
The views of the first frame ask for their viewports through `viewport_of`, so the
look-up is not paid before the window is on screen (see benchmarks/startup.py)."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractScrollArea, QWidget

# The object name Qt gives the viewport a scroll area makes itself.
VIEWPORT_NAME = "qt_scrollarea_viewport"


def viewport_of(area: QAbstractScrollArea) -> QWidget:
    """`area.viewport()`, wrapped without the look-up when it is still Qt's own."""
    area.findChild(QWidget, VIEWPORT_NAME)  # Qt looks at the direct children first
    return area.viewport()
