"""The encounter's options: every choice the ruleset offers where its rules are silent
or ambiguous, the first (default) listed first."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QWidget

from tracker.engine import SetOption
from tracker.qt.document import EncounterDocument


class OptionsDialog(QDialog):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Options — {document.encounter.name}")
        self._document = document
        layout = QFormLayout(self)
        self.combos: dict[str, QComboBox] = {}
        ruleset = document.ruleset
        for choice in ruleset.options:
            combo = QComboBox()
            combo.setObjectName(f"option_{choice.name}")
            for value, description in choice.values:
                combo.addItem(description, value)
            combo.setCurrentIndex(combo.findData(ruleset.option(document.encounter, choice.name)))
            self.combos[choice.name] = combo
            label = QLabel(f"{choice.label}:")
            label.setWordWrap(True)
            layout.addRow(label, combo)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addRow(buttons)
        self.setMinimumWidth(640)

    def accept(self) -> None:
        ruleset = self._document.ruleset
        for name, combo in self.combos.items():
            if combo.currentData() != ruleset.option(self._document.encounter, name):
                self._document.apply(SetOption(name, combo.currentData()))
        super().accept()
