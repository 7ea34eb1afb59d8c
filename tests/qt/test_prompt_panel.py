"""The prompt panel asks what the engine's prompt says and answers with its commands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument

from tracker.engine import AddCombatant, RulesetAction, Session
from tracker.engine.changes import Transaction
from tracker.engine.fields import Field
from tracker.engine.kit.typed_access import TypedAccess
from tracker.engine.prompts import Prompt, PromptAnswer
from tracker.engine.ruleset import ActionSpec, Ruleset
from tracker.engine.state import Encounter, StateTypes
from tracker.qt.document import EncounterDocument
from tracker.qt.widgets.prompt_panel import PromptPanel

WHAT = Field("what", "What", "text", "")


@dataclass
class AskingClock:
    answered: str = ""


@dataclass
class Nothing:
    """Kept per combatant and per effect: nothing."""


_typed: TypedAccess[AskingClock, Nothing, Nothing] = TypedAccess(AskingClock, Nothing, Nothing)


class AskingRuleset(Ruleset[AskingClock, Nothing, Nothing]):
    """A ruleset that asks its first combatant whether to react, until answered."""

    id = "asking"
    name = "Asking"
    state_types = StateTypes(AskingClock, Nothing, Nothing)
    actions: ClassVar[tuple[ActionSpec, ...]] = (
        ActionSpec("react", "React", (WHAT,), on="any"),
        ActionSpec("pass", "Pass", on="any"),
    )

    def perform(
        self,
        tx: Transaction,
        encounter: Encounter,
        action: str,
        combatant_id: str | None,
        params: dict[str, Any],
    ) -> None:
        if action == "react" and not params["what"].strip():
            from tracker.engine.errors import CommandError

            raise CommandError("Say what the reaction is.", "what")
        clock = tx.touch_clock(AskingClock)
        clock.answered = f"{action}:{params.get('what', '')}"
        tx.log(f"answered {action}")

    def prompt(self, encounter: Encounter) -> Prompt | None:
        if _typed.clock(encounter).answered or not encounter.combatants:
            return None
        who = encounter.combatants[0].id
        return Prompt(
            key=("react", who),
            title="Reaction?",
            question="The door opens. React?",
            answers=(
                PromptAnswer("React", RulesetAction("react", who), (WHAT,)),
                PromptAnswer("Pass", RulesetAction("pass", who)),
            ),
            asks=who,
            context=("1. The door opens (GM)",),
        )


def _document() -> EncounterDocument:
    ruleset = AskingRuleset()
    session = Session(Encounter("Test", "asking", clock=AskingClock()), ruleset)
    return EncounterDocument(session)


def test_panel_hides_without_a_prompt_and_shows_who_decides(qtbot):
    document = _document()
    panel = PromptPanel(document)
    qtbot.addWidget(panel)
    assert panel.isHidden()
    document.apply(AddCombatant("Ayla", "party"))
    assert not panel.isHidden()
    assert panel.title.text() == "Reaction? — Ayla decides"
    assert panel.context.text() == "1. The door opens (GM)"
    assert [b.text() for b in panel.answer_buttons] == ["React  [Ctrl+1]", "Pass  [Ctrl+2]"]
    assert panel.answer_buttons[1].shortcut().toString() == "Ctrl+2"


class NamingRuleset(AskingRuleset):
    """Asks as `AskingRuleset` does, its context naming every combatant, a line each."""

    def prompt(self, encounter: Encounter) -> Prompt | None:
        asked = super().prompt(encounter)
        if asked is None:
            return None
        names = tuple(f"{c.name} waits" for c in encounter.combatants)
        return Prompt(asked.key, asked.title, asked.question, asked.answers, asked.asks, names)


def test_the_context_shows_names_as_typed_a_line_each_without_a_text_document(qtbot):
    """Plain text: a name's markup and its run of spaces shown as typed, each line of
    the context on its own; no rich text document built for it at each prompt."""
    session = Session(Encounter("Test", "asking", clock=AskingClock()), NamingRuleset())
    document = EncounterDocument(session)
    panel = PromptPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    document.apply(AddCombatant("Big  <b>Orc</b> & co", "enemy"))
    document.apply(AddCombatant("Ayla", "party"))
    qtbot.waitUntil(lambda: panel.context.isVisible())
    assert panel.context.textFormat() == Qt.TextFormat.PlainText
    assert panel.context.text().split("\n") == ["Big  <b>Orc</b> & co waits", "Ayla waits"]
    assert not panel.context.findChildren(QTextDocument)


def test_answer_with_fields_sends_the_typed_values(qtbot):
    document = _document()
    panel = PromptPanel(document)
    qtbot.addWidget(panel)
    document.apply(AddCombatant("Ayla", "party"))
    qtbot.mouseClick(panel.answer_buttons[0], Qt.MouseButton.LeftButton)
    assert document.encounter.clock == AskingClock()  # refused: no text; nothing changed
    panel.answer_forms[0].editors["what"].input.setText("Shield Ward")
    qtbot.mouseClick(panel.answer_buttons[0], Qt.MouseButton.LeftButton)
    assert document.encounter.clock == AskingClock("react:Shield Ward")
    assert panel.isHidden()
    document.undo_stack.undo()
    assert not panel.isHidden()
    qtbot.mouseClick(panel.answer_buttons[1], Qt.MouseButton.LeftButton)
    assert document.encounter.clock == AskingClock("pass:")


def test_a_deleted_panel_no_longer_follows_the_document(qtbot):
    """The panel follows the document through bound methods, which Qt disconnects as
    the panel is deleted (a lambda kept calling into the deleted panel)."""
    document = _document()
    panel = PromptPanel(document)
    shiboken6.delete(panel)

    document.apply(AddCombatant("Late", "party"))

    assert document.encounter.combatants[-1].name == "Late"
