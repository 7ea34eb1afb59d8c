"""The Units of a Stamina battle as a table model: one row per Unit in the encounter's
order (its readout: pool, wounds, who acts / acted, this turn's uses, the reactions it
can still afford, the spell it charges), the Stamina change of the last command, and
`SideProxy`, the Units of one side for a column of the side-phase view.

A readout is worked out when its row is first read (painted, selected, read for the
players' page), not for every Unit at once: opening 5,000 Units reads the few in sight.
Of every Unit the model keeps only its tally (side, acted, Stamina: the ruleset's
`tally`), for the count of Units to act and the Stamina changes.
It follows the document's `changed` events row by row: the engine's inserts, removals
and moves are replayed (`CombatantRows`), the tallies and the readouts kept of the Units
the change may have changed are worked out again (those it touched, the carriers of the
effects it changed, the Units acting before and after; every Unit in a new round: see
the ruleset's `readout_basis`), and only the rows whose readout or Stamina change differ
are repainted: a step costs what changed, however many Units fight. `replaced` resets
it. Dragging a row inside a side issues the engine's `MoveCombatant` (through
`SideProxy.moveRows`); the rows move when the engine says so.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QColor, QFont

from tracker.engine import MoveCombatant
from tracker.engine.changes import COMBATANTS, EFFECTS, Insert, Remove
from tracker.engine.errors import CommandError
from tracker.engine.rulesets.stamina_battle import StaminaBattle, UnitReadout, UnitTally
from tracker.engine.session import SessionEvent
from tracker.engine.state import Combatant, Encounter
from tracker.qt.brushes import solid
from tracker.qt.document import EncounterDocument
from tracker.qt.models.combatant_rows import CombatantRows
from tracker.qt.models.combatant_summary import (
    CombatantSummary,
    Summaries,
    SummaryRole,
    summarize,
)
from tracker.qt.models.fixed_columns import FixedColumns
from tracker.qt.models.roster_model import IdRole
from tracker.qt.models.row_runs import row_runs
from tracker.qt.palette import CELL_COLORS, SIDE_COLORS
from tracker.qt.rich_text import plain_tip
from tracker.qt.rulesets.stamina_battle.texts import (
    charge_text,
    reactions_text,
    stamina_text,
    status_text,
    uses_text,
    wounds_text,
)

ReadoutRole = Qt.ItemDataRole.UserRole + 70  # the row's UnitReadout
DeltaRole = Qt.ItemDataRole.UserRole + 71  # int: the Stamina change of the last command

Index = QModelIndex | QPersistentModelIndex
NAME, STATUS, STAMINA, USES, REACTIONS, CHARGE, WOUNDS = range(7)


# Every Unit's tally by id, then the Units of each side, and those yet to act: what a
# model loads (an open works it out on its worker: the encounter's memo, `COUNTED`).
Counted = tuple[dict[str, UnitTally], Counter[str], Counter[str]]
COUNTED = "stamina_battle.counted"


def counted_tallies(ruleset: StaminaBattle, encounter: Encounter) -> Counted:
    """Every Unit's tally, and the sides' counts (copied by each model that loads it)."""
    units = encounter.combatants
    tallies = ruleset.tallies(encounter, units)
    by_id = {unit.id: tally for unit, tally in zip(units, tallies, strict=True)}
    present = Counter(tally.side for tally in tallies)
    return by_id, present, Counter(tally.side for tally in tallies if not tally.acted)


class UnitsModel(FixedColumns, QAbstractTableModel):
    COLUMNS = ("Unit", "Turn", "Stamina", "This turn", "Can afford", "Charging", "Wounds")

    def __init__(self, document: EncounterDocument, parent: Any = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows = CombatantRows(self, document.encounter)
        self._readouts: dict[str, UnitReadout] = {}  # of the Units read so far
        self._tallies: dict[str, UnitTally] = {}  # of every Unit
        self._deltas: dict[str, int] = {}
        self._basis: tuple[int, str | None] = (0, None)  # the ruleset's readout_basis
        self._carriers: dict[str, str] = {}  # effect id → its carrier's id
        self._to_act: Counter[str] = Counter()  # side → its Units that have not acted
        self._present: Counter[str] = Counter()  # side → its Units
        self.summaries = Summaries(lambda: self._document.session, self._summarize)
        self._load()
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)

    @property
    def ruleset(self) -> StaminaBattle | None:
        ruleset = self._document.ruleset
        return ruleset if isinstance(ruleset, StaminaBattle) else None

    @property
    def document(self) -> EncounterDocument:
        return self._document

    def _load(self) -> None:
        """Every tally, as the encounter stands (a new encounter, a reset); the readouts
        are worked out as they are read."""
        ruleset, encounter = self.ruleset, self._document.encounter
        self._readouts, self._tallies = {}, {}
        self._to_act, self._present = Counter(), Counter()
        if ruleset is None:
            self._basis, self._carriers = (0, None), {}
            return
        self._basis = ruleset.readout_basis(encounter)
        self._carriers = {e.id: e.carrier_id for e in encounter.effects}
        memo = encounter.memo
        counted: Counted | None = memo.get(COUNTED) if memo is not None else None
        by_id, present, to_act = counted or counted_tallies(ruleset, encounter)
        self._tallies = dict(by_id)
        self._present, self._to_act = Counter(present), Counter(to_act)
        self.summaries.reset()

    def _tally(self, units: list[Combatant]) -> None:
        """The tallies of these Units worked out again; the others are kept."""
        ruleset, encounter = self.ruleset, self._document.encounter
        assert ruleset is not None
        for unit, tally in zip(units, ruleset.tallies(encounter, units), strict=True):
            self._count(self._tallies.get(unit.id), -1)
            self._tallies[unit.id] = tally
            self._count(tally, 1)

    def _count(self, tally: UnitTally | None, sign: int) -> None:
        if tally is None:
            return
        self._present[tally.side] += sign
        if not tally.acted:
            self._to_act[tally.side] += sign

    def _readout(self, unit: Combatant) -> UnitReadout | None:
        """The Unit's readout: the one kept, or worked out now and kept."""
        readout = self._readouts.get(unit.id)
        if readout is None:
            ruleset = self.ruleset
            if ruleset is None:
                return None
            readout = self._readouts[unit.id] = ruleset.readout(self._document.encounter, unit)
        return readout

    def to_act(self, side: str) -> int:
        """How many Units of the side have not acted this round (the one acting too)."""
        return self._to_act[side]

    def units_of(self, side: str) -> int:
        """How many Units the side has."""
        return self._present[side]

    # --- reading ------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def combatant_at(self, row: int) -> Combatant | None:
        return self._rows.at(row)

    def side_at(self, row: int) -> str | None:
        """The side of the Unit in the row: what the columns filter on, once a row each
        (thousands of calls when a column fills: the look-up alone)."""
        ids = self._rows.ids
        return self._rows.by_id[ids[row]].side if 0 <= row < len(ids) else None

    def readout_at(self, row: int) -> UnitReadout | None:
        combatant = self._rows.at(row)
        return self._readout(combatant) if combatant is not None else None

    def row_of(self, combatant_id: str) -> int:
        return self._rows.row_of(combatant_id)

    def _summarize(self, unit: Combatant) -> CombatantSummary:
        """The Unit's identity block: its Wounds, then its charge, this turn's uses and
        the reactions it can still afford; "acted" once it has."""
        readout = self._readout(unit)
        if readout is None:
            return summarize(self._document.session, unit, "")
        details = " · ".join(
            part
            for part in (
                charge_text(readout),
                uses_text(readout),
                f"can afford {reactions_text(readout)}",
            )
            if part
        )
        acted = ("acted",) if readout.acted and not readout.acting else ()
        return summarize(self._document.session, unit, details, acted)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        combatant = self._rows.at(index.row())
        readout = self._readout(combatant) if combatant is not None else None
        if combatant is None or readout is None:
            return None
        role = int(role)
        if role == int(Qt.ItemDataRole.DisplayRole):
            return self._text(combatant, readout, index.column())
        if role == int(Qt.ItemDataRole.ToolTipRole):
            return plain_tip(f"{combatant.name}: can afford {reactions_text(readout)}")
        if role == int(Qt.ItemDataRole.DecorationRole) and index.column() == NAME:
            return QColor(SIDE_COLORS.get(combatant.side, SIDE_COLORS["neutral"]))
        if role == int(Qt.ItemDataRole.BackgroundRole) and readout.acting:
            return solid(CELL_COLORS["current"])
        if role == int(Qt.ItemDataRole.ForegroundRole) and combatant.hidden:
            return solid("#7a7a7a")
        if role == int(Qt.ItemDataRole.FontRole) and readout.acting:
            font = QFont()
            font.setBold(True)
            return font
        if role == int(ReadoutRole):
            return readout
        if role == int(SummaryRole):
            return self.summaries.get(combatant)
        if role == int(DeltaRole):
            return self._deltas.get(combatant.id, 0)
        if role == int(IdRole):
            return combatant.id
        return None

    def _text(self, combatant: Combatant, readout: UnitReadout, column: int) -> str:
        if column == NAME:
            return combatant.name
        if column == STATUS:
            return status_text(readout)
        if column == STAMINA:
            return stamina_text(readout, self._deltas.get(combatant.id, 0))
        if column == USES:
            return uses_text(readout)
        if column == REACTIONS:
            return reactions_text(readout)
        if column == CHARGE:
            return charge_text(readout)
        return wounds_text(readout)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled
        return (
            Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
        )

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    # --- dragging -----------------------------------------------------------------------
    def refuse(self, message: str) -> None:
        """A drag that can do nothing: why, told as the engine's refusals are."""
        self._document.refused.emit(message, "")

    def move_to(self, combatant_id: str, to_index: int) -> bool:
        """The engine's `MoveCombatant`; a refusal is reported by the document."""
        return self._document.apply(MoveCombatant(combatant_id, to_index))

    # --- following the engine -----------------------------------------------------------
    def _on_replaced(self) -> None:
        if self.ruleset is None:  # another system's encounter: the view goes; stop
            self._document.changed.disconnect(self._on_changed)
            self._document.replaced.disconnect(self._on_replaced)
            self.beginResetModel()
            self._rows.ids, self._rows.by_id = [], {}
            self._load()
            self._deltas = {}
            self.endResetModel()
            return
        self.beginResetModel()
        self._rows.load(self._document.encounter)
        self._load()
        self._deltas = {}
        self.endResetModel()

    def _on_changed(self, event: SessionEvent) -> None:
        ruleset, encounter = self.ruleset, self._document.encounter
        if ruleset is None:
            return
        rows = self._rows.follow(event)
        edits = event.changes.edits_of(COMBATANTS)
        removed = {edit.item.id for edit in edits if isinstance(edit, Remove)}
        for gone in [i for i in removed if i in self._tallies and i not in self._rows.by_id]:
            self._count(self._tallies.pop(gone), -1)  # the tallies of those removed
            self._readouts.pop(gone, None)
        basis, old_basis = ruleset.readout_basis(encounter), self._basis
        self._basis = basis
        if basis[0] != old_basis[0]:  # a new round: who acted, for every Unit
            wanted = set(self._rows.ids)
        else:
            wanted = set(event.changes.combatants) | event.changes.turn_holders
            wanted.update(i for i in (basis[1], old_basis[1]) if i is not None)
            wanted |= self._effect_carriers(event)
            # A Unit back by an undo is inserted without being named changed.
            wanted.update(edit.item.id for edit in edits if isinstance(edit, Insert))
        if event.changes.encounter:
            wanted = set(self._rows.ids)
        units = [c for i in wanted if (c := self._rows.by_id.get(i)) is not None]
        before = {unit.id: self._tallies.get(unit.id) for unit in units}
        self._tally(units)
        old_deltas, self._deltas = self._deltas, {}
        for combatant_id, was in before.items():
            stamina = self._tallies[combatant_id].stamina
            if was is not None and was.stamina != stamina:
                self._deltas[combatant_id] = stamina - was.stamina
        # The readouts kept are worked out again; a Unit not read yet is read when shown,
        # its row told only if the Unit itself changed (its side: the columns' filters).
        kept = {unit.id: self._readouts.pop(unit.id, None) for unit in units}
        changed = {i for i, old in kept.items() if old is None and i in event.changes.combatants}
        changed.update(
            unit.id
            for unit in units
            if (old := kept[unit.id]) is not None and old != self._readout(unit)
        )
        changed.update(old_deltas, self._deltas)
        changed |= self.summaries.follow(event, changed)
        rows.update(r for r in map(self._rows.row_of, changed) if r >= 0)
        for first, last in row_runs(sorted(rows)):
            self.dataChanged.emit(self.index(first, 0), self.index(last, len(self.COLUMNS) - 1))

    def _effect_carriers(self, event: SessionEvent) -> set[str]:
        """The Units whose effects came, went or changed (before and after: an edit may
        move an effect to another carrier): their Guards may have changed."""
        changed = set(event.changes.effects)
        changed.update(
            edit.item.id
            for edit in event.changes.edits_of(EFFECTS)
            if isinstance(edit, Insert | Remove)
        )
        carriers: set[str] = set()
        for effect_id in changed:
            old = self._carriers.pop(effect_id, None)
            if old is not None:
                carriers.add(old)
            try:
                carrier = self._document.encounter.effect(effect_id).carrier_id
            except CommandError:  # gone
                continue
            self._carriers[effect_id] = carrier
            carriers.add(carrier)
        return carriers


class SideProxy(QSortFilterProxyModel):
    """The Units of one side, in the encounter's order; a drag among them moves the Unit
    in the encounter (the engine's `MoveCombatant`). It has no rows until `attach`ed:
    the view attaches it once its side has Units, so a side without any never filters
    the thousands of rows of the others."""

    def __init__(self, source: UnitsModel, side: str, parent: Any = None) -> None:
        super().__init__(parent)
        self.side = side
        self._units = source

    def attach(self) -> None:
        """The Units model's rows of this side, followed from now on (once)."""
        if self.sourceModel() is None:
            self.setSourceModel(self._units)

    def units_model(self) -> UnitsModel:
        return self._units

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        return self._units.side_at(source_row) == self.side

    def combatant_at(self, row: int) -> Combatant | None:
        index = self.index(row, 0)
        if not index.isValid():
            return None
        return self._units.combatant_at(self.mapToSource(index).row())

    def target_of(self, source_row: int, destination_child: int) -> int | None:
        """Where in the encounter a Unit dragged from `source_row` to before
        `destination_child` (rows of this side) ends, or None for no move."""
        rows = self.rowCount()
        if destination_child > source_row:
            passed = min(destination_child, rows) - 1
        else:
            passed = max(destination_child, 0)
        if passed == source_row or not 0 <= passed < rows:
            return None
        other = self.combatant_at(passed)
        return None if other is None else self.units_model().row_of(other.id)

    def moveRows(
        self,
        source_parent: Index,
        source_row: int,
        count: int,
        destination_parent: Index,
        destination_child: int,
    ) -> bool:
        if count != 1 or source_parent.isValid() or destination_parent.isValid():
            return False
        moved = self.combatant_at(source_row)
        target = self.target_of(source_row, destination_child)
        if moved is None or target is None:
            return False
        return self.units_model().move_to(moved.id, target)
