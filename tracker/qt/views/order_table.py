"""The order as a table the GM plays from: one row per combatant in turn order, its
identity (side, turn marker, name, hidden and defeated marks, health, effects' badges:
`CombatantCellDelegate`, kept as drawn: `kept_names`), its state and resources, the
current one highlighted. Dragging a row delays or reorders through the roster model's
single `moveRows`, so the ruleset decides what it means (a wait, a delay, a tie broken).
It is the central view of every ruleset whose UI brings none of its own.

A step repaints the rows that look different, not every row the roster announces
(`KeptRows`). A fitted column only grows during a fight (`SteadyHeader`), so a step
fits the columns only if one of the cells it changed is wider than its column, and
measures only the cells whose contents changed: each cell's width is kept with what it
was measured from (its summary, or its text, font and decoration), read from the values
`KeptRows` keeps for the repaint anyway.

A column fits its widest cell of every row, not only of those in sight: the rows in sight
are measured, and those out of sight whose texts are the widest (`widest_rows`). The clock
moving announces every row: those out of sight are taken as they were measured (their
names and resources do not follow the clock); an edit of a row forgets what it showed."""

from __future__ import annotations

from collections.abc import Callable, Container, Hashable, Sequence
from functools import partial

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QAbstractItemView,
    QHeaderView,
    QStyleOptionViewItem,
    QWidget,
)

from tracker.qt.document import EncounterDocument
from tracker.qt.models.combatant_summary import SummaryRole
from tracker.qt.models.roster_model import IdRole, RosterModel
from tracker.qt.views.cell_widths import shifted, text_shown
from tracker.qt.views.combatant_cell import CombatantCellDelegate, cell_height
from tracker.qt.views.elided_tips import ElidedTipDelegate
from tracker.qt.views.fitting_header import SteadyHeader
from tracker.qt.views.fresh_rows import FreshRows
from tracker.qt.views.kept_names import KeptNameDelegate
from tracker.qt.views.kept_paint import KeptPaint
from tracker.qt.views.kept_pixmaps import KeptCells
from tracker.qt.views.kept_rows import FEW_ROWS, KeptRows
from tracker.qt.views.kept_text import KeptTextDelegate
from tracker.qt.views.row_drag import ForeignDrops
from tracker.qt.views.shown_selection import show_selected_row
from tracker.qt.views.widest_rows import Estimates, TextWidths, bold, rows_to_measure

Index = QModelIndex | QPersistentModelIndex
DISPLAY = int(Qt.ItemDataRole.DisplayRole)
KEPT_LIMIT = 8 * 1024 * 1024  # bytes of cells kept (some 160 KB a row): a few screens of rows
Kept = tuple[tuple[object, ...], int]  # what a cell showed when measured, its width


class FitHeader(SteadyHeader):
    """The table's column header, fitting its columns when the table asks (`fit`), not
    at every change of data: Qt measures every row shown again at each one. A fitted
    column only grows during a fight (`SteadyHeader`): it never jitters step by step."""

    def dataChanged(self, top_left: Index, bottom_right: Index, roles: Sequence[int] = ()) -> None:
        """Left to the table (the header's labels are not the cells' data)."""

    def fit(self, sizes: Callable[[int], int]) -> None:
        """Fit the columns to their contents again if one is too narrow for them
        (`sizes`: the widest cell of a column, or of those that changed): a fitted
        column does not narrow during a fight, and its label already fits."""
        for column in range(self.count()):
            if self.sectionResizeMode(column) != QHeaderView.ResizeMode.ResizeToContents:
                continue
            wanted = min(sizes(column), self.maximumSectionSize())
            if wanted > self.sectionSize(column):
                self.resizeSections()
                return


class KeptTipDelegate(KeptTextDelegate, ElidedTipDelegate):
    """A text cell kept as drawn (`KeptTextDelegate`) whose text, if cut, shows whole
    in its tooltip (`ElidedTipDelegate`)."""


class OrderTable(KeptPaint, FreshRows):
    """`combatant_selected` carries the id of the row the GM clicks or moves to."""

    combatant_selected = Signal(str)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("order_table")
        # (row, column) → what its cell's width was measured from, and that width;
        # first: making the models may restyle the table (the application's scheme is
        # set when first asked for).
        self._widths: dict[tuple[int, int], Kept] = {}
        self._texts = TextWidths()  # the texts' widths, to find the widest cells
        # A large fight's rows estimated a slice at a time (`widest_rows`), the columns
        # fitted again once they all are.
        self._estimates = Estimates(
            self._estimator,
            self._key_of,
            self._row_of,
            owner=self,
            settled=self._fit_ranked,
            sliced=self._sliced,
        )
        roster = RosterModel(document, self)
        self.order_model = KeptRows(roster, self)
        for signal in (
            self.order_model.rowsMoved,
            self.order_model.layoutChanged,
            self.order_model.modelReset,
        ):
            signal.connect(self._forget_widths)
        for signal in (self.order_model.rowsMoved, self.order_model.layoutChanged):
            signal.connect(self._estimates.moved)
        # Rows added or removed move the widths of the rows after them (not measured
        # again: a combatant added or removed measured every row in sight).
        self.order_model.rowsInserted.connect(partial(self._shift_widths, 1))
        self.order_model.rowsRemoved.connect(partial(self._shift_widths, -1))
        self.order_model.modelReset.connect(self._estimates.clear)  # another encounter
        self.setModel(self.order_model)  # before the header: see side_tables.turn_order_table
        self.setHorizontalHeader(FitHeader(self))
        self.watch_rows(self.order_model)
        self.keep_scroll_bar()  # no column narrowed by a row more
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setDragDropOverwriteMode(False)
        ForeignDrops(self, roster.refuse_foreign_drop)  # from another list: says why not
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setWordWrap(False)  # one line of state: rows stay as tall as the names
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setStyleSheet("QTableView { font-size: 12pt; } QHeaderView::section { padding: 4px; }")
        header = self.horizontalHeader()
        # Names and resources fit their text, the state takes the rest; whatever is cut
        # ends in "…" with the full text as its tooltip. Every cell kept as drawn: a
        # scroll (a combatant added below the fold brought into sight) repainted every
        # row in sight, some 50 µs a text cell (`kept_text`).
        self.kept = KeptCells(KEPT_LIMIT)
        self.setItemDelegate(KeptTipDelegate(self.kept, self))
        # Who: side, turn marker, name and its marks, health, the effects' badges.
        # Kept as drawn (`kept_names`), some 200 µs a block.
        self.setItemDelegateForColumn(0, KeptNameDelegate(self.kept, self))
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        # Not every row measured: those in sight and the likeliest widest (sizeHintForColumn).
        header.setResizeContentsPrecision(0)
        # No rows header: its sections said nothing (a blank strip beside the names, as
        # the d20 and ticks views have none), yet were painted whole, from Python's
        # header data, each time the rows scrolled or the selection moved.
        self.verticalHeader().hide()
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setDefaultSectionSize(cell_height(self._cell_font()))
        self.selectionModel().currentChanged.connect(self._on_current)

    def kept_shown(self, row: int) -> list[Hashable] | None:
        """What each cell of the row drew while the row is the same (`KeptRows.shown`:
        the name's block and the text cells key their pixmaps by it); every row's cells
        are enabled."""
        return self.order_model.kept_shown(row, range(len(RosterModel.COLUMNS)))

    def _cell_font(self) -> QFont:
        self.ensurePolished()  # the style sheet's size
        return self.font()

    def show_selected(self, combatant_id: str | None) -> None:
        """The inspector shows this combatant: its row is the current one."""
        row = self.order_model.row_of(combatant_id) if combatant_id else -1
        show_selected_row(self, row)

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        combatant_id = current.siblingAtColumn(0).data(IdRole) if current.isValid() else None
        if combatant_id is not None:
            self.combatant_selected.emit(combatant_id)

    # --- repainting what changed ------------------------------------------------------
    def dataChanged(self, top_left: Index, bottom_right: Index, roles: Sequence[int] = ()) -> None:
        """Repaint only the rows that look different; fit the columns if one of their
        cells is now wider than its column."""
        first, last = top_left.row(), bottom_right.row()
        shown = self.shown_rows()
        rows = self.order_model.changed_rows(first, last, shown)
        if last - first < FEW_ROWS:  # an edit: what its rows out of sight show is not known
            self._estimates.forget(first, last)
            for key in [k for k in self._widths if first <= k[0] <= last and k[0] not in shown]:
                del self._widths[key]
        model, left, right = self.order_model, top_left.column(), bottom_right.column()
        for row in rows:
            super().dataChanged(model.index(row, left), model.index(row, right), list(roles))
        header = self.horizontalHeader()
        if rows and isinstance(header, FitHeader) and header.fit_when_shown():
            header.fit(partial(self._widest_of, rows, ()))  # (of many: those in sight)

    def shown_rows(self) -> range:
        """The rows in sight (none while the table is hidden)."""
        if not self.isVisible():
            return range(0)
        top = self.rowAt(0)
        if top < 0:
            return range(0)
        bottom = self.rowAt(self.viewport().height() - 1)
        return range(top, (bottom if bottom >= 0 else self.order_model.rowCount() - 1) + 1)

    # --- fitting columns to their contents --------------------------------------------
    def sizeHintForColumn(self, column: int) -> int:
        """The widest cell of the column, of every row: those in sight and those whose
        texts are the widest (`widest_rows`), each measured again only where what the
        cell shows changed."""
        if self.model() is None:
            return -1
        count = self.order_model.rowCount()
        ranked = partial(self._estimates.ranked, column, count)
        sight = self._sight()
        return self._widest_of(rows_to_measure(count, sight, ranked), sight, column)

    def _sight(self) -> list[int]:
        """The rows in sight (none while the table is hidden or not laid out)."""
        vertical = self.verticalHeader()
        top = max(0, vertical.visualIndexAt(0))
        bottom = vertical.visualIndexAt(self.viewport().height())
        if not self.isVisible():
            return []
        if bottom == -1:
            bottom = self.order_model.rowCount() - 1
        rows = [vertical.logicalIndex(visual) for visual in range(top, bottom + 1)]
        return [row for row in rows if not vertical.isSectionHidden(row)]

    def _sliced(self, column: int, first: int, end: int) -> tuple[list[str], list[int]]:
        """The keys and estimates of the rows `first`…`end`-1 (a slice at once)."""
        roster = self.order_model.roster
        rows = range(first, min(end, roster.rowCount()))
        combatants = [c for c in map(roster.combatant_at, rows) if c is not None]
        if column == 0:
            name_width = self._texts.in_font(bold(self.font()), digits_alike=True)
            widths = [name_width(c.name) for c in combatants]
        else:
            text_width = self._texts.in_font(self.font(), digits_alike=True)
            value = roster.cell_value
            texts = (value(row, column, DISPLAY) for row in rows)
            widths = [text_width(text) if isinstance(text, str) else 0 for text in texts]
        return [c.id for c in combatants], widths

    def _estimator(self, column: int) -> Callable[[int], int]:
        """What makes a cell of the column wide, read from the roster by row: the name
        (bold), or the cell's text."""
        roster = self.order_model.roster
        if column == 0:
            name_width = self._texts.in_font(bold(self.font()), digits_alike=True)

            def name(row: int) -> int:
                combatant = roster.combatant_at(row)
                return name_width(combatant.name) if combatant else 0

            return name
        text_width = self._texts.in_font(self.font(), digits_alike=True)

        def text(row: int) -> int:
            value = roster.cell_value(row, column, DISPLAY)
            return text_width(value) if isinstance(value, str) else 0

        return text

    def _widest_of(self, rows: Sequence[int], sight: Container[int], column: int) -> int:
        """The widest of these rows' cells in `column`, measured again only where what
        the cell shows changed; a row out of `sight` (`()`: every row) measured before is
        taken as it was (not read: see `dataChanged`)."""
        self.ensurePolished()
        model = self.order_model
        option: QStyleOptionViewItem | None = None
        hint = 0
        for row in rows:
            kept = self._widths.get((row, column))
            if kept is not None and sight and row not in sight:
                hint = max(hint, kept[1])
                continue
            index = model.index(row, column)
            delegate = self.itemDelegateForIndex(index)
            shows = _shown(delegate, index)
            if kept is not None and kept[0] == shows:
                width = kept[1]
            else:
                if option is None:
                    option = QStyleOptionViewItem()
                    self.initViewItemOption(option)
                width = delegate.sizeHint(option, index).width()
                self._widths[(row, column)] = (shows, width)
            hint = max(hint, width)
        return hint + 1 if self.showGrid() else hint

    def _fit_ranked(self) -> None:
        """Every row ranked by its estimates: a column too narrow for the widest found
        is fitted again (a hidden table fits when shown)."""
        header = self.horizontalHeader()
        if isinstance(header, FitHeader) and header.fit_when_shown():
            header.fit(self.sizeHintForColumn)

    def _forget_widths(self, *_args: object) -> None:
        self._widths.clear()

    def _key_of(self, row: int) -> str | None:
        combatant = self.order_model.roster.combatant_at(row)
        return combatant.id if combatant is not None else None

    def _row_of(self, key: str | None) -> int:
        return -1 if key is None else self.order_model.roster.row_of(key)

    def _shift_widths(self, way: int, parent: Index, first: int, last: int) -> None:
        """Rows `first`…`last` inserted (`way` 1) or removed (-1): the widths kept of
        the rows after them move with them; those of removed rows are forgotten."""
        if not parent.isValid():
            self._widths = shifted(self._widths, way, first, last)
            if way > 0:  # (those of the others go with their combatants)
                self._estimates.forget(first, last)
            else:
                self._estimates.moved()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._widths.clear()
            self._estimates.follow(self.font())
            self.verticalHeader().setDefaultSectionSize(cell_height(self.font()))
        super().changeEvent(event)


def _shown(delegate: QAbstractItemDelegate, index: QModelIndex) -> tuple[object, ...]:
    """What a cell's width follows: the identity block's summary, or a text cell's text,
    font and decoration (values the model keeps: reading them is a look-up)."""
    if isinstance(delegate, CombatantCellDelegate):
        return (index.data(SummaryRole),)
    return text_shown(index)
