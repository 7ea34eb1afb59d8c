"""Pieces every dialog uses: the line that explains a refusal, and OK / Cancel."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel

from tracker.qt.widgets.field_editors import error_style


def error_label() -> QLabel:
    """A hidden, wrapping, red line for the dialog's own error messages."""
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)  # a refusal may quote a name
    label.setStyleSheet(error_style())
    label.setWordWrap(True)
    label.hide()
    return label


def ok_cancel(dialog: QDialog) -> QDialogButtonBox:
    """OK and Cancel, wired to the dialog's accept and reject."""
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons
