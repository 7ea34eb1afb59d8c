"""The conditions the GM saved, per system: a list to look through and delete from.
(They are saved from the effect dialog, "Save as custom condition".)"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tracker.engine.errors import TrackerError
from tracker.engine.registry import available_rulesets
from tracker.library import Library, SavedCondition
from tracker.qt.dialogs.condition_picker import Entry, describe
from tracker.qt.dialogs.parts import error_label
from tracker.qt.layout_items import add_layout
from tracker.qt.rich_text import plain_tip

COLUMNS = ("Condition", "Duration", "Note")


class SavedConditionsDialog(QDialog):
    """Opens on the system `ruleset_id` (the encounter's); another can be chosen."""

    def __init__(self, library: Library, ruleset_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Saved conditions")
        self._library = library
        self.conditions: list[SavedCondition] = []
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel("System:"))
        self.system_combo = QComboBox()
        for ruleset in available_rulesets().values():
            self.system_combo.addItem(ruleset.name, ruleset.id)
        self.system_combo.setCurrentIndex(max(0, self.system_combo.findData(ruleset_id)))
        self.system_combo.currentIndexChanged.connect(lambda _row: self.reload())
        row.addWidget(self.system_combo, 1)
        add_layout(layout, row)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("saved_conditions")
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.table, 1)
        self.empty = QLabel(
            "Nothing saved for this system yet: in Add effect, type a name, set its duration "
            "and note, then “Save as custom condition”."
        )
        self.empty.setWordWrap(True)
        layout.addWidget(self.empty)
        self.error = error_label()
        layout.addWidget(self.error)
        buttons = QHBoxLayout()
        self.delete_button = QPushButton("Delete")
        self.delete_button.setToolTip("Delete the selected saved conditions")
        self.delete_button.clicked.connect(self.delete_selected)
        buttons.addWidget(self.delete_button)
        buttons.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        buttons.addWidget(close)
        add_layout(layout, buttons)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.resize(620, 360)
        self.reload()

    def ruleset_id(self) -> str:
        return str(self.system_combo.currentData())

    def reload(self) -> None:
        ruleset = available_rulesets()[self.ruleset_id()]
        try:
            self.conditions = self._library.saved_conditions(ruleset.id)
        except TrackerError as error:
            self.conditions = []
            self._show(str(error))
        self.table.setRowCount(len(self.conditions))
        for row, condition in enumerate(self.conditions):
            entry = Entry(condition.name, dict(condition.duration), condition.note)
            duration = describe(ruleset, entry).split("\n")[0].removeprefix("Saved by you: ")
            for column, text in enumerate((condition.name, duration.rstrip("."), condition.note)):
                item = QTableWidgetItem(text)
                item.setToolTip(plain_tip(text))
                self.table.setItem(row, column, item)
        self.table.setVisible(bool(self.conditions))
        self.empty.setVisible(not self.conditions)
        self._update_buttons()

    def _selected(self) -> list[SavedCondition]:
        rows = sorted({index.row() for index in self.table.selectedIndexes()})
        return [self.conditions[row] for row in rows if row < len(self.conditions)]

    def _update_buttons(self) -> None:
        self.delete_button.setEnabled(bool(self._selected()))

    def delete_selected(self) -> None:
        self._show("")
        for condition in self._selected():
            try:
                self._library.delete_condition(condition.ruleset_id, condition.name)
            except TrackerError as error:
                self._show(str(error))
                break
        self.reload()

    def _show(self, message: str) -> None:
        self.error.setText(message)
        self.error.setVisible(bool(message))
