"""The open encounter as the GUI sees it: one engine `Session`, its Qt undo stack and
the signals every model and view listens to.

Every change the GUI makes goes through `EncounterDocument.apply`, which runs the
engine command and pushes a thin `QUndoCommand` onto the stack, so menus, shortcuts
and undo texts come from Qt while undo itself stays in the engine.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from tracker.engine import Command, CommandError, Session
from tracker.engine.ruleset import AnyRuleset
from tracker.engine.session import SessionEvent
from tracker.engine.state import Encounter
from tracker.qt.heap import settle_after_load


class _EngineUndoCommand(QUndoCommand):
    """Undo/redo of one applied engine command. The command has already been applied
    when this is pushed, so the first `redo` (which `QUndoStack.push` calls) does
    nothing. It holds its document weakly (see `EncounterDocument`)."""

    def __init__(self, document: EncounterDocument, text: str) -> None:
        super().__init__(text)
        self._document = weakref.ref(document)
        self._applied = True

    def redo(self) -> None:
        document = self._document()
        if self._applied or document is None or document.mirroring:
            self._applied = False
            return
        document.run_history_step(document.session.redo)

    def undo(self) -> None:
        document = self._document()
        if document is not None and not document.mirroring:
            document.run_history_step(document.session.undo)


class _Forward:
    """Passes the session's events on to a document it holds weakly."""

    def __init__(self, document: EncounterDocument) -> None:
        self._document = weakref.ref(document)

    def __call__(self, event: SessionEvent) -> None:
        document = self._document()
        if document is not None:
            document.generation += 1
            document.changed.emit(event)


class EncounterDocument(QObject):
    """Owns the session of the open encounter. `changed` carries each engine event;
    `replaced` fires when a whole other encounter is loaded; `refused` carries the
    message (and field name) of a command the engine refused.

    Neither the session nor the undo stack's commands hold the document: a document
    that is dropped is deleted at once, not by Python's cycle collector, which can
    delete a QUndoStack after the wrappers of its commands and crash (PySide 6.11)."""

    changed = Signal(object)  # SessionEvent
    replaced = Signal()
    refused = Signal(str, str)  # message, field ("" if none)
    path_changed = Signal()
    # Before a command, an undo or a redo is applied (a window built in two steps
    # completes itself then, its journal first).
    about_to_change = Signal()

    def __init__(
        self, session: Session, path: Path | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self.session = session
        self.path = path
        self.mirroring = False  # True while the undo stack is rebuilt from a session
        # Counts the session's changes (and sessions replaced): a save that took a
        # snapshot knows whether the encounter changed since (`window_files.save_to`).
        self.generation = 0
        self._forward = _Forward(self)
        session.subscribe(self._forward)
        settle_after_load(len(session.encounter.combatants))

    @property
    def encounter(self) -> Encounter:
        return self.session.encounter

    @property
    def ruleset(self) -> AnyRuleset:
        return self.session.ruleset

    def apply(self, command: Command) -> bool:
        """Apply a command; on refusal emit `refused` and return False (nothing changed)."""
        return self.try_apply(command) is None

    def try_apply(self, command: Command) -> CommandError | None:
        """Apply a command; return the refusal (also emitted as `refused`) or None, for
        callers that show a refusal next to the field it names."""
        self.about_to_change.emit()
        try:
            self.session.apply(command)
        except CommandError as error:
            self.refused.emit(error.message, error.field or "")
            return error
        self.undo_stack.push(_EngineUndoCommand(self, self.session.undo_text))
        return None

    def replace_session(self, session: Session, path: Path | None = None) -> None:
        """Load another encounter: history starts afresh, views reset once."""
        self.session.unsubscribe(self._forward)
        self.session = session
        self.path = path
        self.generation += 1
        session.subscribe(self._forward)
        self.mirror_history()
        self.replaced.emit()
        self.path_changed.emit()
        settle_after_load(len(session.encounter.combatants))

    def run_history_step(self, step: Callable[[], object]) -> None:
        """An undo or redo of the session, from the Qt stack. The engine refuses one whose
        record cannot be read (a damaged journal) and changes nothing; the Qt stack has
        already moved by then, so it is put back in step with the session once the
        stack is done, and the refusal is shown like any other."""
        self.about_to_change.emit()
        try:
            step()
        except CommandError as error:
            self.refused.emit(error.message, error.field or "")
            QTimer.singleShot(0, self, self.mirror_history)

    def mirror_history(self) -> None:
        """Put the session's undo and redo history (a recovered session has some) on the
        Qt stack without running anything again."""
        self.mirroring = True
        try:
            self.undo_stack.clear()
            done = self.session.history
            for applied in [*done, *self.session.undone]:
                self.undo_stack.push(_EngineUndoCommand(self, applied.text))
            self.undo_stack.setIndex(len(done))
        finally:
            self.mirroring = False

    def set_path(self, path: Path | None) -> None:
        self.path = path
        self.path_changed.emit()
