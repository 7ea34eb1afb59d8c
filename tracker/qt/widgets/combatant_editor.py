"""Edit the selected combatant: name, side, hidden, notes and the ruleset's stat fields.

The form comes from the declared fields; a bad value shows its message next to the
field and nothing is sent to the engine."""

from __future__ import annotations

import itertools
import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tracker.engine import EditCombatant
from tracker.engine.commands import BASE_FIELDS, clean_name
from tracker.engine.dice import RandomLike, roll_faces
from tracker.engine.errors import CommandError
from tracker.engine.fields import Field
from tracker.engine.health import defeated_word, health_of, is_defeated
from tracker.engine.session import SessionEvent
from tracker.engine.state import Combatant
from tracker.qt.document import EncounterDocument
from tracker.qt.keyboard import hand_back
from tracker.qt.layout_items import add_layout
from tracker.qt.widgets.action_inputs import ACTION_INPUT, EnterPerforms
from tracker.qt.widgets.field_editors import FieldForm, hide_unread_stats


class CombatantEditor(QWidget):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._combatant_id: str | None = None
        self._applying = False  # the form's own edit: filled once it is applied
        self.rng: RandomLike = random.Random()
        layout = QVBoxLayout(self)
        self.title = QLabel("Select a combatant to edit.")
        self.title.setStyleSheet("font-weight: bold;")
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # it names the combatant
        self.title.setWordWrap(True)  # "Editing Goblin 1 — Hits 5/12, bloodied"
        layout.addWidget(self.title)
        self._title_room = (0, 0)  # (the title's width, the most height it needed at it)
        self._form_holder = QVBoxLayout()
        add_layout(layout, self._form_holder)
        self.form = self._build_form()
        self._hide_unread_stats()
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.revert_button = QPushButton("Revert")
        self.apply_button = QPushButton("Apply")
        self.apply_button.setDefault(True)
        buttons.addWidget(self.revert_button)
        buttons.addWidget(self.apply_button)
        add_layout(layout, buttons)
        layout.addStretch(1)
        self.apply_button.clicked.connect(self.apply)
        self.revert_button.clicked.connect(lambda: self._reload())
        self._order_tabs()
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._rebuild)
        self.set_combatant(None)

    def _fields(self) -> tuple[Field, ...]:
        return (*BASE_FIELDS, *self._document.ruleset.stat_fields)

    def _hide_unread_stats(self) -> None:
        """The stats the rules do not read under the encounter's options out of sight
        (Advantage in Pathfinder 2e); shown again when an option brings them back."""
        document = self._document
        hide_unread_stats(self.form, document.ruleset, document.encounter)

    def _build_form(self) -> FieldForm:
        form = FieldForm(self._fields(), self, multiline=frozenset({"notes"}))
        self._form_holder.addWidget(form)
        # Enter in a field applies the form and, once applied, gives the keyboard back to
        # the fight view; not in the notes (Enter is a new line there), nor on a tick box
        # (Enter ticks it, as on any button: see `tracker.qt.keyboard`).
        enter = EnterPerforms(self._apply_and_leave, form)
        for editor in form.editors.values():
            if not isinstance(editor.input, (QPlainTextEdit, QCheckBox)):
                editor.input.setProperty(ACTION_INPUT, True)  # Enter applies
                enter.watch(editor.input)
        self.roll_buttons: dict[str, QPushButton] = {}
        for field in self._document.ruleset.stat_fields:
            if field.roll_from:  # a value rolled from the combatant's own dice (Zeal)
                button = QPushButton("Roll")
                button.setObjectName(f"roll_{field.name}")
                dice = next(
                    (
                        f.label
                        for f in self._document.ruleset.stat_fields
                        if f.name == field.roll_from
                    ),
                    field.roll_from,
                )
                button.setToolTip(f"Roll {dice} for {field.label} (applied at once)")
                button.clicked.connect(lambda _=False, name=field.name: self.roll(name))
                form.editors[field.name].row.addWidget(button)
                self.roll_buttons[field.name] = button
        return form

    def _rebuild(self) -> None:
        """A new encounter: a form for its ruleset's fields. The same fields keep the
        form, emptied (building it is most of what opening a file costs the window)."""
        if tuple(editor.field for editor in self.form.editors.values()) == self._fields():
            self._hide_unread_stats()
            self.form.clear()
            self.set_combatant(None)
            return
        self.form.setParent(None)
        self.form.deleteLater()
        self.form = self._build_form()
        self._hide_unread_stats()
        self._order_tabs()
        self.set_combatant(None)

    def _order_tabs(self) -> None:
        """Tab in reading order: each field, then its Roll button (made after the form),
        then Revert and Apply. Set from the widgets the editor knows, once per form: a
        sort by their places on screen (`ReadingOrder`) looked through every object of
        the editor (the notes' text document and its parts, whose classes PySide then
        loaded) at each show of the window, twice."""
        order: list[QWidget] = []
        for name, editor in self.form.editors.items():
            order.append(editor.input)
            if name in self.roll_buttons:
                order.append(self.roll_buttons[name])
        order += [self.revert_button, self.apply_button]
        for first, second in itertools.pairwise(order):
            QWidget.setTabOrder(first, second)

    @property
    def combatant(self) -> Combatant | None:
        return self._document.encounter.find(self._combatant_id)

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
            self._show_title("Select a combatant to edit.")
            return
        health = health_of(self._document.ruleset, combatant)
        state = ""
        if is_defeated(self._document.ruleset, combatant):
            state = defeated_word(self._document.ruleset)
        elif health is not None and health.text():
            state = health.band
        shown = ", ".join(filter(None, (health.text() if health else "", state)))
        self._show_title(f"Editing {combatant.name}" + (f" — {shown}" if shown else ""))
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

    def _show_title(self, text: str) -> None:
        """The title keeps the most lines it has needed at its width: a name or a state
        one line shorter (a rename back, another combatant picked) leaves a line blank
        rather than move the form under it, which repainted the whole inspector."""
        title = self.title
        title.setText(text)
        width = title.width()
        if not title.isVisible():
            return
        kept_width, kept = self._title_room
        needed = title.heightForWidth(width)
        room = max(needed, kept if width == kept_width else 0)
        self._title_room = (width, room)
        title.setMinimumHeight(room)

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
            self._applying = True
            try:
                refusal = self._document.try_apply(EditCombatant(combatant.id, changes))
            finally:
                self._applying = False
            if refusal is not None:
                if not self.form.show_error(refusal.field or "", refusal.message):
                    self.form.show_error("name", refusal.message)
                return False
        self._reload()  # the form now shows the combatant as it is, nothing unapplied
        return True

    def _apply_and_leave(self) -> None:
        """Enter in a field: apply; the keyboard goes back to the fight view unless a
        field is wrong (its message shows, the GM stays to mend it)."""
        if self.apply():
            hand_back(self)

    def roll(self, field_name: str) -> bool:
        """Roll the combatant's dice for the field and apply the result at once: the dice
        and faces go in the command (the log says how it came; a replay is exact)."""
        combatant = self.combatant
        if combatant is None:
            return False
        field = self.form.editors[field_name].field
        dice_editor = self.form.editors.get(field.roll_from)
        dice_label = dice_editor.field.label if dice_editor is not None else field.roll_from
        if dice_editor is not None and dice_editor.edited:
            self.form.show_error(field_name, f"Apply the new {dice_label} first.")
            return False
        expression = str(combatant.stats.get(field.roll_from, "")).strip()
        if not expression:
            self.form.show_error(field_name, f"No {dice_label} to roll.")
            return False
        try:
            rolled = roll_faces(expression, self.rng)
        except CommandError as error:
            self.form.show_error(field_name, error.message)
            return False
        if combatant.stats.get(field_name) == rolled.total:
            self.form.show_error(field_name, f"Rolled {rolled.text()}: as it was.")
            return False
        rolls = {field_name: {"dice": rolled.expression, "faces": list(rolled.faces)}}
        from tracker.engine.rolls import RolledEdit  # not at start-up

        command = RolledEdit(combatant.id, {field_name: rolled.total}, rolls)
        refusal = self._document.try_apply(command)
        if refusal is not None:
            self.form.show_error(field_name, refusal.message)
            return False
        return True

    def _on_changed(self, event: SessionEvent) -> None:
        self._hide_unread_stats()
        if self._combatant_id is None or self._applying:
            return  # (an edit of the form's own: `apply` fills the form once, after it)
        if self.combatant is None:
            self.set_combatant(None)
        elif self._combatant_id in event.changes.combatants:
            self._refresh()
