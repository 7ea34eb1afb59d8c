"""Edit the selected combatant: name, side, hidden, notes and the ruleset's stat fields.

The form comes from the declared fields; a bad value shows its message next to the
field and nothing is sent to the engine."""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from tracker.engine import EditCombatant
from tracker.engine.commands import BASE_FIELDS, clean_name
from tracker.engine.errors import CommandError
from tracker.engine.health import defeated_word, health_of, is_defeated
from tracker.engine.session import SessionEvent
from tracker.engine.state import Combatant
from tracker.qt.document import EncounterDocument
from tracker.qt.widgets.field_editors import FieldForm


class CombatantEditor(QWidget):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._combatant_id: str | None = None
        layout = QVBoxLayout(self)
        self.title = QLabel("Select a combatant to edit.")
        self.title.setStyleSheet("font-weight: bold;")
        self.title.setWordWrap(True)  # "Editing Goblin 1 — Hits 5/12, bloodied"
        layout.addWidget(self.title)
        self._form_holder = QVBoxLayout()
        layout.addLayout(self._form_holder)
        self.form = self._build_form()
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.revert_button = QPushButton("Revert")
        self.apply_button = QPushButton("Apply")
        self.apply_button.setDefault(True)
        buttons.addWidget(self.revert_button)
        buttons.addWidget(self.apply_button)
        layout.addLayout(buttons)
        layout.addStretch(1)
        self.apply_button.clicked.connect(self.apply)
        self.revert_button.clicked.connect(lambda: self._reload())
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._rebuild)
        self.set_combatant(None)

    def _build_form(self) -> FieldForm:
        form = FieldForm(
            (*BASE_FIELDS, *self._document.ruleset.stat_fields),
            self,
            multiline=frozenset({"notes"}),
        )
        self._form_holder.addWidget(form)
        for editor in form.editors.values():
            line_edit = editor.input
            if hasattr(line_edit, "returnPressed"):
                line_edit.returnPressed.connect(self.apply)
        return form

    def _rebuild(self) -> None:
        self.form.setParent(None)
        self.form.deleteLater()
        self.form = self._build_form()
        self.set_combatant(None)

    @property
    def combatant(self) -> Combatant | None:
        if self._combatant_id is None:
            return None
        for combatant in self._document.encounter.combatants:
            if combatant.id == self._combatant_id:
                return combatant
        return None

    def set_combatant(self, combatant_id: str | None) -> None:
        self._combatant_id = combatant_id
        self._reload()

    @property
    def combatant_id(self) -> str | None:
        return self._combatant_id

    def unapplied(self) -> list[str]:
        """The labels of the fields the GM changed and has not applied yet."""
        if self.combatant is None:
            return []
        return [self.form.editors[name].field.label for name in self.form.edited()]

    def _refresh(self) -> None:
        """The combatant changed in the engine: show it, keeping what the GM is typing."""
        self._reload(keep_edited=True)

    def _reload(self, keep_edited: bool = False) -> None:
        combatant = self.combatant
        enabled = combatant is not None
        for widget in (self.form, self.apply_button, self.revert_button):
            widget.setEnabled(enabled)
        if combatant is None:
            self._combatant_id = None
            self.title.setText("Select a combatant to edit.")
            return
        health = health_of(self._document.ruleset, combatant)
        state = ""
        if is_defeated(self._document.ruleset, combatant):
            state = defeated_word(self._document.ruleset)
        elif health is not None and health.text():
            state = health.band
        shown = ", ".join(filter(None, (health.text() if health else "", state)))
        self.title.setText(f"Editing {combatant.name}" + (f" — {shown}" if shown else ""))
        self.form.set_values(
            {
                "name": combatant.name,
                "side": combatant.side,
                "hidden": combatant.hidden,
                "notes": combatant.notes,
                **combatant.stats,
            },
            keep_edited=keep_edited,
        )

    def apply(self) -> bool:
        """Send the changed fields to the engine. False if a field is wrong or refused."""
        combatant = self.combatant
        if combatant is None:
            return False
        values = self.form.values()  # shows every field's problem at once
        name_editor = self.form.editors["name"]
        try:
            name = clean_name(name_editor.raw_value())
        except CommandError as error:
            name_editor.show_error(error.message)
            return False
        if values is None:
            return False
        values["name"] = name
        current = {
            "name": combatant.name,
            "side": combatant.side,
            "hidden": combatant.hidden,
            "notes": combatant.notes,
            **combatant.stats,
        }
        changes = {k: v for k, v in values.items() if current.get(k) != v}
        if changes:
            refusal = self._document.try_apply(EditCombatant(combatant.id, changes))
            if refusal is not None:
                if not self.form.show_error(refusal.field or "", refusal.message):
                    self.form.show_error("name", refusal.message)
                return False
        self._reload()  # the form now shows the combatant as it is, nothing unapplied
        return True

    def _on_changed(self, event: SessionEvent) -> None:
        if self._combatant_id is None:
            return
        if self.combatant is None:
            self.set_combatant(None)
        elif self._combatant_id in event.changes.combatants:
            self._refresh()
