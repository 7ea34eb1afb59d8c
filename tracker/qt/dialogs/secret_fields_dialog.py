"""Choose the stat fields the players never see (Players → Secret fields…)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialog, QLabel, QVBoxLayout, QWidget

from tracker.engine import SetSecretFields
from tracker.qt.dialogs.parts import ok_cancel
from tracker.qt.document import EncounterDocument
from tracker.qt.indicator_style import outlined
from tracker.qt.reading_order import ReadingOrder


class SecretFieldsDialog(QDialog):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Secret fields")
        self._document = document
        layout = QVBoxLayout(self)
        intro = QLabel(
            "Checked fields never appear on the players' screen or the players' printouts:"
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.boxes: dict[str, QCheckBox] = {}
        marked = set(document.encounter.secret_fields)
        for field in document.ruleset.stat_fields:
            box = outlined(QCheckBox(field.label))
            box.setObjectName(f"secret_{field.name}")
            if field.secret:  # the ruleset keeps it secret whatever the GM says
                box.setChecked(True)
                box.setEnabled(False)
                box.setToolTip("Always secret in this ruleset.")
            else:
                box.setChecked(field.name in marked)
            self.boxes[field.name] = box
            layout.addWidget(box)
        buttons = ok_cancel(self)
        layout.addWidget(buttons)
        self.setMinimumWidth(380)
        self._reading_order = ReadingOrder(self)

    def chosen(self) -> list[str]:
        return [name for name, box in self.boxes.items() if box.isChecked() and box.isEnabled()]

    def accept(self) -> None:
        if self.chosen() != self._document.encounter.secret_fields:
            self._document.apply(SetSecretFields(tuple(self.chosen())))
        super().accept()
