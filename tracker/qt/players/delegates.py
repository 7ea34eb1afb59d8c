"""Painting the players' lists in large type with the screen's theme (a ruleset's
panel builds on `ThemedDelegate` too)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter
from PySide6.QtWidgets import (
    QAbstractItemView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from tracker.engine.ruleset import Turn
from tracker.qt.models.turn_order_model import TurnRole
from tracker.qt.players.projection import SIDE_OF_COLOR, turn_detail
from tracker.qt.players.themes import (
    EFFECT_DETAIL_PX,
    EFFECT_PX,
    LIST_DETAIL_PX,
    LIST_NAME_PX,
    Theme,
    px,
)

Index = QModelIndex | QPersistentModelIndex
PAD = 16  # inner padding of rows, in pixels
STRIPE = 12  # width of the side colour stripe


@dataclass(frozen=True)
class PillRow:
    """What one card of `ThemedDelegate.paint_pill_row` shows."""

    side: QColor
    value: str  # in the pill: a tick, a count
    name: str
    detail: str
    now: bool
    pill_colors: tuple[str, str] | None = None  # background, ink; else the theme's


def quiet_view(view: QAbstractItemView) -> None:
    """A view that is only looked at: no selection, focus, editing or scroll bars."""
    view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)


@functools.cache
def pixel_font(pixels: int, bold: bool = False) -> QFont:
    """The app's font at this pixel size (one object per size: a paint asks for it for
    every row, so never change the font it returns)."""
    font = QFont()
    font.setPixelSize(pixels)
    font.setBold(bold)
    return font


@functools.cache
def pixel_metrics(pixels: int, bold: bool = False) -> QFontMetrics:
    """The metrics of `pixel_font(pixels, bold)`, made once."""
    return QFontMetrics(pixel_font(pixels, bold))


def fitted_detail(metrics: QFontMetrics, text: str, room: int) -> str:
    """`text` as it fits in `room` pixels: whole parts (" · ") left off its end rather
    than one cut in the middle (on the TV "Segment 2 · 3…" was read as a 3 where it
    said 3 AP); a first part too long alone is cut with "…"."""
    parts = text.split(" · ")
    while len(parts) > 1 and metrics.horizontalAdvance(" · ".join(parts)) > room:
        parts.pop()
    shown = " · ".join(parts)
    if metrics.horizontalAdvance(shown) <= room:
        return shown
    return metrics.elidedText(shown, Qt.TextElideMode.ElideRight, room)


class ThemedDelegate(QStyledItemDelegate):
    """Paints with the theme's colours at the board's scale. Rows of list views that
    would be cut off at the bottom are not painted at all."""

    def __init__(self, theme: Theme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.theme = theme
        self.scale = 1.0

    def set_look(self, theme: Theme, scale: float) -> None:
        self.theme = theme
        self.scale = scale
        self.sizeHintChanged.emit(QModelIndex())

    def px(self, value: float) -> int:
        return px(value, self.scale)

    def cut_off(self, option: QStyleOptionViewItem) -> bool:
        view = self.parent()
        if not isinstance(view, QAbstractItemView):
            return False
        return option.rect.bottom() > view.viewport().height()

    def side_color(self, index: Index) -> QColor:
        """The theme's colour for the side the model shows (as the GM's palette colour)."""
        shown = index.data(Qt.ItemDataRole.DecorationRole)
        side = SIDE_OF_COLOR.get(QColor(shown).name()) if shown is not None else None
        return QColor(self.theme.sides.get(side or "", self.theme.muted))

    def paint_pill_row(
        self, painter: QPainter, rect: QRect, row: PillRow, pill_width: float
    ) -> None:
        """A card: the side's stripe, a value in a pill (highlighted when it is now),
        the name large, and a detail after it in muted type where there is room."""
        theme, pad, stripe = self.theme, self.px(PAD), self.px(STRIPE)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(theme.surface))
        painter.drawRoundedRect(rect, self.px(8), self.px(8))
        painter.setBrush(row.side)
        painter.drawRoundedRect(QRect(rect.left(), rect.top(), stripe, rect.height()), 4, 4)
        pill = QRect(rect.left() + stripe + pad, rect.top() + self.px(6), self.px(pill_width), 0)
        pill.setBottom(rect.bottom() - self.px(6))
        background, ink = row.pill_colors or theme.cells["current" if row.now else "pending"]
        painter.setBrush(QColor(background))
        painter.drawRoundedRect(pill, self.px(8), self.px(8))
        font = pixel_font(self.px(LIST_NAME_PX), bold=True)
        painter.setFont(font)
        painter.setPen(QColor(ink))
        painter.drawText(pill, Qt.AlignmentFlag.AlignCenter, row.value)
        text_rect = rect.adjusted(pill.right() - rect.left() + pad, 0, -pad, 0)
        metrics = QFontMetrics(font)
        width = min(metrics.horizontalAdvance(row.name) + 4, text_rect.width())
        left = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        painter.setPen(QColor(theme.text))
        painter.drawText(
            text_rect, left, metrics.elidedText(row.name, Qt.TextElideMode.ElideRight, width)
        )
        detail_font = pixel_font(self.px(LIST_DETAIL_PX))
        room = text_rect.width() - width - pad
        detail = fitted_detail(QFontMetrics(detail_font), row.detail, room)
        if room > self.px(LIST_DETAIL_PX) * 3 and detail not in ("", "…"):
            painter.setFont(detail_font)
            painter.setPen(QColor(theme.muted))
            painter.drawText(text_rect.adjusted(width + pad, 0, 0, 0), left, detail)


class TurnRowDelegate(ThemedDelegate):
    """One turn to come: a side stripe, the name large, when and what it grants."""

    ROW_HEIGHT = 72

    def __init__(
        self,
        theme: Theme,
        shown_round: Callable[[], int],
        round_name: Callable[[], str],
        safe: Callable[[str], str],
        parent: QWidget | None = None,
        health: Callable[[str | None], str] = lambda _id: "",
    ) -> None:
        super().__init__(theme, parent)
        self._shown_round = shown_round
        self._round_name = round_name
        self._safe = safe  # "" for a text that names a hidden combatant
        self._health = health  # what the players are told of a combatant's health

    def detail(self, turn: Turn | None) -> str:
        """The row's second line, as the page has it (`projection.turn_detail`)."""
        if turn is None:
            return ""
        health = self._health(turn.combatant_id)
        return turn_detail(turn, self._safe, health, self._shown_round(), self._round_name())

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        return QSize(max(option.rect.width(), 200), self.px(self.ROW_HEIGHT))

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        if self.cut_off(option):
            return
        theme, pad, stripe = self.theme, self.px(PAD), self.px(STRIPE)
        rect = option.rect.adjusted(0, self.px(4), 0, -self.px(4))
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(theme.surface))
        painter.drawRoundedRect(rect, self.px(8), self.px(8))
        painter.setBrush(self.side_color(index))
        painter.drawRoundedRect(QRect(rect.left(), rect.top(), stripe, rect.height()), 4, 4)
        text_rect = rect.adjusted(stripe + pad, 0, -pad, 0)
        # The name comes first; the detail takes what is left and is cut with "…" (or
        # left out) rather than ever being drawn over the name.
        name_font = pixel_font(self.px(LIST_NAME_PX), bold=True)
        name_metrics = QFontMetrics(name_font)
        full_name = str(index.data() or "")
        name_width = min(name_metrics.horizontalAdvance(full_name) + 4, text_rect.width())
        name = name_metrics.elidedText(full_name, Qt.TextElideMode.ElideRight, name_width)
        detail_font = pixel_font(self.px(LIST_DETAIL_PX))
        room = text_rect.width() - name_width - 2 * pad
        detail = fitted_detail(
            QFontMetrics(detail_font), self.detail(index.data(TurnRole)), max(room, 0)
        )
        painter.setPen(QColor(theme.text))
        painter.setFont(name_font)
        left = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        painter.drawText(text_rect, left, name)
        if room > self.px(LIST_DETAIL_PX) * 3 and detail != "…":
            painter.setPen(QColor(theme.muted))
            painter.setFont(detail_font)
            painter.drawText(
                text_rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, detail
            )
        painter.restore()


class EffectRowDelegate(ThemedDelegate):
    """One effect: its name and carrier large, how long it has left below."""

    def __init__(
        self, theme: Theme, width_of: Callable[[], int], parent: QWidget | None = None
    ) -> None:
        super().__init__(theme, parent)
        self._width_of = width_of
        self._heights: dict[tuple[str, int, float], QSize] = {}

    @staticmethod
    def texts(index: Index) -> tuple[str, str, str]:
        name = str(index.sibling(index.row(), 0).data() or "")
        carrier = str(index.sibling(index.row(), 1).data() or "")
        remaining = str(index.sibling(index.row(), 3).data() or "")
        return name, carrier, remaining

    def _detail_height(self, text: str, width: int) -> int:
        if not text:
            return 0
        metrics = pixel_metrics(self.px(EFFECT_DETAIL_PX))
        bounds = metrics.boundingRect(
            QRect(0, 0, max(width, 50), 10_000), int(Qt.TextFlag.TextWordWrap), text
        )
        return bounds.height()

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        """The height its wrapped time left needs; a list lays every row out again on
        each change, so heights are kept per text, width and scale."""
        remaining = str(index.sibling(index.row(), 3).data() or "")
        key = (remaining, self._width_of(), self.scale)
        size = self._heights.get(key)
        if size is None:
            pad = self.px(PAD)
            width = self._width_of() - self.px(STRIPE) - 2 * pad
            title = pixel_metrics(self.px(EFFECT_PX), bold=True).height()
            detail = self._detail_height(remaining, width)
            size = QSize(self._width_of(), 2 * pad + title + self.px(12) + detail)
            if len(self._heights) > 500:
                self._heights.clear()
            self._heights[key] = size
        return QSize(size)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        if self.cut_off(option):
            return
        theme, pad, stripe = self.theme, self.px(PAD), self.px(STRIPE)
        name, carrier, remaining = self.texts(index)
        rect = option.rect.adjusted(0, self.px(4), 0, -self.px(4))
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(theme.surface))
        painter.drawRoundedRect(rect, self.px(8), self.px(8))
        painter.setBrush(QColor(theme.sides["party"]))
        painter.drawRoundedRect(QRect(rect.left(), rect.top(), stripe, rect.height()), 4, 4)
        inner = rect.adjusted(stripe + pad, pad - self.px(4), -pad, -pad + self.px(4))
        title_font = pixel_font(self.px(EFFECT_PX), bold=True)
        title_height = QFontMetrics(title_font).height()
        painter.setFont(title_font)
        painter.setPen(QColor(theme.text))
        title = f"{name} on {carrier}" if carrier else name
        title = QFontMetrics(title_font).elidedText(
            title, Qt.TextElideMode.ElideRight, inner.width()
        )
        painter.drawText(
            QRect(inner.left(), inner.top(), inner.width(), title_height),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            title,
        )
        painter.setFont(pixel_font(self.px(EFFECT_DETAIL_PX)))
        painter.setPen(QColor(theme.muted))
        detail_rect = QRect(
            inner.left(), inner.top() + title_height + self.px(4), inner.width(), inner.height()
        )
        painter.drawText(
            detail_rect, int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap), remaining
        )
        painter.restore()
