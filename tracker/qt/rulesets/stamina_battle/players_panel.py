"""The Stamina battle on the players' screen: the round and whose side's phase it is,
very large, then the Units the players may see with their Stamina as bars (the party's
always, the others' unless the DM keeps Stamina secret), who acts and who acted.

Everything comes through `PublicState`: `PlayersUnitsProxy` drops hidden Units' rows
(no gap, no count) and any text naming one; the phase shown is that of the turn shown
as current (the last visible one while a hidden Unit acts; no Unit is then marked as
acting)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter
from PySide6.QtWidgets import (
    QStyleOptionViewItem,
    QWidget,
)

from tracker.engine.rulesets.stamina_battle import UnitReadout
from tracker.engine.state import Combatant
from tracker.qt.document import EncounterDocument
from tracker.qt.players.delegates import PAD, STRIPE, ThemedDelegate, pixel_font
from tracker.qt.players.now_panel import FitLabel, caption_label
from tracker.qt.players.page_content import (
    PanelContent,
    PanelLine,
    PanelRow,
    PanelSource,
    RowMemo,
    proxy_rows,
)
from tracker.qt.players.panel_parts import FittedRows
from tracker.qt.players.projection import shown_side, side_of
from tracker.qt.players.proxy_base import Index, PlayersProxy, Role
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.ruleset_panel import ListPanel
from tracker.qt.players.themes import LIST_DETAIL_PX, LIST_NAME_PX, Theme, px
from tracker.qt.players.visibility import public_fields
from tracker.qt.rulesets.stamina_battle.delegate import paint_bar
from tracker.qt.rulesets.stamina_battle.model import ReadoutRole, UnitsModel
from tracker.qt.rulesets.stamina_battle.texts import status_text

PHASE_PX = 60  # "Round 2 · The party's phase"
ROW_PX = 64  # a Unit
CAPTION, ROWS_CAPTION = "BATTLE", "STAMINA"
# (stamina, maximum, change, status) or (None, None, 0, status) when its Stamina is secret
PublicUnitRole = int(Role.UserRole) + 80


class PlayersUnitsProxy(PlayersProxy):
    def __init__(
        self, source: UnitsModel, public: PublicState, parent: Any = None, *, rows: bool = True
    ) -> None:
        """`rows` False: the filter alone (see `PlayersProxy`), for the shared page."""
        super().__init__(source, public, parent, rows=rows)
        self._source = source  # its source for good: asked at every row it filters

    def units_model(self) -> UnitsModel:
        return self._source

    def accepted_row(self, source_row: int) -> bool:
        combatant = self.units_model().combatant_at(source_row)
        return combatant is not None and self.public.is_visible(combatant.id)

    def accepted(self) -> list[bool]:
        model = self.units_model()
        at, visible = model.combatant_at, self.public.visibility.visible_ids
        return [
            combatant is not None and combatant.id in visible
            for combatant in map(at, range(model.rowCount()))
        ]

    def filterAcceptsColumn(self, source_column: int, source_parent: Index) -> bool:
        return source_column == 0

    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        if int(role) == PublicUnitRole and index.isValid():
            return self._public_unit(index)
        return super().data(index, role)

    def _public_unit(self, index: Index) -> PublicUnit:
        source = self.mapToSource(self.index(index.row(), 0))
        model = self.units_model()
        return public_unit(model, source.row(), secret_stamina(model.document))

    def refresh_all(self) -> None:
        """After each engine event: who acts changed rows the source may not name."""
        self.refilter_rows()
        if self.rowCount() > 0:
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, 0))


PublicUnit = tuple[int | None, int | None, int, str]


def secret_stamina(document: EncounterDocument) -> bool:
    """Whether the other sides' Stamina is kept from the players."""
    shown = {f.name for f in public_fields(document.ruleset, document.encounter)}
    return "stamina_max" not in shown


def public_unit(model: UnitsModel, row: int, secret: bool) -> PublicUnit:
    """The model's Unit at `row` as the players see it (`PublicUnitRole`)."""
    readout = model.data(model.index(row, 0), ReadoutRole)
    return unit_of(model.combatant_at(row), readout, secret)


def unit_of(combatant: Combatant | None, readout: object, secret: bool) -> PublicUnit:
    """A Unit and its readout (`ReadoutRole`) as the players see it."""
    if not isinstance(readout, UnitReadout) or combatant is None:
        return None, None, 0, ""
    status = status_text(readout)  # a hidden Unit's "acting" row is dropped
    if combatant.side != "party" and secret:
        return None, None, 0, status
    # No change mark: the GM's "change of the last command" would vanish (or show)
    # as a hidden Unit's command comes in between.
    return readout.stamina, readout.maximum, 0, status


def unit_row(index: Index) -> PanelRow:
    """A Unit as the players see it: its name, its Stamina (unless secret), its status;
    `now` while it acts."""
    unit = index.data(PublicUnitRole) or (None, None, 0, "")
    return _row(unit, str(index.data() or ""), index.data(Role.DecorationRole))


def _row(unit: PublicUnit, name: str, decoration: object, side: str | None = None) -> PanelRow:
    """`side`: the side as read off the decoration, when known (the page's rows)."""
    stamina, maximum, _delta, status = unit
    shown = f"{stamina}/{maximum}" if stamina is not None and maximum is not None else ""
    side = side_of(decoration) if side is None else side
    return PanelRow(value=shown, name=name, detail=status, side=side, now=status == "acting")


class UnitRowDelegate(ThemedDelegate):
    """A Unit, large: the side's stripe, its name, its Stamina bar and number, whether it
    acts (in the accent colour), acted or is still to act."""

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        return QSize(max(option.rect.width(), 200), self.px(ROW_PX))

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        if self.cut_off(option):
            return
        stamina, maximum, delta, status = index.data(PublicUnitRole) or (None, None, 0, "")
        theme, pad = self.theme, self.px(PAD)
        rect = option.rect.adjusted(0, self.px(3), 0, -self.px(3))
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        acting = status == "acting"
        painter.setBrush(QColor(theme.cells["current"][0] if acting else theme.surface))
        painter.drawRoundedRect(rect, self.px(8), self.px(8))
        painter.setBrush(self.side_color(index))
        painter.drawRoundedRect(
            QRect(rect.left(), rect.top(), self.px(STRIPE), rect.height()), 4, 4
        )
        ink = QColor(theme.cells["current"][1] if acting else theme.text)
        muted = QColor(theme.cells["current"][1] if acting else theme.muted)
        inner = rect.adjusted(self.px(STRIPE) + pad, 0, -pad, 0)
        bar_w = int(inner.width() * 0.34)
        number_w = self.px(LIST_NAME_PX * 3.2)
        status_font = pixel_font(self.px(LIST_DETAIL_PX), bold=True)
        status_w = QFontMetrics(status_font).horizontalAdvance("ACTING ") + pad
        name_w = max(inner.width() - bar_w - number_w - status_w - 3 * pad, self.px(80))
        middle = Qt.AlignmentFlag.AlignVCenter
        name_font = pixel_font(self.px(LIST_NAME_PX), bold=True)
        painter.setFont(name_font)
        painter.setPen(ink)
        name = QFontMetrics(name_font).elidedText(
            unit_row(index).name, Qt.TextElideMode.ElideRight, name_w
        )
        painter.drawText(QRect(inner.left(), inner.top(), name_w, inner.height()), middle, name)
        x = inner.left() + name_w + pad
        if stamina is not None and maximum is not None:
            bar_h = self.px(24)
            bar = QRect(x, inner.center().y() - bar_h // 2, bar_w, bar_h)
            paint_bar(painter, bar, stamina, maximum, delta)
            painter.setFont(pixel_font(self.px(LIST_NAME_PX), bold=True))
            painter.setPen(ink)
            painter.drawText(
                QRect(bar.right() + pad, inner.top(), number_w, inner.height()),
                middle,
                f"{stamina}/{maximum}",
            )
        painter.setFont(status_font if acting else pixel_font(self.px(LIST_DETAIL_PX)))
        painter.setPen(ink if acting else muted)
        painter.drawText(
            QRect(inner.right() - status_w, inner.top(), status_w, inner.height()),
            middle | Qt.AlignmentFlag.AlignRight,
            status.upper() if acting else status,
        )
        painter.restore()


class StaminaSource(PanelSource):
    """The Units as the players see them, and the phase line: the panel shows them, the
    shared page its `content`."""

    def __init__(
        self,
        document: EncounterDocument,
        public: PublicState,
        parent: QObject,
        units_model: UnitsModel | None = None,
        *,
        rows: bool = True,
    ) -> None:
        """`units_model`: one that already follows the document (the GM's view's), made
        before `public` listens; by default the source makes its own. `rows` False (the
        shared page's): its proxy is the filter alone, `page_rows` runs it."""
        super().__init__(parent)
        self.public = public
        self.units_model = units_model or UnitsModel(document, self)
        self.proxy = PlayersUnitsProxy(self.units_model, public, parent=self, rows=rows)
        self.rows = RowMemo(self.units_model, self._id_at, public, self)  # the page's
        if rows:
            # After each engine event: who acts changed rows the source may not name
            # (before the panel's refresh, connected after this).
            public.updated.connect(self.proxy.refresh_all)

    def _id_at(self, row: int) -> str | None:
        combatant = self.units_model.combatant_at(row)
        return combatant.id if combatant is not None else None

    def phase_text(self) -> str:
        turn = self.public.shown_turn()
        if turn is None or not self.public.is_started():
            return "The battle has not begun"
        if turn.combatant_id is None:
            return f"Round {turn.round} · {turn.title}"
        return f"Round {turn.round} · {turn.phase}"

    def content(self) -> PanelContent:
        return PanelContent(
            lines=(PanelLine(CAPTION, caption=True), PanelLine(self.phase_text())),
            rows_caption=ROWS_CAPTION,
            rows=self.page_rows(),
        )

    def page_rows(self) -> tuple[PanelRow, ...]:
        """The rows as `unit_row` gives them through the proxy, read from the model
        behind it: its rows by the proxy's own filter (`proxy_rows`), each Unit's
        readout and name as the model keeps them (the name made safe as the proxy's
        `data` does), whether Stamina is secret asked once; a row kept (`RowMemo`) while
        its name, side, readout (the model's, kept until the Unit changes) and the
        secret stay. No `QModelIndex` a row."""
        model, kept = self.units_model, self.rows
        safe, secret = self.public.visibility.safe, secret_stamina(model.document)
        rows = []
        for source in proxy_rows(self.proxy, model):
            combatant, readout = model.combatant_at(source), model.readout_at(source)
            if combatant is None or readout is None:
                rows.append(_row(unit_of(None, None, secret), "", None))
                continue
            key = (combatant.name, combatant.side, readout, secret)
            row = kept.get(combatant.id, key)
            if row is None:
                name = str(safe(combatant.name) or "")
                unit = unit_of(combatant, readout, secret)
                row = _row(unit, name, None, shown_side(combatant.side))
                kept.keep(combatant.id, key, row)
            rows.append(row)
        return tuple(rows)


class StaminaPanel(ListPanel):
    """The caption "BATTLE" over the round and phase, then "STAMINA" over the Units."""

    body_stretch = (1, 2)
    row_px = ROW_PX

    def __init__(
        self,
        document: EncounterDocument,
        public: PublicState,
        theme: Theme,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("players_stamina", CAPTION, document, public, theme, parent)
        self.source = StaminaSource(document, public, self)
        self.units_model, self.proxy = self.source.units_model, self.source.proxy
        self.phase_line = FitLabel(PHASE_PX, PHASE_PX // 2)
        self.phase_line.setObjectName("players_phase")
        self._layout.addWidget(self.phase_line)
        self._layout.addWidget(caption_label(ROWS_CAPTION))
        self.delegate = UnitRowDelegate(theme, self)
        self.add_rows(
            FittedRows("players_units", self.proxy, self.delegate, pinned=self._acting_row)
        )

    def set_look(self, theme: Theme, scale: float) -> None:
        self.theme, self.scale = theme, scale
        self._layout.setSpacing(px(14, scale))
        self.delegate.set_look(theme, scale)
        self.phase_line.set_sizes(px(PHASE_PX, scale), px(PHASE_PX * 0.5, scale))
        self.phase_line.setStyleSheet(f"color: {theme.emphasis}; font-weight: 700;")
        self._size_body()

    def _acting_row(self) -> int | None:
        """The row of the Unit acting now (on every page of the list): the one the
        battle's clock names (its readout's `acting`), if the players see it. Looked
        up, not searched: while a hidden Unit acts or none does, a pass over every row's
        readout took ~90 ms at 5,000 Units, at each fitting and page turn."""
        model = self.units_model
        ruleset = model.ruleset
        if ruleset is None:
            return None
        _round, acting = ruleset.readout_basis(model.document.encounter)
        source = model.row_of(acting) if acting is not None else -1
        if source < 0:
            return None
        row = self.proxy.mapFromSource(model.index(source, 0)).row()
        return row if row >= 0 else None

    def refresh(self) -> None:
        self.phase_line.set_fitted_text(self.phase_text())
        self._size_body()

    @classmethod
    def page_source(
        cls,
        document: EncounterDocument,
        public: PublicState,
        parent: QObject,
        view: QWidget | None = None,
    ) -> StaminaSource:
        """The GM's view's UnitsModel shared when it has one (it follows the fight)."""
        shared = getattr(view, "units_model", None)
        model = shared if isinstance(shared, UnitsModel) else None
        return StaminaSource(document, public, parent, model, rows=False)

    def phase_text(self) -> str:
        return self.source.phase_text()

    def rendered_texts(self) -> list[str]:
        """Every text the panel shows: its labels and its rows' names."""
        texts = self.label_texts()
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, 0)
            texts += [index.data(), index.data(Qt.ItemDataRole.ToolTipRole)]
        return [t for t in texts if isinstance(t, str) and t]
