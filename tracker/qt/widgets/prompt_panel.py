"""Asks the decision the rules wait for (the engine's `Prompt`) and answers it with
one of the prompt's commands. The panel only asks: who decides, in which order and
what each answer does are the ruleset's.

Every button of the panel shows its key, Ctrl+1 … Ctrl+9 then Ctrl+0, in the order
shown. A field rolled from the deciding combatant's dice (`Field.roll_from`) gets its
own answer, before the typed one: "Roll 5d10>=7!10 for Ayla" rolls those dice and
answers at once (the faces go with the command and into the log); otherwise the GM
types the value, and Enter in a field answers with what is typed.

A fight asks one prompt after another, often with the same answers for someone else:
the answer rows are kept and given the new answers (label, keys, fields reset to their
defaults); a row is built only when no kept row has the fields an answer needs."""

from __future__ import annotations

import dataclasses
import random

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import (
    QHideEvent,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
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
from tracker.qt.appearance import is_dark
from tracker.qt.document import EncounterDocument
from tracker.qt.layout_items import add_layout
from tracker.qt.widgets.field_editors import FieldForm
from tracker.qt.widgets.prompt_answers import KEYED, AnswerRow, stacked
from tracker.qt.widgets.prompt_look import BORDER, ink, prompt_colours, text_font
from tracker.qt.widgets.prompt_sizes import (
    KEEP_SHARE,
    KEEP_SPARE,
    context_lines,
    wrapped_lines,
)
from tracker.qt.widgets.steady import SteadyBox


class PromptPanel(QFrame):
    """The prompt, in a frame that keeps its height: its content (`body`) sits in no
    layout of the panel's, so a new prompt that fits the height the panel has lays
    out and repaints the panel alone, never the inspector around it. The panel grows
    (in one pass, to the height the new prompt takes at its width) when a prompt needs
    more, and shrinks to its prompt's height when the height kept would take more than
    a share of the column or leave more than a little of it blank; it takes its
    prompt's height again when it is shown anew, given another width or another
    encounter."""

    # It takes another height: its column is laid out at once, after this signal (the
    # inspector's column makes room for it first: `Fence.follow_prompt`).
    grown = Signal()

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("prompt_panel")
        self.setContentsMargins(BORDER, BORDER, BORDER, BORDER)  # its border (`paintEvent`)
        self.colours = prompt_colours(is_dark(QApplication.palette()))
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._document = document
        self.rng = random.Random()
        self._key: object = object()  # nothing shown yet: the first refresh decides
        self.prompt: Prompt | None = None
        self._height = 0  # the height kept (0: the next prompt's own)
        # The context's lines, its wrapped lines counted, at a width, in a font.
        self._wrapped: tuple[tuple[tuple[str, ...], int, str], int] | None = None
        self.body = QWidget()
        self.body.setObjectName("prompt_body")
        layout = QVBoxLayout(self.body)
        # The body scrolls, never squeezed, when the column cannot give it the height
        # it takes: AP countdown's ten answers on the laptop, its window framed, once
        # had their fields crushed to half a line.
        self.scroller = QScrollArea(self)
        self.scroller.setObjectName("prompt_scroller")
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroller.setWidgetResizable(True)
        self.scroller.setWidget(self.body)
        self.scroller.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the answers
        self.scroller.viewport().setAutoFillBackground(False)
        self.body.setAutoFillBackground(False)
        self.scroller.viewport().installEventFilter(self)
        # Its contents stand at its top left: resized (the Add form opened under it
        # squeezes it, closed gives the height back), only the part uncovered is
        # painted (and the border where it now ends: the scroll area, resized with the
        # panel, uncovers it); AP countdown's ten answers were repainted at each
        # combatant added.
        for part in (self, self.scroller, self.scroller.viewport(), self.body):
            part.setAttribute(Qt.WidgetAttribute.WA_StaticContents)
        self.title = QLabel()
        self.title.setObjectName("prompt_title")
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.PlainText)  # names may hold < or &
        # At the top of the lines it keeps (`hold_lines`): the room to spare goes under it.
        self.title.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.question = QLabel()
        self.question.setObjectName("prompt_question")
        self.question.setWordWrap(True)
        self.question.setTextFormat(Qt.TextFormat.PlainText)  # it names combatants
        self.question.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.context = QLabel()
        self.context.setObjectName("prompt_context")
        # Plain text, its lines apart: a rich text built a text document at each
        # prompt (0.8 ms of an add in Classic d20), and showed a name's spaces as one.
        self.context.setTextFormat(Qt.TextFormat.PlainText)
        self.context.setWordWrap(True)
        # However long a context, it scrolls within a few lines: never grows the window.
        self.context_area = QScrollArea()
        self.context_area.setObjectName("prompt_context_area")
        self.context_area.setWidgetResizable(True)
        self.context_area.setFrameShape(QFrame.Shape.NoFrame)
        self.context_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.context_area.setWidget(self.context)
        # As tall as its text (up to a few lines), never more: the height the panel
        # keeps to spare goes under the answers, never to the context (its text
        # laid out again).
        self.context_area.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        # On the panel's background (a scroll area fills its widget's and its viewport's).
        self.context_area.viewport().setAutoFillBackground(False)
        self.context.setAutoFillBackground(False)
        # The next prompt is often the same question for someone else, or the same one
        # with a few numbers changed: in steady boxes, a text that keeps its lines
        # repaints its label alone (the panel is not laid out again). The context, in its
        # scroll area, never lays the panel out.
        self.keys_hint = QLabel()
        self.keys_hint.setObjectName("prompt_keys")
        self.keys_hint.setWordWrap(True)
        self.title.setFont(text_font(13, bold=True))
        self.question.setFont(text_font(12))
        self.context.setFont(text_font(11, monospace=True))
        self.set_scheme(is_dark(QApplication.palette()))
        self._texts = (SteadyBox(self.title), SteadyBox(self.question), SteadyBox(self.keys_hint))
        layout.addWidget(self._texts[0])
        layout.addWidget(self._texts[1])
        layout.addWidget(self.context_area)
        self._answers_box = QVBoxLayout()
        add_layout(layout, self._answers_box)
        layout.addWidget(self._texts[2])
        layout.addStretch(1)  # the height kept to spare, under the prompt
        self._rows: list[AnswerRow] = []  # every row built, shown or kept for later
        self.answer_rows: list[AnswerRow] = []  # the rows of the current answers
        self.answer_buttons: list[QPushButton] = []
        self.key_buttons: list[QPushButton] = []
        self.answer_forms: list[FieldForm | None] = []
        # Bound methods, not lambdas: Qt disconnects them when the panel is deleted.
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)
        self.refresh()

    def set_scheme(self, dark: bool) -> None:
        """The panel's colours for the light or the dark scheme."""
        self.colours = prompt_colours(dark)
        ink(self.title, self.colours.ink)
        for label in (self.question, self.context, self.keys_hint):
            ink(label, self.colours.body)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt)
        """Its background, and its border around it (`BORDER` wide)."""
        painter = QPainter(self)
        painter.fillRect(self.rect(), self.colours.border)
        painter.fillRect(self.contentsRect(), self.colours.background)

    def _on_changed(self, _event: object) -> None:
        self.refresh()

    def _on_replaced(self) -> None:
        self._height = 0  # another encounter: its prompt's own height
        self.hold_lines(False)
        self.refresh()

    def hold_lines(self, hold: bool = True) -> None:
        """The title and the question keep the most lines they took in this fight, at
        this width (False: their own again; the question's until its answers change,
        `refresh`). "Count −92: declare — Fighter 13 decides" and AP countdown's
        question, which names the declarer, wrap for one name and not the next: a line
        fewer laid the inspector out anew at every step, and the answers under it
        jumped up and down (all ten repainted, twice a step)."""
        for box in self._texts[:2]:
            box.setMinimumHeight(max(box.minimumHeight(), box.height()) if hold else 0)

    # --- the panel's place in the inspector -------------------------------------------
    def sizeHint(self) -> QSize:
        return QSize(self._frame_width(self.body.sizeHint().width()), self._height)

    def minimumSizeHint(self) -> QSize:
        return QSize(self._frame_width(self.body.minimumSizeHint().width()), self._height)

    def _frame_width(self, width: int) -> int:
        margins = self.contentsMargins()
        return width + margins.left() + margins.right()

    def wanted_height(self, width: int) -> int:
        """The height the prompt shown takes, its frame included, at `width`."""
        margins = self.contentsMargins()
        inner = width - margins.left() - margins.right()
        body = self.body
        height = body.heightForWidth(inner) if body.hasHeightForWidth() else -1
        height = max(height, body.minimumSizeHint().height())
        return height + margins.top() + margins.bottom()

    def context_width(self) -> int:
        """The width the context's text wraps at: the panel's, or while it is hidden
        (not laid out) its column's, less the frame, the body's margins and a scroll
        bar."""
        width = self.width()
        column = self.parentWidget()
        if not self.isVisible() and column is not None:
            width = column.contentsRect().width()
            column_layout = column.layout()
            if column_layout is not None:
                outer = column_layout.contentsMargins()
                width -= outer.left() + outer.right()
        frame = self.contentsMargins()
        width -= frame.left() + frame.right()
        body_layout = self.body.layout()
        if body_layout is not None:
            inner = body_layout.contentsMargins()
            width -= inner.left() + inner.right()
        return width - self.context_area.verticalScrollBar().sizeHint().width()

    def _fit(self) -> bool:
        """Grow to the prompt's height if it needs more than the panel keeps, shrink to
        it if the height kept takes too much of the column (True: the inspector is
        asked to lay the panel out again)."""
        wanted = self.wanted_height(self.width())
        column = self.parentWidget()
        room = column.height() if column is not None else self._height
        kept = self._height <= room * KEEP_SHARE and self._height - wanted <= room * KEEP_SPARE
        if wanted == self._height or (wanted < self._height and kept):
            return False
        self._height = wanted
        if self.isWindow():  # on its own (a test's): no layout gives it its height
            self.resize(max(self.width(), self.sizeHint().width()), wanted)
        self.updateGeometry()
        return True

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The body (in no layout of the panel's) asks to be laid out again: the panel
        # fits it, the scroll area around it follows.
        if event.type() == QEvent.Type.LayoutRequest and watched is self.scroller.viewport():
            self._fit()
        return False

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002 - Qt's name
        # Tab within the answers: the whole box that takes the focus shows. The scroll
        # area only shows a line edit's cursor, which may sit in sight while the box's
        # frame is cut off at the viewport's edge.
        moved = super().focusNextPrevChild(next)
        focus = self.window().focusWidget()
        if moved and focus is not None and self.body.isAncestorOf(focus):
            viewport = self.scroller.viewport()
            top = focus.mapTo(self.body, focus.rect().topLeft()).y()
            bar = self.scroller.verticalScrollBar()
            if top < bar.value():
                bar.setValue(top)
            elif top + focus.height() > bar.value() + viewport.height():
                bar.setValue(top + focus.height() - viewport.height())
        return moved

    def resizeEvent(self, event: QResizeEvent) -> None:
        if event.oldSize().width() != event.size().width():
            self.hold_lines(False)  # its lines wrap anew
        self.scroller.setGeometry(self.contentsRect())
        if event.oldSize().width() != event.size().width():
            # Another width: the prompt's own height at it (its lines wrap anew).
            wanted = self.wanted_height(self.width())
            if wanted != self._height:
                self._height = wanted
                self.updateGeometry()

    def showEvent(self, event: QShowEvent) -> None:
        self._fit()

    def hideEvent(self, event: QHideEvent) -> None:
        self._height = 0  # shown again: its prompt's own height
        self.hold_lines(False)

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
        # Nothing is laid out while the prompt changes (a row shown, a text of more
        # lines): the panel takes the height it needs first, then lays out once.
        layout = self.body.layout()
        assert layout is not None
        layout.setEnabled(False)
        asks = ""
        if prompt.asks is not None:
            asks = f" — {self._document.encounter.combatant(prompt.asks).name} decides"
        self.title.setText(prompt.title + asks)
        self.question.setText(prompt.question)
        self.context.setText("\n".join(prompt.context))
        self.context.ensurePolished()  # its font (`text_font`) decides a line's height
        metrics = self.context.fontMetrics()
        line = metrics.lineSpacing()
        # The lines the context takes at the panel's width, up to a few: a height known
        # without laying the text out (its lines wrapped by the font's
        # metrics; a line a context line showed one that wrapped a line and a half).
        room = self.context_width()
        measured = (prompt.context, room, self.context.font().key())
        if self._wrapped is None or self._wrapped[0] != measured:
            # Measured again only when it changed (AP countdown's AP table, the same
            # from one declarer to the next, is a score of lines measured at each step).
            self._wrapped = (measured, sum(wrapped_lines(metrics, t, room) for t in prompt.context))
        lines = context_lines(self._wrapped[1], len(prompt.answers))
        height = lines * line + 8
        if self.context_area.isHidden() and prompt.context:
            # Its width in the panel before it shows: one resize (its text laid
            # out once), not one at the width it last had and another at the panel's.
            margins = layout.contentsMargins()
            width = self.body.width() - margins.left() - margins.right()
            self.context_area.resize(width, height)
        if self.context_area.height() != height or self.context_area.minimumHeight() != height:
            self.context_area.setFixedHeight(height)
        self.context_area.setVisible(bool(prompt.context))
        rows = self.answer_rows
        self._show_answers(prompt.answers)
        if self.answer_rows != rows:  # another question, not the same one for another
            self._texts[1].setMinimumHeight(0)  # (its lines not held: `hold_lines`)
        self.keys_hint.setText(self._keys_text())
        for box in (*self._texts, *self.answer_rows):
            box.follow()  # their heights for the panel's, now
        layout.setEnabled(True)
        layout.invalidate()
        grown = self._fit()
        if self.isHidden():
            self.show()
        # The answers have their place before any click (a row shown waits for the
        # next pass of the event loop to be laid out): the column, then the panel.
        column = self.parentWidget()
        outer = column.layout() if column is not None and grown else None
        if outer is not None:
            self.grown.emit()
            outer.activate()
        layout.activate()
        self.hold_lines()

    def _keys_text(self) -> str:
        """The line under the answers: the keys, and what Enter does in a box."""
        last = self.key_buttons[min(len(self.key_buttons), KEYED) - 1].shortcut().toString()
        text = f"Keys: Ctrl+1 … {last}, as on the buttons" if len(self.key_buttons) > 1 else ""
        text = text or f"Key: {last}"
        if any(form is not None for form in self.answer_forms):
            text += "; Enter in a box answers with what it holds"
        return text

    def shortcut_rows(self) -> list[tuple[str, str]]:
        """(what, keys) for the buttons of the prompt shown now (the help window)."""
        title = self.title.text() if self.prompt is not None else ""
        return [
            (f"Prompt “{title}”: {b.toolTip().rsplit('  [', 1)[0]}", b.shortcut().toString())
            for b in self.key_buttons
            if not b.shortcut().isEmpty()
        ]

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
                stacked(answer),
            )
            row = next((r for r in spare if r.shape == shape), None)
            if row is None:
                row = AnswerRow(answer, shape, self)
                self._rows.append(row)
            else:
                spare.remove(row)
            chosen.append(row)
        asks = self.prompt.asks if self.prompt is not None else None
        deciding = self._document.encounter.find(asks) if asks is not None else None
        key = 1
        for position, row in enumerate(chosen):
            if self._answers_box.indexOf(row) != position:
                self._answers_box.removeWidget(row)
                self._answers_box.insertWidget(position, row)
            key = row.show_answer(position + 1, answers[position], key, deciding)
            if row.isHidden():
                row.show()
        for row in spare:
            if not row.isHidden():
                row.hide()
            row.answer = None
            for button in (*row.roll_buttons, row.button):
                button.setShortcut(QKeySequence())  # its keys belong to the rows shown
                button.setObjectName("")
        self.answer_rows = chosen
        self.answer_buttons = [row.button for row in chosen]
        # Every button with its key, in the order shown: a row's Roll buttons, then its own.
        self.key_buttons = [b for row in chosen for b in (*row.roll_buttons, row.button)]
        self.answer_forms = [row.form for row in chosen]

    def answer_row(self, row: AnswerRow) -> bool:
        """The row's button was pressed: send its answer."""
        if row.answer is None:
            return False
        return self.answer(row.answer, row.form, row.rolled)

    def roll_for(self, row: AnswerRow, field_name: str) -> bool:
        """A Roll button: roll the dice of the combatant who decides the current prompt
        into the field and answer at once (the faces go with the answer)."""
        asks = self.prompt.asks if self.prompt is not None else None
        if asks is None or row.form is None:
            return False
        return self._roll(row, row.form.editors[field_name].field, asks) and self.answer_row(row)

    def _roll(self, row: AnswerRow, field: Field, combatant_id: str) -> bool:
        """Roll the deciding combatant's dice into the field (False: they cannot be)."""
        assert row.form is not None
        combatant = self._document.encounter.combatant(combatant_id)
        expression = str(combatant.stats.get(field.roll_from, "")).strip()
        try:
            rolled = roll_faces(expression, self.rng)
        except CommandError as error:
            row.form.show_error(field.name, f"{combatant.name}: {error.message}")
            return False
        row.form.editors[field.name].set_value(rolled.total)
        row.rolled[field.name] = rolled
        return True

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
                    from tracker.engine.rolls import RolledAction  # not at start-up

                    command = RolledAction(command.action, command.combatant_id, params, rolls)
                else:
                    command = dataclasses.replace(command, params=params)
        return self._document.apply(command)
