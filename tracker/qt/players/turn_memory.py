"""Which turn the players were shown as current, step by step.

While a hidden combatant acts, the players keep seeing the last visible turn as the
current one, so its turn leaves no trace. That needs memory: the turn shown is kept
per step of the session's history (the number of commands applied), so an undo shows
exactly what was shown at that step before.

There is one `TurnMemory` per document (`TurnMemory.of(document)`, a child of the
document). It remembers from the moment it exists, so the GM's window should create
it when it opens an encounter; a players' screen opened later then still knows the
last visible turn during a hidden one.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from tracker.engine.ruleset import Turn
from tracker.engine.session import SessionEvent
from tracker.engine.state import Encounter
from tracker.qt.document import EncounterDocument
from tracker.qt.players.visibility import Visibility


class TurnMemory(QObject):
    def __init__(self, document: EncounterDocument) -> None:
        super().__init__(document)
        self.setObjectName("players_turn_memory")
        self._document = document
        self._shown_at: dict[int, Turn | None] = {}  # history step → turn shown as current
        self._top = 0  # the highest step remembered (those above were never reached)
        self._last_event: SessionEvent | None = None
        self._record("reset")
        document.changed.connect(self.follow)
        document.replaced.connect(self.follow_replaced)

    @classmethod
    def of(cls, document: EncounterDocument) -> TurnMemory:
        """The document's memory, made (and started) on first use."""
        memory = document.findChild(TurnMemory, "players_turn_memory")
        return memory if isinstance(memory, TurnMemory) else cls(document)

    def follow(self, event: SessionEvent) -> None:
        """Record the step this event led to (once, whoever hears the event first)."""
        if event is self._last_event:
            return
        self._last_event = event
        self._record(event.kind)

    def shown_turn(self, visibility: Visibility) -> Turn | None:
        """The latest turn shown up to now whose holder is still visible (a turn shown
        then may belong to someone hidden since); None before any."""
        step = self._document.session.history_size
        while step in self._shown_at:
            turn = self._shown_at[step]
            if turn is None or visibility.turn_is_visible(turn):
                return turn
            step -= 1
        return None

    def _record(self, kind: str) -> None:
        session = self._document.session
        step = session.history_size
        actual = session.current_turn()
        if actual is None or _holder_visible(session.encounter, actual):
            self._shown_at[step] = actual
        elif kind != "undo" or step not in self._shown_at:
            # A hidden combatant's turn: the players keep the turn shown a step before.
            self._shown_at[step] = self._shown_at.get(step - 1)
        if kind == "apply":  # the redo history is gone: forget what it showed
            for later in range(step + 1, self._top + 1):
                self._shown_at.pop(later, None)
            self._top = step
        self._top = max(self._top, step)

    def follow_replaced(self) -> None:
        """Another encounter: forget everything (harmless to hear twice)."""
        self._shown_at.clear()
        self._top = 0
        self._last_event = None
        self._record("reset")


def _holder_visible(encounter: Encounter, turn: Turn) -> bool:
    """`Visibility.of(encounter).turn_is_visible(turn)`, asking one look-up instead of
    a pass over the whole fight at each change."""
    if turn.combatant_id is None:
        return True
    holder = encounter.find(turn.combatant_id)
    return holder is not None and not holder.hidden
