"""The base of the players' proxies: a filter over one of the GM's models that passes
only the roles it knows to be safe and re-filters when someone is hidden or revealed."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from tracker.qt.players.public_state import PublicState

Index = QModelIndex | QPersistentModelIndex
Role = Qt.ItemDataRole

# Roles passed through as they are; every other role is answered by the proxy or not
# at all, so a role a GM model adds later cannot leak by accident.
PLAIN_ROLES: frozenset[int] = frozenset(
    {
        int(Role.DecorationRole),
        int(Role.TextAlignmentRole),
        int(Role.BackgroundRole),
        int(Role.ForegroundRole),
        int(Role.FontRole),
    }
)
TEXT_ROLES: frozenset[int] = frozenset({int(Role.DisplayRole), int(Role.ToolTipRole)})


class PlayersProxy(QSortFilterProxyModel):
    """Subclasses implement `filterAcceptsRow` (and may add roles to `extra_roles`)."""

    extra_roles: frozenset[int] = frozenset()

    def __init__(self, source: QAbstractItemModel, public: PublicState, parent: Any = None) -> None:
        super().__init__(parent)
        self.public = public
        self.setSourceModel(source)
        public.visibility_changed.connect(self.refilter_rows)

    def refilter_rows(self) -> None:
        """Re-run the row filter on every row (who is hidden changed)."""
        self.beginFilterChange()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        role = int(role)
        if role in TEXT_ROLES:
            return self.public.visibility.safe(super().data(index, role))
        if role in PLAIN_ROLES or role in self.extra_roles:
            return super().data(index, role)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Role.DisplayRole
    ) -> Any:
        role = int(role)
        if role in TEXT_ROLES:
            return self.public.visibility.safe(super().headerData(section, orientation, role))
        if role in PLAIN_ROLES:
            return super().headerData(section, orientation, role)
        return None
