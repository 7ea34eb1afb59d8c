"""Turning a widget's updates off and on again without the whole repaint Qt asks for.

`QWidget.setUpdatesEnabled(True)` repaints the widget whole (and each child turned off
with it). Where the updates were held back only while something that changes nothing
on screen ran (a measure, a layout), `updates_on_quietly` turns them on again as they
were; what did change is the caller's to repaint.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

_DISABLED = Qt.WidgetAttribute.WA_UpdatesDisabled
_FORCED = Qt.WidgetAttribute.WA_ForceUpdatesDisabled
_DIRECT = Qt.FindChildOption.FindDirectChildrenOnly


def updates_on_quietly(widget: QWidget) -> None:
    """Updates on again for `widget` and the children Qt turned off with it (not those
    turned off on their own)."""
    widget.setAttribute(_FORCED, False)
    widget.setAttribute(_DISABLED, False)
    _children_on(widget)


def _children_on(widget: QWidget) -> None:
    """Widget by widget, down from `widget`'s children: a recursive `findChildren`
    would hand Python every object below it, a label's text document and its parts
    included (PySide loads their classes and makes their enums to do it)."""
    for each in widget.findChildren(QWidget, options=_DIRECT):
        if each.testAttribute(_DISABLED) and not each.testAttribute(_FORCED):
            each.setAttribute(_DISABLED, False)
        _children_on(each)


@contextmanager
def no_repaint(widget: QWidget) -> Iterator[None]:
    """The updates `widget` asks for meanwhile are dropped (it was on: else as it is)."""
    if not widget.updatesEnabled():
        yield
        return
    widget.setUpdatesEnabled(False)
    try:
        yield
    finally:
        updates_on_quietly(widget)
