"""The players' side of one open encounter: who they may see, and which turn they are
shown as current (see `TurnMemory`).

While a hidden combatant acts, the players see a neutral turn: nobody is named as
acting (`NEUTRAL`, as for a turn that belongs to no one) and no row is marked as
acting, while the numbers that would tell when the hidden turn falls (the tick, the
count, the round) stay those of the last visible turn (`shown_turn`). So a hidden turn
looks like any change of turn, except that the one acting is not shown.

Create a `PublicState` after the Qt models it is used with: it must hear each engine
event after them, since the proxies re-filter when it reports. One that is needed
before some of its models exist (the players' board hands it to the ruleset's panel,
which makes its own) is made with `listen=False`, then told to `listen()` after them.

Another encounter loaded, the models reset before this hears it; a proxy filtering its
rows then asks this already, which works its state out for the new encounter when
first asked (so the rows are filtered once, rightly: `generation` tells a proxy what
it filtered for, `PlayersProxy.refilter_rows`).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from tracker.engine.ruleset import Turn
from tracker.engine.session import SessionEvent
from tracker.qt.document import EncounterDocument
from tracker.qt.players.turn_memory import TurnMemory
from tracker.qt.players.visibility import Visibility

NEUTRAL = "—"  # who acts, while it is a hidden combatant (or no one)


def public_turn(document: EncounterDocument, turn: Turn, visibility: Visibility) -> Turn:
    """The turn as the players may be told it (see `Ruleset.public_turn`)."""
    return document.ruleset.public_turn(document.encounter, turn, visibility.visible_ids)


def shown_now(document: EncounterDocument) -> Turn | None:
    """The turn the players see as current right now, told as they may be told it: the
    actual one if visible, else the last visible one shown (for a printout, say)."""
    visibility = Visibility.of(document.encounter)
    turn = TurnMemory.of(document).shown_turn(visibility)
    return public_turn(document, turn, visibility) if turn is not None else None


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
        self._session = document.session  # the session the state below is of
        self._visibility = Visibility.kept(document.encounter)
        self._shown = self._remembered()
        self._generation = 0  # moves on at each state worked out (a change, a load)
        self._listening = False
        self.last_kind = "reset"  # how the last change came: "apply", "undo", "redo", …
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
    @property
    def visibility(self) -> Visibility:
        """Who the players may see, as of the last change."""
        self._fresh()
        return self._visibility

    @property
    def generation(self) -> int:
        """A number that moves on whenever the state the players are shown (who is
        visible, the turn shown) is worked out anew: at each change, at a load."""
        self._fresh()
        return self._generation

    def is_visible(self, combatant_id: str | None) -> bool:
        return self.visibility.is_visible(combatant_id)

    def actual_turn(self) -> Turn | None:
        """The engine's current turn, whoever holds it (never shown as is if hidden)."""
        return self.document.session.current_turn()

    def shown_turn(self) -> Turn | None:
        """The turn the players see as current: the actual one if visible, otherwise the
        last one shown whose holder is still visible (None before any), as told to the
        players (see `public_turn`)."""
        self._fresh()
        return self._shown

    def is_held(self) -> bool:
        """A hidden combatant acts: the players see a neutral turn (nobody named or
        marked as acting; the last visible turn's numbers)."""
        shown, actual = self.shown_turn(), self.actual_turn()
        return shown is not None and actual is not None and shown.key != actual.key

    def public_turn(self, turn: Turn) -> Turn:
        """The turn as the players may be told it: a place in the order counts only the
        combatants they see, and no text names a hidden one (`Ruleset.public_turn`)."""
        return public_turn(self.document, turn, self.visibility)

    def _remembered(self) -> Turn | None:
        turn = self.memory.shown_turn(self._visibility)
        return self.public_turn(turn) if turn is not None else None

    def shown_round(self) -> int:
        """The round (Cycle) the players see: the shown turn's, else the actual one's."""
        turn = self.shown_turn() or self.actual_turn()
        return turn.round if turn is not None else 0

    def is_started(self) -> bool:
        """The fight has begun as far as the players can tell: it has, and they have been
        shown a turn (a hidden combatant acting first leaves the screen as it was)."""
        started = self.document.ruleset.is_started(self.document.encounter)
        return started and self.shown_turn() is not None

    # --- following the engine ---------------------------------------------------------
    def _on_changed(self, event: SessionEvent) -> None:
        self.last_kind = event.kind
        self.memory.follow(event)  # a no-op if the memory heard the event already
        before = self.visibility
        self._visibility = Visibility.kept(self.document.encounter)
        self._shown = self._remembered()
        self._generation += 1
        if self._visibility != before:
            self.visibility_changed.emit()
        self.updated.emit()

    def _on_replaced(self) -> None:
        self.last_kind = "reset"
        self._fresh()  # (asked already, as the models reset, most often)
        self.visibility_changed.emit()
        self.updated.emit()

    def _fresh(self) -> None:
        """The state worked out for the document's session, if another was loaded
        since (the memory told first: harmless twice)."""
        if self.document.session is not self._session:
            self._session = self.document.session
            self.memory.follow_replaced()
            self._visibility = Visibility.kept(self.document.encounter)
            self._shown = self._remembered()
            self._generation += 1
