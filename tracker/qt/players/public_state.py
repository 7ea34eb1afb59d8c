"""The players' side of one open encounter: who they may see, and which turn they are
shown as current (the last visible one while a hidden combatant acts; see
`TurnMemory`).

Create a `PublicState` after the Qt models it is used with: it must hear each engine
event after them, since the proxies re-filter when it reports. One that is needed
before some of its models exist (the players' board hands it to the ruleset's panel,
which makes its own) is made with `listen=False`, then told to `listen()` after them.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from tracker.engine.ruleset import Turn
from tracker.engine.session import SessionEvent
from tracker.qt.document import EncounterDocument
from tracker.qt.players.turn_memory import TurnMemory
from tracker.qt.players.visibility import Visibility


class PublicState(QObject):
    """`updated` follows every engine event (after the models); `visibility_changed`
    only when someone was hidden or revealed (or joined, left or was renamed)."""

    updated = Signal()
    visibility_changed = Signal()

    def __init__(
        self, document: EncounterDocument, parent: QObject | None = None, *, listen: bool = True
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.memory = TurnMemory.of(document)
        self.visibility = Visibility.of(document.encounter)
        self._shown = self.memory.shown_turn(self.visibility)
        self._listening = False
        if listen:
            self.listen()

    def listen(self) -> None:
        """Follow the document from now on (once; later calls do nothing)."""
        if self._listening:
            return
        self._listening = True
        self.document.changed.connect(self._on_changed)
        self.document.replaced.connect(self._on_replaced)

    # --- asking -----------------------------------------------------------------------
    def is_visible(self, combatant_id: str | None) -> bool:
        return self.visibility.is_visible(combatant_id)

    def actual_turn(self) -> Turn | None:
        """The engine's current turn, whoever holds it (never shown as is if hidden)."""
        return self.document.session.current_turn()

    def shown_turn(self) -> Turn | None:
        """The turn the players see as current: the actual one if visible, otherwise the
        last one shown whose holder is still visible (None before any)."""
        return self._shown

    def shown_round(self) -> int:
        """The round (Cycle) the players see: the shown turn's, else the actual one's."""
        turn = self.shown_turn() or self.actual_turn()
        return turn.round if turn is not None else 0

    def is_started(self) -> bool:
        return self.document.ruleset.is_started(self.document.encounter)

    # --- following the engine ---------------------------------------------------------
    def _on_changed(self, event: SessionEvent) -> None:
        self.memory.follow(event)  # a no-op if the memory heard the event already
        before = self.visibility
        self.visibility = Visibility.of(self.document.encounter)
        self._shown = self.memory.shown_turn(self.visibility)
        if self.visibility != before:
            self.visibility_changed.emit()
        self.updated.emit()

    def _on_replaced(self) -> None:
        self.memory.follow_replaced()
        self.visibility = Visibility.of(self.document.encounter)
        self._shown = self.memory.shown_turn(self.visibility)
        self.visibility_changed.emit()
        self.updated.emit()
