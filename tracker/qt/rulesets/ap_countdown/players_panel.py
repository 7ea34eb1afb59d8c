"""The AP countdown on the players' screen: the count, very large, with the phase and who
acts there, then the next resolutions in order (value, name, action), above the
effects on the party.

All of it comes through `PublicState`: the count and who acts are those of the turn
shown as current (while a hidden combatant acts, the last visible count and nobody
named, so a hidden combatant's count never shows), and the resolutions go through
`PlayersResolutionsProxy`, which drops hidden combatants' rows and any text naming
one. The panel's model is its own (the GM's belongs to a view replaced with each
encounter)."""

from __future__ import annotations

from operator import itemgetter

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
    proxy_rows,
)
from tracker.qt.players.panel_parts import BigNumberBox, FittedRows
from tracker.qt.players.projection import shown_side, side_of
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.ruleset_panel import ListPanel
from tracker.qt.players.themes import Theme, px
from tracker.qt.rulesets.ap_countdown.model import ResolvesRole, TrackModel
from tracker.qt.rulesets.ap_countdown.players_proxy import (
    PlayersResolutionsProxy,
    ResolvingNowRole,
    rank,
)
from tracker.qt.rulesets.ap_countdown.texts import action_text, number

COUNT_PX = 132  # the count
PHASE_PX = 36  # "Resolution", "Initiative phase"
ACTING_PX = 44  # "Hauser resolves Melee Attack" (on two lines if need be)
ROW_PX = 70  # a resolution to come
NAME, ACTION = 0, 1  # the proxy's columns used here
CAPTION, ROWS_CAPTION = "COUNTDOWN", "RESOLVES NEXT"


def resolution_row(index: Index) -> PanelRow:
    """One resolution to come as the players see it: the value resolved, who, what."""
    return PanelRow(
        value=number(index.data(ResolvesRole)),
        name=str(index.sibling(index.row(), NAME).data() or ""),
        detail=str(index.sibling(index.row(), ACTION).data() or ""),
        side=side_of(index.data(Qt.ItemDataRole.DecorationRole)),
        now=bool(index.data(ResolvingNowRole)),
    )


class ResolutionDelegate(ThemedDelegate):
    """One resolution to come: the value in a pill, the name large, the action after."""

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        return QSize(max(option.rect.width(), 200), self.px(ROW_PX))

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        if self.cut_off(option):
            return
        rect = option.rect.adjusted(0, self.px(4), 0, -self.px(4))
        shown = resolution_row(index)
        painter.save()
        row = PillRow(
            side=self.side_color(index),
            value=shown.value,
            name=shown.name,
            detail=shown.detail,
            now=shown.now,
        )
        self.paint_pill_row(painter, rect, row, pill_width=96)
        painter.restore()


class CountdownSource(PanelSource):
    """The countdown's models as the players see them, and its texts: the panel shows
    them, the shared page its `content`."""

    def __init__(
        self,
        document: EncounterDocument,
        public: PublicState,
        parent: QObject,
        track_model: TrackModel | None = None,
        *,
        rows: bool = True,
    ) -> None:
        """`track_model`: one that already follows the document (the GM's view's), made
        before `public` listens; by default the source makes its own. `rows` False (the
        shared page's): its proxy is the filter alone, `page_rows` runs it and sorts."""
        super().__init__(parent)
        self.document, self.public = document, public
        self.track_model = track_model or TrackModel(document, self)
        self.proxy = PlayersResolutionsProxy(self.track_model, public, parent=self, rows=rows)

    def big_number(self) -> BigNumber:
        return BigNumber.shown(self.count_texts(self.public.shown_turn()), self.public.is_held())

    def empty_text(self) -> str:
        return "Nothing under way." if self.public.is_started() else "The fight has not begun."

    def count_texts(self, turn: Turn | None) -> tuple[str, str, str]:
        """(the count, the phase line, who acts) for the turn shown as current."""
        if turn is None or not self.public.is_started():
            return "—", "Not started", ""
        kind = turn.values.get("kind")
        if kind == "initiative":
            return "—", "Initiative phase", "Everyone has 4 AP"
        if kind == "upkeep":
            return "—", "Upkeep", "End of the round"
        combatant = next(
            (c for c in self.document.encounter.combatants if c.id == turn.combatant_id), None
        )
        name = combatant.name if combatant is not None else ""
        action = self.public.visibility.safe(str(turn.values.get("action") or ""))
        doing = "declares" if kind != "resolve" else f"resolves {action}".strip()
        acting = self.public.visibility.safe(f"{name} {doing}")
        return number(turn.values.get("count")), "Resolution", acting

    def content(self) -> PanelContent:
        return PanelContent(
            lines=(PanelLine(CAPTION, caption=True),),
            big=self.big_number(),
            rows_caption=ROWS_CAPTION,
            rows=self.page_rows(),
            empty=self.empty_text(),
        )

    def page_rows(self) -> tuple[PanelRow, ...]:
        """The rows as `resolution_row` gives them through the sorted proxy, read from
        the model behind it: its rows by the proxy's own filter (`proxy_rows`) in the
        proxy's order (`rank`), the name, action and side as the model words them, each
        text made safe as the proxy's `data` does. No sorted proxy kept in step with the
        model at each change, no `QModelIndex` a row."""
        model, proxy, safe = self.track_model, self.proxy, self.public.visibility.safe
        marked = []
        for source in proxy_rows(proxy, model):
            combatant, mark = model.combatant_at(source), model.mark_at(source)
            if combatant is not None and mark is not None:  # (the filter let none else by)
                marked.append((rank(mark.resolves_at, source), combatant, mark))
        marked.sort(key=itemgetter(0))
        return tuple(
            PanelRow(
                value=number(mark.resolves_at),
                name=str(safe(combatant.name) or ""),
                detail=str(safe(action_text(mark)) or ""),
                side=shown_side(combatant.side),
                now=proxy.resolves_now(combatant),
            )
            for _rank, combatant, mark in marked
        )


class CountdownPanel(ListPanel):
    """The caption "COUNTDOWN" over the count, then "RESOLVES NEXT" over the list."""

    body_stretch = (1, 1)
    row_px = ROW_PX

    def __init__(
        self,
        document: EncounterDocument,
        public: PublicState,
        theme: Theme,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("players_countdown", CAPTION, document, public, theme, parent)
        self.source = CountdownSource(document, public, self)
        self.track_model, self.proxy = self.source.track_model, self.source.proxy
        self.count_box = BigNumberBox("countdown", PHASE_PX)
        self.count_label, self.phase_line = self.count_box.number, self.count_box.line
        self.acting_line = self.count_box.acting
        self._layout.addWidget(self.count_box)
        self.next_caption = caption_label(ROWS_CAPTION)
        self._layout.addWidget(self.next_caption)
        self.delegate = ResolutionDelegate(theme, self)
        self.add_rows(
            FittedRows(
                "players_resolutions", self.proxy, self.delegate, "", pinned=self._resolving_row
            )
        )

    # --- look ---------------------------------------------------------------------------
    def set_look(self, theme: Theme, scale: float) -> None:
        self.theme, self.scale = theme, scale
        self._layout.setSpacing(px(16, scale))
        self.delegate.set_look(theme, scale)
        self.count_box.set_look(
            theme,
            scale,
            number_px=COUNT_PX,
            number_width=250,
            line_px=(PHASE_PX, 24),
            acting_px=ACTING_PX,
        )
        self._size_body()

    def _resolving_row(self) -> int | None:
        """The row resolving now (on every page of the list)."""
        rows = range(self.proxy.rowCount())
        return next((r for r in rows if self.proxy.index(r, 0).data(ResolvingNowRole)), None)

    # --- content ------------------------------------------------------------------------
    @classmethod
    def page_source(
        cls,
        document: EncounterDocument,
        public: PublicState,
        parent: QObject,
        view: QWidget | None = None,
    ) -> CountdownSource:
        """The GM's view's TrackModel shared when it has one (it follows the fight)."""
        shared = getattr(view, "track_model", None)
        return CountdownSource(
            document,
            public,
            parent,
            shared if isinstance(shared, TrackModel) else None,
            rows=False,
        )

    def refresh(self) -> None:
        big = self.source.big_number()
        self.count_box.show_texts(big.number, big.line, big.acting)
        assert self.nothing is not None
        self.nothing.setText(self.source.empty_text())
        self._size_body()

    def count_texts(self, turn: Turn | None) -> tuple[str, str, str]:
        """(the count, the phase line, who acts) for the turn shown as current."""
        return self.source.count_texts(turn)

    def rendered_texts(self) -> list[str]:
        """Every text the panel shows: its labels and the rows of the list it paints."""
        texts = self.label_texts()
        for row in range(self.proxy.rowCount()):
            for column in range(self.proxy.columnCount()):
                index = self.proxy.index(row, column)
                texts += [index.data(), index.data(Qt.ItemDataRole.ToolTipRole)]
            texts.append(number(self.proxy.index(row, 0).data(ResolvesRole)))
        return [t for t in texts if isinstance(t, str) and t]
