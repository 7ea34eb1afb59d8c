"""The identity block (`CombatantCellDelegate`) drawn once and put back as a pixmap
(issue 26): drawing one costs some 200 µs of Python, and a view repaints every row in
sight when it scrolls (a combatant added below the fold is brought into sight) or rows
move. A block is drawn only when its combatant's summary, its background (the turn's
gold) or its look (size, state, palette, font) were not kept yet."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QPainter
from PySide6.QtWidgets import QStyleOptionViewItem, QWidget

from tracker.qt.models.combatant_summary import CombatantSummary, SummaryRole
from tracker.qt.views.combatant_cell import CombatantCellDelegate
from tracker.qt.views.kept_pixmaps import KeptCells
from tracker.qt.views.kept_rows import ShownOf

Index = QModelIndex | QPersistentModelIndex
BACKGROUND = int(Qt.ItemDataRole.BackgroundRole)


class KeptNameDelegate(CombatantCellDelegate):
    """The identity block of `CombatantCellDelegate`, put back from `kept` while the
    combatant's summary, the cell's background and its look are the same."""

    def __init__(self, kept: KeptCells, parent: QWidget) -> None:
        super().__init__(parent)
        self.kept = kept

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        model = index.model()
        kept: Callable[[Index, ShownOf], Hashable] | None = getattr(model, "shown", None)
        shown = kept(index, block_shown) if kept is not None else block_shown(model, index)
        if shown is None:
            super().paint(painter, option, index)
            return

        def draw(inner: QPainter, local: QStyleOptionViewItem) -> None:
            CombatantCellDelegate.paint(self, inner, local, index)

        self.kept.put(painter, option, index.column(), shown, draw)


def block_shown(model: QAbstractItemModel, index: Index) -> Hashable:
    """What an identity block draws: the combatant's summary and the cell's background
    (the turn's gold); None if the cell has no summary (drawn straight)."""
    summary = model.data(index, SummaryRole)
    if not isinstance(summary, CombatantSummary):
        return None
    background = model.data(index, BACKGROUND)
    behind = (
        (background.color().rgba(), background.style().value)
        if isinstance(background, QBrush)
        else None
    )
    return (summary, behind)
