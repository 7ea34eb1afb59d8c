"""A document that is dropped is deleted at once, by reference counting: neither its
session nor its undo stack's commands hold it. Left to Python's cycle collector, a
document could be deleted after the wrappers of its undo commands and crash the app
(PySide 6.11: a segmentation fault in `QUndoStack::clear`)."""

from __future__ import annotations

import gc
import weakref

from tracker.engine import AddCombatant, EndTurn, Session, StartEncounter
from tracker.qt.document import EncounterDocument


def test_a_dropped_document_is_deleted_at_once(qapp) -> None:
    session = Session.new("Ambush", "war_scroll")
    document = EncounterDocument(session)
    document.apply(AddCombatant("Aurel", "party", stats={"speed": 17, "swiftness": 9}))
    document.apply(StartEncounter())
    for _ in range(3):
        document.apply(EndTurn())
    document.undo_stack.undo()
    gc.collect()
    gc.disable()  # nothing but reference counting may delete it
    try:
        dropped = weakref.ref(document)
        del document
        assert dropped() is None
    finally:
        gc.enable()
    # The session it followed goes on alone.
    session.apply(EndTurn())
    session.undo()
