"""Message boxes that show their text as plain text.

QMessageBox's static functions guess the format of their text (Qt::mightBeRichText):
a message quoting a name like "<img src=…>" would be taken for rich text, and Qt would
read that file. Every message box of Roundkeeper goes through these functions instead,
with the same arguments as QMessageBox's, and the text is always plain (a window
title is plain anyway)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

Button = QMessageBox.StandardButton


def plain_box(
    icon: QMessageBox.Icon,
    parent: QWidget | None,
    title: str,
    text: str,
    buttons: Button = Button.Ok,
    default: Button = Button.NoButton,
) -> QMessageBox:
    """A message box whose `text` is shown as itself, not yet shown."""
    box = QMessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    if default != Button.NoButton:
        box.setDefaultButton(default)
    return box


def _answer(box: QMessageBox) -> Button:
    """Show `box` until the GM answers: the button clicked (or the one Escape stands
    for); NoButton if the box was closed without one."""
    box.exec()
    clicked = box.clickedButton()
    box.deleteLater()
    return Button.NoButton if clicked is None else box.standardButton(clicked)


def question(
    parent: QWidget | None,
    title: str,
    text: str,
    buttons: Button = Button.Yes | Button.No,
    default: Button = Button.NoButton,
) -> Button:
    return _answer(plain_box(QMessageBox.Icon.Question, parent, title, text, buttons, default))


def information(parent: QWidget | None, title: str, text: str) -> Button:
    return _answer(plain_box(QMessageBox.Icon.Information, parent, title, text))


def warning(parent: QWidget | None, title: str, text: str) -> Button:
    return _answer(plain_box(QMessageBox.Icon.Warning, parent, title, text))


def critical(parent: QWidget | None, title: str, text: str) -> Button:
    return _answer(plain_box(QMessageBox.Icon.Critical, parent, title, text))
