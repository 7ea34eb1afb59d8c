"""The turns to come, current first: who, when (round and phase) and what it grants.

The list covers this round and the next, but the model only materialises the rows a
view has asked for (`canFetchMore`/`fetchMore`, a page at a time as the GM scrolls),
so a War of 1,000 costs what is on screen. Rows are keyed by the ruleset's turn keys;
after each change the list is brought in step with row removals, moves (a delay, a
drag, an Initiative change) and insertions (ending a turn removes one row), never a
reset, and only rows whose contents changed are repainted.

A view asks every cell shown for a dozen roles at each paint and measure, and an End
Turn shifts every row: the values read are kept by turn (its key, and whether it is the
current turn at the top) until that turn changes, so a row that moved costs lookups.

A `lazy` model (the main window's) keeps only the first `GLANCE` turns (what the up-next
strip reads) while nothing needs the whole list: the views it `follow`s are hidden and
nobody `hold`s it. As soon as one does, the rest is brought in by the same row
insertions. A holder may say how many of the first turns it needs (`Need`: the
players' proxy, for the players' screen and the LAN feed, one round of the turns they
see): the model then works out that many, not the whole list."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QWidget

from tracker.engine.errors import CommandError
from tracker.engine.health import is_defeated
from tracker.engine.ruleset import Turn
from tracker.engine.session import SessionEvent
from tracker.engine.state import Combatant
from tracker.qt.appearance import appearance, muted_brush
from tracker.qt.brushes import solid
from tracker.qt.document import EncounterDocument
from tracker.qt.models.fixed_columns import FixedColumns
from tracker.qt.models.keyed_rows import sync_keys
from tracker.qt.palette import CELL_COLORS, SIDE_COLORS

TurnRole = Qt.ItemDataRole.UserRole + 20
Index = QModelIndex | QPersistentModelIndex
Key = tuple[Any, ...]  # a turn's key
PAGE = 100  # rows materialised at first, and added by each fetchMore
GLANCE = 8  # rows a lazy model keeps while unwatched: the current turn and up-next's 5
SPARE = 2  # turns looked at beyond the holders' last need (ending a turn moves it on)
# How many of these first turns a holder needs (None: more than these).
Need = Callable[[Sequence[Turn]], int | None]
DRAG_HERE = (
    "The turn order follows the fight's own order and cannot be dragged: drag the "
    "combatant in the fight view instead, where the rules leave the order to the GM."
)


class TurnOrderModel(FixedColumns, QAbstractTableModel):
    COLUMNS = ("Name", "When", "Grants")

    def __init__(
        self, document: EncounterDocument, parent: QObject | None = None, lazy: bool = False
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._limit = PAGE
        self._more = False
        self._lazy = lazy
        self._followed: list[QObject] = []  # views whose showing needs the whole list
        self._shown: set[int] = set()  # ids of the followed views shown now
        # The ids of the objects that hold the model → what each needs (None: the whole).
        self._holders: dict[int, Need | None] = {}
        self._reach = 0  # how many turns the holders needed at the last look
        self._turns: list[Turn] = self._fetch()
        self._keys = [turn.key for turn in self._turns]
        # (turn key, at the top) → (column, role) → value, as worked out for the views
        self._kept: dict[tuple[Key, bool], dict[tuple[int, int], Any]] = {}
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)
        appearance().changed.connect(self._forget_colours)

    def _forget_colours(self) -> None:
        """Another scheme: the kept values hold the old one's colours. (The views repaint
        whole on a new palette and read the values afresh; nothing is announced, and
        nothing of Qt's is touched here: the model may be on its way out.)"""
        self._kept.clear()

    def refuse_drag(self) -> None:
        """A drag in the list of turns to come: it moves nothing, and says where to."""
        self._document.refused.emit(DRAG_HERE, "")

    # --- who needs the whole list (a lazy model) --------------------------------------
    def follow(self, view: QObject) -> None:
        """While `view` is shown the whole list is kept (a lazy model)."""
        self._followed.append(view)
        view.installEventFilter(self)
        if isinstance(view, QWidget) and view.isVisible():
            self._shown.add(id(view))
        view.destroyed.connect(partial(self._release, id(view)))

    def hold(self, holder: QObject, need: Need | None = None) -> None:
        """`holder` reads the list until it is destroyed: the whole list, or as many of
        the first turns as `need` says (kept with the model: no reference to `holder`)."""
        holder.destroyed.connect(partial(self._release, id(holder)))
        self._holders[id(holder)] = need
        self._catch_up()

    def _release(self, key: int) -> None:
        self._holders.pop(key, None)
        self._shown.discard(key)
        self._followed = [view for view in self._followed if id(view) != key]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Show:
            self._shown.add(id(watched))
            self._catch_up()
        elif kind == QEvent.Type.Hide:
            self._shown.discard(id(watched))  # the rows go at the next change
        return False

    def _whole(self) -> bool:
        return not self._lazy or bool(self._shown) or None in self._holders.values()

    def _catch_up(self) -> None:
        """Needed whole, or further: the turns beyond come in as inserted rows."""
        if self._more:
            fresh = self._fetch()
            if len(fresh) > len(self._turns):
                self._sync(fresh, frozenset())

    def _fetch(self) -> list[Turn]:
        """The first `_limit` turns, or while unwatched a glance's and as many as the
        holders need; notes whether more are to come."""
        if self._whole():
            return self._first(self._limit)
        needs = [need for need in self._holders.values() if need is not None]
        count = max(GLANCE, self._reach + SPARE) if needs else GLANCE
        count = min(count, self._limit)
        turns = self._first(count)
        reach = [need(turns) for need in needs]
        while None in reach and self._more and count < self._limit:
            count = min(2 * count, self._limit)  # too few: look twice as far
            turns = self._first(count)
            reach = [need(turns) for need in needs]
        self._reach = max((len(turns) if n is None else n for n in reach), default=0)
        rows = max(GLANCE, self._reach)
        self._more = self._more or len(turns) > rows
        return turns[:rows]

    def _first(self, count: int) -> list[Turn]:
        """The first `count` turns; notes whether more are to come."""
        turns = self._document.session.upcoming_turns(count + 1)
        self._more = len(turns) > count
        return turns[:count]

    def canFetchMore(self, parent: Index) -> bool:
        return not parent.isValid() and self._more and self._whole()

    def fetchMore(self, parent: Index) -> None:
        if parent.isValid() or not self._more or not self._whole():
            return
        self._limit += PAGE
        turns = self._fetch()
        first = len(self._turns)
        if len(turns) > first:
            self.beginInsertRows(QModelIndex(), first, len(turns) - 1)
            self._turns = turns
            self._keys = [turn.key for turn in turns]
            self.endInsertRows()

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._turns)

    def turn_at(self, row: int) -> Turn | None:
        return self._turns[row] if 0 <= row < len(self._turns) else None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = index.row()
        turn = self.turn_at(row) if index.isValid() else None
        if turn is None:
            return None
        kept = self._kept.get((turn.key, row == 0))
        if kept is None:
            kept = self._kept[(turn.key, row == 0)] = {}
        asked = (index.column(), int(role))
        if asked in kept:
            return kept[asked]
        value = kept[asked] = self._work_out(turn, row, index.column(), role)
        return value

    def _work_out(self, turn: Turn, row: int, column: int, role: int) -> Any:
        is_current = row == 0 and self._document.session.current_turn() == turn
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return self._name(turn)
            if column == 1:
                if turn.round <= 0:  # setting up: the order as it will be
                    return turn.phase
                return f"{self._document.ruleset.round_name} {turn.round} · {turn.phase}"
            return turn.grant
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            combatant = self._combatant(turn)
            return QColor(SIDE_COLORS[combatant.side]) if combatant else None
        if role == Qt.ItemDataRole.BackgroundRole and is_current:
            return solid(CELL_COLORS["current"])
        if role == Qt.ItemDataRole.ForegroundRole and is_current:
            return solid("#000000")
        defeated = role in (Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.FontRole) and (
            self._defeated(turn)
        )
        if role == Qt.ItemDataRole.ForegroundRole and defeated:
            return muted_brush()
        if role == Qt.ItemDataRole.FontRole and (is_current or defeated):
            font = QFont()
            font.setBold(is_current)
            font.setStrikeOut(defeated)  # a defeated combatant's turn: struck, and named so
            return font
        if role == TurnRole:
            return turn
        return None

    def _combatant(self, turn: Turn) -> Combatant | None:
        if turn.combatant_id is None:
            return None
        try:
            return self._document.encounter.combatant(turn.combatant_id)
        except CommandError:  # the combatant left; the row is about to go
            return None

    def _defeated(self, turn: Turn) -> bool:
        combatant = self._combatant(turn)
        return combatant is not None and is_defeated(self._document.ruleset, combatant)

    def _name(self, turn: Turn) -> str:
        """The name alone: the players' screen shows it too (their proxy drops the
        fonts and colours that mark a defeated combatant's turn for the GM)."""
        combatant = self._combatant(turn)
        return combatant.name if combatant else (turn.title or "—")

    def _on_replaced(self) -> None:
        self.beginResetModel()
        self._kept.clear()
        self._limit = PAGE
        self._turns = self._fetch()
        self._keys = [turn.key for turn in self._turns]
        self.endResetModel()

    def _on_changed(self, event: SessionEvent) -> None:
        self._sync(self._fetch(), event.changes.combatants)

    def _sync(self, fresh: list[Turn], names_changed: Collection[str]) -> None:
        """Bring the rows in step with `fresh` (the combatants `names_changed` may show
        otherwise): rows removed, moved and inserted, the changed ones repainted."""
        by_key = {turn.key: turn for turn in fresh}
        old = {turn.key: turn for turn in self._turns}
        root = QModelIndex()
        unchanged = self._unchanged(fresh, old, names_changed)
        self._keep_only(unchanged)  # before any row signal: a view may read at once

        def begin_insert(first: int, last: int) -> None:
            self.beginInsertRows(root, first, last)

        def end_insert() -> None:
            self._turns = [by_key[key] for key in self._keys]
            self.endInsertRows()

        def end_remove() -> None:
            self._turns = [old[key] for key in self._keys]
            self.endRemoveRows()

        def begin_move(source: int, destination: int) -> bool:
            return self.beginMoveRows(root, source, source, root, destination)

        def end_move() -> None:
            self._turns = [old[key] for key in self._keys]
            self.endMoveRows()

        synced = sync_keys(
            self._keys,
            [turn.key for turn in fresh],
            begin_remove=lambda first, last: self.beginRemoveRows(root, first, last),
            end_remove=end_remove,
            begin_insert=begin_insert,
            end_insert=end_insert,
            begin_move=begin_move,
            end_move=end_move,
        )
        assert synced  # with moves, any new order is reached row by row
        self._turns[:] = fresh
        self._keep_only(unchanged)  # anything read between the row signals was of old turns
        for row, turn in enumerate(fresh):
            before = old.get(turn.key)
            if (
                before is None
                or before.grant != turn.grant
                or before.values != turn.values
                or turn.combatant_id in names_changed
                or row == 0
            ):
                self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.COLUMNS) - 1))

    def _unchanged(
        self, fresh: list[Turn], old: dict[Key, Turn], changed: Collection[str]
    ) -> set[Key]:
        """The keys of the turns that were there before the change and are the same."""
        return {
            turn.key
            for turn in fresh
            if (before := old.get(turn.key)) is not None
            and before == turn
            and before.values == turn.values
            and turn.combatant_id not in changed
        }

    def _keep_only(self, unchanged: set[Key]) -> None:
        """Forget the values of the turns that changed or went, and those of the top row:
        the current turn is worked out anew at each change."""
        self._kept = {
            key: values for key, values in self._kept.items() if key[0] in unchanged and not key[1]
        }
