"""The tick track as a table model: one row per combatant in the encounter's order (the
ticks from high to low), its `TickMark` in `MarkRole` and as text in the columns, its
Initiative with the change of the last command ("12 (+5)").

It is the roster model with other columns: it follows the document's `changed` events
row by row (moves after an attack are row moves, never a reset), and a drag issues the
engine's `MoveCombatant` (ties ordered by the GM; a delayed turn dragged to where it
acts), so the ruleset decides."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QApplication

from tracker.engine.rulesets.initiative_ticks import InitiativeTicks, TickMark
from tracker.engine.session import SessionEvent
from tracker.engine.state import Combatant
from tracker.qt.appearance import is_dark
from tracker.qt.brushes import solid
from tracker.qt.document import EncounterDocument
from tracker.qt.models.combatant_summary import (
    CombatantSummary,
    Summaries,
    SummaryRole,
    summarize,
)
from tracker.qt.models.roster_model import CombatantRole, IdRole, Index, RosterModel
from tracker.qt.palette import CELL_COLORS, SIDE_COLORS
from tracker.qt.rich_text import plain_tip
from tracker.qt.rulesets.initiative_ticks.texts import (
    initiative_text,
    motes_text,
    onslaught_text,
    state_words,
    tick_text,
)
from tracker.qt.views.kept_rows import KeptValues, ShownOf
from tracker.qt.views.kept_text import shown_of

MarkRole = Qt.ItemDataRole.UserRole + 50  # the row's TickMark
DeltaRole = Qt.ItemDataRole.UserRole + 51  # int: the last command's change of Initiative
TICK, NAME, INITIATIVE, STATE, ONSLAUGHT, MOTES = range(6)
# The roles as ints, worked out once (an enum's look-up and conversion cost more than
# the comparison, in the function every cell's paint calls several times).
_ROLE = Qt.ItemDataRole
DISPLAY, TOOLTIP, ALIGNMENT = map(
    int, (_ROLE.DisplayRole, _ROLE.ToolTipRole, _ROLE.TextAlignmentRole)
)
FOREGROUND, BACKGROUND, FONT = map(
    int, (_ROLE.ForegroundRole, _ROLE.BackgroundRole, _ROLE.FontRole)
)
DECORATION, MARK, DELTA = map(int, (_ROLE.DecorationRole, MarkRole, DeltaRole))
SUMMARY, ID, COMBATANT = map(int, (SummaryRole, IdRole, CombatantRole))
CENTRED = int(Qt.AlignmentFlag.AlignCenter)
ROW_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
DROP_FLAGS = Qt.ItemFlag.ItemIsDropEnabled  # drops land between rows
# Texts of acted (or hidden) and Crashed rows, per scheme (False: light, True: dark):
# at least 4.5:1 on the table's page.
ACTED_INK = {False: "#5f6368", True: "#a8abb2"}
CRASHED_INK = {False: "#b3261e", True: "#ff8a80"}


class TickModel(RosterModel):
    COLUMNS = ("Tick", "Name", "Initiative", "State", "Onslaught", "Motes")

    def __init__(self, document: EncounterDocument, parent: QObject | None = None) -> None:
        super().__init__(document, parent)
        self._marks: dict[str, TickMark] = {}
        self._now: set[str] = set()  # the ids whose mark shows the turn
        # The change of Initiative the last command made, by id: read from the marks
        # before and after it (nothing to note of every combatant when a fight opens).
        self._deltas: dict[str, int] = {}
        self._round_shown = self._round()  # "acts from round 3" follows the round
        # What the table read of each combatant's row, kept until the row is announced
        # (connected before any view: forgotten before a view hears of the change).
        self._kept = KeptValues()
        self.summaries = Summaries(lambda: self._document.session, self._summarize)
        # Kept by combatant: rows that come or go forget their own values alone (the
        # others' changes, if any, are announced); a reset or a new layout, all of them.
        self.dataChanged.connect(self._forget_rows)
        self.rowsInserted.connect(self._forget_span)
        self.rowsAboutToBeRemoved.connect(self._forget_span)
        for signal in (self.modelReset, self.layoutChanged):
            signal.connect(self._kept.clear)
        self._reload_marks()

    @property
    def ruleset(self) -> InitiativeTicks | None:
        ruleset = self._document.ruleset
        return ruleset if isinstance(ruleset, InitiativeTicks) else None

    @property
    def document(self) -> EncounterDocument:
        return self._document

    def _reload_marks(self) -> None:
        ruleset = self.ruleset
        encounter = self._document.encounter
        if ruleset is None:
            self._set_marks({})
            return
        self._set_marks({mark.combatant_id: mark for mark in ruleset.track(encounter)})

    def _set_marks(self, marks: dict[str, TickMark]) -> None:
        self._marks = marks
        self._now = {i for i, mark in marks.items() if mark.now}

    def mark_at(self, row: int) -> TickMark | None:
        combatant = self.combatant_at(row)
        return self._marks.get(combatant.id) if combatant is not None else None

    def initiative_delta(self, combatant_id: str) -> int:
        """The change the last command made to the combatant's Initiative (0: none)."""
        return self._deltas.get(combatant_id, 0)

    def exalted(self) -> bool:
        return bool(self._document.encounter.options.get("flavour") == "exalted3e")

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """A table asks every cell for several roles at each paint: each value is worked
        out once and kept, by combatant (a row moving keeps it), until its row is
        announced changed."""
        row, ids = index.row(), self._rows.ids  # the hot path of every paint: lean
        if not 0 <= row < len(ids):
            return None
        values = self._kept.get(ids[row])
        if values is None:
            values = self._kept[ids[row]] = {}
        key = (index.column(), role if type(role) is int else int(role))
        if key in values:
            return values[key]
        value = values[key] = self._work_out(index, key[1])
        return value

    def shown(self, index: Index, of: ShownOf = shown_of) -> Hashable:
        """What a cell draws (`of` it: a text cell's `kept_text.shown_of`) as one key,
        for its kept pixmap: worked out once and kept with the row's values."""
        key = self.key_at(index.row())
        if key is None:
            return None
        return self._kept.shown(key, index.column(), partial(of, self, index))

    def kept_shown(self, row: int, columns: Sequence[int]) -> list[Hashable] | None:
        """What each of the row's `columns` cells drew (`shown`) while its values are
        the same; None if one was not drawn since."""
        return self._kept.kept_shown(self.key_at(row), columns)

    def _summarize(self, combatant: Combatant) -> CombatantSummary:
        """The name's block (its details and state words are the table's other columns)."""
        return summarize(self._document.session, combatant, "")

    def forget_all(self) -> None:
        """Read every value again (the scheme changed: the colours follow it)."""
        self._kept.clear()

    def _forget_rows(self, top: Index, bottom: Index, *_args: object) -> None:
        self._forget_span(QModelIndex(), top.row(), bottom.row())

    def _forget_span(self, _parent: Index, first: int, last: int) -> None:
        """Forget what was read of rows `first` to `last` (all of them: every row)."""
        if last - first + 1 >= self.rowCount():
            self._kept.clear()
            return
        for row in range(first, last + 1):
            combatant = self.combatant_at(row)
            if combatant is not None:
                self._kept.pop(combatant.id, None)

    def _work_out(self, index: Index, role: int) -> Any:
        if not index.isValid():
            return None
        combatant = self.combatant_at(index.row())
        mark = self.mark_at(index.row())
        if combatant is None or mark is None:
            return None
        role = int(role)
        column = index.column()
        if role == DISPLAY:
            return self._text(combatant, mark, column)
        if role == MARK:
            return mark
        if role == SUMMARY:
            return self.summaries.get(combatant)
        if role == DELTA:
            return self.initiative_delta(combatant.id)
        if role == TOOLTIP:
            words = ", ".join(state_words(mark, self.exalted()))
            return plain_tip(f"{combatant.name}: Initiative {tick_text(mark)}; {words}")
        if role == ALIGNMENT and column != NAME and column != STATE:
            return CENTRED
        if role == FOREGROUND:
            if mark.now:  # on the turn's gold, in both schemes
                return solid(CRASHED_INK[False] if mark.crashed else "#000000")
            dark = is_dark(QApplication.palette())
            if mark.crashed and column in (INITIATIVE, STATE):
                return solid(CRASHED_INK[dark])
            if mark.acted or combatant.hidden:
                return solid(ACTED_INK[dark])
            return None
        if role == DECORATION and column == NAME:
            return QColor(SIDE_COLORS.get(combatant.side, SIDE_COLORS["neutral"]))
        if role == BACKGROUND and mark.now:
            return solid(CELL_COLORS["current"])
        if role == FONT and in_bold(mark, column):
            font = QFont()
            font.setBold(True)
            return font
        if column == NAME or role in (ID, COMBATANT):
            return super().data(index, role)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """The roster's flags, as constants (asked for every cell at each paint)."""
        return ROW_FLAGS if index.isValid() else DROP_FLAGS

    def column_texts(self, column: int) -> tuple[list[str], list[str], Sequence[int]]:
        """Every row's combatant id and text of `column` in row order, and the rows in
        bold, as `data` shows them: read at once, not cell by cell through Qt (the
        table ranks a large fight's rows by them to fit the column)."""
        ids, by_id, marks = list(self._rows.ids), self._rows.by_id, self._marks
        shown = [marks.get(combatant_id) for combatant_id in ids]
        text = self._text_of(column)
        texts = [
            "" if mark is None else text(by_id[combatant_id], mark)
            for combatant_id, mark in zip(ids, shown, strict=True)
        ]
        if column == INITIATIVE:  # (as `in_bold`: the column, and the turn's row)
            return ids, texts, range(len(ids))
        return ids, texts, [row for row, mark in enumerate(shown) if mark is not None and mark.now]

    def _text(self, combatant: Combatant, mark: TickMark, column: int) -> str:
        return self._text_of(column)(combatant, mark)

    def _text_of(self, column: int) -> Callable[[Combatant, TickMark], str]:
        """A row's text of `column` (what it reads besides the row worked out once)."""
        if column == TICK:
            return lambda _combatant, mark: tick_text(mark)
        if column == NAME:
            return lambda combatant, _mark: (
                combatant.name + ("  (hidden)" if combatant.hidden else "")
            )
        if column == INITIATIVE:
            deltas = self._deltas
            return lambda combatant, mark: initiative_text(mark, deltas.get(combatant.id, 0))
        if column == STATE:
            exalted, round_number = self.exalted(), self._round()

            def state(_combatant: Combatant, mark: TickMark) -> str:
                words = state_words(mark, exalted)
                if mark.joins and mark.joins > round_number:
                    words.append(f"acts from round {mark.joins}")
                return " · ".join(words)

            return state
        if column == ONSLAUGHT:
            return lambda _combatant, mark: onslaught_text(mark, mark.defense)
        return lambda _combatant, mark: motes_text(mark)

    def _round(self) -> int:
        ruleset = self.ruleset
        return ruleset.round_number(self._document.encounter) if ruleset is not None else 0

    # --- following the engine -----------------------------------------------------------
    def _on_replaced(self) -> None:
        if self.ruleset is None:  # another system's encounter: this view goes
            self._document.changed.disconnect(self._on_changed)
            self._document.replaced.disconnect(self._on_replaced)
            self.beginResetModel()
            self._set_marks({})
            self._rows.ids, self._rows.by_id = [], {}
            self.endResetModel()
            return
        self._reload_marks()
        self._round_shown = self._round()
        self._deltas = {}
        self.summaries.reset()
        super()._on_replaced()

    def _follow_marks(self, event: SessionEvent) -> set[str]:
        """Every combatant's mark after the change: those the change may have changed
        worked out again (the ones that showed the turn too), the others kept. Returns
        the ids whose mark is not the one before, or whose change of Initiative came or
        went: of the few worked out, not a comparison of every mark."""
        ruleset, encounter = self.ruleset, self._document.encounter
        if ruleset is None:
            self._set_marks({})
            return self._follow_deltas({})
        ids = ruleset.marks_changed(event.changes) if event.kind != "reset" else None
        if ids is None:
            old = self._marks
            self._set_marks({m.combatant_id: m for m in ruleset.track(encounter)})
            changed = {i for i, mark in self._marks.items() if old.get(i) != mark}
            return changed | self._follow_deltas({i: old.get(i) for i in changed})
        marks, looked, before = self._marks, ids | self._now, {}
        for combatant_id in looked:
            combatant = encounter.find(combatant_id)
            if combatant is None:  # gone: no row to announce
                marks.pop(combatant_id, None)
                continue
            mark = ruleset.mark(encounter, combatant)
            if marks.get(combatant_id) != mark:
                before[combatant_id] = marks.get(combatant_id)
            marks[combatant_id] = mark
        # Only a mark worked out may show the turn: those that did are among `looked`.
        self._now = {i for i in looked if (shown := marks.get(i)) is not None and shown.now}
        return set(before) | self._follow_deltas(before)

    def _follow_deltas(self, before: dict[str, TickMark | None]) -> set[str]:
        """The last command's changes of Initiative, from the marks it changed (`before`:
        each one's mark before it, None if it had none). Returns the ids whose change
        came, went or is another."""
        shown, self._deltas = self._deltas, {}
        for combatant_id, old in before.items():
            new = self._marks.get(combatant_id)
            if old is None or new is None or old.initiative is None or new.initiative is None:
                continue  # no Initiative before or after (Join Battle): no change to show
            if new.initiative != old.initiative:
                self._deltas[combatant_id] = new.initiative - old.initiative
        return shown.keys() | self._deltas.keys()

    def _rows_following_clock(self) -> set[int]:
        """Its rows show no markers: what follows the clock is in the marks (compared in
        `_on_changed`), but for "acts from round 3", which follows the round."""
        if self._round() != self._round_shown:
            return set(range(self.rowCount()))
        return set()

    def _on_changed(self, event: SessionEvent) -> None:
        changed = self._follow_marks(event)
        looked = self.summaries.follow(event)  # names' blocks: marks, health, badges
        super()._on_changed(event)  # rows moved, touched rows and meters repainted
        self._round_shown = self._round()
        changed |= looked
        for row in sorted(r for r in map(self.row_of, changed) if r >= 0):
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.COLUMNS) - 1))


def in_bold(mark: TickMark, column: int) -> bool:
    """The turn's row is in bold, and the Initiative column."""
    return mark.now or column == INITIATIVE
