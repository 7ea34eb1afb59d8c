"""The turn order as players see it: hidden combatants' turns dropped, and the shown
current turn (the last visible one while a hidden combatant acts) marked.

The players' lists show one round on (`projection.one_round`): the proxy holds of its
source only the turns that takes (`one_round_reach`), not every turn to come."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import partial
from typing import Any

from PySide6.QtGui import QFont

from tracker.engine.ruleset import Turn
from tracker.qt.brushes import solid
from tracker.qt.document import EncounterDocument
from tracker.qt.models.turn_order_model import TurnOrderModel, TurnRole
from tracker.qt.palette import CELL_COLORS
from tracker.qt.players.proxy_base import Index, PlayersProxy, Role
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.visibility import Visibility

ShownCurrentRole = int(Role.UserRole) + 50  # bool: this row is the turn shown as current
WHEN, GRANTS = 1, 2  # columns of the turn order model
# The actual turn, and the key of the one still shown while a hidden combatant acts.
TurnsNow = tuple[Turn | None, tuple[Any, ...] | None]


class PlayersTurnOrderProxy(PlayersProxy):
    """With `include_current` False the current turn's row is left out too (the players'
    screen shows it large above the list of turns to come)."""

    extra_roles = frozenset({int(TurnRole)})

    def __init__(
        self,
        source: TurnOrderModel,
        public: PublicState,
        *,
        include_current: bool = True,
        parent: Any = None,
        rows: bool = True,
        hold: bool = True,
    ) -> None:
        """`rows` False: the filter alone (see `PlayersProxy`), read by `shown_turns`;
        `hold` False: the model is not held for a round (the shared page filters the
        engine's turns, `shown_turns(turns)`)."""
        super().__init__(source, public, parent, rows=rows)
        self._source = source  # its source for good: asked at every row it filters
        self.include_current = include_current
        self._now: TurnsNow | None = None  # while `_follow` re-filters: asked once
        if rows:
            public.updated.connect(self._follow)
        if hold:  # The players see one round on, whatever the GM's panes show.
            source.hold(self, partial(one_round_reach, public.document))

    def turn_model(self) -> TurnOrderModel:
        return self._source

    def turn_at(self, row: int) -> Turn | None:
        """The turn on this proxy row, as the players may be told it."""
        index = self.index(row, 0)
        turn = self.turn_model().turn_at(self.mapToSource(index).row()) if index.isValid() else None
        return self.public.public_turn(turn) if turn is not None else None

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        turn = self._source.turn_at(source_row)
        if turn is None:
            return False
        return self._accepts(source_row, turn, self._now)

    def _accepts(
        self,
        source_row: int,
        turn: Turn,
        now: TurnsNow | None,
        visibility: Visibility | None = None,
    ) -> bool:
        """The row filter (`now`: `_turns_now()`, asked here when None; `visibility`:
        the players', read here when None)."""
        shown = self.public.visibility if visibility is None else visibility
        if not shown.turn_is_visible(turn):
            return False
        if self.include_current:
            return True
        actual, held_key = now if now is not None else self._turns_now()
        if source_row == 0 and turn == actual:
            return False
        # While a hidden combatant acts, the turn still shown as current is not also "to
        # come" (a creature that waited keeps its turn's key: it is not listed twice).
        return held_key is None or turn.key != held_key

    def shown_turns(self, turns: Sequence[Turn] | None = None) -> Iterator[Turn]:
        """The turns of its rows in order, as the model behind it has them: its filter run
        over the model's turns, without a `QModelIndex` (and the model's callbacks Qt
        makes for each) a row. The same rows, as long as it has re-filtered since the
        last change (`_follow`; the board and the page read it after). `turns`: the
        filter run over these instead (the engine's, the current turn first)."""
        accepts, now, visibility = self._accepts, self._turns_now(), self.public.visibility
        rows: Iterable[Turn | None] = turns if turns is not None else self._model_turns()
        for source_row, turn in enumerate(rows):
            if turn is not None and accepts(source_row, turn, now, visibility):
                yield turn

    def _model_turns(self) -> Iterator[Turn | None]:
        model = self.turn_model()
        return map(model.turn_at, range(model.rowCount()))

    def _turns_now(self) -> TurnsNow:
        """What the filter asks of every row: the actual turn, and the key of the turn
        still shown as current while a hidden combatant acts (None if none)."""
        actual, shown = self.public.actual_turn(), self.public.shown_turn()
        held = shown is not None and actual is not None and shown.key != actual.key
        return actual, shown.key if held and shown is not None else None

    def _is_shown_current(self, index: Index) -> bool:
        shown = self.public.shown_turn()
        turn = self.turn_model().turn_at(self.mapToSource(index).row())
        return shown is not None and turn is not None and turn.key == shown.key

    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        role = int(role)
        if not index.isValid():
            return None
        if role == ShownCurrentRole:
            return self._is_shown_current(index)
        if role in (int(Role.BackgroundRole), int(Role.ForegroundRole), int(Role.FontRole)):
            return _highlight(role) if self._is_shown_current(index) else None
        told = role == int(Role.DisplayRole) and index.column() in (WHEN, GRANTS)
        if role == int(TurnRole) or told:
            return self._public_data(index, role)
        return super().data(index, role)

    def _public_data(self, index: Index, role: int) -> Any:
        """The turn, its "when" and what it grants as the players may be told them (a
        place in the order counts only the combatants they see)."""
        turn = self.turn_model().turn_at(self.mapToSource(index).row())
        if turn is None:
            return None
        public = self.public.public_turn(turn)
        if role == int(TurnRole):
            return public
        if index.column() == GRANTS:
            return self.public.visibility.safe(public.grant)
        if public.round <= 0:
            return self.public.visibility.safe(public.phase)
        round_name = self.public.document.ruleset.round_name
        return self.public.visibility.safe(f"{round_name} {public.round} · {public.phase}")

    def _follow(self) -> None:
        """After each engine event: re-filter the rows (the current turn moves on, the turn
        held while a hidden one acts; Qt signals only the rows whose answer changed, and
        nothing when none did), and repaint the current-turn mark."""
        self._now = self._turns_now()
        try:
            self.refilter_rows()
        finally:
            self._now = None
        if self.include_current and self.rowCount() > 0:
            self.dataChanged.emit(
                self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1)
            )


def one_round_reach(document: EncounterDocument, turns: Sequence[Turn]) -> int | None:
    """How many of `turns` (the current one first) the players' list of one round on
    needs (None: more than these). The list ends at a visible combatant's second turn
    (`projection.one_round`), past the current turn: so far, while a visible combatant
    or no one acts. While a hidden combatant acts the list also leaves out the turn
    still shown as current, which may be any visible one's: then the count goes to
    where the list ends even without one turn more, a visible combatant's third turn
    or a second one's second. Who is visible is read off the encounter (the players'
    state hears the change later)."""
    encounter = document.encounter

    def hidden(holder: str | None) -> bool:
        combatant = encounter.find(holder) if holder is not None else None
        return holder is not None and (combatant is None or combatant.hidden)

    held = bool(turns) and hidden(turns[0].combatant_id)  # one more turn may be left out
    seen: dict[str, int] = {}
    repeated = 0
    for count, turn in enumerate(turns[1:], start=2):
        holder = turn.combatant_id
        if holder is None or hidden(holder):
            continue
        times = seen[holder] = seen.get(holder, 0) + 1
        repeated += times == 2
        if (repeated and not held) or times == 3 or repeated == 2:
            return count
    return None


def _highlight(role: int) -> Any:
    if role == int(Role.BackgroundRole):
        return solid(CELL_COLORS["current"])
    if role == int(Role.ForegroundRole):
        return solid("#000000")
    font = QFont()
    font.setBold(True)
    return font
