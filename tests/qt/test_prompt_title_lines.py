"""The prompt's title and question keep the most lines they took in the fight (issue
26): the due combatant's name wraps them for one and not the next, and a line fewer
laid the whole inspector out again at every step (the answers under them jumped). Another
width or another encounter: their own lines again."""

from __future__ import annotations

import dataclasses

from PySide6.QtWidgets import QVBoxLayout, QWidget

from tests.qt.test_prompt_panel import AskingClock, AskingRuleset, _document
from tracker.engine import AddCombatant, Encounter, Session
from tracker.engine.commands import RemoveCombatant
from tracker.engine.prompts import Prompt
from tracker.qt.document import EncounterDocument
from tracker.qt.widgets.prompt_panel import PromptPanel

LONG = "Fighter of the Northern Marches with a name that wraps"


def _column(qtbot, document: EncounterDocument) -> tuple[QWidget, PromptPanel]:
    """The panel in a short column, as in the inspector beside a long prompt: the
    panel takes most of it (its height is not kept for a shorter prompt)."""
    column = QWidget()
    layout = QVBoxLayout(column)
    panel = PromptPanel(document)
    layout.addWidget(panel)
    layout.addStretch(1)
    column.resize(240, 220)
    qtbot.addWidget(column)
    column.show()
    qtbot.waitExposed(column)
    return column, panel


def _settled(qtbot, column: QWidget) -> None:
    qtbot.wait(1)
    layout = column.layout()
    assert layout is not None
    layout.activate()


def test_the_title_keeps_its_lines_for_a_shorter_name(qtbot):
    document = _document()
    column, panel = _column(qtbot, document)
    document.apply(AddCombatant(LONG, "party"))
    document.apply(AddCombatant("Bo", "party"))
    _settled(qtbot, column)
    title_box = panel.title.parentWidget()
    assert title_box is not None
    tall, panel_height = title_box.height(), panel.height()
    assert tall > panel.title.fontMetrics().lineSpacing() * 2  # the long name wraps

    first = document.encounter.combatants[0].id
    document.apply(RemoveCombatant(first))  # Bo decides now: a title of one line
    _settled(qtbot, column)

    assert panel.title.text() == "Reaction? — Bo decides"
    assert panel.title.heightForWidth(title_box.width()) < tall
    assert title_box.height() == tall
    assert panel.height() == panel_height

    document.undo_stack.undo()
    _settled(qtbot, column)
    assert title_box.height() == tall
    assert panel.height() == panel_height


def test_another_width_or_encounter_gives_the_title_its_own_lines(qtbot):
    document = _document()
    column, panel = _column(qtbot, document)
    document.apply(AddCombatant(LONG, "party"))
    document.apply(AddCombatant("Bo", "party"))
    _settled(qtbot, column)
    document.apply(RemoveCombatant(document.encounter.combatants[0].id))
    _settled(qtbot, column)
    title_box = panel.title.parentWidget()
    assert title_box is not None
    one_line = panel.title.heightForWidth(title_box.width())
    assert title_box.height() > one_line  # kept

    column.resize(260, 220)
    _settled(qtbot, column)
    assert title_box.height() == panel.title.heightForWidth(title_box.width())

    document.apply(AddCombatant(LONG, "party"))
    document.apply(RemoveCombatant(document.encounter.combatants[0].id))  # the long name
    document.undo_stack.undo()  # Bo again, the title held at two lines
    _settled(qtbot, column)
    assert title_box.height() > panel.title.heightForWidth(title_box.width())

    other = Session(Encounter("Other", "asking", clock=AskingClock()), AskingRuleset())
    document.replace_session(other)
    document.apply(AddCombatant("Bo", "party"))
    _settled(qtbot, column)
    assert title_box.height() == panel.title.heightForWidth(title_box.width())


class NamingRuleset(AskingRuleset):
    """The question names who decides (as AP countdown's names the declarer)."""

    def prompt(self, encounter: Encounter) -> Prompt | None:
        asked = super().prompt(encounter)
        if asked is None or asked.asks is None:
            return asked
        name = encounter.combatant(asked.asks).name
        return dataclasses.replace(asked, question=f"The door opens. {name}, react?")


def test_the_question_keeps_its_lines_and_the_answers_their_place(qtbot):
    session = Session(Encounter("Test", "asking", clock=AskingClock()), NamingRuleset())
    document = EncounterDocument(session)
    column, panel = _column(qtbot, document)
    document.apply(AddCombatant(LONG, "party"))
    document.apply(AddCombatant("Bo", "party"))
    _settled(qtbot, column)
    question_box = panel.question.parentWidget()
    assert question_box is not None
    tall = question_box.height()
    answer = panel.answer_buttons[0]
    place = answer.mapTo(panel, answer.rect().topLeft())
    assert tall > panel.question.fontMetrics().lineSpacing() * 2  # the long name wraps

    document.apply(RemoveCombatant(document.encounter.combatants[0].id))  # Bo decides now
    _settled(qtbot, column)

    assert panel.question.text() == "The door opens. Bo, react?"
    assert panel.question.heightForWidth(question_box.width()) < tall
    assert question_box.height() == tall
    answer = panel.answer_buttons[0]
    assert answer.mapTo(panel, answer.rect().topLeft()) == place, "the answers stayed"
