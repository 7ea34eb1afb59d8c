"""Parts that rulesets' panels on the players' screen share: a very large number (the
count, the tick) beside the phase and who acts, and a list of rows painted by a
delegate that shows as many rows as fit the panel's share of the board."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListView,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from tracker.qt.players.delegates import pixel_font, quiet_view
from tracker.qt.players.now_panel import FitLabel
from tracker.qt.players.themes import Theme, px

NO_NUMBER = "—"


class BigNumberBox(QFrame):
    """The number very large on the left; on the right a line fitted to the room (the
    phase, the round) over who acts. Object names start with `name`."""

    def __init__(self, name: str, line_px: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"{name}_box")
        box = QHBoxLayout(self)
        self.number = QLabel()
        self.number.setObjectName(f"players_{name}")
        self.number.setAlignment(Qt.AlignmentFlag.AlignCenter)
        box.addWidget(self.number)
        lines = QVBoxLayout()
        self.line = FitLabel(line_px, line_px // 2)
        self.line.setObjectName(f"players_{name}_line")
        self.acting = QLabel()
        self.acting.setObjectName(f"players_{name}_acting")
        self.acting.setWordWrap(True)
        self.acting.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        lines.addStretch(1)
        lines.addWidget(self.line)
        lines.addWidget(self.acting)
        lines.addStretch(1)
        box.addLayout(lines, 1)

    def set_look(
        self,
        theme: Theme,
        scale: float,
        *,
        number_px: int,
        number_width: int,
        line_px: tuple[int, float],
        acting_px: int,
    ) -> None:
        """Sizes at scale 1: the number's font and its least width, the line's font and
        the smallest it may shrink to, who acts."""
        self.setStyleSheet(
            f"QFrame#{self.objectName()} {{ background: {theme.surface}; border: none;"
            f" border-left: {px(16, scale)}px solid {theme.accent}; }}"
        )
        layout = self.layout()
        layout.setContentsMargins(px(28, scale), px(10, scale), px(28, scale), px(10, scale))
        layout.setSpacing(px(32, scale))
        self.number.setFont(pixel_font(px(number_px, scale), bold=True))
        self.number.setStyleSheet(f"color: {theme.emphasis};")
        self.number.setMinimumWidth(px(number_width, scale))
        self.line.set_sizes(px(line_px[0], scale), px(line_px[1], scale))
        self.line.setStyleSheet(f"color: {theme.muted}; font-weight: 600;")
        self.acting.setFont(pixel_font(px(acting_px, scale), bold=True))
        self.acting.setStyleSheet(f"color: {theme.text};")

    def show_texts(self, number: str, line: str, acting: str) -> None:
        """No number (`NO_NUMBER`): the lines take the room."""
        self.number.setText(number)
        self.number.setVisible(number != NO_NUMBER)
        self.line.set_fitted_text(line)
        self.acting.setText(acting)
        self.acting.setVisible(bool(acting))


class FittedRows(QWidget):
    """A list of the model's rows, painted by `delegate`, as tall as the rows that fit;
    `empty` (if given) shows in its place when there are none."""

    def __init__(
        self,
        name: str,
        model: QAbstractItemModel,
        delegate: QAbstractItemDelegate,
        empty: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.model = model
        self.view = QListView()
        self.view.setObjectName(name)
        self.view.setModel(model)
        self.view.setItemDelegate(delegate)
        quiet_view(self.view)
        layout.addWidget(self.view)
        self.empty: QLabel | None = None
        if empty is not None:
            self.empty = QLabel(empty)
            self.empty.setObjectName("players_empty")
            layout.addWidget(self.empty)

    def fit(self, room: int, row: int, most: int | None = None) -> None:
        """As many rows as there are, up to `most`, within `room` pixels (one at least)."""
        rows = min(self.model.rowCount(), max(room // row, 1))
        if most is not None:
            rows = min(rows, most)
        self.view.setFixedHeight(max(rows, 1) * row)
        self.view.setVisible(rows > 0)
        if self.empty is not None:
            self.empty.setVisible(rows == 0)
