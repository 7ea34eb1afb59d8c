"""The players' "now" panel: whose turn it is, very large, and what it grants."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from tracker.qt.layout_items import add_layout
from tracker.qt.players.themes import (
    NOW_DETAIL_MIN_PX,
    NOW_DETAIL_PX,
    NOW_NAME_MIN_PX,
    NOW_NAME_PX,
    px,
)


def caption_label(text: str) -> QLabel:
    """A small-caps heading ("NOW", "NEXT", …), styled by the theme."""
    label = QLabel(text)
    label.setProperty("caption", True)
    return label


class FitLabel(QLabel):
    """A one-line label whose type shrinks (down to `min_px`) to fit its width, then
    wraps, as tall as its lines; never wider than the space it is given."""

    def __init__(self, max_px: int, min_px: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._max_px = max_px
        self._min_px = min_px
        self._full = ""
        self._fitted: tuple[str, int, int, int] | None = None  # text, width, sizes fitted
        self.setTextFormat(Qt.TextFormat.PlainText)  # names may hold < or &
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(int(max_px * 1.3))

    def full_text(self) -> str:
        return self._full

    def smallest_px(self) -> int:
        """The size its type may shrink to (a longer text then wraps)."""
        return self._min_px

    def set_sizes(self, max_px: int, min_px: int) -> None:
        self._max_px, self._min_px = max_px, min_px
        self._fit()  # its height too (as tall as its lines when they wrap)

    def set_fitted_text(self, text: str) -> None:
        self._full = text
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        """The largest size at which the text fits on one line; at the smallest size,
        wrapped at spaces, as tall as its lines (a line cut in half at the top and the
        bottom of a label of one line's height read as none)."""
        width = max(self.contentsRect().width(), 1)
        fitted = (self._full, width, self._max_px, self._min_px)
        if fitted == self._fitted:
            return  # as it is: setting the same font and text again lays the board out
        self._fitted = fitted
        font = QFont(self.font())
        pixels = self._max_px
        while True:
            font.setPixelSize(pixels)
            fits = QFontMetrics(font).horizontalAdvance(self._full) <= width
            if fits or pixels <= self._min_px:
                break
            pixels = max(self._min_px, pixels - 4)
        self.setFont(font)
        self.setWordWrap(not fits)
        self.setText(self._full)
        tall = int(self._max_px * 1.3)
        if not fits:
            flags = int(Qt.TextFlag.TextWordWrap)
            bound = QFontMetrics(font).boundingRect(QRect(0, 0, width, 1 << 20), flags, self._full)
            margins = self.contentsMargins()
            tall = max(tall, bound.height() + margins.top() + margins.bottom())
        if self.minimumHeight() != tall:
            self.setMinimumHeight(tall)


class NowPanel(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("now_panel")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        self._stripe = QFrame()
        self._stripe.setObjectName("now_stripe")
        row.addWidget(self._stripe)
        self._layout = layout = QVBoxLayout()
        add_layout(row, layout, 1)
        self.caption = caption_label("NOW")
        self.name = FitLabel(NOW_NAME_PX, NOW_NAME_MIN_PX)
        self.name.setObjectName("now_name")
        self.detail = FitLabel(NOW_DETAIL_PX, NOW_DETAIL_MIN_PX)
        self.detail.setObjectName("now_detail")
        layout.addWidget(self.caption)
        layout.addWidget(self.name)
        layout.addWidget(self.detail)
        self.set_scale(1.0)

    def set_scale(self, scale: float) -> None:
        self._stripe.setFixedWidth(px(16, scale))
        self._layout.setContentsMargins(px(32, scale), px(22, scale), px(28, scale), px(26, scale))
        self._layout.setSpacing(px(4, scale))
        self.name.set_sizes(px(NOW_NAME_PX, scale), px(NOW_NAME_MIN_PX, scale))
        self.detail.set_sizes(px(NOW_DETAIL_PX, scale), px(NOW_DETAIL_MIN_PX, scale))

    def show_turn(self, caption: str, name: str, detail: str) -> None:
        self.caption.setText(caption)
        self.name.set_fitted_text(name)
        # The detail keeps its room when empty: the lists below never move for it.
        self.detail.set_fitted_text(detail)
