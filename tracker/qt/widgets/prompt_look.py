"""The prompt panel's look: it must stand out from the rest of the window.

Drawn without a style sheet: a sheet on the panel handed every widget in it (answer
buttons, boxes, Roll buttons) to Qt's style-sheet style, slower at each size and paint
(a question shown as a combatant is added: about 0.3 ms of the add in Classic d20 and
AP countdown, measured with and without the sheet in one process). The panel paints its
background and border itself (`PromptPanel.paintEvent`); its texts are given their
fonts and colours; its answers keep the application's palette, as they did under the
sheet (a palette of the panel's own would have tinted Fusion's outlines of its
buttons)."""

from __future__ import annotations

from typing import NamedTuple

from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QLabel

from tracker.qt.palette import MESSAGE_COLORS

BORDER = 2  # pixels of the panel's border


class PromptColours(NamedTuple):
    background: QColor
    border: QColor
    ink: QColor  # the title's
    body: QColor  # the question's, the context's and the keys' line


def prompt_colours(dark: bool) -> PromptColours:
    background, ink, border = MESSAGE_COLORS[dark]["info"]
    body = "#f0f0f0" if dark else "#111111"
    return PromptColours(QColor(background), QColor(border), QColor(ink), QColor(body))


def text_font(points: int, *, bold: bool = False, monospace: bool = False) -> QFont:
    """A font of this size (bold, or of fixed width); what it does not say (the family
    of a proportional one) follows the application's font."""
    font = QFont()
    if monospace:
        font.setFamily("monospace")
        font.setStyleHint(QFont.StyleHint.Monospace)
    font.setPointSize(points)
    if bold:
        font.setBold(True)
    return font


def ink(label: QLabel, colour: QColor) -> None:
    """The label's text in `colour`; every other colour still the application's."""
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.WindowText, colour)
    label.setPalette(palette)
