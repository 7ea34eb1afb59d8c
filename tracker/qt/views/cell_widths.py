"""Widths a table measured cell by cell, kept by (row, column) until the cell changes,
so that fitting a column to its contents measures only the cells that changed (the
order table's `FitHeader`, `FittingHeader`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

Width = TypeVar("Width")
# What a text cell's width follows: its text, font and decoration; and for Qt's stock
# delegate its check box and a size the model gives.
TEXT_ROLES = (
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.DecorationRole,
)
STYLED_ROLES = (*TEXT_ROLES, Qt.ItemDataRole.CheckStateRole, Qt.ItemDataRole.SizeHintRole)


def text_shown(
    index: QModelIndex | QPersistentModelIndex, roles: Sequence[Qt.ItemDataRole] = TEXT_ROLES
) -> tuple[object, ...]:
    """What a text cell's width is measured from (values a model keeps: reading them
    is a look-up, measuring them is not)."""
    model = index.model()  # asked directly: not through Qt and back
    return tuple(model.data(index, role) for role in roles)


def shifted(
    widths: dict[tuple[int, int], Width], way: int, first: int, last: int
) -> dict[tuple[int, int], Width]:
    """The widths kept once rows `first`…`last` are inserted (`way` 1) or removed
    (-1): those of the rows after them move with them; those of removed rows are
    forgotten."""
    count = last - first + 1
    kept: dict[tuple[int, int], Width] = {}
    for (row, column), width in widths.items():
        if row < first:
            kept[row, column] = width
        elif way > 0:
            kept[row + count, column] = width
        elif row > last:
            kept[row - count, column] = width
    return kept


def moved(
    widths: dict[tuple[int, int], Width], first: int, last: int, destination: int
) -> dict[tuple[int, int], Width]:
    """The widths kept once rows `first`…`last` are moved before row `destination`
    (as `QAbstractItemModel.rowsMoved` tells it): each moves with its row."""
    count = last - first + 1
    to = destination if destination < first else destination - count  # the new first
    taken = {
        (row - first, column): w for (row, column), w in widths.items() if first <= row <= last
    }
    kept = shifted(shifted(widths, -1, first, last), 1, to, to + count - 1)
    kept.update({(to + row, column): w for (row, column), w in taken.items()})
    return kept
