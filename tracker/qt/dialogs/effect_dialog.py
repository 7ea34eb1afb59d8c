"""Put an effect on a combatant: name, carrier, creator and the ruleset's duration."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from tracker.engine import AddEffect
from tracker.engine.commands import clean_name
from tracker.engine.errors import CommandError
from tracker.qt.document import EncounterDocument
from tracker.qt.widgets.field_editors import ERROR_STYLE, FieldForm


class EffectDialog(QDialog):
    def __init__(
        self,
        document: EncounterDocument,
        carrier_id: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add effect")
        self._document = document
        layout = QVBoxLayout(self)
        top = QFormLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("e.g. Blessed, Weakened, Song of Valour")
        self.carrier_combo = QComboBox()
        self.creator_combo = QComboBox()
        self.creator_combo.addItem("—", None)
        for combatant in document.encounter.combatants:
            self.carrier_combo.addItem(combatant.name, combatant.id)
            self.creator_combo.addItem(combatant.name, combatant.id)
        if carrier_id is not None:
            self.carrier_combo.setCurrentIndex(max(0, self.carrier_combo.findData(carrier_id)))
        current = document.session.current_turn()
        if current is not None:
            self.creator_combo.setCurrentIndex(
                max(0, self.creator_combo.findData(current.combatant_id))
            )
        top.addRow("Effect:", self.name_edit)
        top.addRow("On:", self.carrier_combo)
        top.addRow("Created by:", self.creator_combo)
        self.duration_form = FieldForm(document.ruleset.duration_fields, self, layout=top)
        self.duration_form.set_values({})
        layout.addLayout(top)
        self.error = QLabel()
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setWordWrap(True)
        self.error.hide()
        layout.addWidget(self.error)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.setMinimumWidth(440)

    def _show(self, message: str) -> None:
        self.error.setText(message)
        self.error.setVisible(bool(message))

    def accept(self) -> None:
        try:
            name = clean_name(self.name_edit.text(), "Effect name")
        except CommandError as error:
            self._show(error.message)
            return
        duration = self.duration_form.values()
        if duration is None:
            return
        if self.carrier_combo.currentData() is None:
            self._show("There is nobody to carry the effect: add a combatant first.")
            return
        refusals: list[str] = []

        def note(message: str, _field: str) -> None:
            refusals.append(message)

        self._document.refused.connect(note)
        try:
            applied = self._document.apply(
                AddEffect(
                    name,
                    self.carrier_combo.currentData(),
                    self.creator_combo.currentData(),
                    duration,
                )
            )
        finally:
            self._document.refused.disconnect(note)
        if not applied:
            self._show(" ".join(refusals))
            return
        super().accept()
