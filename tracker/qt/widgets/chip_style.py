"""The action chips' look, without a style sheet.

A style sheet on the palette once gave the chips their frame, their buttons' padding and
the captions' weight. A sheet hands every widget under it to Qt's style-sheet style,
which works out each size and each paint from the sheet's rules: the chips' buttons,
boxes and Roll buttons all cost more at every repaint (adding a combatant repaints most
of the chips: 0.16-0.25 ms of it in Classic d20, measured with and without the sheet
in one process, 2-3 % of it). Here a chip's frame is a plain box in the palette's Mid
colour (its corners square), the captions are bold by their font and the buttons are
as compact as the sheet made them, by a style of their own that only answers their
size (`CompactButtons`): drawn by Fusion, as every other button."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QProxyStyle,
    QPushButton,
    QStyle,
    QStyleOption,
    QWidget,
)

from tracker.qt.widget_style import shared_style

# Around a chip button's text: 8 pixels each side and 2 above and below, and its frame
# (the sheet's `padding: 2px 8px`): no least width of 80 pixels as Fusion gives a button.
BUTTON_ROOM = QSize(18, 6)


class CompactButtons(QProxyStyle):
    """Fusion, a push button as small as its text and `BUTTON_ROOM`."""

    def __init__(self) -> None:
        super().__init__("Fusion")

    def sizeFromContents(  # noqa: N802 (Qt)
        self,
        kind: QStyle.ContentsType,
        option: QStyleOption,
        size: QSize,
        widget: QWidget | None = None,
    ) -> QSize:
        if kind == QStyle.ContentsType.CT_PushButton:
            return size + BUTTON_ROOM
        # Qt asks without a widget at times, which PySide's stub does not allow for.
        return super().sizeFromContents(kind, option, size, widget)  # type: ignore[arg-type]


def compact(button: QPushButton) -> None:
    """Give the chip's button the compact size (its look stays Fusion's)."""
    button.setStyle(shared_style(CompactButtons))


def bold(widget: QWidget) -> None:
    """The widget's text bold; its family and size still follow the application's."""
    font = QFont()
    font.setBold(True)
    widget.setFont(font)
