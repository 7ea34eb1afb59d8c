"""Revealing a hidden combatant automatically when its first turn comes.

The GM flags hidden combatants ("reveal at first turn"); the flags live here, one
`FirstTurnReveals` per document, not in the encounter (so they are neither saved nor
undone). When a flagged, hidden combatant's turn becomes current through a command
(not an undo or redo), it is revealed with `EditCombatant(id, {"hidden": False})`: a
separate step on the undo stack, applied just after the command that started the turn
(never from inside another command's change event).
"""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtCore import QObject, QTimer, Signal

from tracker.engine import EditCombatant, Session
from tracker.engine.session import SessionEvent
from tracker.qt.document import EncounterDocument


def due_reveal(session: Session, flagged: Collection[str]) -> str | None:
    """The id of the flagged, still hidden combatant whose turn is current, if any."""
    turn = session.current_turn()
    if turn is None or turn.combatant_id is None or turn.combatant_id not in flagged:
        return None
    combatant = next((c for c in session.encounter.combatants if c.id == turn.combatant_id), None)
    return combatant.id if combatant is not None and combatant.hidden else None


class FirstTurnReveals(QObject):
    """`revealed` carries the id of each combatant this revealed. Flags stay set (an
    undo back before the turn and a replay reveals again) until cleared or another
    encounter is loaded."""

    revealed = Signal(str)

    def __init__(self, document: EncounterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self.flagged: set[str] = set()
        self._holder = self._current_holder()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.reveal_due)
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)

    def set_flag(self, combatant_id: str, on: bool = True) -> None:
        """Reveal this combatant at its first turn (or not any more)."""
        if on:
            self.flagged.add(combatant_id)
        else:
            self.flagged.discard(combatant_id)

    def is_flagged(self, combatant_id: str) -> bool:
        return combatant_id in self.flagged

    def reveal_due(self) -> bool:
        """Reveal the flagged hidden combatant whose turn is current; True if one was."""
        combatant_id = due_reveal(self._document.session, self.flagged)
        if combatant_id is None:
            return False
        if not self._document.apply(EditCombatant(combatant_id, {"hidden": False})):
            return False
        self.revealed.emit(combatant_id)
        return True

    def _current_holder(self) -> str | None:
        turn = self._document.session.current_turn()
        return turn.combatant_id if turn is not None else None

    def _on_changed(self, event: SessionEvent) -> None:
        before, self._holder = self._holder, self._current_holder()
        started = self._holder != before  # a turn began in this event
        if event.kind == "apply" and started and due_reveal(self._document.session, self.flagged):
            self._timer.start()  # after every listener has heard this event

    def _on_replaced(self) -> None:
        self.flagged.clear()
        self._timer.stop()
        self._holder = self._current_holder()
