"""Asks the decision the rules wait for (the engine's `Prompt`) and answers it with
one of the prompt's commands. The panel only asks: who decides, in which order and
what each answer does are the ruleset's.

A fight asks one prompt after another, often with the same answers for someone else:
the answer rows are kept and given the new answers (label, keys, fields reset to their
defaults); a row is built only when no kept row has the fields an answer needs."""

from __future__ import annotations

import dataclasses
import random

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from tracker.engine.commands import RulesetAction
from tracker.engine.dice import Rolled, roll_faces
from tracker.engine.errors import CommandError
from tracker.engine.fields import Field
from tracker.engine.prompts import Prompt, PromptAnswer
from tracker.engine.rolls import RolledAction
from tracker.qt.appearance import is_dark
from tracker.qt.document import EncounterDocument
from tracker.qt.palette import prompt_style
from tracker.qt.rich_text import escape
from tracker.qt.widgets.field_editors import FieldForm
from tracker.qt.widgets.steady import SteadyBox

CONTEXT_LINES = 8  # the context's height at most, in lines; more scrolls
# Which answers a row can show: its fields (name, kind, label, rolled) and Roll buttons.
Shape = tuple[tuple[tuple[str, str, str, bool], ...], bool]


class AnswerRow(SteadyBox):
    """One answer: its fields (if any), a Roll button for each field rolled from the
    deciding combatant's dice, and the answer's button. `shape` says which answers it
    can show: those with the same fields, rolled or not. A steady box: an answer with a
    longer or shorter label relays out the row, not the panel."""

    def __init__(self, answer: PromptAnswer, shape: Shape, panel: PromptPanel) -> None:
        inner = QWidget()
        inner.setObjectName("prompt_answer_row")
        layout = QHBoxLayout(inner)
        layout.setContentsMargins(0, 0, 0, 0)
        super().__init__(inner)
        self.shape = shape
        self.roll_buttons: list[QPushButton] = []
        fields = tuple(answer.fields)
        rolls = shape[1]
        self.form = FieldForm(fields, inner) if fields else None
        if self.form is not None:
            layout.addWidget(self.form, 1)
            for field in fields:
                if field.roll_from and rolls:
                    roll_button = QPushButton("Roll")
                    roll_button.setToolTip(f"Roll {field.roll_from} for the one who decides")
                    roll_button.clicked.connect(
                        lambda _=False, name=field.name, row=self: panel.roll_for(row, name)
                    )
                    roll_button.setProperty("field_name", field.name)
                    layout.addWidget(roll_button)
                    self.roll_buttons.append(roll_button)
        self.button = QPushButton()
        layout.addWidget(self.button)
        if self.form is None:
            layout.addStretch(1)
        self.button.clicked.connect(lambda _=False, row=self: panel.answer_row(row))
        self.follow()  # its content is in
        self.answer: PromptAnswer | None = None
        self.rolled: dict[str, Rolled] = {}  # the rolls behind its fields' values
        self._filled: tuple[Field, ...] | None = None  # the fields at their defaults

    def show_answer(self, number: int, answer: PromptAnswer) -> None:
        """Show this answer, the `number`th of the prompt, its fields at their defaults
        (left alone when they hold them already: the same fields, untouched)."""
        self.answer = answer
        button = self.button
        if (button.text(), button.objectName()) != (answer.label, f"prompt_answer_{number}"):
            button.setText(answer.label)
            button.setObjectName(f"prompt_answer_{number}")
            if number < 10:  # Ctrl+number: Alt+number belongs to the turn panel's actions
                keys = QKeySequence(f"Ctrl+{number}")
                button.setShortcut(keys)
                button.setToolTip(f"{answer.label}  [{keys.toString()}]")
            else:
                button.setShortcut(QKeySequence())
                button.setToolTip(answer.label)
        for roll_button in self.roll_buttons:
            roll_button.setObjectName(f"prompt_roll_{number}_{roll_button.property('field_name')}")
        if self.form is not None:
            filled = answer.fields == self._filled and not self.rolled and self.form.untouched()
            for field in answer.fields:
                self.form.editors[field.name].refit(field)
            if not filled:
                self.form.set_values({})
                self._filled = answer.fields
        self.rolled = {}


class PromptPanel(QFrame):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("prompt_panel")
        self.setStyleSheet(prompt_style(is_dark(QApplication.palette())))
        self._document = document
        self.rng = random.Random()
        self._key: object = object()  # nothing shown yet: the first refresh decides
        self.prompt: Prompt | None = None
        layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setObjectName("prompt_title")
        self.question = QLabel()
        self.question.setObjectName("prompt_question")
        self.question.setWordWrap(True)
        self.context = QLabel()
        self.context.setObjectName("prompt_context")
        self.context.setTextFormat(Qt.TextFormat.RichText)
        self.context.setWordWrap(True)
        # However long a context, it scrolls within a few lines: never grows the window.
        self.context_area = QScrollArea()
        self.context_area.setObjectName("prompt_context_area")
        self.context_area.setWidgetResizable(True)
        self.context_area.setFrameShape(QFrame.Shape.NoFrame)
        self.context_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.context_area.setWidget(self.context)
        # As tall as its text (up to a few lines), never more: a prompt with an answer
        # fewer first lays the panel out at its old height, before the inspector makes it
        # shorter, and the spare height went to the context, its rich text laid out twice.
        self.context_area.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.context_area.setStyleSheet("QScrollArea, #prompt_context { background: transparent; }")
        # The next prompt is often the same question for someone else, or the same one
        # with a few numbers changed: in steady boxes, a text that keeps its lines
        # repaints its label alone (the panel is not laid out again). The context, in its
        # scroll area, never lays the panel out.
        layout.addWidget(SteadyBox(self.title))
        layout.addWidget(SteadyBox(self.question))
        layout.addWidget(self.context_area)
        self._answers_box = QVBoxLayout()
        layout.addLayout(self._answers_box)
        self.keys_hint = QLabel()
        self.keys_hint.setObjectName("prompt_keys")  # in the panel's colours (palette.py)
        layout.addWidget(SteadyBox(self.keys_hint))
        self._rows: list[AnswerRow] = []  # every row built, shown or kept for later
        self.answer_rows: list[AnswerRow] = []  # the rows of the current answers
        self.answer_buttons: list[QPushButton] = []
        self.answer_forms: list[FieldForm | None] = []
        document.changed.connect(lambda _event: self.refresh())
        document.replaced.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        prompt = self._document.session.prompt()
        key = prompt.key if prompt is not None else None
        if key == self._key and prompt == self.prompt:
            return
        self._key, self.prompt = key, prompt
        if prompt is None:
            self._show_answers(())
            self.hide()
            return
        asks = ""
        if prompt.asks is not None:
            asks = f" — {self._document.encounter.combatant(prompt.asks).name} decides"
        self.title.setText(prompt.title + asks)
        self.question.setText(prompt.question)
        self.context.setText("<br>".join(escape(line) for line in prompt.context))
        self.context.ensurePolished()  # the style sheet's font decides a line's height
        line = self.context.fontMetrics().lineSpacing()
        self.context_area.setMaximumHeight(CONTEXT_LINES * line + 8)
        self.context_area.setVisible(bool(prompt.context))
        self._show_answers(prompt.answers)
        last = min(len(prompt.answers), 9)
        self.keys_hint.setText(
            f"Keys: Ctrl+1 … Ctrl+{last}, in the order shown" if last > 1 else "Key: Ctrl+1"
        )
        if self.isHidden():
            self.show()

    def _show_answers(self, answers: tuple[PromptAnswer, ...]) -> None:
        """Give each answer a row, in order: a kept row of the same shape if there is
        one, else a new row; the rows left over are hidden, kept for a later prompt."""
        rolls = self.prompt is not None and self.prompt.asks is not None
        spare = list(self._rows)
        chosen: list[AnswerRow] = []
        for answer in answers:
            shape = (
                tuple((f.name, f.kind, f.label, bool(f.roll_from)) for f in answer.fields),
                rolls and any(f.roll_from for f in answer.fields),
            )
            row = next((r for r in spare if r.shape == shape), None)
            if row is None:
                row = AnswerRow(answer, shape, self)
                self._rows.append(row)
            else:
                spare.remove(row)
            chosen.append(row)
        # Showing a row lays its parent out at once, at the parent's height of the moment:
        # too short for one more row, the context would be squeezed (its rich text laid
        # out again), then given its height back when the inspector makes the panel taller.
        # The layout waits while rows are shown, and the panel takes its new height first.
        layout = self.layout()
        growing = layout is not None and self.isVisible() and any(r.isHidden() for r in chosen)
        if growing and layout is not None:
            layout.setEnabled(False)
        for position, row in enumerate(chosen):
            if self._answers_box.indexOf(row) != position:
                self._answers_box.removeWidget(row)
                self._answers_box.insertWidget(position, row)
            row.show_answer(position + 1, answers[position])
            if row.isHidden():
                row.show()
        if growing and layout is not None:
            layout.setEnabled(True)
            self._answers_box.invalidate()  # its sizes as of before the rows came
            height = max(self.heightForWidth(self.width()), self.minimumSizeHint().height())
            if height > self.height():
                self.resize(self.width(), height)
        for row in spare:
            if not row.isHidden():
                row.hide()
            row.answer = None
            row.button.setShortcut(QKeySequence())  # its keys belong to the rows shown
            row.button.setObjectName("")
        self.answer_rows = chosen
        self.answer_buttons = [row.button for row in chosen]
        self.answer_forms = [row.form for row in chosen]

    def answer_row(self, row: AnswerRow) -> bool:
        """The row's button was pressed: send its answer."""
        if row.answer is None:
            return False
        return self.answer(row.answer, row.form, row.rolled)

    def roll_for(self, row: AnswerRow, field_name: str) -> None:
        """A Roll button: roll for the combatant who decides the current prompt."""
        asks = self.prompt.asks if self.prompt is not None else None
        if asks is not None and row.form is not None:
            self._roll(row, row.form.editors[field_name].field, asks)

    def _roll(self, row: AnswerRow, field: Field, combatant_id: str) -> None:
        """Roll the deciding combatant's dice into the field; the GM then answers (the
        roll's faces go with the answer while the field holds what was rolled)."""
        assert row.form is not None
        combatant = self._document.encounter.combatant(combatant_id)
        expression = str(combatant.stats.get(field.roll_from, "")).strip()
        try:
            rolled = roll_faces(expression, self.rng)
        except CommandError as error:
            row.form.show_error(field.name, f"{combatant.name}: {error.message}")
            return
        row.form.editors[field.name].set_value(rolled.total)
        row.rolled[field.name] = rolled

    def answer(
        self,
        answer: PromptAnswer,
        form: FieldForm | None = None,
        rolled: dict[str, Rolled] | None = None,
    ) -> bool:
        """Send the answer's command, with the values typed into its fields (and the
        rolls behind those still holding what was rolled: `RolledAction`)."""
        command = answer.command
        if form is not None:
            values = form.values()
            if values is None:
                return False
            if isinstance(command, RulesetAction):
                params = {**command.params, **values}
                rolls = {
                    name: {"dice": roll.expression, "faces": list(roll.faces)}
                    for name, roll in (rolled or {}).items()
                    if params.get(name) == roll.total
                }
                if rolls:
                    command = RolledAction(command.action, command.combatant_id, params, rolls)
                else:
                    command = dataclasses.replace(command, params=params)
        return self._document.apply(command)
