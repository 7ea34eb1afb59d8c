"""The open encounter as the GUI sees it: one engine `Session`, the Qt face of its undo
history and the signals every model and view listens to.

Every change the GUI makes goes through `EncounterDocument.apply`, which runs the
engine command. Undo and redo stay in the engine: `UndoHistory` reads the session's own
history (its texts, what can be undone, where the encounter was last saved) and holds
no Qt object per step, so a long fight keeps its history once.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QObject, Signal

from tracker.engine import Command, CommandError, Session
from tracker.engine.ruleset import AnyRuleset
from tracker.engine.session import SessionEvent
from tracker.engine.state import Encounter
from tracker.qt.heap import settle_after_load


class UndoHistory(QObject):
    """Undo and redo of the document's session, for menus, keys and the title's `*`.

    It replaces a `QUndoStack` that mirrored the session with one command per step, and
    keeps its method and signal names so callers read as before; everything is read
    from the session when asked. The only state of its own is the clean index: the
    length of the session's history when the encounter was last saved (-1 once that
    point cannot come back: a change applied after undoing past it). It holds its
    document weakly (see `EncounterDocument`)."""

    can_undo_changed = Signal(bool)
    can_redo_changed = Signal(bool)
    undo_text_changed = Signal(str)
    redo_text_changed = Signal(str)
    index_changed = Signal(int)
    clean_changed = Signal(bool)

    def __init__(self, document: EncounterDocument) -> None:
        super().__init__(document)
        self._document = weakref.ref(document)
        self._session = document.session
        self._clean_index = self.index()  # what the document opens with is not a change
        self._shown = self._state()

    # --- reading --------------------------------------------------------------------
    def index(self) -> int:
        """How many steps are done (the next undo reverts the last of them)."""
        return self._session.history_size

    def count(self) -> int:
        """Steps done and steps undone (ready to redo)."""
        return self._session.history_size + self._session.undone_size

    def can_undo(self) -> bool:
        return self._session.can_undo

    def can_redo(self) -> bool:
        return self._session.can_redo

    def undo_text(self) -> str:
        return self._session.undo_text

    def redo_text(self) -> str:
        return self._session.redo_text

    def text(self, index: int) -> str:
        """The text of step `index`, the oldest first, the steps undone after those done."""
        steps = [*self._session.history, *self._session.undone]
        return steps[index].text

    def is_clean(self) -> bool:
        return self._clean_index == self.index()

    # --- changing -------------------------------------------------------------------
    def undo(self) -> None:
        """Undo the last step (nothing if there is none; a refusal is shown)."""
        document = self._document()
        if document is not None and self.can_undo():
            document.run_history_step(undo=True)

    def redo(self) -> None:
        document = self._document()
        if document is not None and self.can_redo():
            document.run_history_step(undo=False)

    def set_clean(self) -> None:
        """The encounter as it is now is saved (or need not be)."""
        self._clean_index = self.index()
        self._tell()

    def follow(self, event: SessionEvent) -> None:
        """The session changed: a change applied after undoing past the saved point
        makes that point unreachable."""
        if event.kind == "apply" and self._clean_index >= self.index():
            self._clean_index = -1
        self._tell()

    def restart(self, session: Session) -> None:
        """Follow another session: what it holds of history is unsaved work (a resumed
        journal's), and only an empty history is clean."""
        self._session = session
        self._clean_index = 0
        self._tell()

    def _state(self) -> tuple[bool, bool, str, str, int, bool]:
        return (
            self.can_undo(),
            self.can_redo(),
            self.undo_text(),
            self.redo_text(),
            self.index(),
            self.is_clean(),
        )

    def _tell(self) -> None:
        """Emit the signals of what changed since the last time."""
        state, shown = self._state(), self._shown
        self._shown = state
        signals = (
            self.can_undo_changed,
            self.can_redo_changed,
            self.undo_text_changed,
            self.redo_text_changed,
            self.index_changed,
            self.clean_changed,
        )
        for signal, now, before in zip(signals, state, shown, strict=True):
            if now != before:
                signal.emit(now)


class _Forward:
    """Passes the session's events on to a document it holds weakly."""

    def __init__(self, document: EncounterDocument) -> None:
        self._document = weakref.ref(document)

    def __call__(self, event: SessionEvent) -> None:
        document = self._document()
        if document is not None:
            document.generation += 1
            document.undo_stack.follow(event)
            document.changed.emit(event)
            document.tell_settled()


class EncounterDocument(QObject):
    """Owns the session of the open encounter. `changed` carries each engine event;
    `replaced` fires when a whole other encounter is loaded; `refused` carries the
    message (and field name) of a command the engine refused.

    Neither the session nor the undo history holds the document: a document that is
    dropped is deleted at once, not by Python's cycle collector."""

    changed = Signal(object)  # SessionEvent
    replaced = Signal()
    refused = Signal(str, str)  # message, field ("" if none)
    path_changed = Signal()
    # Before a command, an undo or a redo is applied (a window built in two steps
    # completes itself then, its journal first).
    about_to_change = Signal()
    # Once every listener has heard a change (`changed`) and what follows from it
    # happened (the selection moved off a combatant removed; inside `holding`, the
    # combatants just added selected): for work that is done once per change.
    settled = Signal()

    def __init__(
        self, session: Session, path: Path | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.path = path
        self.undo_stack = UndoHistory(self)
        # Counts the session's changes (and sessions replaced): a save that took a
        # snapshot knows whether the encounter changed since (`window_files.save_to`).
        self.generation = 0
        self._forward = _Forward(self)
        self._holds = 0  # `holding` blocks entered and not left
        self._unsettled = False  # a change told inside them
        session.subscribe(self._forward)
        settle_after_load(len(session.encounter.combatants))

    @contextmanager
    def holding(self) -> Iterator[None]:
        """`settled` waits for the end of the block (a change and its consequences)."""
        self._holds += 1
        try:
            yield
        finally:
            self._holds -= 1
            self._settle()

    def tell_settled(self) -> None:
        """Emit `settled` after a change, unless inside `holding` (then at its end)."""
        self._unsettled = True
        self._settle()

    def _settle(self) -> None:
        if self._holds == 0 and self._unsettled:
            self._unsettled = False
            self.settled.emit()

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
        return None

    def replace_session(self, session: Session, path: Path | None = None) -> None:
        """Load another encounter: history starts afresh, views reset once."""
        self.session.unsubscribe(self._forward)
        self.session = session
        self.path = path
        self.generation += 1
        session.subscribe(self._forward)
        self.undo_stack.restart(session)
        self.replaced.emit()
        self.path_changed.emit()
        settle_after_load(len(session.encounter.combatants))

    def run_history_step(self, *, undo: bool) -> None:
        """Undo or redo a step of the session (`undo_stack` asks). The engine refuses one
        whose record cannot be read (a damaged journal) and changes nothing; the
        refusal is shown like any other."""
        self.about_to_change.emit()
        step = self.session.undo if undo else self.session.redo
        try:
            step()
        except CommandError as error:
            self.refused.emit(error.message, error.field or "")

    def mark_history_unsaved(self) -> None:
        """The session's history (a resumed journal's) is work not saved yet."""
        self.undo_stack.restart(self.session)

    def set_path(self, path: Path | None) -> None:
        self.path = path
        self.path_changed.emit()
