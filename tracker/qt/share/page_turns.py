"""The turns to come the shared page lists, asked of the engine at each state rather than
held by the GM's window's turn order model.

The page shows one round on (`projection.one_round`), ~30 turns at 30 combatants; the
GM's window, its turn order pane hidden, keeps only its glance (`GLANCE`) of them. A
players' proxy holding the model for a round made it work out and keep in step 35 rows
at every change, undo and redo (row moves, repaints and the values kept by turn), for
a page that reads them once per state. The engine answers the same turns (the model's
rows are its answer), and a longer ask goes on from the glance it already foresaw
(Initiative ticks plays End Turn ahead: `turns.Played`). The page's count is foreseen
(`Session.foresee`): the window's glance, asked first at a change, is the start of the
page's turns, the rules asked once a state."""

from __future__ import annotations

from tracker.engine.ruleset import Turn
from tracker.qt.document import EncounterDocument
from tracker.qt.models.turn_order_model import GLANCE, PAGE, SPARE
from tracker.qt.players.turn_order_proxy import one_round_reach


class RoundAhead:
    """As many of the first turns as the players' list of one round on needs
    (`one_round_reach`), as the lazy turn order model holding it for the players would
    keep them: from the glance or the last state's count and `SPARE` turns more, twice as
    far while too few, at most `PAGE`."""

    def __init__(self, document: EncounterDocument) -> None:
        self.document = document
        self._reach = 0  # how many the last state needed

    def turns(self) -> list[Turn]:
        """The current turn first, then those to come, to where the list ends."""
        session, document = self.document.session, self.document
        count = min(max(GLANCE, self._reach + SPARE), PAGE)
        turns = session.upcoming_turns(count)
        reach = one_round_reach(document, turns)
        while reach is None and len(turns) == count < PAGE:
            count = min(2 * count, PAGE)  # too few: look twice as far
            turns = session.upcoming_turns(count)
            reach = one_round_reach(document, turns)
        self._reach = len(turns) if reach is None else reach
        # The GM's window asks for its glance and one more first at the next state: the
        # page's ask then, and one more.
        session.foresee(min(max(GLANCE, self._reach + SPARE), PAGE) + 1)
        return turns[: self._reach]

    def release(self) -> None:
        """No page reads them now: the window's glance alone is asked for."""
        self.document.session.foresee(0)
