"""Put an effect on a combatant, or edit one: name, carrier, creator, notes and the
ruleset's duration.

Editing applies one `EditEffect` with only the values the GM changed (none: the dialog
just closes). A changed duration counts from now, as if the effect were added now."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from tracker.engine import AddEffect, Command, EditEffect
from tracker.engine.commands import clean_name
from tracker.engine.errors import CommandError
from tracker.engine.state import Effect
from tracker.qt.dialogs.parts import error_label, ok_cancel
from tracker.qt.document import EncounterDocument
from tracker.qt.widgets.field_editors import FieldForm


class EffectDialog(QDialog):
    """Without `effect_id`: "Add effect" (on `carrier_id` if given). With it: "Edit
    effect", filled in from that effect (which must exist: CommandError otherwise)."""

    def __init__(
        self,
        document: EncounterDocument,
        carrier_id: str | None = None,
        parent: QWidget | None = None,
        effect_id: str | None = None,
    ) -> None:
        super().__init__(parent)
        self._document = document
        self.effect: Effect | None = (
            document.encounter.effect(effect_id) if effect_id is not None else None
        )
        self.setWindowTitle("Edit effect" if self.effect is not None else "Add effect")
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
        self.notes_edit = QLineEdit()
        self.notes_edit.setPlaceholderText("For the GM: what it does, its source, …")
        top.addRow("Effect:", self.name_edit)
        top.addRow("On:", self.carrier_combo)
        top.addRow("Created by:", self.creator_combo)
        self.duration_form = FieldForm(document.ruleset.duration_fields, self, layout=top)
        top.addRow("Notes:", self.notes_edit)
        if self.effect is not None:
            self._fill(self.effect)
        else:
            # On the selected combatant (else the one whose turn it is), made by the one
            # whose turn it is.
            current = document.session.current_turn()
            acting = current.combatant_id if current is not None else None
            carrier = carrier_id if carrier_id is not None else acting
            if carrier is not None:
                self.carrier_combo.setCurrentIndex(max(0, self.carrier_combo.findData(carrier)))
            if acting is not None:
                self.creator_combo.setCurrentIndex(max(0, self.creator_combo.findData(acting)))
            self.duration_form.set_values({})
        layout.addLayout(top)
        self.error = error_label()
        layout.addWidget(self.error)
        self.name_edit.textEdited.connect(lambda _text: self._show(""))  # no stale message
        buttons = ok_cancel(self)
        layout.addWidget(buttons)
        self.setMinimumWidth(440)

    def _fill(self, effect: Effect) -> None:
        self.name_edit.setText(effect.name)
        self.carrier_combo.setCurrentIndex(max(0, self.carrier_combo.findData(effect.carrier_id)))
        if effect.creator_id is not None and self.creator_combo.findData(effect.creator_id) < 0:
            # The creator left the encounter: keep it (unchanged) unless the GM picks another.
            self.creator_combo.addItem("(left the encounter)", effect.creator_id)
        self.creator_combo.setCurrentIndex(max(0, self.creator_combo.findData(effect.creator_id)))
        self.duration_form.set_values(effect.duration)
        self.notes_edit.setText(effect.notes)

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
        values = {
            "name": name,
            "carrier_id": self.carrier_combo.currentData(),
            "creator_id": self.creator_combo.currentData(),
            "notes": self.notes_edit.text(),
        }
        if self.effect is None:
            command: Command = AddEffect(duration=duration, **values)
        else:
            changes = self._changes(self.effect, values, duration)
            if not changes:
                super().accept()  # nothing changed: nothing to apply
                return
            command = EditEffect(self.effect.id, changes)
        if self._apply(command):
            super().accept()

    def _changes(
        self, effect: Effect, values: dict[str, Any], duration: dict[str, Any]
    ) -> dict[str, Any]:
        """Only what differs from the effect as it is."""
        changes = {key: value for key, value in values.items() if getattr(effect, key) != value}
        defaults = {f.name: f.default for f in self._document.ruleset.duration_fields}
        changed = {
            key: value
            for key, value in duration.items()
            if effect.duration.get(key, defaults.get(key)) != value
        }
        if changed:
            changes["duration"] = changed
        return changes

    def _apply(self, command: Command) -> bool:
        """Apply the command; show a refusal next to its field, or below the form."""
        refusal = self._document.try_apply(command)
        if refusal is None:
            return True
        if not self.duration_form.show_error(refusal.field or "", refusal.message):
            self._show(refusal.message)
        return False
