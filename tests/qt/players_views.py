"""What the players are shown, as plain data: the players' board (header, NOW, the turns
to come that fit on screen, the ruleset's panel, the effects on the party) and the
printed sheets, read from the widgets, models and tables the way they are painted.

Ids never appear here (they are not shown), so two encounters whose visible parts are
alike can be compared exactly, however many hidden combatants one of them has."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QAbstractItemView, QLabel

from tracker.qt.document import EncounterDocument
from tracker.qt.models.turn_order_model import TurnRole
from tracker.qt.players.board import PlayersBoard
from tracker.qt.players.now_panel import FitLabel
from tracker.qt.players.page_rows import PageRows
from tracker.qt.players.public_state import NEUTRAL
from tracker.qt.printing import tables_for

Role = Qt.ItemDataRole
TEXT_ROLES = (Role.DisplayRole, Role.ToolTipRole)
# Roles the players' delegates paint from (beyond the texts): the War Scroll's cell
# state, the tick and resolution marks, a Unit's public Stamina, the "now" marks.
PAINTED_ROLES = tuple(int(Role.UserRole) + n for n in (10, 41, 50, 60, 80))


def _plain(value: Any) -> Any:
    """A value as compared: colours by name, records without their ids."""
    if isinstance(value, QColor):
        return value.name()
    if hasattr(value, "color") and callable(value.color):  # a QBrush
        return value.color().name()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple(
            (f.name, _plain(getattr(value, f.name)))
            for f in dataclasses.fields(value)
            if not f.name.endswith("_id") and f.name != "key"
        )
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    return value


def label_text(label: QLabel) -> str:
    return label.full_text() if isinstance(label, FitLabel) else label.text()


def rows_on_screen(view: QAbstractItemView) -> list[int]:
    """The rows of the view's list that are painted, in order: those on the page shown
    (a list that does not fit shows a page at a time, `PageRows`: its rows are the
    list's rows it names) that are not cut off (the delegates skip those)."""
    view.doItemsLayout()
    model = view.model()
    height = view.viewport().height()
    rows = model.rows() if isinstance(model, PageRows) else list(range(model.rowCount()))
    shown = []
    for place, row in enumerate(rows):
        hidden = view.isRowHidden(place)  # type: ignore[attr-defined]
        rect = view.visualRect(model.index(place, 0))
        if not hidden and not rect.isEmpty() and rect.bottom() <= height:
            shown.append(row)
    return shown


def listed_model(view: QAbstractItemView) -> QAbstractItemModel:
    """The whole list a view shows (a paged view's page is of it)."""
    model = view.model()
    return model.source if isinstance(model, PageRows) else model


def model_rows(model: QAbstractItemModel, rows: int | None = None) -> tuple[Any, ...]:
    """Every cell's texts, side colour and painted roles, and the headers."""
    count = model.rowCount() if rows is None else min(rows, model.rowCount())
    out: list[Any] = []
    for row in range(count):
        cells = []
        for column in range(model.columnCount()):
            index = model.index(row, column)
            cells.append(
                (
                    *(index.data(role) for role in TEXT_ROLES),
                    _plain(index.data(Role.DecorationRole)),
                    *(_plain(index.data(role)) for role in PAINTED_ROLES),
                )
            )
        header = tuple(model.headerData(row, Qt.Orientation.Vertical, r) for r in TEXT_ROLES)
        out.append((header, tuple(cells)))
    columns = tuple(
        model.headerData(c, Qt.Orientation.Horizontal, r)
        for c in range(model.columnCount())
        for r in TEXT_ROLES
    )
    return (columns, tuple(out))


@dataclass(frozen=True)
class BoardView:
    header: tuple[str, ...]  # encounter name, round, turn timer
    now: tuple[str, ...]  # caption, name, detail, "NEXT", "Up next: …"
    next: tuple[Any, ...]  # the turns to come on screen: name, when, side colour
    panel_labels: tuple[tuple[str, str], ...]  # (object name, text) of each label shown
    panel_rows: tuple[Any, ...]
    effects: tuple[Any, ...]

    def turn_part(self) -> tuple[Any, ...]:
        """What says whose turn it is."""
        return (self.header, self.now, self.panel_labels)

    def neutral(self) -> BoardView:
        """This view as a hidden combatant's turn right after it shows it: nobody named
        as acting (NOW, a panel's "who acts" line), the turn timer restarted; the round,
        the tick, the count and the rest as they were."""
        caption, _name, _detail, *rest = self.now
        title, round_text, timer = self.header
        timer = re.sub(r"^Turn \d+:\d\d", "Turn 0:00", timer)
        labels = tuple(
            (name, NEUTRAL if name.endswith("_acting") else text)
            for name, text in self.panel_labels
        )
        return dataclasses.replace(
            self,
            header=(title, round_text, timer),
            now=("NOW", NEUTRAL, "", *rest),
            panel_labels=labels,
        )


def board_view(board: PlayersBoard) -> BoardView:
    now = board.now_panel
    header = (board.title.text(), board.round_label.text(), board.timer_label.text())
    shown_now = (
        now.caption.text(),
        now.name.full_text(),
        now.detail.full_text() if now.detail.isVisibleTo(board) else "",
        board.next_caption.text(),
        board.up_next.text(),
    )
    proxy = board.turn_proxy
    turns = []
    lists = [board.next_view, board.then_view]  # the turns to come go on at the right
    shown = [row for view in lists if view is not None for row in rows_on_screen(view)]
    for row in shown:
        index = proxy.index(row, 0)
        detail = board.turn_delegate.detail(index.data(TurnRole))  # as painted
        turns.append((index.data(), detail, _plain(index.data(Role.DecorationRole))))
    panel_labels: list[tuple[str, str]] = []
    panel_rows: list[Any] = []
    if board.panel is not None:
        panel_labels = [  # "nothing under way" belongs to a list, not to the turn
            (label.objectName(), label_text(label))
            for label in board.panel.findChildren(QLabel)
            if label.isVisibleTo(board.panel) and label.objectName() != "players_empty"
        ]
        for view in board.panel.findChildren(QAbstractItemView):
            if view.isVisibleTo(board.panel) and view.model() is not None:
                panel_rows.append(model_rows(listed_model(view)))
    effects = model_rows(board.effects_proxy)
    return BoardView(
        header,
        shown_now,
        tuple(turns),
        tuple(panel_labels),
        tuple(panel_rows),
        effects,
    )


def printed_view(document: EncounterDocument) -> tuple[Any, ...]:
    """The printed sheets as tables of texts (what `export_pdf` paints)."""
    return tuple(
        (
            table.title,
            table.subtitle,
            tuple(c.title for c in table.columns),
            tuple(tuple((c.text, c.note, c.state) for c in row) for row in table.rows),
        )
        for table in tables_for(document)
    )


def first_difference(left: Any, right: Any, path: str = "") -> str:
    if isinstance(left, tuple) and isinstance(right, tuple):
        for number, (a, b) in enumerate(zip(left, right, strict=False)):
            if a != b:
                return first_difference(a, b, f"{path}[{number}]")
        if len(left) != len(right):
            longer = left if len(left) > len(right) else right
            extra = longer[min(len(left), len(right))]
            return f"{path}: {len(left)} items != {len(right)} (extra {extra!r})"
    if dataclasses.is_dataclass(left) and dataclasses.is_dataclass(right):
        for f in dataclasses.fields(left):  # type: ignore[arg-type]
            a, b = getattr(left, f.name), getattr(right, f.name)
            if a != b:
                return first_difference(a, b, f"{path}.{f.name}")
    return f"{path}: {left!r} != {right!r}"
