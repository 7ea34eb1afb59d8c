"""Check boxes and radio buttons whose edge shows in the dark scheme.

Fusion draws the edge of a check box or a radio button in the window's colour darkened
(its "outline"): on the dark scheme's window that is darker still, and the edge vanished
(1.2:1 against the window); only the box's fill, a shade darker than the window, told
that there was a box at all (1.3:1), in the inspector, the dialogs and the View menu's
panes alike. Here the edge is drawn again over Fusion's, in the text's colour mixed
half-way into the window's: 4:1 on the dark window (WCAG asks 3:1 of a control's
edge), dimmer when disabled, as the text is. The light scheme keeps Fusion's own.

This style is given to check boxes, radio buttons and menus only (`outlined`): the
application's style asked from Python for every element of every widget would add to
each paint of the window (some forty elements when a combatant is added)."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QProxyStyle, QStyle, QStyleOption, QWidget

from tracker.qt.appearance import is_dark
from tracker.qt.widget_style import shared_style

W = TypeVar("W", bound=QWidget)
CHECK = QStyle.PrimitiveElement.PE_IndicatorCheckBox
RADIO = QStyle.PrimitiveElement.PE_IndicatorRadioButton


def edge_color(palette: QPalette) -> QColor:
    """The text's colour mixed half-way into the window's, in the palette's current
    group (a disabled control's option carries the disabled one)."""
    text = palette.color(QPalette.ColorRole.WindowText)
    window = palette.color(QPalette.ColorRole.Window)
    return QColor(
        (text.red() + window.red()) // 2,
        (text.green() + window.green()) // 2,
        (text.blue() + window.blue()) // 2,
    )


class OutlinedIndicators(QProxyStyle):
    """Fusion, a check box's and a radio button's edge drawn again in the dark scheme."""

    def __init__(self) -> None:
        super().__init__("Fusion")

    def drawPrimitive(  # noqa: N802 (Qt)
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element not in (CHECK, RADIO) or not is_dark(option.palette):
            return
        painter.save()
        painter.setPen(QPen(edge_color(option.palette), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if element == CHECK:
            painter.drawRect(option.rect.adjusted(0, 0, -1, -1))
        else:  # over Fusion's own circle: its centre and radius, as Fusion works them out
            rect = option.rect
            centre = QPointF(rect.center() + QPoint(1, 1))
            radius = (rect.width() + (rect.width() + 1) % 2) / 2.0 - 1
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.drawEllipse(centre, radius, radius)
        painter.restore()


def outlined(widget: W) -> W:
    """`widget` (a check box, a radio button, a menu) drawn with the application's one
    `OutlinedIndicators`."""
    widget.setStyle(shared_style(OutlinedIndicators))
    return widget
