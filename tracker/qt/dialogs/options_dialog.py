"""The encounter's options: every choice the ruleset offers where its rules are silent
or ambiguous, each shown in full with the default (the first) listed first."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QGroupBox,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from tracker.engine import SetOption
from tracker.qt.dialogs.parts import ok_cancel
from tracker.qt.document import EncounterDocument
from tracker.qt.indicator_style import outlined
from tracker.qt.reading_order import ReadingOrder
from tracker.qt.rich_text import plain_title


class OptionsDialog(QDialog):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Options — {plain_title(document.encounter.name)}")
        self._document = document
        layout = QVBoxLayout(self)
        self.groups: dict[str, QButtonGroup] = {}
        self.buttons: dict[str, dict[str, QRadioButton]] = {}
        ruleset = document.ruleset
        for choice in ruleset.choices():
            box = QGroupBox(choice.label)
            box_layout = QVBoxLayout(box)
            group = QButtonGroup(box)
            chosen = ruleset.option(document.encounter, choice.name)
            self.buttons[choice.name] = {}
            for position, (value, description) in enumerate(choice.values):
                default = " (default)" if position == 0 else ""
                label = f"{description[0].upper()}{description[1:]}{default}"
                button = outlined(QRadioButton(label))
                button.setObjectName(f"option_{choice.name}_{value}")
                button.setChecked(value == chosen)
                group.addButton(button)
                box_layout.addWidget(button)
                self.buttons[choice.name][value] = button
            self.groups[choice.name] = group
            layout.addWidget(box)
        buttons = ok_cancel(self)
        layout.addWidget(buttons)
        self.setMinimumWidth(660)
        self._reading_order = ReadingOrder(self)

    def chosen(self, name: str) -> str:
        return next(value for value, button in self.buttons[name].items() if button.isChecked())

    def accept(self) -> None:
        ruleset = self._document.ruleset
        for name in self.buttons:
            if self.chosen(name) != ruleset.option(self._document.encounter, name):
                self._document.apply(SetOption(name, self.chosen(name)))
        super().accept()
