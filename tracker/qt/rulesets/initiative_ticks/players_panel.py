"""Initiative ticks on the players' screen: the tick counted down to, very large, with who
acts; then the ticks to come, each combatant at its tick (acted ones faded, Crashed
ones marked), hidden combatants never shown, not even as a gap (`PlayersTicksProxy`).
While a hidden combatant acts (see `PublicState`), the last visible turn's tick and
round stay, nobody is named as acting and no row is marked."""

from __future__ import annotations

from PySide6.QtCore import QObject, QSize, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (
    QStyleOptionViewItem,
    QWidget,
)

from tracker.engine.ruleset import Turn
from tracker.qt.document import EncounterDocument
from tracker.qt.players.delegates import Index, PillRow, ThemedDelegate
from tracker.qt.players.now_panel import caption_label
from tracker.qt.players.page_content import (
    BigNumber,
    PanelContent,
    PanelLine,
    PanelRow,
    PanelSource,
    RowMemo,
)
from tracker.qt.players.panel_parts import BigNumberBox, FittedRows
from tracker.qt.players.projection import shown_side, side_of
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.ruleset_panel import ListPanel
from tracker.qt.players.themes import Theme, px
from tracker.qt.rulesets.initiative_ticks.model import STATE as MODEL_STATE
from tracker.qt.rulesets.initiative_ticks.model import MarkRole, TickModel
from tracker.qt.rulesets.initiative_ticks.players_proxy import PlayersTicksProxy
from tracker.qt.rulesets.initiative_ticks.texts import number

TICK_PX = 132
ACTING_PX = 48
ROW_PX = 66
CRASHED = ("#b3261e", "#ffffff")  # the pill of a Crashed combatant: background, ink
NAME, STATE = 1, 2  # the proxy's columns
CAPTION, ROWS_CAPTION = "TICK", "THE TICKS"
EMPTY = "Nobody has joined battle yet."


def tick_row(index: Index) -> PanelRow:
    """A combatant at its tick as the players see it (acted ones faded)."""
    mark = index.data(MarkRole)
    if mark is None:
        return PanelRow("", "", "")
    name = index.sibling(index.row(), NAME)
    return PanelRow(
        value=number(mark.tick),
        name=str(name.data() or ""),
        detail=str(index.sibling(index.row(), STATE).data() or ""),
        side=side_of(name.data(Qt.ItemDataRole.DecorationRole)),
        now=bool(mark.now),
        faded=bool(mark.acted and not mark.now),
    )


class TickRowDelegate(ThemedDelegate):
    """A combatant at its tick: the tick in a pill, the name large, its state after."""

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        return QSize(max(option.rect.width(), 200), self.px(ROW_PX))

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        if self.cut_off(option):
            return
        mark = index.data(MarkRole)
        if mark is None:
            return
        shown = tick_row(index)
        rect = option.rect.adjusted(0, self.px(3), 0, -self.px(3))
        painter.save()
        if shown.faded:
            painter.setOpacity(0.45)
        crashed = mark.crashed and not mark.now
        row = PillRow(
            side=self.side_color(index.sibling(index.row(), NAME)),
            value=shown.value,
            name=shown.name,
            detail=shown.detail,
            now=shown.now,
            pill_colors=CRASHED if crashed else None,
        )
        self.paint_pill_row(painter, rect, row, pill_width=90)
        painter.restore()


class TicksSource(PanelSource):
    """The ticks' models as the players see them, and the panel's texts: the panel shows
    them, the shared page its `content`."""

    def __init__(
        self,
        document: EncounterDocument,
        public: PublicState,
        parent: QObject,
        tick_model: TickModel | None = None,
        *,
        rows: bool = True,
    ) -> None:
        """`tick_model`: one that already follows the document (the GM's view's), made
        before `public` listens; by default the source makes its own. `rows` False (the
        shared page's): its proxy is the filter alone, `page_rows` runs it."""
        super().__init__(parent)
        self.document, self.public = document, public
        self.tick_model = tick_model or TickModel(document, self)
        self.proxy = PlayersTicksProxy(self.tick_model, public, parent=self, rows=rows)
        self.rows = RowMemo(self.tick_model, self._id_at, public, self)  # the page's

    def _id_at(self, row: int) -> str | None:
        combatant = self.tick_model.combatant_at(row)
        return combatant.id if combatant is not None else None

    def big_number(self) -> BigNumber:
        return BigNumber.shown(self.tick_texts(self.public.shown_turn()), self.public.is_held())

    def tick_texts(self, turn: Turn | None) -> tuple[str, str, str]:
        """(the tick, the round line, who acts) for the turn shown as current."""
        if turn is None or not self.public.is_started():
            return "—", "Not started", ""
        kind = turn.values.get("kind")
        if kind == "join":
            return "—", "Join Battle", "Roll Wits + Awareness"
        if kind == "round_end":
            return "—", f"End of round {turn.round}", "Delayed turns may act now"
        name = next(
            (c.name for c in self.document.encounter.combatants if c.id == turn.combatant_id), ""
        )
        if kind == "free":
            return "—", "Free actions", self.public.visibility.safe(f"{name}: free action")
        acting = self.public.visibility.safe(f"{name} acts")
        return number(turn.values.get("tick")), f"Round {turn.round}", acting

    def content(self) -> PanelContent:
        return PanelContent(
            lines=(PanelLine(CAPTION, caption=True),),
            big=self.big_number(),
            rows_caption=ROWS_CAPTION,
            rows=self.page_rows(),
            empty=EMPTY,
        )

    def page_rows(self) -> tuple[PanelRow, ...]:
        """The rows as `tick_row` gives them through the proxy, read from the model
        behind it: its rows by the proxy's own filter in one pass (`accepted`), the mark
        and the name as the model keeps them (a row the proxy lets through is a visible
        combatant's: no "(hidden)"), the state's text as the model's `data` words it,
        each text made safe as the proxy's `data` does; a row kept (`RowMemo`) until
        the model says it changed. No `QModelIndex` made by `index()` (each calls back
        into the Python model), at every publish."""
        model, kept = self.tick_model, self.rows
        safe, cell, data = self.public.visibility.safe, model.createIndex, model.data
        combatant_at, mark_at = model.combatant_at, model.mark_at
        rows = []
        for source in (row for row, shown in enumerate(self.proxy.accepted()) if shown):
            combatant, mark = combatant_at(source), mark_at(source)
            if combatant is None or mark is None:
                rows.append(PanelRow("", "", ""))
                continue
            key = (combatant.name, combatant.side, mark)
            row = kept.get(combatant.id, key)
            if row is None:
                row = PanelRow(
                    value=number(mark.tick),
                    name=str(safe(combatant.name) or ""),
                    detail=str(safe(data(cell(source, MODEL_STATE))) or ""),
                    side=shown_side(combatant.side),
                    now=bool(mark.now),
                    faded=bool(mark.acted and not mark.now),
                )
                kept.keep(combatant.id, key, row)
            rows.append(row)
        return tuple(rows)


class TicksPanel(ListPanel):
    """The caption "TICK" over the tick and who acts, then "THE TICKS" over the list."""

    body_stretch = (1, 1)
    row_px = ROW_PX

    def __init__(
        self,
        document: EncounterDocument,
        public: PublicState,
        theme: Theme,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("players_ticks", CAPTION, document, public, theme, parent)
        self.source = TicksSource(document, public, self)
        self.tick_model, self.proxy = self.source.tick_model, self.source.proxy
        self.tick_box = BigNumberBox("ticks", 36)
        self.tick_label, self.round_line = self.tick_box.number, self.tick_box.line
        self.acting_line = self.tick_box.acting
        self._layout.addWidget(self.tick_box)
        self._layout.addWidget(caption_label(ROWS_CAPTION))
        self.delegate = TickRowDelegate(theme, self)
        rows = FittedRows(
            "players_tick_list",
            self.proxy,
            self.delegate,
            EMPTY,
            pinned=self._acting_row,
        )
        rows.view.setModelColumn(0)
        self.add_rows(rows)

    def set_look(self, theme: Theme, scale: float) -> None:
        self.theme, self.scale = theme, scale
        self._layout.setSpacing(px(14, scale))
        self.delegate.set_look(theme, scale)
        self.tick_box.set_look(
            theme, scale, number_px=TICK_PX, number_width=220, line_px=(36, 24), acting_px=ACTING_PX
        )
        self._size_body()

    def _acting_row(self) -> int | None:
        """The row of the one acting now (on every page of the list)."""
        for row in range(self.proxy.rowCount()):
            mark = self.proxy.index(row, 0).data(MarkRole)
            if mark is not None and mark.now:
                return row
        return None

    @classmethod
    def page_source(
        cls,
        document: EncounterDocument,
        public: PublicState,
        parent: QObject,
        view: QWidget | None = None,
    ) -> TicksSource:
        """The GM's view's TickModel shared when it has one (it follows the fight)."""
        shared = getattr(view, "tick_model", None)
        model = shared if isinstance(shared, TickModel) else None
        return TicksSource(document, public, parent, model, rows=False)

    def refresh(self) -> None:
        big = self.source.big_number()
        self.tick_box.show_texts(big.number, big.line, big.acting)
        self._size_body()

    def tick_texts(self, turn: Turn | None) -> tuple[str, str, str]:
        """(the tick, the round line, who acts) for the turn shown as current."""
        return self.source.tick_texts(turn)

    def rendered_texts(self) -> list[str]:
        """Every text the panel shows: its labels and the rows it paints."""
        texts = self.label_texts()
        for row in range(self.proxy.rowCount()):
            for column in range(self.proxy.columnCount()):
                index = self.proxy.index(row, column)
                texts += [index.data(), index.data(Qt.ItemDataRole.ToolTipRole)]
        return [t for t in texts if isinstance(t, str) and t]
