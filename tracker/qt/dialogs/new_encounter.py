"""Create an encounter: its name and its ruleset, chosen from the installed ones."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLineEdit,
    QWidget,
)

from tracker.engine import Session
from tracker.engine.errors import TrackerError
from tracker.engine.registry import available_rulesets
from tracker.qt.dialogs.parts import error_label, ok_cancel


class NewEncounterDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New encounter")
        self.session: Session | None = None
        layout = QFormLayout(self)
        self.name_edit = QLineEdit("New encounter")
        self.ruleset_combo = QComboBox()
        for ruleset_id, ruleset in available_rulesets().items():
            self.ruleset_combo.addItem(ruleset.name, ruleset_id)
        self.error = error_label()
        layout.addRow("Name:", self.name_edit)
        layout.addRow("Ruleset:", self.ruleset_combo)
        layout.addRow(self.error)
        buttons = ok_cancel(self)
        layout.addRow(buttons)
        self.setMinimumWidth(420)

    def accept(self) -> None:
        try:
            self.session = Session.new(self.name_edit.text(), self.ruleset_combo.currentData())
        except TrackerError as error:
            self.error.setText(str(error))
            self.error.show()
            return
        super().accept()
