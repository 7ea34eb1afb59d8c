"""Add combatants: a short form (name, how many, side, hidden and the ruleset's own
fields) with a name no one has yet. "Goblin ×5" (or 5 in "How many") adds Goblin 1 to
Goblin 5 in one step, undone as one.

The form is not a window of its own: it takes the editor's place in the inspector
beside the fight (`inspector_column.Fence.open_form`), so nothing is laid over the fight
view and the order stays in sight while the GM fills it in. Enter in any field adds;
Escape or Cancel puts it away. Either way the keyboard goes back to the fight."""

from __future__ import annotations

import re

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tracker.engine import AddCombatant
from tracker.engine.commands import MAX_ADDED_AT_ONCE, clean_name
from tracker.engine.errors import CommandError
from tracker.engine.state import SIDES, Encounter
from tracker.qt.dialogs.parts import error_label
from tracker.qt.document import EncounterDocument
from tracker.qt.indicator_style import outlined
from tracker.qt.layout_items import add_layout
from tracker.qt.reading_order import ReadingOrder
from tracker.qt.settings_file import enemies_start_hidden
from tracker.qt.widgets.action_inputs import ACTION_INPUT, EnterPerforms
from tracker.qt.widgets.field_editors import FieldForm, hide_unread_stats

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


class AddCombatantForm(QWidget):
    """`wanted` carries the command the form describes (Add, Enter); `cancelled` asks to
    put the form away with nothing added (Cancel, Escape). The window that shows the
    form applies the command and puts the form away, and shows it again with
    `start_again`, as new."""

    wanted = Signal(object)  # AddCombatant
    cancelled = Signal()

    def __init__(
        self, document: EncounterDocument, store: QSettings, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("add_form")
        self._document = document
        self._store = store
        self.title = QLabel("Add combatant")
        self.title.setObjectName("add_title")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        fields = QWidget()
        fields.setObjectName("add_fields")
        form = QFormLayout(fields)
        form.setContentsMargins(0, 0, 4, 0)
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
        self.hidden_box = outlined(QCheckBox("Hidden from players"))
        self.hidden_box.setObjectName("add_hidden")
        self.hidden_box.setToolTip(
            "Hidden combatants never reach the players' screen or print until revealed."
        )
        form.addRow("Name:", self.name_edit)
        form.addRow("How many:", self.count_box)
        form.addRow("Side:", self.side_combo)
        form.addRow("", self.hidden_box)
        self.stats_form = FieldForm(document.ruleset.stat_fields, fields, layout=form)
        hide_unread_stats(self.stats_form, document.ruleset, document.encounter)
        self.stats_form.set_values({})
        # The fields scroll within the column's height (a ruleset with many fields on a
        # laptop); the title, the message and the buttons stay in sight.
        self.scroller = QScrollArea()
        self.scroller.setObjectName("add_scroller")
        self.scroller.setWidget(fields)
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroller.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes field to field
        self.error = error_label()
        self.add_button = QPushButton("Add")
        self.add_button.setObjectName("add_ok")
        self.add_button.setToolTip("Add (Enter in any field)")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setObjectName("add_cancel")
        self.cancel_button.setToolTip("Put the form away (Escape)")
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.scroller, 1)
        layout.addWidget(self.error)
        add_layout(layout, buttons)
        self.add_button.clicked.connect(self.accept)
        self.cancel_button.clicked.connect(self.reject)
        self._enter = EnterPerforms(self.accept, self)
        inputs = [self.name_edit, self.count_box, self.side_combo, self.hidden_box]
        for widget in inputs + [e.input for e in self.stats_form.editors.values()]:
            self._enter.watch(widget)
            if isinstance(widget, QCheckBox):  # Enter adds there too (Space ticks it)
                widget.setProperty(ACTION_INPUT, True)
        leave = QAction("Put the Add form away", self)
        leave.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        leave.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        leave.triggered.connect(self.reject)
        self.addAction(leave)
        self._default_name = ""
        self._follow_side()
        self.side_combo.currentTextChanged.connect(self._follow_side)
        self.name_edit.textEdited.connect(lambda _text: self._show(""))
        self.count_box.valueChanged.connect(lambda _value: self._show(""))
        # The ruleset's fields in reading order, then Add (the fields, not the whole form:
        # a field scrolled out of sight stands below the buttons).
        self._reading_order = ReadingOrder(fields)

    def start_again(self) -> None:
        """The form kept by the window, made as new: a name no one has yet, one enemy,
        the ruleset's fields at their defaults, no message."""
        self._show("")
        self.count_box.setValue(1)
        document = self._document
        hide_unread_stats(self.stats_form, document.ruleset, document.encounter)
        self.stats_form.set_values({})
        self.name_edit.clear()
        if self.side_combo.currentText() != "enemy":
            self.side_combo.setCurrentText("enemy")  # follows the side
        else:
            self._follow_side()
        self.scroller.verticalScrollBar().setValue(0)

    def take_keyboard(self) -> None:
        """The name field has the keyboard, its default name selected (typing replaces
        it)."""
        self.name_edit.selectAll()
        self.name_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _follow_side(self) -> None:
        """A name the GM has not typed follows the side; enemies start hidden if the GM
        chose so in the settings."""
        side = self.side_combo.currentText()
        if self.name_edit.text() in ("", self._default_name):
            self._default_name = unique_default_name(self._document.encounter, side)
            self.name_edit.setText(self._default_name)
        self.name_edit.selectAll()  # typing replaces the default name
        self.hidden_box.setChecked(side == "enemy" and enemies_start_hidden(self._store))

    def _show(self, message: str) -> None:
        if message != self.error.text():
            self.error.setText(message)
        if self.error.isHidden() == bool(message):
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

    def accept(self) -> None:
        """Ask for what the form describes (`wanted`), or show what is wrong and stay."""
        command = self.command()
        if command is not None:
            self.wanted.emit(command)

    def show_refusal(self, refusal: CommandError) -> None:
        """The rules refused what the form asked: why, beside its field if it names one."""
        if not self.stats_form.show_error(refusal.field or "", refusal.message):
            self._show(refusal.message)

    def let_keyboard_go(self) -> None:
        """The keyboard out of the form before it is put away (a form hidden with the
        keyboard in it hands it to the next box in line)."""
        focus = QApplication.focusWidget()
        if focus is not None and self.isAncestorOf(focus):
            focus.clearFocus()

    def reject(self) -> None:
        """Put the form away, nothing added."""
        self.cancelled.emit()
