"""A field given the value it already shows is left alone: the editor is filled again
at every change of its combatant (an End Turn touching it), and the notes were laid out
and repainted anew, their cursor and undo lost, for the same text."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor

from tracker.engine.fields import Field
from tracker.qt.widgets.field_editors import FieldEditor

NOTES = Field("notes", "Notes", "text", "")
NAME = Field("name", "Name", "text", "")


def test_the_notes_keep_their_cursor_and_undo_for_the_same_text(qtbot):
    editor = FieldEditor(NOTES, multiline=True)
    qtbot.addWidget(editor)
    box = editor.input
    editor.set_value("Hates goblins")
    box.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(box, "!")
    editor.set_value("Hates goblins!")
    assert box.document().isUndoAvailable()
    assert box.textCursor().position() == len("Hates goblins!")
    assert not editor.edited
    editor.set_value("Loves goblins")  # another text is shown
    assert box.toPlainText() == "Loves goblins"


def test_a_line_keeps_its_cursor_for_the_same_text(qtbot):
    editor = FieldEditor(NAME)
    qtbot.addWidget(editor)
    box = editor.input
    editor.set_value("Ayla")
    box.setCursorPosition(2)
    editor.set_value("Ayla")
    assert box.cursorPosition() == 2
    editor.set_value("Bren")
    assert box.text() == "Bren"
