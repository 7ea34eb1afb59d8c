"""Which turn the players were shown as current, step by step.

While a hidden combatant acts, the players keep seeing the last visible turn as the
current one, so its turn leaves no trace. That needs memory: the turn shown is kept
per step of the session's history (the number of commands applied), so an undo shows
exactly what was shown at that step before.

The memory keeps no copy of what the engine holds: a step whose actual turn was shown
(the usual case) is one shared mark, that turn being the session's current one whenever
the history is back at that step; only the last `RECENT` steps' actual turns are kept
as objects, for the look back past turns whose holders were hidden since. A hidden
turn's step refers to the turn shown before it (one object for a run of hidden turns).
So a step costs a list slot, not a `Turn` (issue 26: memory grows with the history).

There is one `TurnMemory` per document (`TurnMemory.of(document)`, a child of the
document). It remembers from the moment it exists, so the GM's window should create
it when it opens an encounter; a players' screen opened later then still knows the
last visible turn during a hidden one.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Literal

from PySide6.QtCore import QObject

from tracker.engine.ruleset import Turn
from tracker.engine.session import SessionEvent
from tracker.engine.state import Encounter
from tracker.qt.document import EncounterDocument

if TYPE_CHECKING:
    from tracker.qt.players.visibility import Visibility  # the players' screen's

RECENT = 64  # steps around the current one whose actual turns are kept


class Mark(Enum):
    ACTUAL = "actual"  # the step's actual turn was shown (it was visible then)
    UNKNOWN = "unknown"  # a step never reached, or forgotten


Shown = Turn | None | Mark


class TurnMemory(QObject):
    def __init__(self, document: EncounterDocument) -> None:
        super().__init__(document)
        self.setObjectName("players_turn_memory")
        self._document = document
        self._base = 0  # the step of `_shown[0]`
        self._shown: list[Shown] = []  # per step from `_base`: the turn shown as current
        self._recent: dict[int, Turn] = {}  # step → its actual turn, near the current step
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
        then may belong to someone hidden since); None before any, or when all the
        turns remembered belong to someone hidden now."""
        step = self._document.session.history_size
        while (turn := self._turn_at(step)) is not Mark.UNKNOWN:
            if turn is None or visibility.turn_is_visible(turn):
                return turn
            step -= 1
        return None

    def _turn_at(self, step: int) -> Turn | None | Literal[Mark.UNKNOWN]:
        """The turn shown at `step`: a turn, None (none shown), or UNKNOWN."""
        index = step - self._base
        entry = self._shown[index] if 0 <= index < len(self._shown) else Mark.UNKNOWN
        if entry is not Mark.ACTUAL:
            return entry
        session = self._document.session
        if step == session.history_size:
            return session.current_turn()
        return self._recent.get(step, Mark.UNKNOWN)

    def _record(self, kind: str) -> None:
        session = self._document.session
        step = session.history_size
        actual = session.current_turn()
        if step < self._base:  # undone past the first step remembered
            self._shown[:0] = [Mark.UNKNOWN] * (self._base - step)
            self._base = step
        elif not self._shown:
            self._base = step
        index = step - self._base
        if kind == "apply":  # the redo history is gone: forget what it showed
            del self._shown[index:]
        if index >= len(self._shown):
            self._shown.extend([Mark.UNKNOWN] * (index + 1 - len(self._shown)))
        if actual is None or _holder_visible(session.encounter, actual):
            self._shown[index] = Mark.ACTUAL if actual is not None else None
        elif kind != "undo" or self._shown[index] is Mark.UNKNOWN:
            # A hidden combatant's turn: the players keep the turn shown a step before.
            before = self._turn_at(step - 1)
            self._shown[index] = None if before is Mark.UNKNOWN else before
        self._keep_recent(step, actual, drop_later=kind == "apply")

    def _keep_recent(self, step: int, actual: Turn | None, *, drop_later: bool) -> None:
        if actual is not None:
            self._recent[step] = actual
        else:
            self._recent.pop(step, None)
        far = [s for s in self._recent if abs(s - step) >= RECENT or (drop_later and s > step)]
        for gone in far:
            del self._recent[gone]

    def follow_replaced(self) -> None:
        """Another encounter: forget everything (harmless to hear twice)."""
        self._shown.clear()
        self._recent.clear()
        self._base = 0
        self._last_event = None
        self._record("reset")


def _holder_visible(encounter: Encounter, turn: Turn) -> bool:
    """`Visibility.of(encounter).turn_is_visible(turn)`, asking one look-up instead of
    a pass over the whole fight at each change."""
    if turn.combatant_id is None:
        return True
    holder = encounter.find(turn.combatant_id)
    return holder is not None and not holder.hidden
