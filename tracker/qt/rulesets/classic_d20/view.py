"""Classic d20's central view: the initiative order as a GM at a 5e or PF2e table reads
it. One row per creature in the order of the turns (`order_model`), the count large at
the left; the one acting marked (the turn's gold and arrow), a group of identical
monsters that acts together kept together under one bracket and marked together on its
turn; the lair's row on count 20, after every creature of 20 or more, marked on the
lair's turn; on each row the identity block (side, name, hidden and defeated marks, HP
with temporary HP and AC, the effects' badges with their values), what is left of the
turn (5e action, bonus action, reaction; PF2e actions and reaction; legendary actions)
and the states (concentration and on what, death saves or dying and wounded, Ready,
Delay, surprise).

A click or the arrow keys select a creature everywhere (`combatant_selected`; Ctrl and
Shift extend the window's selection), and the view marks whoever the inspector shows
(`show_selected`). Dragging a row is the engine's move: ties only, the ruleset says why
not. Roll all: its context menu and Ctrl+Shift+I roll the d20s the engine asks for
(`roll_all_needs`: one per GM's creature still to roll, two with advantage, one per
group) and send the faces in one undoable step. The engine never rolls; the faces go in
the command, so undo, redo and the journal give the same numbers."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial

from PySide6.QtCore import QEvent, QModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QFontMetrics, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyleOptionViewItem,
    QWidget,
)

from tracker.engine import RulesetAction
from tracker.engine.dice import RandomLike
from tracker.engine.rulesets.classic_d20 import ClassicD20
from tracker.qt.document import EncounterDocument
from tracker.qt.models.roster_model import IdRole
from tracker.qt.rulesets.classic_d20.order_model import INIT, STATES, TURN, WHO, D20OrderModel
from tracker.qt.rulesets.classic_d20.painted_cells import CellPixmaps
from tracker.qt.rulesets.classic_d20.row_paint import InitDelegate, PillsDelegate, WhoDelegate
from tracker.qt.rulesets.classic_d20.rows import Drawn
from tracker.qt.rulesets.classic_d20.width_ranking import estimates, estimator
from tracker.qt.views.combatant_cell import PAD, cell_height
from tracker.qt.views.fresh_rows import FreshRows
from tracker.qt.views.kept_paint import KeptPaint
from tracker.qt.views.kept_rows import FEW_ROWS
from tracker.qt.views.order_table import FitHeader
from tracker.qt.views.row_drag import ForeignDrops
from tracker.qt.views.shown_selection import show_selected_row
from tracker.qt.views.shown_widths import ShownWidths
from tracker.qt.views.viewports import viewport_of
from tracker.qt.views.widest_rows import Estimates, TextWidths, rows_to_measure

ROLL_ALL_KEY = "Ctrl+Shift+I"
# The states' column keeps room for a pill or two ("Death saves 0✓ 0✗"): the creature's
# column, fitted to its widest block and only growing during a fight, squeezed it to
# nothing (and brought a horizontal scroll bar) after a long name or many badges.
STATES_ROOM = 160


class D20OrderTable(KeptPaint, FreshRows):
    """`combatant_selected` carries the id of the creature the GM clicks or moves to."""

    combatant_selected = Signal(str)

    def __init__(
        self,
        document: EncounterDocument,
        parent: QWidget | None = None,
        rng: RandomLike | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("order_table")
        self.document = document
        self.rng: RandomLike = rng if rng is not None else random.Random()
        self.order_model = D20OrderModel(document, self)
        # Each cell's width, by what it shows (its last two: an undo shows the one before)
        self._widths: ShownWidths[Drawn] = ShownWidths()
        self.kept = CellPixmaps()  # the cells as drawn, shared by the columns' delegates
        self._sight_moved = False  # rows came into sight since the columns were fitted
        self._texts = TextWidths()  # the texts' widths, to find the widest cells
        # A large fight's rows estimated a slice at a time from the creatures' data
        # (`width_ranking`), the columns fitted again once they all are.
        self._estimates = Estimates(
            self._estimator,
            self._key_of,
            self._row_of,
            owner=self,
            settled=self._fit_every_row,
            sliced=self._sliced,
        )
        model = self.order_model
        model.dataChanged.connect(self._forget_estimates)
        model.rowsInserted.connect(self._forget_inserted)  # (moved: theirs go with them)
        self.order_model.rowsRemoved.connect(self._sight_changed)  # those below move up
        for moved in (model.rowsRemoved, model.rowsMoved):
            moved.connect(self._estimates.moved)
        self.order_model.modelReset.connect(self._sight_changed)
        self.order_model.modelReset.connect(self._forget_widths)
        self.setModel(self.order_model)  # before the header: see side_tables.turn_order_table
        self.setHorizontalHeader(FitHeader(self))
        self.watch_rows(self.order_model)  # a creature come or gone: repainted from its row
        self.keep_scroll_bar()  # no column narrowed by a row more
        self.setStyleSheet("QTableView { font-size: 12pt; } QHeaderView::section { padding: 4px; }")
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setWordWrap(False)
        self.setShowGrid(False)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setDragDropOverwriteMode(False)
        ForeignDrops(self, self.order_model.refuse_foreign_drop)
        self.setItemDelegateForColumn(INIT, InitDelegate(self.kept, self))
        self.setItemDelegateForColumn(WHO, WhoDelegate(self.kept, self._one_line, self))
        self.setItemDelegateForColumn(TURN, PillsDelegate(self.kept, False, self))
        self.setItemDelegateForColumn(STATES, PillsDelegate(self.kept, True, self))
        header = self.horizontalHeader()
        for column in (INIT, WHO, TURN):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(STATES, QHeaderView.ResizeMode.Stretch)
        # Not every row measured: those in sight and the likeliest widest (sizeHintForColumn).
        header.setResizeContentsPrecision(0)
        self.verticalHeader().hide()
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self._fit_rows()
        for signal in (
            self.order_model.rowsInserted,
            self.order_model.rowsRemoved,
            self.order_model.modelReset,
        ):
            signal.connect(self._fit_rows)
        self.order_model.rows_told.connect(self._fit_columns)
        self.selectionModel().currentChanged.connect(self._on_current)
        self.roll_all_action = QAction("Roll all (GM's creatures)", self)
        self.roll_all_action.setObjectName("d20_roll_all")
        self.roll_all_action.setShortcut(QKeySequence(ROLL_ALL_KEY))
        self.roll_all_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.roll_all_action.triggered.connect(self.roll_all)
        self.addAction(self.roll_all_action)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)

    def kept_shown(self, row: int) -> Sequence[Drawn] | None:
        """What each cell of a row shows (`D20Row.drawn`), as the delegates keep it: all
        its cells are enabled."""
        found = self.order_model.row_at(row)
        return None if found is None else found.drawn

    def _one_line(self) -> bool:
        """Whether the rows are of one line (too many for two)."""
        return self.verticalHeader().defaultSectionSize() < cell_height(self.font()) - PAD

    def _fit_rows(self, *_args: object) -> None:
        """Rows of two lines while they all fit; more rows than the view holds get
        one line each (the health follows the name), down to a line's height: a fight
        of a dozen creatures and more stays whole on a laptop's screen."""
        self.ensurePolished()  # the style sheet's size
        font = self.font()
        height = height_of_two = cell_height(font)
        rows = self.order_model.rowCount()
        room = viewport_of(self).height()
        if rows and rows * height > room:
            height = max(QFontMetrics(font).height() + PAD, room // rows)
        if height == self.verticalHeader().defaultSectionSize():
            return
        # One line or two: other widths. A row a few pixels lower or higher, of as many
        # lines, is as wide (between a dozen rows and a screenful on a laptop, every
        # combatant added or removed changes the rows' height).
        other_widths = (height < height_of_two - PAD) != self._one_line()
        if other_widths:
            self._forget_widths()
        self.verticalHeader().setDefaultSectionSize(height)
        if other_widths:
            self.horizontalHeader().resizeSections()

    # --- selection --------------------------------------------------------------------
    def show_selected(self, combatant_id: str | None) -> None:
        """The inspector shows this combatant: its row is the current one."""
        row = self.order_model.row_of(combatant_id) if combatant_id else -1
        show_selected_row(self, row)

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        combatant_id = current.siblingAtColumn(INIT).data(IdRole) if current.isValid() else None
        if combatant_id is not None:
            self.combatant_selected.emit(combatant_id)

    # --- Roll all ---------------------------------------------------------------------
    def roll_all(self) -> bool:
        """Roll the d20s the engine asks for and send them (refused: the reason is told,
        as for any command)."""
        ruleset = self.document.ruleset
        if not isinstance(ruleset, ClassicD20):
            return False
        needs = ruleset.roll_all_needs(self.document.encounter)
        faces = [self.rng.randint(1, 20) for _, count in needs for _ in range(count)]
        text = " ".join(str(face) for face in faces)
        return self.document.apply(RulesetAction("roll_all", None, {"faces": text}))

    # --- fitting ----------------------------------------------------------------------
    def _fit_columns(self) -> None:
        """Fit the columns to the rows a change told (`D20OrderModel.told`): a fitted
        column only grows, so the others fit already; to every row in sight once others
        came into sight (scrolled, resized, a row above removed). The rows of an edit
        are measured in sight or not (a column fits every row: `sizeHintForColumn`)."""
        header = self.horizontalHeader()
        if isinstance(header, FitHeader) and header.fit_when_shown():
            told = None if self._sight_moved else self.order_model.told
            self._sight_moved = False
            sight = self._sight()  # found once
            if told is not None and len(told) <= FEW_ROWS:
                sight = range(self.order_model.rowCount())
            header.fit(partial(self._widest, told, sight))
            if self.columnWidth(WHO) > self._who_room():  # the turn's column grew since
                header.fit_afresh()

    def _sight_changed(self, *_args: object) -> None:
        self._sight_moved = True

    def _fit_every_row(self) -> None:
        """Every row estimated: the columns fitted to the likeliest widest too."""
        header = self.horizontalHeader()
        if isinstance(header, FitHeader) and header.fit_when_shown():
            header.fit(self.sizeHintForColumn)

    def sizeHintForColumn(self, column: int) -> int:
        """The widest cell of the column, of every row: those in sight and those whose
        texts are the widest (`widest_rows`; of those estimated so far while a large
        fight's rows are estimated a slice at a time)."""
        count = self.order_model.rowCount()
        sight = self._sight() if self.isVisible() else range(0)
        ranked = partial(self._estimates.ranked, column, count)
        return self._widest(rows_to_measure(count, sight, ranked), range(count), column)

    def _estimator(self, column: int) -> Callable[[int], int]:
        """What makes a cell of the column wide, read from the creature at a place, its
        row not worked out (`width_ranking`)."""
        session, key_at = self.document.session, self.order_model.key_at
        return estimator(session, key_at, column, self._texts, self.font(), self._one_line())

    def _sliced(self, column: int, first: int, end: int) -> tuple[list[str], list[int]]:
        """The keys and estimates of the rows `first`…`end`-1 (a slice at once)."""
        keys, font = self.order_model.keys_between(first, end), self.font()
        widths = estimates(self.document.session, keys, column, self._texts, font, self._one_line())
        return keys, widths

    def _key_of(self, place: int) -> str | None:
        return self.order_model.key_at(place)

    def _row_of(self, key: str | None) -> int:
        return -1 if key is None else self.order_model.row_of(key)

    def _forget_inserted(self, _parent: QModelIndex, first: int, last: int) -> None:
        self._estimates.forget(first, last)

    def _forget_estimates(self, top_left: QModelIndex, bottom_right: QModelIndex) -> None:
        self._estimates.forget(top_left.row(), bottom_right.row())

    def _sight(self) -> range:
        """The places of the rows in sight (every row while the view is hidden)."""
        self.ensurePolished()
        vertical = self.verticalHeader()
        top = max(0, vertical.visualIndexAt(0))
        bottom = vertical.visualIndexAt(viewport_of(self).height())
        if not self.isVisible() or bottom == -1:
            bottom = self.order_model.rowCount() - 1
        return range(top, bottom + 1)

    def _widest(self, places: Sequence[int] | None, sight: range, column: int) -> int:
        """The widest cell of the column among `places` in `sight` (None: every row in
        sight), from each cell's width kept by what it shows (`D20Row.drawn`): a step
        measures the cells it changed to something not measured yet (an undo, none)."""
        model = self.order_model
        option: QStyleOptionViewItem | None = None
        hint = 0
        for place in sight if places is None else [p for p in places if p in sight]:
            row = model.row_at(place)
            if row is None:
                continue
            shown = row.drawn[column]
            width = self._widths.get(row.key, column, shown)
            if width is None:
                if option is None:
                    option = QStyleOptionViewItem()
                    self.initViewItemOption(option)
                index = model.index(place, column)
                width = self.itemDelegateForIndex(index).sizeHint(option, index).width()
                self._widths.put(row.key, column, shown, width)
            hint = max(hint, width)
        return min(hint, self._who_room()) if column == WHO else hint

    def _who_room(self) -> int:
        """The creature's column's widest: the states keep their room beside it (a long
        name is cut short)."""
        others = self.columnWidth(INIT) + self.columnWidth(TURN) + STATES_ROOM
        return max(viewport_of(self).width() - others, STATES_ROOM)

    def _forget_widths(self, *_args: object) -> None:
        self._widths.clear()
        self._estimates.clear()  # (one line or two: other estimates)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.kept.clear()  # a style draws otherwise
            self._widths.clear()
            self._estimates.follow(self.font())
            self._fit_rows()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._sight_moved = True
        self._fit_rows()

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        if dy:
            self._sight_moved = True
