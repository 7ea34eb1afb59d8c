"""Add combatants: a short form (name, how many, side, hidden and the ruleset's own
fields) with a name no one has yet. "Goblin ×5" (or 5 in "How many") adds Goblin 1 to
Goblin 5 in one step, undone as one."""

from __future__ import annotations

import re

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tracker.engine import AddCombatant
from tracker.engine.commands import MAX_ADDED_AT_ONCE, clean_name
from tracker.engine.errors import CommandError
from tracker.engine.state import SIDES, Encounter
from tracker.qt.dialogs.parts import error_label, ok_cancel
from tracker.qt.document import EncounterDocument
from tracker.qt.layout_items import add_layout
from tracker.qt.reading_order import ReadingOrder
from tracker.qt.settings_file import enemies_start_hidden
from tracker.qt.widgets.field_editors import FieldForm

_TIMES = re.compile(r"^(?P<name>.*?)\s*[×xX*]\s*(?P<count>\d+)$")


def split_count(text: str) -> tuple[str, int | None]:
    """ "Goblin ×5" → ("Goblin", 5); "Goblin" → ("Goblin", None)."""
    match = _TIMES.match(text.strip())
    if match is None or not match.group("name"):
        return text.strip(), None
    return match.group("name").strip(), int(match.group("count"))


def unique_default_name(encounter: Encounter, side: str) -> str:
    """ "Enemy 1", or the next number no combatant of the encounter bears."""
    stem = side.capitalize()
    taken = {c.name for c in encounter.combatants}
    number = 1
    while f"{stem} {number}" in taken:
        number += 1
    return f"{stem} {number}"


class AddCombatantDialog(QDialog):
    def __init__(
        self, document: EncounterDocument, store: QSettings, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add combatant")
        self._document = document
        self._store = store
        self.added_ids: list[str] = []
        layout = QVBoxLayout(self)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        self.side_combo = QComboBox()
        self.side_combo.setObjectName("add_side")
        self.side_combo.addItems(list(SIDES))
        self.side_combo.setCurrentText("enemy")
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("add_name")
        self.name_edit.setPlaceholderText("e.g. Goblin, or Goblin ×5 for five")
        self.count_box = QSpinBox()
        self.count_box.setObjectName("add_count")
        self.count_box.setRange(1, MAX_ADDED_AT_ONCE)
        self.count_box.setToolTip("Several alike combatants are numbered: Goblin 1, Goblin 2, …")
        self.hidden_box = QCheckBox("Hidden from players")
        self.hidden_box.setObjectName("add_hidden")
        self.hidden_box.setToolTip(
            "Hidden combatants never reach the players' screen or print until revealed."
        )
        form.addRow("Name:", self.name_edit)
        form.addRow("How many:", self.count_box)
        form.addRow("Side:", self.side_combo)
        form.addRow("", self.hidden_box)
        self.stats_form = FieldForm(document.ruleset.stat_fields, self, layout=form)
        self.stats_form.set_values({})
        add_layout(layout, form)
        self.error = error_label()
        layout.addWidget(self.error)
        layout.addWidget(ok_cancel(self))
        self._default_name = ""
        self._follow_side()
        self.side_combo.currentTextChanged.connect(self._follow_side)
        self.name_edit.textEdited.connect(lambda _text: self._show(""))
        self.count_box.valueChanged.connect(lambda _value: self._show(""))
        self.setMinimumWidth(380)
        self._reading_order = ReadingOrder(self)  # the ruleset's fields before OK

    def start_again(self) -> None:
        """The dialog kept by the window, made as new: a name no one has yet, one
        enemy, the ruleset's fields at their defaults, no message."""
        self.added_ids = []
        self._show("")
        self.count_box.setValue(1)
        self.stats_form.set_values({})
        self.name_edit.clear()
        if self.side_combo.currentText() != "enemy":
            self.side_combo.setCurrentText("enemy")  # follows the side
        else:
            self._follow_side()

    def _follow_side(self) -> None:
        """A name the GM has not typed follows the side; enemies start hidden if the GM
        chose so in the settings."""
        side = self.side_combo.currentText()
        if self.name_edit.text() in ("", self._default_name):
            self._default_name = unique_default_name(self._document.encounter, side)
            self.name_edit.setText(self._default_name)
        self.name_edit.selectAll()  # typing replaces the default name
        self.name_edit.setFocus()
        self.hidden_box.setChecked(side == "enemy" and enemies_start_hidden(self._store))

    def _show(self, message: str) -> None:
        self.error.setText(message)
        self.error.setVisible(bool(message))

    def command(self) -> AddCombatant | None:
        """The command the form describes, or None with each problem shown."""
        name_text, typed_count = split_count(self.name_edit.text())
        stats = self.stats_form.values()
        try:
            name = clean_name(name_text)
        except CommandError as error:
            self._show(error.message)
            return None
        if stats is None:
            return None
        count = typed_count if typed_count is not None else self.count_box.value()
        return AddCombatant(
            name,
            self.side_combo.currentText(),
            self.hidden_box.isChecked(),
            stats=stats,
            count=count,
        )

    def done(self, result: int) -> None:
        """Hidden, not closed (OK, Cancel, Escape): since Qt 6.3 `QDialog.done` closes the
        dialog, and closing destroys its native window, made again at the next show (some
        2 ms of each add). Kept by the window, the form keeps it."""
        self.setResult(result)
        self.hide()
        if result == QDialog.DialogCode.Accepted:
            self.accepted.emit()
        elif result == QDialog.DialogCode.Rejected:
            self.rejected.emit()
        self.finished.emit(result)

    def accept(self) -> None:
        command = self.command()
        if command is None:
            return
        before = {c.id for c in self._document.encounter.combatants}
        # Settled once the ones added are selected (`accepted`): the turn panel works
        # out what they may do, once.
        with self._document.holding():
            refusal = self._document.try_apply(command)
            if refusal is not None:
                if not self.stats_form.show_error(refusal.field or "", refusal.message):
                    self._show(refusal.message)
                return
            encounter = self._document.encounter
            self.added_ids = [c.id for c in encounter.combatants if c.id not in before]
            super().accept()
