"""The base of the players' proxies: a filter over one of the GM's models that passes
only the roles it knows to be safe and re-filters when someone is hidden or revealed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from tracker.engine.state import Combatant
from tracker.qt.players.public_state import PublicState

Index = QModelIndex | QPersistentModelIndex
M = TypeVar("M")  # a mark of a track's list
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
    """Subclasses implement `accepted_row` and `accepted` (one row; every row in one
    pass), or `filterAcceptsRow` itself, and may add roles to `extra_roles`.
    With `rows` False it is the filter alone: no source model set, so no rows to keep
    in step with the model's at each change (for the shared page, which reads the
    model through the filter itself: `shown_turns`, `shown_effects`)."""

    extra_roles: frozenset[int] = frozenset()

    def __init__(
        self,
        source: QAbstractItemModel,
        public: PublicState,
        parent: Any = None,
        *,
        rows: bool = True,
    ) -> None:
        super().__init__(parent)
        self.public = public
        self._filtered_for = -1  # the public state's generation the rows were filtered for
        # A pass over every row (a reset of the source, a refilter) answered from one
        # list worked out at its first ask (`accepted`), for the public state's
        # generation then; False: asked row by row (`accepted_row`), as after a change of
        # a few rows. None: a pass is due, not worked out yet.
        self._pass: tuple[int, list[bool]] | bool | None = False
        if rows:
            # Connected before the filter's own slots (`setSourceModel`): the pass is
            # set up or given up before Qt asks the filter again.
            source.modelAboutToBeReset.connect(self._whole_pass)
            for signal in (
                source.rowsAboutToBeInserted,
                source.rowsAboutToBeRemoved,
                source.rowsAboutToBeMoved,
                source.layoutAboutToBeChanged,
                source.dataChanged,
            ):
                signal.connect(self._row_by_row)
            self.setSourceModel(source)
            # After Qt's own slot, which filtered every row as the public state is now.
            source.modelReset.connect(self._note_filtered)
            public.visibility_changed.connect(self.refilter_rows)

    def refilter_rows(self) -> None:
        """Re-run the row filter on every row (who is hidden, or the turn shown,
        changed), once a state of the public side: another encounter loaded, the rows
        filtered as the source reset are not filtered twice again (as told that who is
        visible changed and then that the state did)."""
        if self.public.generation == self._filtered_for:
            return
        self._whole_pass()
        self.beginFilterChange()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        self._row_by_row()
        self._note_filtered()

    def _note_filtered(self) -> None:
        self._filtered_for = self.public.generation

    # --- the filter: a pass over every row at once --------------------------------------
    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        """Qt's ask, by row: from the pass over every row while one is under way (a
        reset: 5,000 asks at a large fight's open, each a look-up then), else the row's
        own answer."""
        found = self._pass
        if found is False:
            return self.accepted_row(source_row)
        generation = self.public.generation
        if not isinstance(found, tuple) or found[0] != generation:
            found = self._pass = (generation, self.accepted())
        answers = found[1]
        return answers[source_row] if 0 <= source_row < len(answers) else False

    def accepted_row(self, source_row: int) -> bool:
        """Whether the source's row passes (subclasses)."""
        raise NotImplementedError

    def accepted(self) -> list[bool]:
        """Whether each of the source's rows passes, in one pass (subclasses: faster than
        asking `accepted_row` of each)."""
        raise NotImplementedError

    def visible_marks(
        self,
        rows: int,
        combatant_at: Callable[[int], Combatant | None],
        mark_at: Callable[[int], M | None],
        keeps: Callable[[M], bool],
    ) -> list[bool]:
        """A pass over `rows` rows of marks (a track's lists): a row passes if its
        combatant is visible and `keeps` its mark (asked only of a visible one's)."""
        visible = self.public.visibility.visible_ids  # a set: no call a row
        answers = []
        for row in range(rows):
            combatant = combatant_at(row)
            if combatant is None or combatant.id not in visible:
                answers.append(False)
                continue
            mark = mark_at(row)
            answers.append(mark is not None and keeps(mark))
        return answers

    def _whole_pass(self) -> None:
        self._pass = None

    def _row_by_row(self, *_args: object) -> None:
        self._pass = False

    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        role = int(role)
        if role in TEXT_ROLES:
            return self.public.visibility.safe(self.source_data(index, role))
        if role in PLAIN_ROLES or role in self.extra_roles:
            return self.source_data(index, role)
        return None

    def source_data(self, index: Index, role: int) -> Any:
        """What `QSortFilterProxyModel.data` gives, asked of the (Python) model behind
        it directly: no round trip through a QVariant and C++ for each row and role (a
        ruleset's panel reads several of each row every change)."""
        if not index.isValid():
            return None
        source = self.mapToSource(index)
        model = self.sourceModel()
        return model.data(source, role) if source.isValid() and model is not None else None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Role.DisplayRole
    ) -> Any:
        role = int(role)
        if role in TEXT_ROLES:
            return self.public.visibility.safe(super().headerData(section, orientation, role))
        if role in PLAIN_ROLES:
            return super().headerData(section, orientation, role)
        return None
