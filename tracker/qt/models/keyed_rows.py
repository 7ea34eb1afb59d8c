"""Keeping a Qt model's rows (or columns) in step with engine data, with row-level
signals instead of resets: `sync_keys` for keyed lists (removals of keys that
vanished, insertions of new ones), `replay_edits` for a mirror of an engine list."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from PySide6.QtCore import QAbstractItemModel, QModelIndex

from tracker.engine.changes import Insert, Remove, StructuralEdit

KeyT = TypeVar("KeyT", bound=Hashable)


def replay_edits(model: QAbstractItemModel, rows: list[Any], edits: list[StructuralEdit]) -> None:
    """Apply the engine's inserts and removals to `rows`, the model's mirror of an engine
    list (log entries, effects), with the matching row signals."""
    root = QModelIndex()
    for edit in edits:
        if isinstance(edit, Insert):
            model.beginInsertRows(root, edit.index, edit.index)
            rows.insert(edit.index, edit.item)
            model.endInsertRows()
        elif isinstance(edit, Remove):
            model.beginRemoveRows(root, edit.index, edit.index)
            del rows[edit.index]
            model.endRemoveRows()


def sync_keys(
    current: list[KeyT],
    wanted: Sequence[KeyT],
    *,
    begin_remove: Callable[[int, int], Any],
    end_remove: Callable[[], Any],
    begin_insert: Callable[[int, int], Any],
    end_insert: Callable[[], Any],
    begin_move: Callable[[int, int], bool] | None = None,
    end_move: Callable[[], Any] | None = None,
) -> bool:
    """Turn `current` into `wanted` in place, calling the begin/end pairs around each
    contiguous run removed or inserted, and around each single move (`begin_move(source,
    destination)` with Qt's meaning of destination: the row it goes before) when the keys
    both lists share changed order. Without move callbacks such a change returns False
    (changing nothing): the caller then resets."""
    wanted_set = set(wanted)
    current_set = set(current)
    target = [key for key in wanted if key in current_set]
    if [key for key in current if key in wanted_set] != target and begin_move is None:
        return False
    index = len(current) - 1
    while index >= 0:  # remove from the end so earlier positions stay valid
        if current[index] in wanted_set:
            index -= 1
            continue
        last = index
        while index - 1 >= 0 and current[index - 1] not in wanted_set:
            index -= 1
        begin_remove(index, last)
        del current[index : last + 1]
        end_remove()
        index -= 1
    for position, key in enumerate(target):  # what is left: only the order differs
        if current[position] == key:
            continue
        source = current.index(key, position)
        assert begin_move is not None and end_move is not None
        begin_move(source, position)
        current.insert(position, current.pop(source))
        end_move()
    position = 0
    while position < len(wanted):
        if position < len(current) and current[position] == wanted[position]:
            position += 1
            continue
        first = position
        while position < len(wanted) and wanted[position] not in current_set:
            position += 1
        begin_insert(first, position - 1)
        current[first:first] = list(wanted[first:position])
        end_insert()
    return True
