"""Layouts filled without leaving PySide wrappers of their items behind.

PySide keeps a wrapper of every layout item Python has seen on its layout, for as long
as the layout lives: one asked for (`itemAt`), and every item of a layout added to
another that already has its widget, or handed over by `itemAt` (PySide walks it,
nested layouts too). When Qt deletes such an item (its widget deleted, a widget
inserted again elsewhere), the wrapper stays, still mapped to the item's address, and
PySide hands it back for the next object Qt makes there: CI once got a QWidgetItem
where a label's style was asked for. Here the wrappers are let go of as soon as they
are made (`shiboken6.invalidate`: the wrapper forgets its item; the item is the
layout's, as it was)."""

from __future__ import annotations

import shiboken6
from PySide6.QtWidgets import QBoxLayout, QLayout, QWidget


def add_layout(parent: QBoxLayout, child: QLayout, stretch: int = 0) -> None:
    """`parent.addLayout(child, stretch)`, no wrapper of `child`'s items left behind."""
    parent.addLayout(child, stretch)
    release_items(child)


def release_items(layout: QLayout) -> None:
    """Let go of the wrappers of `layout`'s items, and of its nested layouts' items (a
    nested layout is an object Python may hold: kept). A layout of Python's own (a flow
    layout) keeps its items' wrappers in a list and hands them to Qt: left as it is."""
    if not _qt_made(layout):
        return
    for index in range(layout.count()):
        item = layout.itemAt(index)
        if item is None:
            continue
        nested = item.layout()
        if nested is not None:
            release_items(nested)
        else:
            shiboken6.invalidate(item)


def layout_widgets(layout: QLayout) -> list[QWidget | None]:
    """The widget of each of `layout`'s items, in order (None for a spacer or a nested
    layout), no wrapper of an item left behind."""
    widgets: list[QWidget | None] = []
    qt_made = _qt_made(layout)
    for index in range(layout.count()):
        item = layout.itemAt(index)
        if item is None:
            widgets.append(None)
            continue
        widgets.append(item.widget())
        nested = item.layout()
        if nested is not None:  # (PySide walked it as it handed it over)
            release_items(nested)
        elif qt_made:
            shiboken6.invalidate(item)
    return widgets


def _qt_made(layout: QLayout) -> bool:
    """Qt's own layout class, not one whose items Python keeps."""
    return type(layout).__module__.startswith("PySide6.")
