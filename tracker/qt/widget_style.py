"""A widget's style as Python asks for it, never another object's wrapper.

A widget under a style sheet has a style of its own (Qt's style-sheet style), made and
deleted with the sheet, so its address is often one freed a moment before. PySide
keeps a wrapper for every layout item Python has seen, on its layout, until the layout
goes: an item Qt deleted meanwhile leaves its wrapper behind at its address, and
PySide hands that wrapper back for the next object Qt makes there (a QWidgetItem where
a style was asked for: `AttributeError: 'QWidgetItem' object has no attribute ...`,
seen in CI)."""

from __future__ import annotations

import shiboken6
from PySide6.QtWidgets import QStyle, QWidget


def style_of(widget: QWidget) -> QStyle:
    """`widget.style()`; a stale wrapper handed back instead is let go of (the object
    it stood for is gone) and the style asked for again."""
    style = widget.style()
    if not isinstance(style, QStyle):  # (typed QStyle: PySide's wrapper says otherwise)
        shiboken6.invalidate(style)  # forgotten: its address now maps to nothing
        style = widget.style()
    return style
