"""A notes box given the text it already shows keeps it: the editor is filled again at
every change of its combatant (an End Turn touching it), and the notes were laid out
and repainted anew for the same text. Its typing history is forgotten as before (as a
line's is), so Ctrl+Z goes on to the fight."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor

from tracker.engine.fields import Field
from tracker.qt.widgets.field_editors import FieldEditor

NOTES = Field("notes", "Notes", "text", "")


def test_the_notes_keep_their_text_for_the_same_value(qtbot):
    editor = FieldEditor(NOTES, multiline=True)
    qtbot.addWidget(editor)
    box = editor.input
    editor.set_value("Hates goblins")
    box.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(box, "!")
    revision = box.document().revision()
    editor.set_value("Hates goblins!")
    assert box.document().revision() == revision  # not set (laid out) anew
    assert box.textCursor().position() == len("Hates goblins!")
    assert not box.document().isUndoAvailable()  # the history forgotten, as before
    assert not editor.edited
    editor.set_value("Loves goblins")  # another text is shown
    assert box.toPlainText() == "Loves goblins"
    assert box.document().revision() != revision
