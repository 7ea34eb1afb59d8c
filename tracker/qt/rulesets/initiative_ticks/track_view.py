"""The tick track, the GM's central view: the round and the tick counted down to, very
large, with who acts; below, the combatants from the highest tick to the lowest (each at
its Initiative, with the change of the last command; acted ones greyed and ticked,
Crashed ones in red with their recovery tokens, delayed ones marked), and beside them
the formal start and end of the current turn as the checklists the tracker applies.

Dragging a row goes through the model's `moveRows`, the engine's `MoveCombatant`: ties
are the GM's to order, and a delayed turn dragged below the one acting comes at the
tick of the row it lands under (the engine refuses anything else, and says why)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QRect, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from tracker.engine.rulesets.initiative_ticks import InitiativeTicks, TickMark
from tracker.qt.appearance import is_dark
from tracker.qt.document import EncounterDocument
from tracker.qt.layout_items import add_layout
from tracker.qt.models.roster_model import IdRole
from tracker.qt.rich_text import escape
from tracker.qt.rulesets.initiative_ticks.model import (
    FONT,
    INITIATIVE,
    MOTES,
    NAME,
    ONSLAUGHT,
    STATE,
    TICK,
    MarkRole,
    TickModel,
)
from tracker.qt.rulesets.initiative_ticks.texts import number
from tracker.qt.views.combatant_cell import cell_height
from tracker.qt.views.fitting_header import FittingHeader
from tracker.qt.views.fresh_rows import FreshRows
from tracker.qt.views.kept_names import KeptNameDelegate
from tracker.qt.views.kept_paint import KeptPaint
from tracker.qt.views.kept_pixmaps import KeptCells
from tracker.qt.views.kept_text import KeptTextDelegate
from tracker.qt.views.row_drag import ForeignDrops
from tracker.qt.views.shown_selection import show_selected_row
from tracker.qt.views.widest_rows import Estimates, TextWidths, bold, rows_to_measure
from tracker.qt.widgets.steady import SteadyBox

# The Tick pill's fill and text by state, per scheme (False: light, True: dark).
PILL = {
    False: {
        "now": ("#f6c343", "#000000"),
        "acted": ("#d9d9d9", "#4f4f4f"),
        "pending": ("#2f5d8a", "#ffffff"),
    },
    True: {
        "now": ("#f6c343", "#000000"),
        "acted": ("#3a3d44", "#c4c7cd"),
        "pending": ("#3d6ea3", "#ffffff"),
    },
}
CRASHED = ("#b3261e", "#ffffff")
# The checklists' page, edge and text, and the hint's text, per scheme.
CHECKLIST = {False: ("#f4f1e8", "#d8d2bf", "#1a1a1a"), True: ("#2e2b22", "#4f4936", "#ece6d6")}
HINT_INK = {False: "#4f4f4f", True: "#b4b8c0"}
TABLE_POINTS = 12
FITTED = (INITIATIVE, ONSLAUGHT, MOTES)  # the columns that fit their text
WIDTHS_KEPT = 2000  # texts whose widths the table keeps, at most
# Bytes of the cells' pixmaps kept (`kept_text`): a few screens of rows. A row costs
# about a millisecond of Python to draw (its identity block alone some 300 µs), and the
# table repaints every row shown when its columns are fitted again or the window is
# active again after a dialog.
LIMIT = 8 * 1024 * 1024
HINT = "Select a target, then an attack in the turn panel. Drag tied rows to order them."


class TickDelegate(KeptTextDelegate):
    """The Tick column as a pill: gold for the one acting, grey once acted, red Crashed;
    a tick shared with the row above is only outlined (its number in the page's ink),
    so each tick reads as one step. Kept as drawn (`kept_text`)."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        model, row = index.model(), index.row()
        if isinstance(model, TickModel):  # the marks read directly, not through Qt
            mark, above = model.mark_at(row), model.mark_at(row - 1) if row else None
        else:
            mark = index.data(MarkRole)
            above = index.sibling(row - 1, index.column()).data(MarkRole) if row else None
        pill = pill_of(mark, above)
        if pill is None:
            super().paint(painter, option, index)
            return

        def draw(inner: QPainter, local: QStyleOptionViewItem) -> None:
            _paint_pill(inner, local, *pill[1:])

        self.kept.put(painter, option, TICK, pill, draw)


Pill = tuple[str, int, str, bool, bool]  # "pill", the tick, its kind, crashed, as above


def pill_of(mark: TickMark | None, above: TickMark | None) -> Pill | None:
    """What a row's pill draws, by the row's mark and the one above (its pixmap's key);
    None: no tick (a text cell)."""
    if mark is None or mark.tick is None:
        return None
    kind = "now" if mark.now else ("acted" if mark.acted else "pending")
    crashed = mark.crashed and not mark.now
    same = above is not None and above.tick == mark.tick
    return ("pill", mark.tick, kind, crashed, same)


def _paint_pill(
    painter: QPainter, option: QStyleOptionViewItem, tick: int, kind: str, crashed: bool, same: bool
) -> None:
    pills = PILL[is_dark(option.palette)]
    background, ink = CRASHED if crashed else pills[kind]
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    rect = option.rect.adjusted(6, 4, -6, -4)
    pill = QRect(rect.center().x() - 28, rect.top(), 56, rect.height())
    if same and kind != "now":
        painter.setPen(QPen(QColor(background), 1.5))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        ink = option.palette.color(QPalette.ColorRole.Text).name()
    else:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(background))
    painter.drawRoundedRect(QRectF(pill).adjusted(0.75, 0.75, -0.75, -0.75), 8, 8)
    painter.setPen(QColor(ink))
    font = option.font
    font.setBold(True)
    painter.setFont(font)
    painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, number(tick))
    painter.restore()


class TickTable(KeptPaint, FreshRows):
    """A combatant added or removed repaints the rows from its own down, and a removal
    does not scroll the table (`FreshRows`)."""

    def __init__(self, model: TickModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._widths: dict[tuple[int, object, bool], int] = {}  # (column, text, bold)
        self._texts = TextWidths()  # the texts' widths, to find the widest cells
        self._estimates = Estimates(self._estimator, self._key_of, self._row_of, every=self._every)
        model.dataChanged.connect(self._forget_estimates)
        model.rowsInserted.connect(self._forget_inserted)  # (moved: theirs go with them)
        model.modelReset.connect(self._estimates.clear)
        # A column's width by (column, rows in sight), while the rows are as they were:
        # Qt asks again at each section another column is given, each layout of the rows
        # and each fit (24 measures of 3 columns as a resumed fight of 50 opened).
        self._measured: dict[tuple[int, int, int], int] = {}
        for changed in (model.dataChanged, model.rowsInserted, model.rowsRemoved):
            changed.connect(self._forget_measures)
        for changed in (model.rowsMoved, model.modelReset, model.layoutChanged):
            changed.connect(self._forget_measures)
        self.setObjectName("tick_table")
        self.setHorizontalHeader(FittingHeader(self))  # a step announces several rows
        self.setModel(model)
        self.watch_rows(model)
        self.keep_scroll_bar()  # no column narrowed by a row more
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setDragDropOverwriteMode(False)
        ForeignDrops(self, model.refuse_foreign_drop)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.kept = KeptCells(LIMIT)  # the cells as drawn
        self.setItemDelegate(KeptTextDelegate(self.kept, self))
        self.setItemDelegateForColumn(TICK, TickDelegate(self.kept, self))
        self.setItemDelegateForColumn(NAME, KeptNameDelegate(self.kept, self))
        # The font set directly, not by a style sheet: a table styled by one keeps the
        # palette it was first polished with (it would stay light in the dark scheme).
        table_font = QFont(self.font())
        table_font.setPointSize(TABLE_POINTS)
        self.setFont(table_font)
        self.setWordWrap(False)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setDefaultSectionSize(cell_height(table_font))  # two lines
        header = self.horizontalHeader()
        # Not every row measured (first: the sections set below are fitted at once):
        # those in sight and the likeliest widest (sizeHintForColumn).
        header.setResizeContentsPrecision(0)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(TICK, QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(STATE, QHeaderView.ResizeMode.Stretch)
        header.resizeSection(NAME, 250)  # (after the modes: no column measured for nothing)
        header.resizeSection(TICK, 80)
        header.setMinimumSectionSize(70)

    def kept_shown(self, row: int) -> list[Hashable] | None:
        """What each cell of the row draws as its delegate keys it: the pill by the
        row's mark and the one above, the others as they drew (`TickModel.shown`)."""
        model = self.model()
        if not isinstance(model, TickModel):
            return None
        pill = pill_of(model.mark_at(row), model.mark_at(row - 1) if row else None)
        others = [column for column in range(model.columnCount()) if column != TICK]
        shown = model.kept_shown(row, others)
        if pill is None or shown is None:
            return None
        shown.insert(TICK, pill)
        return shown

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._widths.clear()
            self._measured.clear()
            self._estimates.follow(self.font())
            self.kept.clear()  # a style draws otherwise
        if event.type() == QEvent.Type.PaletteChange:  # light or dark: the colours again
            model = self.model()
            if isinstance(model, TickModel):
                model.forget_all()
            self.viewport().update()

    def sizeHintForColumn(self, column: int) -> int:  # noqa: N802 (Qt)
        """The widest cell of the column (and a pixel for the grid), of every row: those
        in sight and those whose texts are the widest (`widest_rows`), each text's width
        measured once: the header fits the columns after every step, and Qt asked each
        cell shown for its every role to measure it again."""
        header = self.horizontalHeader()
        if isinstance(header, FittingHeader) and header.keeps_fit():
            return 0  # Qt lays the columns out after rows moved: the header measures
        model = self.model()
        shown_only = header.resizeContentsPrecision() == 0
        if not isinstance(model, TickModel) or column not in FITTED or not shown_only:
            return super().sizeHintForColumn(column)
        count = model.rowCount()
        sight: range = range(0)
        if self.isVisible():
            top = max(self.rowAt(0), 0)
            bottom = self.rowAt(self.viewport().height())
            sight = range(top, (bottom if bottom >= 0 else count - 1) + 1)
        key = (column, sight.start, sight.stop)
        measured = self._measured.get(key)
        if measured is None:
            measured = self._measured[key] = self._widest(model, column, count, sight)
        return measured

    def _forget_measures(self, *_args: object) -> None:
        self._measured.clear()

    def _widest(self, model: TickModel, column: int, count: int, sight: range) -> int:
        ranked = partial(self._estimates.ranked, column, count)
        widest = 0
        option: QStyleOptionViewItem | None = None
        for row in rows_to_measure(count, sight, ranked):
            index = model.index(row, column)
            key = (column, model.data(index), model.data(index, FONT) is not None)
            width = self._widths.get(key)
            if width is None:
                if option is None:
                    option = QStyleOptionViewItem()
                    self.initViewItemOption(option)
                if len(self._widths) >= WIDTHS_KEPT:  # a long evening's texts: afresh
                    self._widths.clear()
                delegate = self.itemDelegateForIndex(index)
                width = self._widths[key] = delegate.sizeHint(option, index).width()
            widest = max(widest, width)
        return widest + 1 if self.showGrid() else widest

    def _estimator(self, column: int) -> Callable[[int], int]:
        """A cell's text's width by row, bold or not (read as the cell is painted: the
        model keeps it)."""
        model = self.model()
        plain, bolder = self._texts.in_font(self.font()), self._texts.in_font(bold(self.font()))

        def text(row: int) -> int:
            index = model.index(row, column)
            value = model.data(index)
            if not isinstance(value, str):
                return 0
            return (bolder if model.data(index, FONT) is not None else plain)(value)

        return text

    def _every(self, column: int) -> tuple[list[str], list[int]]:
        """Every row's combatant and estimate of `column` at once (`_estimator` row by
        row asks the model through Qt: a large fight's open ranked 5,000 rows so), each
        text's width looked up once (a column holds few texts)."""
        model = self.model()
        if not isinstance(model, TickModel):
            return [], []
        ids, texts, bold_rows = model.column_texts(column)
        plain = self._texts.in_font(self.font())
        bolder = self._texts.in_font(bold(self.font()))
        every_bold = len(bold_rows) == len(texts)
        widths = {text: (bolder if every_bold else plain)(text) for text in set(texts)}
        values = list(map(widths.__getitem__, texts))
        if not every_bold:
            for row in bold_rows:
                values[row] = bolder(texts[row])
        return ids, values

    def _key_of(self, row: int) -> str | None:
        model = self.model()
        combatant = model.combatant_at(row) if isinstance(model, TickModel) else None
        return combatant.id if combatant is not None else None

    def _row_of(self, key: str | None) -> int:
        model = self.model()
        return model.row_of(key) if isinstance(model, TickModel) and key is not None else -1

    def _forget_inserted(self, _parent: QModelIndex, first: int, last: int) -> None:
        self._estimates.forget(first, last)

    def _forget_estimates(self, top_left: QModelIndex, bottom_right: QModelIndex) -> None:
        self._estimates.forget(top_left.row(), bottom_right.row())


class TickTrackView(QWidget):
    """`combatant_selected` carries the id of the row the GM clicks."""

    combatant_selected = Signal(str)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tick_track")
        self.document = document
        self.tick_model = TickModel(document, self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QFrame()
        top.setObjectName("tick_header")
        top.setStyleSheet("QFrame#tick_header { background: #1f2a36; border-radius: 6px; }")
        row = QHBoxLayout(top)
        row.setContentsMargins(14, 6, 14, 6)
        self.tick_label = QLabel()
        self.tick_label.setObjectName("tick_count")
        self.tick_label.setStyleSheet("color: #f6c343; font-size: 24pt; font-weight: 700;")
        self.tick_label.setMinimumWidth(150)
        self.acting_label = QLabel()
        self.acting_label.setObjectName("tick_acting")
        self.acting_label.setWordWrap(True)
        self.acting_label.setTextFormat(Qt.TextFormat.PlainText)  # it names who acts
        self.acting_label.setStyleSheet("color: #ffffff; font-size: 13pt;")
        # Both change at every step: steady, so a new text that fits repaints the label
        # alone rather than laying out the view and the main window around it.
        row.addWidget(SteadyBox(self.tick_label, grow=True))
        row.addWidget(SteadyBox(self.acting_label), 1)
        layout.addWidget(top)
        body = QHBoxLayout()
        self.table = TickTable(self.tick_model, self)
        self.kept = self.table.kept  # the view's cells as drawn (`kept.keep`: tests)
        body.addWidget(self.table, 3)
        self.checklist = QLabel()
        self.checklist.setObjectName("tick_checklists")
        self.checklist.setWordWrap(True)
        self.checklist.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.checklist.setTextFormat(Qt.TextFormat.RichText)
        self._dark: bool | None = None
        scroller = QScrollArea()
        scroller.setObjectName("tick_checklists_scroll")
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroller.setWidget(self.checklist)
        scroller.setMinimumWidth(250)
        scroller.setMaximumWidth(320)
        body.addWidget(scroller, 1)
        add_layout(layout, body, 1)
        self.hint = QLabel(HINT)
        self.hint.setObjectName("tick_hint")
        layout.addWidget(self.hint)
        self._dress()
        self.table.selectionModel().currentChanged.connect(self._on_current)
        document.changed.connect(self.refresh)
        document.replaced.connect(self.refresh)
        self.refresh()

    def _dress(self) -> None:
        """The checklists' page and the hint in the scheme in force (restyled only when
        it changes)."""
        dark = is_dark(QApplication.palette())
        if dark == self._dark:
            return
        self._dark = dark
        page, edge, ink = CHECKLIST[dark]
        self.checklist.setStyleSheet(
            f"QLabel#tick_checklists {{ background: {page}; border: 1px solid {edge};"
            f" color: {ink}; border-radius: 6px; padding: 8px; font-size: 10.5pt; }}"
        )
        self.hint.setStyleSheet(f"color: {HINT_INK[dark]};")

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._dress()

    @property
    def ruleset(self) -> InitiativeTicks | None:
        ruleset = self.document.ruleset
        return ruleset if isinstance(ruleset, InitiativeTicks) else None

    def show_selected(self, combatant_id: str | None) -> None:
        """The inspector shows this combatant: its row is the current one."""
        row = self.tick_model.row_of(combatant_id) if combatant_id else -1
        show_selected_row(self.table, row)

    def _on_current(self, current: QModelIndex, _previous: QModelIndex) -> None:
        combatant_id = current.siblingAtColumn(0).data(IdRole) if current.isValid() else None
        if combatant_id is not None:
            self.combatant_selected.emit(combatant_id)

    def refresh(self, *_args: object) -> None:
        ruleset = self.ruleset
        if ruleset is None:
            return
        # A row that came or went has the table lay its rows out a pass later, which
        # repaints them all once more: laid out now, it is the one repaint of the step.
        self.table.executeDelayedItemsLayout()
        encounter = self.document.encounter
        phase = ruleset.phase(encounter)
        tick = ruleset.tick(encounter)
        turn = self.document.session.current_turn()
        if phase == "round":
            self.tick_label.setText(f"Tick {number(tick)}" if tick is not None else "—")
        else:
            self.tick_label.setText({"setup": "Setup", "join": "Join", "free": "Free"}[phase])
        self.acting_label.setText(self.document.session.status())
        who = None
        if turn is not None and turn.combatant_id is not None:
            who = next((c for c in encounter.combatants if c.id == turn.combatant_id), None)
        if who is None or phase != "round":
            self.checklist.setText(
                "<b>Turn checklists</b><br>The formal start and end of each turn show here "
                "when a round is under way."
            )
            return
        start = ruleset.start_checklist(encounter, who)
        end = ruleset.end_checklist(encounter, who)
        started = "applied" if _started(turn) else "to apply"
        self.checklist.setText(
            f"<b>{escape(start.title)}</b> <i>({started})</i>"
            + "".join(f"<br>{escape(line)}" for line in start.lines())
            + f"<br><br><b>{escape(end.title)}</b> <i>(End Turn)</i>"
            + "".join(f"<br>{escape(line)}" for line in end.lines())
        )


def _started(turn: object) -> bool:
    """Whether the current turn's formal start is applied (no start prompt waits)."""
    return getattr(turn, "values", {}).get("started", False) is True
