"""Put an effect on a combatant, or edit one: name, carrier, creator, duration and note.

The name box offers the conditions of the encounter's system (and those the GM saved):
picking one fills the duration and the note with the rules' usual ones. A condition
that is a mechanic of the rules (a Guard, a Crash) is not an effect: the dialog then
asks that action's parameters and OK performs it on the combatant, so its rules apply.
"Save as custom condition" keeps the name, duration and note in the library for later
encounters of the same system.

Editing applies one `EditEffect` with only the values the GM changed (none: the dialog
just closes). A changed duration counts from now, as if the effect were added now."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tracker.engine import AddEffect, Command, EditEffect
from tracker.engine.commands import MAX_NOTE_LENGTH, clean_name, clean_note
from tracker.engine.conditions import condition_command
from tracker.engine.errors import CommandError, TrackerError
from tracker.engine.state import Effect
from tracker.library import Library, SavedCondition
from tracker.qt.dialogs.condition_picker import ConditionBox, Entry, catalogue
from tracker.qt.dialogs.parts import error_label, ok_cancel
from tracker.qt.document import EncounterDocument
from tracker.qt.layout_items import add_layout
from tracker.qt.reading_order import ReadingOrder
from tracker.qt.widgets.field_editors import FieldForm

LibraryGetter = Callable[[], Library | None]


class NoteEdit(QPlainTextEdit):
    """The note: three lines' room, wrapped; Enter is the dialog's (OK), not a new line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTabChangesFocus(True)
        lines = self.fontMetrics().lineSpacing() * 3
        self.setFixedHeight(lines + 2 * int(self.document().documentMargin()) + 4)

    def text(self) -> str:
        return self.toPlainText()

    def setText(self, text: str) -> None:
        self.setPlainText(text)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.ignore()  # to the dialog
            return
        super().keyPressEvent(event)

    def insertFromMimeData(self, source: QMimeData) -> None:
        """Pasted lines join into one."""
        self.insertPlainText(" ".join(source.text().split()))


class EffectDialog(QDialog):
    """Without `effect_id`: "Add effect" (on `carrier_id` if given). With it: "Edit
    effect", filled in from that effect (which must exist: CommandError otherwise).
    `library` gives the GM's library (None when it cannot be opened); without it there
    are no saved conditions."""

    def __init__(
        self,
        document: EncounterDocument,
        carrier_id: str | None = None,
        parent: QWidget | None = None,
        effect_id: str | None = None,
        library: LibraryGetter | None = None,
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._library = library
        self.effect: Effect | None = (
            document.encounter.effect(effect_id) if effect_id is not None else None
        )
        self.mechanic: Entry | None = None  # the rule picked, while its name stands
        self.setWindowTitle("Edit effect" if self.effect is not None else "Add effect")
        layout = QVBoxLayout(self)
        self.form = top = QFormLayout()
        self.name_box = ConditionBox()
        name_edit = self.name_box.lineEdit()
        assert name_edit is not None  # the box is editable
        self.name_edit = name_edit
        self.name_edit.setPlaceholderText("Type a name, or pick a condition")
        self.name_box.picked.connect(self.pick)
        self.rule_info = QLabel()
        self.rule_info.setObjectName("rule_info")
        self.rule_info.setTextFormat(Qt.TextFormat.PlainText)
        self.rule_info.setWordWrap(True)
        self.carrier_combo = QComboBox()
        self.creator_combo = QComboBox()
        self._listed: tuple[tuple[str, str], ...] | None = None  # (id, name) in the combos
        self._list_combatants()
        self.notes_edit = NoteEdit()
        self.notes_edit.setPlaceholderText(
            f"What it does, its source… (up to {MAX_NOTE_LENGTH} characters)"
        )
        self.notes_error = error_label()
        self.notes_box = notes = QWidget()
        notes_layout = QVBoxLayout(notes)
        notes_layout.setContentsMargins(0, 0, 0, 0)
        notes_layout.setSpacing(2)
        notes_layout.addWidget(self.notes_edit)
        notes_layout.addWidget(self.notes_error)
        top.addRow("Effect:", self.name_box)
        top.addRow("", self.rule_info)
        top.addRow("On:", self.carrier_combo)
        top.addRow("Created by:", self.creator_combo)
        self.duration_form = FieldForm(document.ruleset.duration_fields, self, layout=top)
        self.action_box = QWidget()
        self.action_layout = QFormLayout(self.action_box)
        self.action_layout.setContentsMargins(0, 0, 0, 0)
        self.action_form: FieldForm | None = None
        top.addRow(self.action_box)
        top.addRow("Note:", notes)
        add_layout(layout, top)
        self.error = error_label()
        layout.addWidget(self.error)
        self.saved_line = QLabel()
        self.saved_line.setObjectName("saved_line")
        self.saved_line.setTextFormat(Qt.TextFormat.PlainText)  # it quotes the effect's name
        self.saved_line.setWordWrap(True)
        self.saved_line.hide()
        layout.addWidget(self.saved_line)
        row = QHBoxLayout()
        self.save_button = QPushButton("Save as custom condition")
        self.save_button.setToolTip(
            "Keep this name, duration and note for later encounters of "
            f"{document.ruleset.name}: it is offered in the list."
        )
        self.save_button.clicked.connect(self.save_condition)
        self.save_button.setVisible(library is not None)
        row.addWidget(self.save_button)
        row.addStretch(1)
        self.buttons = ok_cancel(self)
        row.addWidget(self.buttons)
        add_layout(layout, row)
        self._offered: list[Entry] | None = None  # the name box's entries
        self._offer()
        if self.effect is not None:
            self._fill(self.effect)
        else:
            self._carrier_and_creator(carrier_id)
            self.duration_form.set_values({})
        self._set_mechanic(None)
        self.name_edit.textEdited.connect(self._on_name_edited)
        self.notes_edit.textChanged.connect(self._check_note)
        self.setMinimumWidth(480)
        self._reading_order = ReadingOrder(self)
        self.name_edit.setFocus()  # a condition typed at once names the effect

    def start_adding(self, carrier_id: str | None) -> None:
        """The dialog kept by the window for Ctrl+E, made as a new "Add effect" again: on
        `carrier_id`, every field at its default, no message; the combatants and the
        catalogue offered again where they changed since."""
        assert self.effect is None, "only an Add dialog is kept"
        self._show("")
        self._list_combatants()
        self._offer()
        self.saved_line.hide()
        self.name_box.setCurrentIndex(-1)
        self.name_edit.clear()
        self.notes_edit.clear()
        self.notes_error.hide()
        self._set_mechanic(None)
        self._carrier_and_creator(carrier_id)
        self.duration_form.set_values({})
        self.name_edit.setFocus()

    def _list_combatants(self) -> None:
        """The combatants in the carrier and creator boxes, brought up to date by what
        changed since (a rename, one added or removed): refilling 5,000 names at each
        Ctrl+E took longer than the rest of it."""
        listed = tuple((c.id, c.name) for c in self._document.encounter.combatants)
        before = self._listed
        if listed == before:
            return
        self._listed = listed
        if before is None:
            self.creator_combo.addItem("—", None)
            before = ()
        start = 0  # the first place that differs, then how many agree at the end
        most = min(len(before), len(listed))
        while start < most and before[start] == listed[start]:
            start += 1
        end = 0
        while end < most - start and before[-1 - end] == listed[-1 - end]:
            end += 1
        for combo, offset in ((self.carrier_combo, 0), (self.creator_combo, 1)):
            for _ in range(len(before) - start - end):
                combo.removeItem(start + offset)
            for place, (combatant_id, name) in enumerate(listed[start : len(listed) - end]):
                combo.insertItem(start + offset + place, name, combatant_id)

    def _carrier_and_creator(self, carrier_id: str | None) -> None:
        """On the selected combatant (else the one whose turn it is), made by the one
        whose turn it is."""
        current = self._document.session.current_turn()
        acting = current.combatant_id if current is not None else None
        carrier = carrier_id if carrier_id is not None else acting
        found = self.carrier_combo.findData(carrier) if carrier is not None else 0
        self.carrier_combo.setCurrentIndex(max(0, found))
        found = self.creator_combo.findData(acting) if acting is not None else 0
        self.creator_combo.setCurrentIndex(max(0, found))

    # --- the catalogue ------------------------------------------------------------------
    def library(self) -> Library | None:
        return self._library() if self._library is not None else None

    def _offer(self) -> None:
        """Fill the name box: the ruleset's conditions (no mechanics when editing an
        effect: a rule is not an effect), then the saved ones."""
        ruleset = self._document.ruleset
        library = self.library()
        saved: list[SavedCondition] = []
        if library is not None:
            try:
                saved = library.saved_conditions(ruleset.id)
            except TrackerError as error:
                self._show(str(error))
        entries = catalogue(ruleset, self._document.encounter, saved, mechanics=self.effect is None)
        if entries != self._offered:
            self._offered = entries
            self.name_box.set_entries(ruleset, entries)

    def pick(self, entry: Entry) -> None:
        """The GM chose a condition: fill its duration and note, or ask its action."""
        self._show("")
        self.name_edit.setText(entry.name)
        if entry.mechanic:
            self._set_mechanic(entry)
            return
        self._set_mechanic(None)
        self.duration_form.set_values(entry.duration)
        self.notes_edit.setText(entry.note)
        self._check_note()

    def _on_name_edited(self, text: str) -> None:
        self._show("")
        if self.mechanic is not None and text.strip().casefold() != self.mechanic.name.casefold():
            self._set_mechanic(None)  # a name of the GM's own: an effect again

    def _set_mechanic(self, entry: Entry | None) -> None:
        """Show the action of a rule picked (and hide what only an effect has), or the
        effect's fields."""
        self.mechanic = entry
        rule = entry.condition if entry is not None else None
        is_rule = rule is not None
        self.form.setRowVisible(self.rule_info, is_rule)
        self.form.setRowVisible(self.action_box, is_rule)
        for widget in (self.creator_combo, self.notes_box, *self.duration_form.editors.values()):
            self.form.setRowVisible(widget, not is_rule)
        self.save_button.setEnabled(not is_rule)
        if self.action_form is not None:
            self.action_layout.removeRow(self.action_form)  # deletes it
            self.action_form = None
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if rule is None:
            ok.setText("OK")
            return
        ruleset = self._document.ruleset
        spec = ruleset.action_spec(rule.action)
        ok.setText(f"Apply {spec.label}")
        self.rule_info.setText(
            f"{rule.name} is a rule of {ruleset.name}, not an effect: OK applies "
            f"“{spec.label}” to the combatant below, so the rules' costs and limits apply."
            f"\n{rule.note}"
        )
        self.action_form = FieldForm(spec.params)
        self.action_layout.addRow(self.action_form)
        preset = dict(rule.params)
        self.action_form.set_values(preset)
        for name, editor in self.action_form.editors.items():
            if name not in preset and isinstance(editor.input, QLineEdit):
                editor.input.clear()  # the GM's to enter: the roll, the amount

    def save_condition(self) -> None:
        """Keep the name, duration and note in the library for this system."""
        ruleset = self._document.ruleset
        try:
            name = clean_name(self.name_edit.text(), "Condition name")
            note = clean_note(self.notes_edit.text().strip())
        except CommandError as error:
            self._show(error.message)
            return
        rule = next((c for c in ruleset.conditions if c.name.casefold() == name.casefold()), None)
        if rule is not None and rule.is_mechanic:
            self._show(f"{rule.name} is a rule of {ruleset.name}: save it under another name.")
            return
        duration = self.duration_form.values()
        if duration is None:
            return
        library = self.library()
        if library is None:
            self._show("The library cannot be opened, so nothing was saved.")
            return
        replaced = any(
            c.name.casefold() == name.casefold() for c in library.saved_conditions(ruleset.id)
        )
        try:
            library.save_condition(SavedCondition(ruleset.id, name, duration, note))
        except TrackerError as error:
            self._show(str(error))
            return
        self._offer()
        verb = "Replaced the saved" if replaced else "Saved"
        self.saved_line.setText(f"{verb} “{name}” for later encounters of {ruleset.name}.")
        self.saved_line.show()

    # --- the effect -------------------------------------------------------------------
    def _fill(self, effect: Effect) -> None:
        self.name_edit.setText(effect.name)
        self.carrier_combo.setCurrentIndex(max(0, self.carrier_combo.findData(effect.carrier_id)))
        if effect.creator_id is not None and self.creator_combo.findData(effect.creator_id) < 0:
            # The creator left the encounter: keep it (unchanged) unless the GM picks another.
            self.creator_combo.addItem("(left the encounter)", effect.creator_id)
        self.creator_combo.setCurrentIndex(max(0, self.creator_combo.findData(effect.creator_id)))
        self.duration_form.set_values(effect.duration)
        self.notes_edit.setText(effect.notes)

    def _check_note(self) -> bool:
        try:
            clean_note(self.notes_edit.text().strip())
        except CommandError as error:
            self.notes_error.setText(error.message)
            self.notes_error.show()
            return False
        self.notes_error.hide()
        return True

    def _show(self, message: str) -> None:
        self.error.setText(message)
        self.error.setVisible(bool(message))

    def accept(self) -> None:
        if self.carrier_combo.currentData() is None:
            self._show("There is nobody to carry the effect: add a combatant first.")
            return
        if self.mechanic is not None:
            self._apply_rule(self.mechanic)
            return
        try:
            name = clean_name(self.name_edit.text(), "Effect name")
        except CommandError as error:
            self._show(error.message)
            return
        duration = self.duration_form.values()
        if duration is None or not self._check_note():
            return
        values = {
            "name": name,
            "carrier_id": self.carrier_combo.currentData(),
            "creator_id": self.creator_combo.currentData(),
            "notes": self.notes_edit.text().strip(),
        }
        if self.effect is None:
            command: Command = AddEffect(duration=duration, **values)
        else:
            changes = self._changes(self.effect, values, duration)
            if not changes:
                super().accept()  # nothing changed: nothing to apply
                return
            command = EditEffect(self.effect.id, changes)
        if self._apply(command, self.duration_form):
            super().accept()

    def _apply_rule(self, entry: Entry) -> None:
        """Perform the rule's action on the carrier, with the parameters entered."""
        assert entry.condition is not None and self.action_form is not None
        params = self.action_form.values()
        if params is None:
            return
        ruleset = self._document.ruleset
        carrier = self.carrier_combo.currentData()
        command = condition_command(ruleset, entry.condition, carrier, params=params)
        if self._apply(command, self.action_form):
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

    def _apply(self, command: Command, form: FieldForm) -> bool:
        """Apply the command; show a refusal next to its field, or below the form."""
        refusal = self._document.try_apply(command)
        if refusal is None:
            return True
        if refusal.field == "notes":
            self.notes_error.setText(refusal.message)
            self.notes_error.show()
        elif not form.show_error(refusal.field or "", refusal.message):
            self._show(refusal.message)
        return False
