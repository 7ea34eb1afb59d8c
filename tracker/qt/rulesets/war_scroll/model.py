"""The War Scroll as a grid: one row per character in War Scroll order, one column per
Segment (numbered, a gap, then lettered), AP in each cell. Cell states (current,
played, missed) come from the War Scroll ruleset; this model only shows them.

A row's cells are asked of the ruleset once per change of that row (then kept, by
combatant id), not once per role and paint: a repaint only looks them up. A change
announces the rows it touched (`dataChanged`), and the names down the left only when
one changed (`headerDataChanged` makes Qt lay the whole table out again and repaint
it; the GM's grid, whose header paints the names itself, is told by `renamed`)."""

from __future__ import annotations

from functools import cache
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

from tracker.engine.changes import COMBATANTS, Insert, Remove
from tracker.engine.rulesets.war_scroll import WarScroll, is_lettered, segment_label
from tracker.engine.session import SessionEvent
from tracker.engine.state import Combatant
from tracker.qt.appearance import is_dark
from tracker.qt.brushes import solid
from tracker.qt.document import EncounterDocument
from tracker.qt.models.combatant_rows import CombatantRows
from tracker.qt.models.combatant_summary import (
    CombatantSummary,
    Summaries,
    SummaryRole,
    summarize,
)
from tracker.qt.models.keyed_rows import sync_keys
from tracker.qt.rich_text import plain_tip

GAP = "gap"  # the empty column between numbered and lettered Segments
StateRole = Qt.ItemDataRole.UserRole + 10

Index = QModelIndex | QPersistentModelIndex
Cell = tuple[int, str]  # AP, state ("none", "played", "current", "missed", "pending")

_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_STATE = int(StateRole)
_CELL_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_NO_FLAGS = Qt.ItemFlag.NoItemFlags
_WORDS = {
    "current": "current Turn",
    "played": "played",
    "missed": "missed",
    "pending": "to come",
    "none": "no Turn",
}


# A cell's background and text by state, per scheme (False: light, True: dark); its AP
# keeps a contrast of at least 4.5:1 ("none" shows no text).
CELLS: dict[bool, dict[str, tuple[str, str]]] = {
    False: {
        "current": ("#ffd54a", "#000000"),
        "pending": ("#ffffff", "#000000"),
        "played": ("#e1e1e1", "#4a4a4a"),
        "missed": ("#f3e1e1", "#7a3434"),
        "none": ("#f4f4f4", "#6b6b6b"),
    },
    True: {
        "current": ("#ffd54a", "#000000"),
        "pending": ("#1f2023", "#e8e8ea"),
        "played": ("#303237", "#aeb1b8"),
        "missed": ("#3d2628", "#eaa9a9"),
        "none": ("#26272b", "#8d9097"),
    },
}
GRID_LINES = {False: "#b0b0b0", True: "#44474e"}


def dark_now() -> bool:
    """Whether the application is in the dark scheme (the model's colours follow it)."""
    return is_dark(QApplication.palette())


@cache
def looks(state: str, dark: bool = False) -> dict[int, Any]:
    """What a cell in `state` shows besides its text, by role, in the light or dark
    scheme (made once: QFont and QBrush need the application)."""
    background, ink = CELLS[dark][state]
    looks: dict[int, Any] = {
        _STATE: state,
        int(Qt.ItemDataRole.BackgroundRole): solid(background),
        int(Qt.ItemDataRole.ForegroundRole): solid(ink),
        int(Qt.ItemDataRole.TextAlignmentRole): int(Qt.AlignmentFlag.AlignCenter),
    }
    if state == "current":
        font = QFont()
        font.setBold(True)
        looks[int(Qt.ItemDataRole.FontRole)] = font
    return looks


def column_keys(slots: list[int]) -> list[int | str]:
    numbered: list[int | str] = [s for s in slots if not is_lettered(s)]
    lettered = [s for s in slots if is_lettered(s)]
    return [*numbered, GAP, *lettered] if lettered else numbered


class WarScrollModel(QAbstractTableModel):
    # Rows whose identity down the left (turn marker, health, marks, badges) changed
    # but not their name: the names' header repaints them, without a new layout.
    summaries_changed = Signal(list)
    # Rows renamed, for a header that paints the names itself (`own_names`).
    renamed = Signal(list)

    def __init__(
        self, document: EncounterDocument, parent: QObject | None = None, own_names: bool = False
    ) -> None:
        """With `own_names`, a rename is told by `renamed` instead of `headerDataChanged`
        (after which Qt repaints the whole grid and its names)."""
        super().__init__(parent)
        self._document = document
        self._own_names = own_names
        self.summaries = Summaries(
            lambda: document.session, lambda c: summarize(document.session, c)
        )
        self._rows = CombatantRows(self, document.encounter)
        self._columns: list[int | str] = self._wanted_columns()
        self._cells: dict[str, tuple[Cell | None, ...]] = {}  # by combatant id, as read
        self._names = self._names_now()  # the names the rows' headers show
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)

    @property
    def _ruleset(self) -> WarScroll:
        ruleset = self._document.ruleset
        assert isinstance(ruleset, WarScroll)
        return ruleset

    def _wanted_columns(self) -> list[int | str]:
        return column_keys(self._ruleset.columns(self._document.encounter))

    def _names_now(self) -> dict[str, str]:
        return {c.id: c.name for c in self._document.encounter.combatants}

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._columns)

    def is_gap(self, column: int) -> bool:
        return 0 <= column < len(self._columns) and self._columns[column] == GAP

    def flags(self, index: Index) -> Qt.ItemFlag:
        column = index.column()  # asked for every cell painted: kept short
        if 0 <= column < len(self._columns) and self._columns[column] != GAP:
            return _CELL_FLAGS if index.isValid() else _NO_FLAGS
        return _NO_FLAGS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal:
            if not 0 <= section < len(self._columns):
                return None
            key = self._columns[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return "" if key == GAP else segment_label(int(key))
            if role == Qt.ItemDataRole.ToolTipRole and key != GAP:
                return f"Segment {segment_label(int(key))}"
            return None
        combatant = self._rows.at(section)
        if combatant is None:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return combatant.name
        if role == SummaryRole:
            return self.summaries.get(combatant)
        if role == Qt.ItemDataRole.ToolTipRole:
            summary = self._ruleset.summary(self._document.encounter, combatant)
            return plain_tip(f"{combatant.name}: {summary}")
        return None

    def summary_at(self, row: int) -> CombatantSummary | None:
        combatant = self._rows.at(row)
        return self.summaries.get(combatant) if combatant is not None else None

    def cell_at(self, row: int, column: int) -> Cell | None:
        """AP and state of a cell (None: the gap, or no such cell), as kept."""
        cells = self._row_cells(row)
        return cells[column] if cells is not None and 0 <= column < len(cells) else None

    def _row_cells(self, row: int) -> tuple[Cell | None, ...] | None:
        """The row's cells (None in the gap), from the ruleset once per change."""
        ids = self._rows.ids
        if not 0 <= row < len(ids):
            return None
        cells = self._cells.get(ids[row])
        if cells is None:
            combatant = self._rows.by_id[ids[row]]
            ruleset, encounter = self._ruleset, self._document.encounter
            cells = tuple(
                None if key == GAP else ruleset.cell(encounter, combatant, int(key))
                for key in self._columns
            )
            self._cells[combatant.id] = cells
        return cells

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        column = index.column()
        cell = self.cell_at(index.row(), column)
        if cell is None:  # the gap
            return None
        ap, state = cell
        role = int(role)
        if role == _DISPLAY:
            return str(ap) if state != "none" else ""
        if role == _TOOLTIP:
            combatant = self._rows.at(index.row())
            name = combatant.name if combatant is not None else ""
            slot = int(self._columns[column])
            return plain_tip(f"{name}, Segment {segment_label(slot)}: {ap} AP ({_WORDS[state]})")
        return looks(state, dark_now()).get(role)

    def moveRows(
        self,
        source_parent: Index,
        source_row: int,
        count: int,
        destination_parent: Index,
        destination_child: int,
    ) -> bool:
        """A row dragged to land above `destination_child`: the engine's `MoveCombatant`
        (only ties are the Host's to order: the engine says so when it refuses); the
        rows move when the engine's change comes, never here."""
        nested = source_parent.isValid() or destination_parent.isValid()
        command = self._rows.dragged(source_row, count, nested, destination_child)
        return command is not None and self._document.apply(command)

    def row_of(self, combatant_id: str) -> int:
        return self._rows.row_of(combatant_id)

    def holds(self, combatant_id: str) -> bool:
        """Whether the combatant has a row (a look-up, not a search for the row)."""
        return combatant_id in self._rows.by_id

    def combatant_at(self, row: int) -> Combatant | None:
        return self._rows.at(row)

    def _on_replaced(self) -> None:
        if not isinstance(self._document.ruleset, WarScroll):
            # Another system's encounter: this grid's view is being replaced; stop.
            self._document.changed.disconnect(self._on_changed)
            self._document.replaced.disconnect(self._on_replaced)
            self.beginResetModel()
            self._rows.ids, self._rows.by_id, self._columns = [], {}, []
            self._cells, self._names = {}, {}
            self.endResetModel()
            return
        self.beginResetModel()
        self._rows.load(self._document.encounter)
        self._columns = self._wanted_columns()
        self._cells, self._names = {}, self._names_now()
        self.summaries.reset()
        self.endResetModel()

    def _on_changed(self, event: SessionEvent) -> None:
        looked = self.summaries.follow(event)  # before the rows move: kept by id
        self._follow(event)
        rows = sorted(r for r in map(self._rows.row_of, looked) if r >= 0)
        if rows:
            self.summaries_changed.emit(rows)

    def _follow(self, event: SessionEvent) -> None:
        added: list[Combatant] = []
        for edit in event.changes.edits_of(COMBATANTS):
            if isinstance(edit, Insert | Remove):  # an id may come back (undo): forget it
                self._cells.pop(edit.item.id, None)
                self._names.pop(edit.item.id, None)
            if isinstance(edit, Insert):
                added.append(edit.item)
        rows = self._rows.follow(event)
        for combatant in added:  # its header came with its row
            self._names[combatant.id] = combatant.name
        if event.changes.clock:
            self._follow_columns()
        for row in rows:
            combatant_id = self._rows.ids[row]
            self._cells.pop(combatant_id, None)
        if not self._columns or not rows:
            self._announce_names(rows)
            return
        last_column = len(self._columns) - 1
        if len(rows) == len(self._rows):  # every row (an option changed): one signal
            self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, last_column))
        else:
            for row in sorted(rows):
                self.dataChanged.emit(self.index(row, 0), self.index(row, last_column))
        self._announce_names(rows)

    def _follow_columns(self) -> None:
        root = QModelIndex()

        def end_remove() -> None:
            self._cells.clear()  # kept by column position
            self.endRemoveColumns()

        def end_insert() -> None:
            self._cells.clear()
            self.endInsertColumns()

        synced = sync_keys(
            self._columns,
            self._wanted_columns(),
            begin_remove=lambda first, last: self.beginRemoveColumns(root, first, last),
            end_remove=end_remove,
            begin_insert=lambda first, last: self.beginInsertColumns(root, first, last),
            end_insert=end_insert,
        )
        assert synced, "Segment columns keep their order"

    def _announce_names(self, rows: set[int]) -> None:
        """Headers of renamed rows only: any `headerDataChanged` re-lays out the view."""
        renamed: list[int] = []
        for row in sorted(rows):
            combatant = self._rows.at(row)
            if combatant is None or self._names.get(combatant.id) == combatant.name:
                continue
            self._names[combatant.id] = combatant.name
            renamed.append(row)
            if not self._own_names:
                self.headerDataChanged.emit(Qt.Orientation.Vertical, row, row)
        if renamed and self._own_names:
            self.renamed.emit(renamed)
