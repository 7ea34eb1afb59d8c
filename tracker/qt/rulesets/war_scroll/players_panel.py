"""The War Scroll on the players' screen: the grid (names down the left, Segments
across, AP in the cells) painted large with the screen's theme, above the effects on
the party. Its model is the panel's own (the GM's belongs to a view that is replaced
with each encounter); players see it through `PlayersWarScrollProxy`."""

from __future__ import annotations

from PySide6.QtCore import QObject, QRect, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QResizeEvent
from PySide6.QtWidgets import (
    QHeaderView,
    QSizePolicy,
    QStyleOptionViewItem,
    QTableView,
    QWidget,
)

from tracker.qt.document import EncounterDocument
from tracker.qt.players.delegates import Index, ThemedDelegate, pixel_font, quiet_view
from tracker.qt.players.now_panel import caption_label
from tracker.qt.players.page_content import (
    GridCell,
    GridRow,
    PanelContent,
    PanelGrid,
    PanelLine,
    PanelSource,
    RowMemo,
    proxy_rows,
)
from tracker.qt.players.panel_parts import RowPager, fit_rows, panel_room, room_left
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.ruleset_panel import RulesetPanel
from tracker.qt.players.themes import CAPTION_PX, GRID_PX, Theme, px
from tracker.qt.rulesets.war_scroll.model import Cell, StateRole, WarScrollModel
from tracker.qt.rulesets.war_scroll.players_proxy import PlayersWarScrollProxy, combatant_on_row

GRID_ROW_PX = 58
GRID_ROW_MIN_PX = 40  # rows shrink to this (type 24 px) before the grid shows pages
GRID_HEADER_PX = 54
GAP_PX = 28
CAPTION = "WAR SCROLL"
SPACING_PX = 16  # between the caption and the grid, as between the board's parts


class GridCellDelegate(ThemedDelegate):
    """A War Scroll cell: the AP on the theme's colour for its state (current, played…)."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        theme = self.theme
        state = index.data(StateRole)
        painter.save()
        painter.fillRect(option.rect, QColor(theme.background))
        if state is not None:
            background, foreground = theme.cells.get(str(state), theme.cells["none"])
            gap = self.px(3)
            inner = option.rect.adjusted(gap, gap, -gap, -gap)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(background))
            painter.drawRoundedRect(inner, self.px(6), self.px(6))
            painter.setPen(QColor(foreground))
            size = min(self.px(GRID_PX), int(option.rect.height() * 0.6))
            painter.setFont(pixel_font(size, bold=state in ("current", "pending")))
            painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, str(index.data() or ""))
        painter.restore()


class NameHeader(QHeaderView):
    """The grid's names down the left, shortened with "…" when too long for the room."""

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self.theme = theme
        self.scale = 1.0

    def set_look(self, theme: Theme, scale: float) -> None:
        self.theme, self.scale = theme, scale
        self.viewport().update()

    def paintSection(self, painter: QPainter, rect: QRect, logical_index: int) -> None:
        model = self.model()
        if model is None:
            return
        text = str(model.headerData(logical_index, Qt.Orientation.Vertical) or "")
        painter.save()
        painter.fillRect(rect, QColor(self.theme.background))
        font = pixel_font(min(px(GRID_PX, self.scale), int(rect.height() * 0.6)), bold=True)
        inner = rect.adjusted(px(14, self.scale), 0, -px(10, self.scale), 0)
        text = QFontMetrics(font).elidedText(text, Qt.TextElideMode.ElideRight, inner.width())
        painter.setFont(font)
        painter.setPen(QColor(self.theme.text))
        painter.drawText(inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
        painter.restore()


class WarScrollSource(PanelSource):
    """The grid's model and the players' proxy on it: the panel shows the proxy, the
    shared page its `content` (the same rows, Segments and cells)."""

    def __init__(
        self,
        document: EncounterDocument,
        public: PublicState,
        parent: QObject,
        grid_model: WarScrollModel | None = None,
        *,
        rows: bool = True,
    ) -> None:
        """`grid_model`: one that already follows the document (the GM's view's), made
        before `public` listens; by default the source makes its own. `rows` False (the
        shared page's): its proxy is the filters alone, `content` runs them."""
        super().__init__(parent)
        self.grid_model = grid_model or WarScrollModel(document, self)
        self.grid_proxy = PlayersWarScrollProxy(self.grid_model, public, parent=self, rows=rows)
        self.rows = RowMemo(self.grid_model, self._id_at, public, self)  # the page's

    def _id_at(self, row: int) -> str | None:
        combatant = combatant_on_row(self.grid_model, row)
        return combatant.id if combatant is not None else None

    def content(self) -> PanelContent:
        """The rows and Segments the proxy lets through, their cells read as the model
        keeps them (what the proxy's `data` gives, without a call per cell and role):
        its rows and columns by its own filters (`proxy_rows`, `shown_columns`), each cell's
        `GridCell` made once per state and AP, a row's kept (`RowMemo`) until the model
        says it changed."""
        proxy, source, kept = self.grid_proxy, self.grid_model, self.rows
        horizontal, safe = Qt.Orientation.Horizontal, proxy.public.visibility.safe
        columns = proxy.shown_columns()  # named by the model, as the proxy's header
        headers = tuple(str(safe(source.headerData(c, horizontal)) or "") for c in columns)
        shape = tuple(columns)
        cell_at, made = source.cell_at, dict[Cell | None, GridCell]()
        rows = []
        for source_row in proxy_rows(proxy, source):
            combatant = combatant_on_row(source, source_row)
            if combatant is None:
                continue
            key = (combatant.name, combatant.side, shape)
            row = kept.get(combatant.id, key)
            if row is None:
                cells = []
                for column in columns:
                    cell = cell_at(source_row, column)
                    shown = made.get(cell)
                    if shown is None:
                        shown = made[cell] = _grid_cell(cell)
                    cells.append(shown)
                # Named as the grid's header names it.
                row = GridRow(combatant.name, combatant.side, tuple(cells))
                kept.keep(combatant.id, key, row)
            rows.append(row)
        return PanelContent(
            lines=(PanelLine(CAPTION, caption=True),), grid=PanelGrid(headers, tuple(rows))
        )


def _grid_cell(cell: Cell | None) -> GridCell:
    """A cell as the grid shows it: its AP unless it has no Turn (the gap: none)."""
    if cell is None:
        return GridCell("", "none")
    ap, state = cell
    return GridCell(str(ap) if state != "none" else "", state)


class WarScrollPanel(RulesetPanel):
    """The caption "WAR SCROLL" over the grid as the players may see it, in the panel's
    share of the board: its rows shrink when many must share it, and it shows a page of
    them at a time when even the shortest do not all fit."""

    body_stretch = (5, 6)  # the grid needs the room

    def __init__(
        self,
        document: EncounterDocument,
        public: PublicState,
        theme: Theme,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("players_war_scroll", CAPTION, document, public, theme, parent)
        self.source = WarScrollSource(document, public, self)
        self.grid_model, self.grid_proxy = self.source.grid_model, self.source.grid_proxy
        self.grid_view = QTableView()
        self.grid_view.setObjectName("players_grid")
        self.name_header = NameHeader(theme, self.grid_view)
        self.grid_view.setVerticalHeader(self.name_header)
        self.grid_view.setModel(self.grid_proxy)
        # The pager gives the grid a page of the proxy's rows (`PageRows`), told of the
        # proxy's columns before `_size_body` sizes them (connected after it, below).
        self.page_label = caption_label("")
        self.pager = RowPager(self.grid_view, self.page_label, self._acting_row, self)
        self.grid_delegate = GridCellDelegate(theme, self.grid_view)
        self.grid_view.setItemDelegate(self.grid_delegate)
        self.grid_view.setShowGrid(False)
        quiet_view(self.grid_view)
        self.grid_view.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        columns = self.grid_view.horizontalHeader()
        columns.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        columns.setHighlightSections(False)
        rows = self.grid_view.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setHighlightSections(False)
        for signal in (
            self.grid_proxy.columnsInserted,
            self.grid_proxy.columnsRemoved,
            self.grid_proxy.rowsInserted,
            self.grid_proxy.rowsRemoved,
            self.grid_proxy.modelReset,
            self.grid_proxy.layoutChanged,
        ):
            signal.connect(self._size_body)
        self._layout.addWidget(self.grid_view)
        self._layout.addWidget(self.page_label)

    @classmethod
    def page_source(
        cls,
        document: EncounterDocument,
        public: PublicState,
        parent: QObject,
        view: QWidget | None = None,
    ) -> WarScrollSource:
        """The GM's view's WarScrollModel shared when it has one (it follows the fight)."""
        shared = getattr(view, "grid_model", None)
        model = shared if isinstance(shared, WarScrollModel) else None
        return WarScrollSource(document, public, parent, model, rows=False)

    def set_look(self, theme: Theme, scale: float) -> None:
        self.theme, self.scale = theme, scale
        self._layout.setSpacing(px(SPACING_PX, scale))
        self.grid_delegate.set_look(theme, scale)
        self.name_header.set_look(theme, scale)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The names' room follows the grid's width (the board may have fitted the panel
        before a hidden panel heard of its new size)."""
        super().resizeEvent(event)
        self._size_body()

    def _size_body(self, *_args: object) -> None:
        """Rows as tall as the reference asks, shorter when many must share the room (the
        grid takes the panel's share of the board), a page of them at a time when even
        the shortest do not all fit; the row of the Turn under way is on every page."""
        view, proxy = self.grid_view, self.grid_proxy
        header_height = px(GRID_HEADER_PX, self.scale)
        room = room_left(panel_room(self.board_height, self.scale), self._layout, view)
        room -= header_height + 4
        natural, smallest = px(GRID_ROW_PX, self.scale), px(GRID_ROW_MIN_PX, self.scale)
        count = proxy.rowCount()
        row_height, per_page = fit_rows(count, room, natural, smallest)
        if per_page < count and not self.page_label.isVisibleTo(self):
            label = px(CAPTION_PX * 1.5, self.scale) + self._layout.spacing()
            row_height, per_page = fit_rows(count, room - label, natural, smallest)
        view.verticalHeader().setDefaultSectionSize(row_height)
        columns = view.horizontalHeader()
        columns.setFixedHeight(header_height)
        for column in range(proxy.columnCount()):
            if proxy.is_gap(column):
                columns.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
                columns.resizeSection(column, px(GAP_PX, self.scale))
            else:
                columns.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        # Each row as tall as the rest: the default size resizes the rows of the page
        # (the grid holds those alone, `PageRows`).
        self.pager.show_pages(per_page)
        tall = max(min(count, per_page), 1)  # the same on each page
        view.setFixedHeight(header_height + row_height * tall + 4)
        # Names take at most 40% of the grid's width (long ones are shortened with "…").
        view.verticalHeader().setMaximumWidth(max(px(160, self.scale), int(view.width() * 0.4)))

    def _acting_row(self) -> int | None:
        """The row holding the Turn under way (on every page of the grid): the row of
        the combatant the engine's Turn is of, if one of its cells shown says so. Looked
        up, not searched: while a hidden combatant acted, every cell of the grid was
        read (~480 ms at 5,000 combatants) at each fitting and page turn."""
        turn, proxy, model = self.public.actual_turn(), self.grid_proxy, self.grid_model
        holder = turn.combatant_id if turn is not None else None
        if holder is None or not model.holds(holder) or not proxy.hasIndex(0, 0):
            return None
        shown_column = proxy.mapToSource(proxy.index(0, 0)).column()  # any column shown
        row = proxy.mapFromSource(model.index(model.row_of(holder), shown_column)).row()
        if row < 0:
            return None
        for column in range(proxy.columnCount()):
            if proxy.index(row, column).data(StateRole) == "current":
                return row
        return None
