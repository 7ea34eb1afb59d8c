"""Parts that rulesets' panels on the players' screen share: a very large number (the
count, the tick) beside the phase and who acts, and a list of rows painted by a
delegate that shows every row in the panel's share of the board: shorter rows when
they are many, a page at a time when they are too many (the acting one always shown)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListView,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from tracker.qt.layout_items import add_layout, layout_widgets
from tracker.qt.players.delegates import ThemedDelegate, pixel_font, quiet_view
from tracker.qt.players.now_panel import FitLabel, caption_label
from tracker.qt.players.page_rows import PageRows
from tracker.qt.players.themes import CAPTION_PX, LIST_DETAIL_PX, MIN_TEXT_PX, Theme, px

NO_NUMBER = "—"
PAGE_MS = 8000  # how long each page of a list that does not fit is shown
PANEL_RESERVE_PX = 270  # of a 1080p board: its header, margins and the effects' first row


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
        self.acting.setTextFormat(Qt.TextFormat.PlainText)  # it names who acts
        self.acting.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        lines.addStretch(1)
        lines.addWidget(self.line)
        lines.addWidget(self.acting)
        lines.addStretch(1)
        add_layout(box, lines, 1)

    def sizeHint(self) -> QSize:
        """As tall as its lines need at its width (a wrapped line's own hint is for a
        narrow width: much taller)."""
        hint = super().sizeHint()
        if self.width() > 0:
            hint.setHeight(max(self.heightForWidth(self.width()), self.minimumSizeHint().height()))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # its size hint follows its width

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
        the smallest it may shrink to (never below `MIN_TEXT_PX`), who acts."""
        self.setStyleSheet(
            f"QFrame#{self.objectName()} {{ background: {theme.surface}; border: none;"
            f" border-left: {px(16, scale)}px solid {theme.accent}; }}"
        )
        layout = self.layout()
        assert layout is not None  # set when the banner was built
        layout.setContentsMargins(px(28, scale), px(10, scale), px(28, scale), px(10, scale))
        layout.setSpacing(px(32, scale))
        self.number.setFont(pixel_font(px(number_px, scale), bold=True))
        self.number.setStyleSheet(f"color: {theme.emphasis};")
        self.number.setMinimumWidth(px(number_width, scale))
        smallest = max(line_px[1], MIN_TEXT_PX)  # a long line wraps rather than shrink more
        self.line.set_sizes(px(line_px[0], scale), px(smallest, scale))
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


def fit_rows(count: int, room: int, natural: int, smallest: int) -> tuple[int, int]:
    """(row height, rows on a page) for `count` rows in `room` pixels: rows as tall as
    `natural`, shorter (down to `smallest`) so that all fit; when even that is too
    many, pages of as many `smallest` rows as fit (two at least)."""
    if count * natural <= room or count == 0:
        return natural, max(count, 1)
    if count * smallest <= room:
        return max(room // count, smallest), count
    return smallest, max(room // max(smallest, 1), 2)


def page_rows(
    count: int, per_page: int, page: int, pinned: int | None, keep_place: bool = True
) -> tuple[set[int], int]:
    """(the rows shown on `page`, how many pages). With `keep_place`, each page keeps a
    place for a `pinned` row (the one acting), shown on every page, so the pages are
    the same whether anyone is pinned or not (a hidden one acting changes nothing)."""
    if count <= per_page:
        return set(range(count)), 1
    room = max(per_page - 1, 1) if keep_place else per_page
    pages = -(-count // room)
    page %= pages
    shown = set(range(page * room, min(count, (page + 1) * room)))
    if pinned is not None and 0 <= pinned < count:
        shown.add(pinned)
    return shown, pages


class RowPager(QObject):
    """Shows a view's rows a page at a time when they cannot all be shown: the pages
    turn by themselves every `PAGE_MS`, `label` says which page is shown ("1 / 3"),
    and the row `pinned()` names (the one acting) is on every page. Pages count only
    the rows of the view's model, so hidden combatants (never in it) change nothing.
    `followers` (views on the same model) show the rest of each page, in turn: a page
    is then `per_page` rows in each view.

    Each view is given a `PageRows` of its model, which holds the page's rows alone
    (`source` is the model itself): no row is hidden, so a large fight's list costs what
    its page does. When the model's rows change the page is named again at once."""

    def __init__(
        self,
        view: QAbstractItemView,
        label: QLabel,
        pinned: Callable[[], int | None] | None = None,
        parent: QObject | None = None,
        *,
        followers: Sequence[QAbstractItemView] = (),
    ) -> None:
        super().__init__(parent)
        self.view, self.label = view, label
        self.views = [view, *followers]
        source = view.model()
        self.source = source
        self.pages_of = [PageRows(source, self) for _view in self.views]
        for shown, page in zip(self.views, self.pages_of, strict=True):
            shown.setModel(page)
        self.pages_of[0].restructured.connect(self._apply)
        self.shown_in: list[int] = [0] * len(self.views)  # rows each view shows
        self.keep_place = pinned is not None  # a place on each page for the one acting
        self.pinned: Callable[[], int | None] = pinned or (lambda: None)
        self.page = 0
        self.pages = 1
        self.per_page = 1
        self.limit: int | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(PAGE_MS)
        self._timer.timeout.connect(self.turn_page)
        label.setObjectName("players_page")
        label.setVisible(False)

    def show_pages(self, per_page: int, limit: int | None = None) -> int:
        """Pages of `per_page` rows (in each view) of the first `limit` (all if None)
        from now on; returns how many rows the page shows."""
        self.per_page = max(per_page, 1)
        self.limit = limit
        return self._apply()

    def turn_page(self) -> None:
        self.page += 1
        self._apply()

    def shown_rows(self) -> list[int]:
        """The model's rows on the page shown, in order (in any of the views)."""
        return sorted(row for page in self.pages_of for row in page.rows())

    def _apply(self) -> int:
        rows = self.source.rowCount(QModelIndex())
        count = rows if self.limit is None else min(self.limit, rows)
        shown, self.pages = page_rows(
            count, self.per_page * len(self.views), self.page, self.pinned(), self.keep_place
        )
        self.page %= self.pages
        ordered = sorted(shown)
        for number, page in enumerate(self.pages_of):
            part = ordered[number * self.per_page : (number + 1) * self.per_page]
            self.shown_in[number] = len(part)
            page.show(part)
        paging = self.pages > 1
        self.label.setText(f"{self.page + 1} / {self.pages}" if paging else "")
        self.label.setVisible(paging)
        if paging and not self._timer.isActive():
            self._timer.start()
        elif not paging:
            self._timer.stop()
        return len(shown)


class FittedRows(QWidget):
    """A list of the model's rows, painted by `delegate`: every row, shortened (its
    type too, never below `MIN_TEXT_PX`) to fit the room, or a page of them at a time
    (`RowPager`) with the `pinned` row always shown; `empty` (if given) shows in its
    place when there are none."""

    def __init__(
        self,
        name: str,
        model: QAbstractItemModel,
        delegate: ThemedDelegate,
        empty: str | None = None,
        parent: QWidget | None = None,
        *,
        pinned: Callable[[], int | None] | None = None,
        smallest_text: int = LIST_DETAIL_PX,
    ) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.model = model
        self.delegate = delegate
        self.smallest_text = smallest_text  # the row's smallest type at full size
        self.view = QListView()
        self.view.setObjectName(name)
        self.view.setModel(model)
        self.view.setItemDelegate(delegate)
        quiet_view(self.view)
        self.view.setUniformItemSizes(True)
        layout.addWidget(self.view)
        self.page_label = caption_label("")
        self.pager = RowPager(self.view, self.page_label, pinned, self)
        layout.addWidget(self.page_label)
        self.empty: QLabel | None = None
        if empty is not None:
            self.empty = QLabel(empty)
            self.empty.setObjectName("players_empty")
            layout.addWidget(self.empty)

    def fit(self, room: int, row_px: float, scale: float) -> None:
        """Every row within `room` pixels if they fit at `row_px` (their 1080p height)
        or shorter, else pages of them."""
        count = self.model.rowCount()
        label = px(CAPTION_PX * 1.5, scale)
        smallest_factor = MIN_TEXT_PX / self.smallest_text
        natural, smallest = px(row_px, scale), px(row_px * smallest_factor, scale)
        row, per_page = fit_rows(count, room, natural, smallest)
        if per_page < count:  # the page's number takes a line
            row, per_page = fit_rows(count, room - label, natural, smallest)
        factor = min(max(row / max(natural, 1), smallest_factor), 1.0)
        if abs(self.delegate.scale - scale * factor) > 1e-6:
            self.delegate.set_look(self.delegate.theme, scale * factor)
        row = self.delegate.px(row_px)
        shown = self.pager.show_pages(per_page)
        self.view.setFixedHeight(max(min(count, per_page), 1) * row)  # the same on each page
        self.view.setVisible(shown > 0)
        if self.empty is not None:
            self.empty.setVisible(count == 0)


def panel_room(board_height: int, scale: float) -> int:
    """The most a ruleset's panel may take of a board this tall: all but the board's
    header and margins, and the caption and first row of the effects on the party."""
    return board_height - px(PANEL_RESERVE_PX, scale)


def room_left(total: int, layout: QVBoxLayout, rows: QWidget) -> int:
    """What is left of `total` pixels for `rows` below the other parts of `layout` (at
    the heights they ask)."""
    used, parts = 0, 0
    for widget in layout_widgets(layout):
        if widget is None or widget is rows or widget.isHidden():
            continue
        widget.ensurePolished()
        used += widget.sizeHint().height()
        parts += 1
    return total - used - parts * layout.spacing()
