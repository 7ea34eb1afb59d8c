"""A widget's style as Python asks for it, never another object's wrapper.

A widget under a style sheet has a style of its own (Qt's style-sheet style), made and
deleted with the sheet, so its address is often one freed a moment before. A wrapper
PySide kept for an object Qt has since deleted there (a layout item's: see
`layout_items`, which lets go of ours) would be handed back for the style instead
(`AttributeError: 'QWidgetItem' object has no attribute ...`, seen in CI)."""

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
