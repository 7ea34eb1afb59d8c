"""Asks the decision the rules wait for (the engine's `Prompt`) and answers it with
one of the prompt's commands. The panel only asks: who decides, in which order and
what each answer does are the ruleset's."""

from __future__ import annotations

import dataclasses
import random
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from tracker.engine.commands import RulesetAction
from tracker.engine.dice import roll
from tracker.engine.errors import CommandError
from tracker.engine.fields import Field
from tracker.engine.prompts import Prompt, PromptAnswer
from tracker.qt.document import EncounterDocument
from tracker.qt.widgets.field_editors import FieldForm

CONTEXT_LINES = 8  # the context's height at most, in lines; more scrolls


class PromptPanel(QFrame):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("prompt_panel")
        self.setStyleSheet(
            "#prompt_panel { background: #eef3ff; border: 2px solid #3b6fd6; }"
            "#prompt_title { font-size: 13pt; font-weight: bold; color: #0f2d57; }"
            "#prompt_question { font-size: 12pt; color: #111111; }"
            "#prompt_context { font-family: monospace; font-size: 11pt; color: #222222; }"
        )
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
        self.context_area.setStyleSheet("QScrollArea, #prompt_context { background: transparent; }")
        layout.addWidget(self.title)
        layout.addWidget(self.question)
        layout.addWidget(self.context_area)
        self._answers_box = QVBoxLayout()
        layout.addLayout(self._answers_box)
        self.keys_hint = QLabel()
        self.keys_hint.setObjectName("prompt_keys")
        self.keys_hint.setStyleSheet("color: #333333;")
        layout.addWidget(self.keys_hint)
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
        self._clear_answers()
        if prompt is None:
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
        for number, answer in enumerate(prompt.answers, start=1):
            self._add_answer(number, answer)
        last = min(len(prompt.answers), 9)
        self.keys_hint.setText(
            f"Keys: Ctrl+1 … Ctrl+{last}, in the order shown" if last > 1 else "Key: Ctrl+1"
        )
        self.show()

    def _clear_answers(self) -> None:
        while self._answers_box.count():
            row = self._answers_box.takeAt(0)
            widget = row.widget()
            if widget is not None:
                widget.deleteLater()
        self.answer_buttons.clear()
        self.answer_forms.clear()

    def _add_answer(self, number: int, answer: PromptAnswer) -> None:
        row = QWidget()
        row_layout = QHBoxLayout(row)
        row_layout.setContentsMargins(0, 0, 0, 0)
        button = QPushButton(answer.label)
        button.setObjectName(f"prompt_answer_{number}")
        if number < 10:  # Ctrl+number: Alt+number belongs to the turn panel's actions
            keys = QKeySequence(f"Ctrl+{number}")
            button.setShortcut(keys)
            button.setToolTip(f"{answer.label}  [{keys.toString()}]")
        form = FieldForm(tuple(answer.fields), row) if answer.fields else None
        if form is not None:
            form.set_values({})
            row_layout.addWidget(form, 1)
            asks = self.prompt.asks if self.prompt is not None else None
            for field in answer.fields:
                if field.roll_from and asks is not None:
                    roll_button = QPushButton("Roll")
                    roll_button.setObjectName(f"prompt_roll_{number}_{field.name}")
                    roll_button.setToolTip(f"Roll {field.roll_from} for the one who decides")
                    roll_button.clicked.connect(
                        lambda _=False, f=field, form_=form, who=asks: self._roll(form_, f, who)
                    )
                    row_layout.addWidget(roll_button)
        row_layout.addWidget(button)
        if form is None:
            row_layout.addStretch(1)
        button.clicked.connect(lambda _=False, a=answer, f=form: self.answer(a, f))
        self._answers_box.addWidget(row)
        self.answer_buttons.append(button)
        self.answer_forms.append(form)

    def _roll(self, form: FieldForm, field: Field, combatant_id: str) -> None:
        """Roll the deciding combatant's dice into the field; the GM then answers."""
        combatant = self._document.encounter.combatant(combatant_id)
        expression = str(combatant.stats.get(field.roll_from, "")).strip()
        try:
            result = roll(expression, self.rng)
        except CommandError as error:
            form.show_error(field.name, f"{combatant.name}: {error.message}")
            return
        form.editors[field.name].set_value(result)

    def answer(self, answer: PromptAnswer, form: FieldForm | None = None) -> bool:
        """Send the answer's command, with the values typed into its fields."""
        command = answer.command
        if form is not None:
            values = form.values()
            if values is None:
                return False
            if isinstance(command, RulesetAction):
                command = dataclasses.replace(command, params={**command.params, **values})
        return self._document.apply(command)
