"""Showing a dialog modally without keeping it: a dialog made with the window as its
parent lives as long as the window unless it is deleted, so one opened each time the GM
asks (Ctrl+E at every turn) would pile up for the whole evening."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the dialog's class is loaded with the first dialog, not at start-up
    from PySide6.QtWidgets import QDialog


def run_modal(dialog: QDialog) -> int:
    """`dialog.exec()`, then the dialog is deleted once control is back in the event
    loop (its answers can still be read until then)."""
    result = dialog.exec()
    dialog.deleteLater()
    return result
