"""The combatants in turn order, one row each: the list the GM selects from and drags.
Column 0 is the name (with the ruleset's markers), column 1 the ruleset's one-line
summary of the combatant's state, column 2 its meters with the change of the last
command ("AP 4/7 (−3)"); the side list shows column 0, the central order table all.
Column 0 also gives the badges of the combatant's effects (`BadgesRole`); a change to
an effect announces its carrier's row (before and after, when it moves). Every column
gives the combatant's `CombatantSummary` (`SummaryRole`: name, side, health, marks,
badges, whether it acts now) for a view that draws the identity block.

Dragging a row issues the engine's `MoveCombatant` command through `moveRows`; the
model never reorders itself, it only follows the engine's change events. So the
ruleset decides what a drag means (War Scroll: tie order; later systems: delays) and
a refused move changes nothing.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor, QFont

from tracker.engine.changes import EFFECTS, Insert, Remove
from tracker.engine.health import health_of, is_defeated
from tracker.engine.session import SessionEvent
from tracker.engine.state import Combatant
from tracker.qt.appearance import muted_brush
from tracker.qt.brushes import solid
from tracker.qt.document import EncounterDocument
from tracker.qt.models.badges import BadgesRole, badges_on
from tracker.qt.models.combatant_rows import CombatantRows
from tracker.qt.models.combatant_summary import SummaryRole, summarize
from tracker.qt.models.fixed_columns import FixedColumns
from tracker.qt.models.id_drags import DragsById
from tracker.qt.models.meters import MeterMemory
from tracker.qt.palette import CELL_COLORS, SIDE_COLORS
from tracker.qt.rich_text import plain_tip

CombatantRole = Qt.ItemDataRole.UserRole + 1
IdRole = Qt.ItemDataRole.UserRole + 2

Index = QModelIndex | QPersistentModelIndex
# The roles `cell_value` answers, as plain numbers.
DISPLAY = int(Qt.ItemDataRole.DisplayRole)
DECORATION = int(Qt.ItemDataRole.DecorationRole)
TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
FONT = int(Qt.ItemDataRole.FontRole)
BACKGROUND = int(Qt.ItemDataRole.BackgroundRole)
FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
SUMMARY, BADGES = int(SummaryRole), int(BadgesRole)
COMBATANT, ID = int(CombatantRole), int(IdRole)
# A row's flags, combined once (a view asks each cell it paints; Qt's flags combined in
# Python make a new enum each time); drops land between rows.
ROW_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
BETWEEN_ROWS = Qt.ItemFlag.ItemIsDropEnabled


class RosterModel(FixedColumns, DragsById, QAbstractTableModel):
    COLUMNS: tuple[str, ...] = ("Name", "State", "Resources")

    def __init__(self, document: EncounterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows = CombatantRows(self, document.encounter)
        self._meters = MeterMemory()  # a subclass reads `meter_delta`
        self._current_id = self._holder()  # asked once per change, not once per cell
        self._carriers = self._carriers_now()  # effect id → carrier: markers show effects
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)

    # --- reading ----------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def combatant_at(self, row: int) -> Combatant | None:
        return self._rows.at(row)

    def row_of(self, combatant_id: str) -> int:
        return self._rows.row_of(combatant_id)

    def key_at(self, row: int) -> str | None:
        """The id of the combatant at `row` (None: no such row)."""
        ids = self._rows.ids
        return ids[row] if 0 <= row < len(ids) else None

    def meter_delta(self, combatant_id: str, name: str) -> int:
        """The change the last command made to the combatant's meter `name` (0: none)."""
        return self._meters.delta(combatant_id, name)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        return self.cell_value(index.row(), index.column(), int(role))

    def cell_value(self, row: int, column: int, role: int) -> Any:
        """`data` of the cell at `row`, `column`, without a model index: the roles as
        plain numbers (a view asks seven roles a cell at each paint, and the order
        table compares them all when the clock moves: Qt's enum members are slow to
        read from Python)."""
        combatant = self._rows.at(row)
        if combatant is None:
            return None
        if role == BACKGROUND and combatant.id == self._current_id:
            return solid(CELL_COLORS["current"])
        if role == FOREGROUND and combatant.id == self._current_id:
            return solid("#000000")
        document = self._document
        if role == DISPLAY and column == 1:
            return document.ruleset.summary(document.encounter, combatant)
        if role == DISPLAY and column == 2:
            return self._meters.text(document.ruleset, document.encounter, combatant)
        if role == SUMMARY:  # the identity block of a ruleset's view (any column)
            markers = document.ruleset.markers(document.encounter, combatant)
            return summarize(document.session, combatant, "", markers)
        if column > 0:
            return None
        return self._name_value(combatant, role)

    def _name_value(self, combatant: Combatant, role: int) -> Any:
        """The name column's other roles."""
        ruleset = self._document.ruleset
        if role == DISPLAY:
            words = ruleset.shown_markers(self._document.encounter, combatant)
            if combatant.hidden:
                words = ("hidden", *words)
            return f"{combatant.name}  ({', '.join(words)})" if words else combatant.name
        if role == TOOLTIP:
            return plain_tip(self._tooltip(combatant))
        if role == BADGES:
            return badges_on(self._document.session, combatant.id)
        if role == DECORATION:
            return QColor(SIDE_COLORS[combatant.side])
        if role == FONT:
            # A defeated combatant's name is struck through, its word beside it (not
            # colour alone); the one whose turn it is, bold.
            defeated = is_defeated(ruleset, combatant)
            if not (defeated or self._is_current(combatant)):
                return None
            font = QFont()
            font.setBold(self._is_current(combatant))
            font.setStrikeOut(defeated)
            return font
        if role == FOREGROUND and (combatant.hidden or is_defeated(ruleset, combatant)):
            return muted_brush()
        if role == COMBATANT:
            return combatant
        if role == ID:
            return combatant.id
        return None

    def _holder(self) -> str | None:
        turn = self._document.session.current_turn()
        return turn.combatant_id if turn is not None else None

    def _is_current(self, combatant: Combatant) -> bool:
        return combatant.id == self._current_id

    def _tooltip(self, combatant: Combatant) -> str:
        ruleset = self._document.ruleset
        offered = ruleset.offered_stat_fields(self._document.encounter)  # those read
        stats = ", ".join(f"{f.label} {combatant.stats.get(f.name, f.default)}" for f in offered)
        health = health_of(ruleset, combatant)
        shown = f" — {health.text()}, {health.band}" if health and health.text() else ""
        return f"{combatant.name} ({combatant.side}){shown} — {stats}"

    # --- dragging ---------------------------------------------------------------------
    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return BETWEEN_ROWS
        return ROW_FLAGS

    def id_at(self, row: int) -> str:
        return self._rows.ids[row]

    def row_of_id(self, combatant_id: str) -> int | None:
        return self._rows.row_of(combatant_id) if combatant_id in self._rows.by_id else None

    def moveRows(
        self,
        source_parent: Index,
        source_row: int,
        count: int,
        destination_parent: Index,
        destination_child: int,
    ) -> bool:
        """Qt's move (destination is the row *before which* to insert) as an engine command."""
        nested = source_parent.isValid() or destination_parent.isValid()
        command = self._rows.dragged(source_row, count, nested, destination_child)
        return command is not None and self._document.apply(command)

    # --- following the engine ---------------------------------------------------------
    def _on_replaced(self) -> None:
        self.beginResetModel()
        self._rows.load(self._document.encounter)
        self._meters.clear()
        self._current_id = self._holder()
        self._carriers = self._carriers_now()
        self.endResetModel()

    def _carriers_now(self) -> dict[str, str]:
        return {e.id: e.carrier_id for e in self._document.encounter.effects}

    def _effect_carriers(self, event: SessionEvent) -> set[str]:
        """Combatants whose effects came, went or changed (before or after: an edit may
        move an effect to another carrier)."""
        before, self._carriers = self._carriers, self._carriers_now()
        changed = set(event.changes.effects)
        changed.update(
            edit.item.id
            for edit in event.changes.edits_of(EFFECTS)
            if isinstance(edit, Insert | Remove)
        )
        return {c for i in changed for c in (before.get(i), self._carriers.get(i)) if c}

    def _rows_following_clock(self) -> set[int]:
        """The rows to announce because the clock moved. Any row's markers may follow it
        ("acted" goes with the round, "acts from round 3" when it comes): every row (one
        signal; views repaint the rows they show, however long the list). A subclass
        whose rows show no markers may say which rows follow the clock."""
        return set(range(len(self._rows)))

    def _on_changed(self, event: SessionEvent) -> None:
        self._current_id = self._holder()
        rows = set(self._rows.follow(event))
        changes = event.changes
        ruleset, encounter = self._document.ruleset, self._document.encounter
        carriers = self._effect_carriers(event)
        rows.update(self._rows.row_of(i) for i in carriers if self._rows.row_of(i) >= 0)
        shown = changes.combatants | changes.turn_holders | carriers
        if changes.clock:  # meters counted from the clock change untouched
            shown = shown | set(ruleset.follows_clock(encounter))
        meters = self._meters.follow(ruleset, encounter, shown)
        if changes.clock and self._rows:
            rows |= self._rows_following_clock()
        rows.update(self._rows.row_of(i) for i in meters if self._rows.row_of(i) >= 0)
        last = len(self.COLUMNS) - 1
        if rows and len(rows) == len(self._rows):  # every row: one signal
            self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, last))
            return
        for row in sorted(rows):
            self.dataChanged.emit(self.index(row, 0), self.index(row, last))
