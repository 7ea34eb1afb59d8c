"""A widget's style as Python asks for it, never another object's wrapper.

A widget under a style sheet has a style of its own (Qt's style-sheet style), made and
deleted with the sheet, so its address is often one freed a moment before. A wrapper
PySide kept for an object Qt has since deleted there (a layout item's: see
`layout_items`, which lets go of ours) would be handed back for the style instead
(`AttributeError: 'QWidgetItem' object has no attribute ...`, seen in CI).

Also the styles given to some widgets only (`shared_style`), one of each kind per
application."""

from __future__ import annotations

from typing import TypeVar, cast

import shiboken6
from PySide6.QtWidgets import QApplication, QStyle, QWidget

S = TypeVar("S", bound=QStyle)
_SHARED: dict[type[QStyle], QStyle] = {}  # by kind: made once, kept by the application


def style_of(widget: QWidget) -> QStyle:
    """`widget.style()`; a stale wrapper handed back instead is let go of (the object
    it stood for is gone) and the style asked for again."""
    style = widget.style()
    if not isinstance(style, QStyle):  # (typed QStyle: PySide's wrapper says otherwise)
        shiboken6.invalidate(style)  # forgotten: its address now maps to nothing
        style = widget.style()
    return style


def shared_style(kind: type[S]) -> S:
    """The application's one style of `kind`, made when first asked for (again for an
    application made anew). The application keeps it, and outlives the widgets it is
    given to: a widget does not own the style it is given."""
    style = _SHARED.get(kind)
    if style is None or not shiboken6.isValid(style):
        style = kind()
        style.setParent(QApplication.instance())
        _SHARED[kind] = style
    return cast(S, style)
