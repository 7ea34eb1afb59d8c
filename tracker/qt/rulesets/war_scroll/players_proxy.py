"""The War Scroll grid as players see it: hidden combatants' rows dropped, and so are
Segment columns only hidden combatants have Turns in; while a hidden combatant acts,
no cell is marked as the current one (its own row is dropped)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from tracker.engine.state import Combatant
from tracker.qt.palette import CELL_COLORS, CELL_TEXT
from tracker.qt.players.proxy_base import Index, PlayersProxy, Role
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.visibility import public_stats
from tracker.qt.rich_text import plain_tip
from tracker.qt.rulesets.war_scroll.model import StateRole, WarScrollModel


def combatant_on_row(model: WarScrollModel, row: int) -> Combatant | None:
    """The combatant on a row of the GM's grid model, as that model has it right now
    (its mirror of the order, which can lag the encounter while it replays an event)."""
    return model.combatant_at(row)


class PlayersWarScrollProxy(PlayersProxy):
    extra_roles = frozenset({int(StateRole)})

    def __init__(
        self, source: WarScrollModel, public: PublicState, parent: Any = None, *, rows: bool = True
    ) -> None:
        """`rows` False: the filters alone (see `PlayersProxy`), for the shared page."""
        super().__init__(source, public, parent, rows=rows)
        self._source = source  # its source for good: asked at every row and column
        if rows:
            public.updated.connect(self._follow)

    def grid_model(self) -> WarScrollModel:
        return self._source

    def shown_columns(self) -> list[int]:
        """The source's columns it lets through, in order: its column filter run over
        them (the columns it has once it has re-filtered, without mapping one)."""
        accepts, root = self.filterAcceptsColumn, QModelIndex()
        return [c for c in range(self._source.columnCount()) if accepts(c, root)]

    def is_gap(self, column: int) -> bool:
        """The empty column between numbered and lettered Segments."""
        return 0 <= column < self.columnCount() and (
            self.headerData(column, Qt.Orientation.Horizontal) == ""
        )

    def combatant_at(self, row: int) -> Combatant | None:
        index = self.index(row, 0)
        if not index.isValid():
            return None
        return combatant_on_row(self.grid_model(), self.mapToSource(index).row())

    # --- filtering --------------------------------------------------------------------
    def accepted_row(self, source_row: int) -> bool:
        combatant = combatant_on_row(self.grid_model(), source_row)
        return combatant is not None and self.public.is_visible(combatant.id)

    def accepted(self) -> list[bool]:
        """Every row at once (a reset: 5,000 asks at a large fight's open), who is
        visible read once."""
        model = self.grid_model()
        at, visible = model.combatant_at, self.public.visibility.visible_ids
        return [
            combatant is not None and combatant.id in visible
            for combatant in map(at, range(model.rowCount()))
        ]

    def filterAcceptsColumn(self, source_column: int, source_parent: Index) -> bool:
        source = self.grid_model()
        if source.is_gap(source_column):  # a gap only before lettered Segments shown
            return any(
                self._has_turns(column) for column in range(source_column + 1, source.columnCount())
            )
        return self._has_turns(source_column)

    def _has_turns(self, source_column: int) -> bool:
        """Some visible combatant has (or had) a Turn in this Segment."""
        source = self.grid_model()
        for row in range(source.rowCount()):
            combatant = combatant_on_row(source, row)
            if combatant is None or not self.public.is_visible(combatant.id):
                continue
            cell = source.cell_at(row, source_column)
            if cell is not None and cell[1] != "none":
                return True
        return False

    # --- data -------------------------------------------------------------------------
    def _state(self, index: Index) -> str | None:
        state = super().data(index, StateRole)
        return state if isinstance(state, str) else None

    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        role = int(role)
        if not index.isValid():
            return None
        if role == int(StateRole):
            return self._state(index)
        if role == int(Role.ToolTipRole):
            return None
        if role in (int(Role.BackgroundRole), int(Role.ForegroundRole), int(Role.FontRole)):
            state = self._state(index)
            if state is None:
                return None
            if role == int(Role.BackgroundRole):
                return QBrush(QColor(CELL_COLORS[state]))
            if role == int(Role.ForegroundRole):
                return QBrush(QColor(CELL_TEXT[state]))
            if state != "current":
                return None
            font = QFont()
            font.setBold(True)
            return font
        return super().data(index, role)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Role.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Vertical and int(role) == int(Role.ToolTipRole):
            combatant = self.combatant_at(section)
            if combatant is None:
                return None
            document = self.public.document
            stats = public_stats(document.ruleset, document.encounter, combatant)
            shown = self.public.visibility.safe(f"{combatant.name}: {stats}" if stats else "")
            return plain_tip(shown)
        return super().headerData(section, orientation, role)

    # --- following --------------------------------------------------------------------
    def _follow(self) -> None:
        """After each engine event: drop or bring back Segment columns, and repaint (the
        cell shown as current may have moved)."""
        self.beginFilterChange()
        self.endFilterChange(QSortFilterProxyModel.Direction.Columns)
        if self.rowCount() > 0 and self.columnCount() > 0:
            self.dataChanged.emit(
                self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1)
            )
