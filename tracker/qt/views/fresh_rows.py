"""Rows added or removed repaint from the first row that moved, not the whole table.

Qt lays a table out again once rows come or go (`doItemsLayout`) and repaints its whole
viewport then. At the table the GM adds or removes one combatant, most often the last
one, and every row above it, unchanged, was painted again (with Python delegates).
`FreshRows.watch_rows` follows the rows inserted or removed. Rows inserted move the rows
under them down, unchanged, and rows removed move them up: what was painted of those is
moved with them, as a scroll moves it, the moment the rows come or go (a combatant
added at the top of a Priority fight repainted every row in sight; a creature removed
from the middle of a d20 order, every row under it). Only the rows inserted, or the
strip the removed ones uncover at the bottom, are painted; a row that also changed is
repainted by the change's own update. Where the rows in sight moved with them at the
layout (the table scrolled to its end), what was painted is moved as a scroll moves it.
Rows that come or go while the table is out of sight are repainted from the first of
them down. Any other change of structure (rows moved, a reset, a new layout, columns)
keeps Qt's whole repaint.

Nor does a removal scroll the table: Qt makes the row after the removed current row the
current one and scrolls to it, so removing a combatant out of sight (one just added at
the end) jumped the fight to the end and repainted all of it.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, QRect, Qt
from PySide6.QtWidgets import QTableView

from tracker.qt.quiet_updates import updates_on_quietly

Index = QModelIndex | QPersistentModelIndex


class FreshRows(QTableView):
    """A table that repaints only from the first row added or removed (see the module's
    text); call `watch_rows` with its model once it is set."""

    _fresh_from: int | None = None
    _rows_moved = False  # rows came or went since the last layout, moved as they did
    _going: tuple[int, int] | None = None  # where the rows about to go are, how tall
    _auto_scroll = True  # the view's own, while a removal turns it off
    _scrolled = 0  # pixels the viewport scrolled by in a layout (`doItemsLayout`)

    def keep_scroll_bar(self) -> None:
        """The vertical scroll bar stays, whatever the rows (a fight view's): the row that
        makes the table longer than its room (the eleventh combatant on the laptop)
        brought the bar in, which took its width from the columns: the stretched column
        narrowed and the whole table was painted again, twice (and again as the GM
        removed it). Adding a combatant to a Priority fight of ten cost 12.5 ms of CPU,
        8.7 to one of thirty."""
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)

    def watch_rows(self, model: QAbstractItemModel) -> None:
        """Follow `model`'s rows (connected after the view's and its headers' own)."""
        model.rowsAboutToBeInserted.connect(self._quiet_names)
        model.rowsInserted.connect(self._rows_came)
        model.rowsRemoved.connect(self._rows_went)
        model.rowsRemoved.connect(self._scroll_again)
        for signal in (
            model.rowsMoved,
            model.layoutChanged,
            model.modelReset,
            model.columnsInserted,
            model.columnsRemoved,
            model.columnsMoved,
        ):
            signal.connect(self._whole_table)

    def _quiet_names(self, parent: Index, *_rows: int) -> None:
        """The rows header's own whole repaint as its sections come or go is held back
        (its names are Python-painted too): repainted from the first row at the layout."""
        if not parent.isValid() and self._fresh_from != -1:
            self.verticalHeader().setUpdatesEnabled(False)

    def _names_on(self, parent: Index) -> bool:
        """The rows header's updates on again (held back by `_quiet_names`); False if
        the rows are not the table's own (a tree's children)."""
        if parent.isValid():
            return False
        names = self.verticalHeader()
        if not names.updatesEnabled():
            updates_on_quietly(names)
        return True

    def _rows_came(self, parent: Index, first: int, last: int) -> None:
        if not self._names_on(parent) or self._fresh_from == -1:
            return
        if self._move_down(first, last):
            self._rows_moved = True
        else:
            known = self._fresh_from
            self._fresh_from = first if known is None else min(known, first)

    def _move_down(self, first: int, last: int) -> bool:
        """The rows under the rows `first`…`last`, just inserted, moved down by their
        height as painted (the rows header already places them). False where nothing
        painted can be moved (the table out of sight)."""
        if not self.viewport().isVisible():
            return False
        top = self.rowViewportPosition(first)
        self._move_rows(top, self.rowViewportPosition(last) + self.rowHeight(last) - top)
        return True

    def _move_rows(self, top: int, by: int) -> None:
        """What is painted from `top` down moved `by` pixels (up if negative), in the
        viewport and the rows header; what it uncovers is repainted."""
        if by == 0:
            return  # hidden rows: nothing moved
        names = self.verticalHeader()
        start = max(0, top)
        for part in (
            (self.viewport(), names.viewport()) if names.isVisible() else (self.viewport(),)
        ):
            if start < part.height():
                part.scroll(0, by, QRect(0, start, part.width(), part.height() - start))

    def rowsAboutToBeRemoved(self, parent: Index, start: int, end: int) -> None:  # noqa: N802
        self._auto_scroll = self.hasAutoScroll()
        self.setAutoScroll(False)
        self._quiet_names(parent)
        if not parent.isValid() and self._fresh_from != -1 and self.viewport().isVisible():
            top = self.rowViewportPosition(start)  # (where they are, while they are)
            self._going = (top, self.rowViewportPosition(end) + self.rowHeight(end) - top)
        super().rowsAboutToBeRemoved(parent, start, end)

    def _rows_went(self, parent: Index, first: int, _last: int) -> None:
        going, self._going = self._going, None
        if not self._names_on(parent) or self._fresh_from == -1:
            return
        if going is not None:
            self._move_rows(going[0], -going[1])
            self._rows_moved = True
        else:
            known = self._fresh_from
            self._fresh_from = first if known is None else min(known, first)

    def _scroll_again(self, *_args: object) -> None:
        self.setAutoScroll(self._auto_scroll)

    def _whole_table(self, *_args: object) -> None:
        self._fresh_from = -1  # no partial repaint until the next layout

    def scrollContentsBy(self, dx: int, dy: int) -> None:  # noqa: N802 (Qt)
        rows = self.verticalHeader()
        top = rows.offset()
        super().scrollContentsBy(dx, dy)
        self._scrolled += top - rows.offset()  # pixels the viewport was scrolled by

    def doItemsLayout(self) -> None:  # noqa: N802 (Qt)
        first, self._fresh_from = self._fresh_from, None
        came, self._rows_moved = self._rows_moved, False
        if first is None and not came or first is not None and first < 0:
            super().doItemsLayout()
            return
        rows = self.verticalHeader()
        updates_on_quietly(rows)  # first: a scroll of the rows header repaints what it shows
        offsets = (rows.offset(), self.horizontalHeader().offset())
        self._scrolled = 0
        self.updateGeometries()
        moved = offsets[0] - rows.offset()
        if self.horizontalHeader().offset() != offsets[1]:
            self.viewport().update()  # the columns moved: Qt repaints them whole
            return
        if moved != self._scrolled:
            # The rows in sight moved and the viewport was not scrolled with them: a row
            # added to a table scrolled to its end (the last row no longer set against
            # its bottom). Every row above the first that changed moved alike: what was
            # painted is moved with them, as a scroll moves it (Qt repainted all of it,
            # 18 rows of Python-painted cells, for a row in sight).
            self.viewport().scroll(0, moved - self._scrolled)
        # Scrolled with them (a table at its end scrolls back a row as one goes): what
        # was painted moved and the strip uncovered is repainted; the rows from the
        # first that changed are repainted below, as without a scroll.
        if first is None:
            return  # only rows that came or went in sight: moved as they did
        model = self.model()
        count = model.rowCount() if model is not None else 0
        if first < count:
            top = self.rowViewportPosition(first)
        elif count:
            top = self.rowViewportPosition(count - 1) + self.rowHeight(count - 1)
        else:
            top = 0
        top = max(0, top)
        for viewport in (self.viewport(), rows.viewport()):
            viewport.update(QRect(0, top, viewport.width(), max(0, viewport.height() - top)))
