"""The turn order as players see it: hidden combatants' turns dropped, and the shown
current turn (the last visible one while a hidden combatant acts) marked."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QBrush, QColor, QFont

from tracker.engine.ruleset import Turn
from tracker.qt.models.turn_order_model import TurnOrderModel, TurnRole
from tracker.qt.palette import CELL_COLORS
from tracker.qt.players.proxy_base import Index, PlayersProxy, Role
from tracker.qt.players.public_state import PublicState

ShownCurrentRole = int(Role.UserRole) + 50  # bool: this row is the turn shown as current


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
    ) -> None:
        super().__init__(source, public, parent)
        self.include_current = include_current
        public.updated.connect(self._follow)

    def turn_model(self) -> TurnOrderModel:
        model = self.sourceModel()
        assert isinstance(model, TurnOrderModel)
        return model

    def turn_at(self, row: int) -> Turn | None:
        """The turn on this proxy row."""
        index = self.index(row, 0)
        return self.turn_model().turn_at(self.mapToSource(index).row()) if index.isValid() else None

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        turn = self.turn_model().turn_at(source_row)
        if not self.public.visibility.turn_is_visible(turn):
            return False
        return self.include_current or not (source_row == 0 and turn == self.public.actual_turn())

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
        return super().data(index, role)

    def _follow(self) -> None:
        """After each engine event: make sure the first rows are filtered as they should
        be (the current turn moves on), and repaint the current-turn mark."""
        source = self.turn_model()
        for row in range(min(2, source.rowCount())):
            shown = self.mapFromSource(source.index(row, 0)).isValid()
            if shown != self.filterAcceptsRow(row, QModelIndex()):
                self.refilter_rows()
                break
        if self.include_current and self.rowCount() > 0:
            self.dataChanged.emit(
                self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1)
            )


def _highlight(role: int) -> Any:
    if role == int(Role.BackgroundRole):
        return QBrush(QColor(CELL_COLORS["current"]))
    if role == int(Role.ForegroundRole):
        return QBrush(QColor("#000000"))
    font = QFont()
    font.setBold(True)
    return font
