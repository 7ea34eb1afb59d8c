"""Message boxes that show their text as plain text.

QMessageBox's static functions guess the format of their text (Qt::mightBeRichText):
a message quoting a name like "<img src=…>" would be taken for rich text, and Qt would
read that file. Every message box of Roundkeeper goes through these functions instead,
with the same arguments as QMessageBox's, and the text is always plain (a window
title is plain anyway)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

from PySide6.QtCore import Qt

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox, QWidget

    Button: TypeAlias = QMessageBox.StandardButton

# QMessageBox is imported when a box is shown: loading its class (and QDialog's), with
# their enums, is left out of the start-up (~1 ms before the first frame).


def plain_box(
    icon: QMessageBox.Icon,
    parent: QWidget | None,
    title: str,
    text: str,
    buttons: Button | None = None,
    default: Button | None = None,
) -> QMessageBox:
    """A message box whose `text` is shown as itself, not yet shown (`buttons`: Ok
    unless told; `default`: Qt's choice unless told)."""
    from PySide6.QtWidgets import QMessageBox

    if buttons is None:
        buttons = QMessageBox.StandardButton.Ok
    box = QMessageBox(icon, title, text, buttons, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    if default is not None and default != QMessageBox.StandardButton.NoButton:
        box.setDefaultButton(default)
    return box


def _answer(box: QMessageBox) -> Button:
    """Show `box` until the GM answers: the button clicked (or the one Escape stands
    for); NoButton if the box was closed without one."""
    from PySide6.QtWidgets import QMessageBox

    box.exec()
    clicked = box.clickedButton()
    box.deleteLater()
    return QMessageBox.StandardButton.NoButton if clicked is None else box.standardButton(clicked)


def question(
    parent: QWidget | None,
    title: str,
    text: str,
    buttons: Button | None = None,
    default: Button | None = None,
) -> Button:
    """Yes and No unless `buttons` says."""
    from PySide6.QtWidgets import QMessageBox

    if buttons is None:
        buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
    return _answer(plain_box(QMessageBox.Icon.Question, parent, title, text, buttons, default))


def information(parent: QWidget | None, title: str, text: str) -> Button:
    from PySide6.QtWidgets import QMessageBox

    return _answer(plain_box(QMessageBox.Icon.Information, parent, title, text))


def warning(parent: QWidget | None, title: str, text: str) -> Button:
    from PySide6.QtWidgets import QMessageBox

    return _answer(plain_box(QMessageBox.Icon.Warning, parent, title, text))


def critical(parent: QWidget | None, title: str, text: str) -> Button:
    from PySide6.QtWidgets import QMessageBox

    return _answer(plain_box(QMessageBox.Icon.Critical, parent, title, text))
