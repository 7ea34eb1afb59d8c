"""What resolves next, as the players may see it: the rows of the track whose action
resolves this round, highest value first, hidden combatants' rows dropped (so their
actions leave no gap) and only the columns the players' panel shows (name, action,
declared → resolves), every text checked for hidden names."""

from __future__ import annotations

from typing import Any

from tracker.engine.state import Combatant
from tracker.qt.players.proxy_base import Index, PlayersProxy, Role
from tracker.qt.players.public_state import PublicState
from tracker.qt.rulesets.ap_countdown.model import ACTION, NAME, SPAN, ResolvesRole, TrackModel

SHOWN_COLUMNS = (NAME, ACTION, SPAN)
ResolvingNowRole = int(Role.UserRole) + 60  # bool: the turn shown as current resolves it


def rank(resolves: int | None, source_row: int) -> tuple[int, int]:
    """The order of the rows: highest resolution first, equal ones in the track's."""
    return (-(resolves if resolves is not None else -(10**9)), source_row)


class PlayersResolutionsProxy(PlayersProxy):
    extra_roles = frozenset({int(ResolvesRole)})

    def __init__(
        self, source: TrackModel, public: PublicState, parent: Any = None, *, rows: bool = True
    ) -> None:
        """`rows` False: the filter alone (see `PlayersProxy`), for the shared page, which
        runs it and sorts by `rank` itself (`CountdownSource.page_rows`)."""
        super().__init__(source, public, parent, rows=rows)
        self._source = source  # its source for good: asked at every row it filters
        if rows:
            self.setDynamicSortFilter(True)
            self.sort(0)
            public.updated.connect(self._follow)

    def track_model(self) -> TrackModel:
        return self._source

    def combatant_at(self, row: int) -> Combatant | None:
        index = self.index(row, 0)
        if not index.isValid():
            return None
        return self.track_model().combatant_at(self.mapToSource(index).row())

    # --- filtering and order ------------------------------------------------------------
    def accepted_row(self, source_row: int) -> bool:
        source = self.track_model()
        combatant, mark = source.combatant_at(source_row), source.mark_at(source_row)
        if combatant is None or mark is None or not self.public.is_visible(combatant.id):
            return False
        return mark.resolves_at is not None and source.phase() == "resolution"

    def accepted(self) -> list[bool]:
        source = self.track_model()
        rows = source.rowCount()
        if source.phase() != "resolution":
            return [False] * rows
        return self.visible_marks(
            rows, source.combatant_at, source.mark_at, lambda mark: mark.resolves_at is not None
        )

    def filterAcceptsColumn(self, source_column: int, source_parent: Index) -> bool:
        return source_column in SHOWN_COLUMNS

    def lessThan(self, left: Index, right: Index) -> bool:
        """Highest resolution first; equal ones in the order of the track."""
        return self._rank(left) < self._rank(right)

    def _rank(self, index: Index) -> tuple[int, int]:
        return rank(index.data(ResolvesRole), index.row())

    # --- data ---------------------------------------------------------------------------
    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        if int(role) == ResolvingNowRole:
            return self._resolving_now(index)
        return super().data(index, role)

    def _resolving_now(self, index: Index) -> bool:
        return self.resolves_now(self.combatant_at(index.row()) if index.isValid() else None)

    def resolves_now(self, combatant: Combatant | None) -> bool:
        """The combatant's row is marked as resolving now (`ResolvingNowRole`)."""
        shown = self.public.shown_turn()
        return (
            shown is not None
            and not self.public.is_held()  # a hidden one resolves: no row is marked
            and combatant is not None
            and shown.combatant_id == combatant.id
            and shown.values.get("kind") == "resolve"
        )

    # --- following ----------------------------------------------------------------------
    def _follow(self) -> None:
        """After each engine event: the phase may have changed (every row's filter), and
        the row shown as resolving now may have moved."""
        self.refilter_rows()
        if self.rowCount() > 0:
            self.dataChanged.emit(
                self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1)
            )
