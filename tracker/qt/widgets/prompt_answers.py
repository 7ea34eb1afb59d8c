"""The prompt panel's answer rows: each answer's Roll buttons, fields and button, with
the keys the panel gives them (Ctrl+1 … Ctrl+9, then Ctrl+0, in the order shown)."""

from __future__ import annotations

from functools import partial
from typing import Protocol

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QKeySequence, QPaintEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStyle,
    QStyleOptionButton,
    QStylePainter,
    QVBoxLayout,
    QWidget,
)

from tracker.engine.dice import Rolled
from tracker.engine.fields import Field
from tracker.engine.prompts import PromptAnswer
from tracker.engine.state import Combatant
from tracker.qt.layout_items import add_layout
from tracker.qt.rich_text import plain_tip
from tracker.qt.widget_style import style_of
from tracker.qt.widgets.action_inputs import EnterPerforms
from tracker.qt.widgets.field_editors import FieldForm
from tracker.qt.widgets.steady import SteadyBox


class Answering(Protocol):
    """What an answer row asks of its panel: answer with the row, or roll a field."""

    def answer_row(self, row: AnswerRow) -> bool: ...

    def roll_for(self, row: AnswerRow, field_name: str) -> bool: ...


COMBO_FITS = QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
CHOICE_LETTERS = 10  # a choice box's width, in letters (its list shows them in full)
KEYED = 10  # buttons with a key: Ctrl+1 … Ctrl+9, then Ctrl+0
# An answer with fields whose label is longer than this, in letters, has its button on a
# line under its fields: beside them it left its box a few letters wide (Priority's
# "React to #1 (Hollow Knight: charges the bridge)" next to "Reaction:").
BESIDE_LETTERS = 24
SHORTEST_LETTERS = 8  # an answer button elides its label to no fewer letters than this
# Which answers a row can show: its fields (name, kind, label, rolled), Roll buttons, and
# whether its button sits under its fields.
Shape = tuple[tuple[tuple[str, str, str, bool], ...], bool, bool]


def stacked(answer: PromptAnswer) -> bool:
    """Whether the answer's button goes under its fields (see `BESIDE_LETTERS`)."""
    return bool(answer.fields) and len(answer.label) > BESIDE_LETTERS


class AnswerButton(QPushButton):
    """An answer's button: as narrow as the panel asks, its label then elided (the
    whole label and its key in its tooltip); `text()` stays the whole label."""

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        least = self.fontMetrics().averageCharWidth() * SHORTEST_LETTERS
        return QSize(min(hint.width(), least), hint.height())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt)
        option = QStyleOptionButton()
        self.initStyleOption(option)
        room = (
            style_of(self)
            .subElementRect(QStyle.SubElement.SE_PushButtonContents, option, self)
            .width()
        )
        option.text = self.fontMetrics().elidedText(
            option.text, Qt.TextElideMode.ElideMiddle, max(room - 8, 0)
        )
        QStylePainter(self).drawControl(QStyle.ControlElement.CE_PushButton, option)


def answer_keys(number: int) -> QKeySequence:
    """The key of the `number`th button of the panel (from 1); none past the tenth."""
    if number > KEYED:
        return QKeySequence()
    return QKeySequence(f"Ctrl+{number % KEYED}")


def button_text(label: str, keys: QKeySequence) -> str:
    """A button's text: its label (an "&" shown as such) and its key."""
    shown = label.replace("&", "&&")
    return f"{shown}  [{keys.toString()}]" if not keys.isEmpty() else shown


def set_key(button: QPushButton, label: str, number: int) -> None:
    """Show the label and the key of the `number`th button, and give it that key."""
    keys = answer_keys(number)
    text = button_text(label, keys)
    if button.text() != text:
        button.setText(text)
        tip = f"{label}  [{keys.toString()}]" if not keys.isEmpty() else label
        button.setToolTip(plain_tip(tip))
    if button.shortcut() != keys:
        button.setShortcut(keys)


def roll_label(field: Field, combatant: Combatant | None) -> str:
    """ "Roll 2d10 for Hauser": the dice of `field` (its stat) and whose they are."""
    if combatant is None:
        return "Roll"
    dice = str(combatant.stats.get(field.roll_from, "")).strip() or "the dice"
    return f"Roll {dice} for {combatant.name}"


class AnswerRow(SteadyBox):
    """One answer: a Roll button for each field rolled from the deciding combatant's
    dice (it rolls and answers), its fields (if any; Enter in one answers) and the
    answer's button. `shape` says which answers it can show: those with the same
    fields, rolled or not. A steady box: an answer with a longer or shorter label
    relays out the row, not the panel."""

    def __init__(self, answer: PromptAnswer, shape: Shape, panel: Answering) -> None:
        inner = QWidget()
        inner.setObjectName("prompt_answer_row")
        fields = tuple(answer.fields)
        rolls, under = shape[1], shape[2]
        rolled = rolls and any(field.roll_from for field in fields)
        # The Roll buttons on a line of their own, then the typed answer and its button
        # (under it for a long label): the panel sits in a column beside the fight, a
        # third of a laptop's width.
        if rolled or under:
            lines = QVBoxLayout(inner)
            lines.setContentsMargins(0, 0, 0, 0)
            rolls_line = QHBoxLayout()
            layout = QHBoxLayout()
            add_layout(lines, rolls_line)
            add_layout(lines, layout)
            button_line = layout
            if under:
                button_line = QHBoxLayout()
                add_layout(lines, button_line)
        else:
            layout = rolls_line = button_line = QHBoxLayout(inner)
            layout.setContentsMargins(0, 0, 0, 0)
        super().__init__(inner)
        self.shape = shape
        self.roll_buttons: list[QPushButton] = []
        for field in fields:
            if field.roll_from and rolls:
                roll_button = QPushButton()
                roll_button.clicked.connect(
                    lambda _=False, name=field.name, row=self: panel.roll_for(row, name)
                )
                roll_button.setProperty("field_name", field.name)
                rolls_line.addWidget(roll_button)
                self.roll_buttons.append(roll_button)
        if rolled:
            rolls_line.addStretch(1)
        if self.roll_buttons:
            layout.addWidget(QLabel("or"))
        self.form = FieldForm(fields, inner) if fields else None
        if self.form is not None:
            for box in self.form.findChildren(QComboBox):  # long choices elide: the
                box.setSizeAdjustPolicy(COMBO_FITS)  # panel is a column beside the fight
                box.setMinimumContentsLength(CHOICE_LETTERS)
            layout.addWidget(self.form, 1)
            enter = EnterPerforms(partial(panel.answer_row, self), self.form)
            for editor in self.form.editors.values():
                enter.watch(editor.input)
        self.button = AnswerButton()
        button_line.addWidget(self.button)
        if self.form is None or under:
            button_line.addStretch(1)
        self.button.clicked.connect(lambda _=False, row=self: panel.answer_row(row))
        self.follow()  # its content is in
        self.answer: PromptAnswer | None = None
        self.rolled: dict[str, Rolled] = {}  # the rolls behind its fields' values
        self._filled: tuple[Field, ...] | None = None  # the fields at their defaults

    def show_answer(
        self, number: int, answer: PromptAnswer, first_key: int, deciding: Combatant | None
    ) -> int:
        """Show this answer, the `number`th of the prompt, its fields at their defaults
        (left alone when they hold them already: the same fields, untouched). Its
        buttons take the keys from the `first_key`th on (Ctrl+number: Alt+number belongs
        to the turn panel's actions); the Roll buttons say whose dice they roll (the
        `deciding` combatant's). Returns the number of the next button's key."""
        self.answer = answer
        key = first_key
        by_name = {field.name: field for field in answer.fields}
        for roll_button in self.roll_buttons:
            field = by_name[roll_button.property("field_name")]
            roll_button.setObjectName(f"prompt_roll_{number}_{field.name}")
            set_key(roll_button, roll_label(field, deciding), key)
            key += 1
        self.button.setObjectName(f"prompt_answer_{number}")
        set_key(self.button, answer.label, key)
        if self.form is not None:
            filled = answer.fields == self._filled and not self.rolled and self.form.untouched()
            for field in answer.fields:
                self.form.editors[field.name].refit(field)
            if not filled:
                self.form.set_values({})
                self._filled = answer.fields
        self.rolled = {}
        return key + 1
