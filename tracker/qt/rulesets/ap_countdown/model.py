"""The countdown track as a table model: one row per combatant in the encounter's order
(the order they act next), its `TrackMark` (current value, base, AP left, action under
way from where it starts to where it resolves, progress, penalty, due now) in
`MarkRole` and as text in the columns.

It follows the document's `changed` events row by row: the engine's inserts, removals
and moves are replayed (`CombatantRows`), then only the rows whose mark or combatant
changed are repainted (the count moving on changes the progress of every action under
way, so those rows too). The marks are worked out as they are read and kept until they
change (`Marks`), so a step costs what changed, not the size of the fight. `replaced`
resets it. Dragging a row issues the engine's
`MoveCombatant` through `moveRows`, as the roster model does: the ruleset's
`check_move` decides (only ties are the GM's to order)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFont

from tracker.engine import MoveCombatant
from tracker.engine.errors import CommandError
from tracker.engine.rulesets.ap_countdown import ApCountdown
from tracker.engine.session import SessionEvent
from tracker.engine.state import Combatant
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
from tracker.qt.rulesets.ap_countdown.marks import Marks
from tracker.qt.rulesets.ap_countdown.texts import (
    Mark,
    action_text,
    details,
    number,
    progress_text,
    span_text,
)
from tracker.qt.rulesets.ap_countdown.track_paint import lane_details

MarkRole = Qt.ItemDataRole.UserRole + 40  # the row's TrackMark
ResolvesRole = Qt.ItemDataRole.UserRole + 41  # int | None: where its action resolves
SideRole = Qt.ItemDataRole.UserRole + 42  # "party", "enemy", ...

Index = QModelIndex | QPersistentModelIndex
NAME, VALUE, BASE, AP, ACTION, SPAN, PROGRESS = range(7)
FEW_ROWS = 16  # more marks following the count than this: one signal for every row


class TrackModel(FixedColumns, QAbstractTableModel):
    COLUMNS = ("Name", "Value", "Base", "AP left", "Action", "Declared → resolves", "Progress")

    # After every engine event (and reset): the count, the phase or the scale may have
    # changed even where no row did.
    track_changed = Signal()

    def __init__(self, document: EncounterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._rows = CombatantRows(self, document.encounter)
        self.marks = Marks(lambda: self.ruleset, lambda: self._document.encounter)
        self.summaries = Summaries(lambda: self._document.session, self._summarize)
        self._ties: dict[int, bool] = {}  # row → may swap with the next (asked lazily)
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)

    # --- the engine's side --------------------------------------------------------------
    @property
    def ruleset(self) -> ApCountdown | None:
        ruleset = self._document.ruleset
        return ruleset if isinstance(ruleset, ApCountdown) else None

    @property
    def document(self) -> EncounterDocument:
        return self._document

    def phase(self) -> str:
        ruleset = self.ruleset
        return ruleset.phase(self._document.encounter) if ruleset is not None else "setup"

    def count(self) -> int | None:
        ruleset = self.ruleset
        return ruleset.count(self._document.encounter) if ruleset is not None else None

    # --- reading ------------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def combatant_at(self, row: int) -> Combatant | None:
        return self._rows.at(row)

    def mark_at(self, row: int) -> Mark | None:
        combatant = self._rows.at(row)
        return self.marks.get(combatant) if combatant is not None else None

    def due_row(self) -> int:
        """The lane of the one acting now (-1: nobody)."""
        ruleset = self.ruleset
        due = ruleset.due_now(self._document.encounter) if ruleset is not None else None
        return self._rows.row_of(due[0]) if due is not None else -1

    def row_of(self, combatant_id: str) -> int:
        return self._rows.row_of(combatant_id)

    def summary_of(self, row: int) -> CombatantSummary | None:
        """The row's identity block (its details: base and AP left, or the ruleset's
        word while it has no value)."""
        combatant = self._rows.at(row)
        return self.summaries.get(combatant) if combatant is not None else None

    def _summarize(self, combatant: Combatant) -> CombatantSummary:
        mark, ruleset = self.marks.get(combatant), self.ruleset
        if mark is None or ruleset is None:
            return summarize(self._document.session, combatant, "")
        encounter = self._document.encounter
        details = lane_details(mark, ruleset.summary(encounter, combatant))
        return summarize(self._document.session, combatant, details)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        combatant = self._rows.at(index.row())
        mark = self.mark_at(index.row())
        if combatant is None or mark is None:
            return None
        role = int(role)
        if role == int(Qt.ItemDataRole.DisplayRole):
            return self._text(combatant, mark, index.column())
        if role == int(Qt.ItemDataRole.ToolTipRole):
            return plain_tip(details(mark, combatant.name))
        if role == int(Qt.ItemDataRole.TextAlignmentRole) and index.column() in (VALUE, BASE, AP):
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == int(Qt.ItemDataRole.DecorationRole) and index.column() == NAME:
            return QColor(SIDE_COLORS.get(combatant.side, SIDE_COLORS["neutral"]))
        if role == int(Qt.ItemDataRole.BackgroundRole) and mark.due is not None:
            return solid(CELL_COLORS["current"])
        if role == int(Qt.ItemDataRole.ForegroundRole) and combatant.hidden:
            return solid("#7a7a7a")
        if role == int(Qt.ItemDataRole.FontRole) and mark.due is not None:
            font = QFont()
            font.setBold(True)
            return font
        if role == int(MarkRole):
            return mark
        if role == int(SummaryRole):
            return self.summary_of(index.row())
        if role == int(ResolvesRole):
            return mark.resolves_at
        if role == int(SideRole):
            return combatant.side
        if role == int(IdRole):
            return combatant.id
        return None

    @staticmethod
    def _text(combatant: Combatant, mark: Mark, column: int) -> str:
        if column == NAME:
            return combatant.name
        if column == VALUE:
            return number(mark.value)
        if column == BASE:
            return number(mark.base)
        if column == AP:
            return str(mark.ap)
        if column == ACTION:
            return action_text(mark)
        if column == SPAN:
            return span_text(mark)
        return progress_text(mark)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    # --- dragging -----------------------------------------------------------------------
    @staticmethod
    def target_of(source_row: int, destination_child: int, rows: int) -> int:
        """Qt's destination (the row to insert before) as the index the combatant ends
        at, as `MoveCombatant` wants it."""
        target = destination_child - 1 if destination_child > source_row else destination_child
        return max(0, min(target, rows - 1))

    def move_refusal(self, source_row: int, destination_child: int) -> str | None:
        """Why the engine would refuse this drag (tried and rolled back), or None."""
        combatant = self._rows.at(source_row)
        if combatant is None:
            return "Nobody to move."
        target = self.target_of(source_row, destination_child, len(self._rows))
        if target == source_row:
            return None
        error: CommandError | None = self._document.session.refusal(
            MoveCombatant(combatant.id, target)
        )
        return error.message if error is not None else None

    def tied_with_next(self, row: int) -> bool:
        """The GM may order this row and the next by dragging: they share a value and
        the ruleset's `check_move` lets the lower one pass the upper one (asked once per
        change, only for the rows a view shows). Between neighbours it is the whole of
        what `MoveCombatant` may refuse, so it is asked alone: a trial of the move ran
        the countdown's settling after it, at every lane shown at every step."""
        if row not in self._ties:
            here, below = self.mark_at(row), self.mark_at(row + 1)
            self._ties[row] = (
                here is not None
                and below is not None
                and here.value is not None
                and here.value == below.value
                and self._may_pass(row + 1, row)
            )
        return self._ties[row]

    def _may_pass(self, source_row: int, target: int) -> bool:
        combatant, ruleset = self._rows.at(source_row), self.ruleset
        if combatant is None or ruleset is None:
            return False
        try:
            ruleset.check_move(self._document.encounter, combatant, target)
        except CommandError:
            return False
        return True

    def moveRows(
        self,
        source_parent: Index,
        source_row: int,
        count: int,
        destination_parent: Index,
        destination_child: int,
    ) -> bool:
        """A drag as the engine's `MoveCombatant`; the rows move when the engine says so
        (its change event), never here."""
        if count != 1 or source_parent.isValid() or destination_parent.isValid():
            return False
        if not 0 <= source_row < len(self._rows):
            return False
        target = self.target_of(source_row, destination_child, len(self._rows))
        if target == source_row:
            return False
        return self._document.apply(MoveCombatant(self._rows.ids[source_row], target))

    # --- following the engine -----------------------------------------------------------
    def _on_replaced(self) -> None:
        if self.ruleset is None:
            # Another system's encounter: the view on this model is being replaced; stop.
            self._document.changed.disconnect(self._on_changed)
            self._document.replaced.disconnect(self._on_replaced)
            self.beginResetModel()
            self._rows.ids, self._rows.by_id = [], {}
            self.marks.reset()
            self._ties.clear()
            self.endResetModel()
            self.track_changed.emit()
            return
        self.beginResetModel()
        self._rows.load(self._document.encounter)
        self.marks.reset()
        self.summaries.reset()
        self._ties.clear()
        self.endResetModel()
        self.track_changed.emit()

    def _on_changed(self, event: SessionEvent) -> None:
        """The rows the command changed (and the one due before and after), and those
        whose action's progress follows the count: a few one by one, many in one signal
        (a view repaints the lanes it shows)."""
        self._ties.clear()
        rows = self._rows.follow(event)
        moved_on = self.marks.follow(event)
        # Blocks: a mark's base and AP left (all of them when every mark may have moved).
        looked = self.summaries.follow(event, self._rows.ids if moved_on is None else ())
        if moved_on is None or len(moved_on) > FEW_ROWS:
            rows = set(range(len(self._rows)))
        else:
            rows.update(r for r in map(self._rows.row_of, moved_on | looked) if r >= 0)
        if rows and len(rows) == len(self._rows):
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(rows) - 1, len(self.COLUMNS) - 1)
            )
        else:
            for first, last in row_runs(sorted(rows)):
                self.dataChanged.emit(self.index(first, 0), self.index(last, len(self.COLUMNS) - 1))
        self.track_changed.emit()
