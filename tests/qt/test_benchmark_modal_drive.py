"""The benchmarks' `ModalDrive` (it answers a modal dialog from inside its loop) leaves
the application as soon as it has found the dialog: a filter on the application is a
call into Python for every event, and a dialog closing sends one to every widget of
every window it blocked, which the benchmark counted as the app's time."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout, QWidget

from benchmarks.gm_ops import ModalDrive


class Counted(ModalDrive):
    def __init__(self, inside) -> None:
        super().__init__(inside)
        self.after = 0  # events seen once the dialog was found

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if self.dialog is not None:
            self.after += 1
        return super().eventFilter(watched, event)


def test_the_drive_answers_the_dialog_and_then_sees_no_event(qtbot):
    window = QWidget()
    layout = QVBoxLayout(window)
    for number in range(20):
        layout.addWidget(QLabel(f"Line {number}"))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    dialog = QDialog(window)
    answered: list[QDialog] = []

    def inside(shown: QDialog) -> None:
        answered.append(shown)
        shown.accept()  # unblocks the window: an event to each of its widgets

    with Counted(inside) as drive:
        result = dialog.exec()
    assert answered == [dialog]
    assert result == QDialog.DialogCode.Accepted
    assert drive.after == 0
