"""An undo or redo the engine refuses (its stored record is damaged) changes nothing,
is shown like any refusal, and the undo history the window shows stays the session's."""

from __future__ import annotations

from tracker.engine import AddCombatant, CommandError, Session, StartEncounter
from tracker.engine.changes import ChangeSet
from tracker.engine.stacks import Stack
from tracker.qt.document import EncounterDocument


class _Damaged:
    """An undo record that cannot be read, as a damaged journal line gives."""

    def revert(self) -> ChangeSet:
        raise CommandError("This change cannot be undone or redone: its record is damaged.")

    def reapply(self) -> ChangeSet:
        raise CommandError("This change cannot be undone or redone: its record is damaged.")


def _document() -> EncounterDocument:
    session = Session.new("Ambush", "war_scroll")
    document = EncounterDocument(session)
    document.apply(AddCombatant("Aurel", "party"))
    document.apply(AddCombatant("Brisk", "enemy"))
    document.apply(StartEncounter())
    return document


def test_a_refused_undo_is_shown_and_the_stack_stays_in_step(qtbot) -> None:
    document = _document()
    session = document.session
    done = session.history
    done[1] = done[1]._replace(record=_Damaged())  # the second add
    session._done = Stack(done)
    names = [c.name for c in session.encounter.combatants]

    document.undo_stack.undo()  # the start: fine
    assert document.undo_stack.index() == 2 and len(session.history) == 2
    with qtbot.waitSignal(document.refused) as refused:
        document.undo_stack.undo()  # the damaged one
    assert "damaged" in refused.args[0]
    assert document.undo_stack.index() == 2
    assert [c.name for c in session.encounter.combatants] == names
    assert document.undo_stack.undo_text() == session.undo_text
    # Redo still brings the start back: the stack and the session agree on what is next.
    document.undo_stack.redo()
    assert len(session.history) == 3 and not session.can_redo
    assert document.undo_stack.undo_text() == session.undo_text
    assert document.undo_stack.index() == 3
