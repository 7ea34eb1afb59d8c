"""What the shared page shows, read from a players' board (`PlayersBoard`) as plain
data: the same code that guards the players' screen (its proxies, its NOW, its health
texts) decides what the page may show; this module only copies what the board shows.

The board is never shown: the page needs no pixels, only its texts. Everything a
ruleset's panel shows goes through the board's public state too; the page lists the
panel's labels and the rows of its lists as text (a grid, like the War Scroll's, is
left to the players' screen)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QListView

from tracker.qt.models.turn_order_model import TurnRole
from tracker.qt.players.board import PlayersBoard
from tracker.qt.players.delegates import SIDE_OF_COLOR, EffectRowDelegate
from tracker.qt.players.now_panel import FitLabel

Role = Qt.ItemDataRole


@dataclass(frozen=True)
class Card:
    """One line of a list: a turn to come, an effect, a row of a ruleset's panel."""

    name: str
    detail: str
    side: str  # "party", "enemy", ...; "" when the list shows none


@dataclass(frozen=True)
class Now:
    caption: str
    name: str
    detail: str


@dataclass(frozen=True)
class Line:
    """A label of a ruleset's panel: a heading ("STAMINA") or a line of text."""

    text: str
    caption: bool


@dataclass(frozen=True)
class Panel:
    lines: tuple[Line, ...]
    rows: tuple[Card, ...]


@dataclass(frozen=True)
class PageState:
    title: str
    round: str
    now: Now
    next_caption: str
    turns: tuple[Card, ...]
    panel: Panel
    effects: tuple[Card, ...]

    def to_json(self) -> bytes:
        """ASCII JSON: any text at all (a lone surrogate from a file, a line separator)
        is escaped, so it always encodes and never breaks an event's line."""
        return json.dumps(asdict(self), separators=(",", ":")).encode("ascii")


def page_state(board: PlayersBoard) -> PageState:
    now = board.now_panel
    return PageState(
        title=board.title.text(),
        round=board.round_label.text(),
        now=Now(
            now.caption.text(),
            now.name.full_text(),
            now.detail.full_text() if now.detail.isVisibleTo(board) else "",
        ),
        next_caption=board.next_caption.text(),
        turns=_turns(board),
        panel=_panel(board),
        effects=tuple(
            Card(name, f"{carrier} · {left}" if left else carrier, "")
            for name, carrier, left in (
                EffectRowDelegate.texts(board.effects_proxy.index(row, 0))
                for row in range(board.effects_proxy.rowCount())
            )
        ),
    )


def _turns(board: PlayersBoard) -> tuple[Card, ...]:
    """The turns to come as the board's lists paint them, up to the first of a combatant
    already listed (as the board's `_one_round`), in one pass: all of them, where the
    screen shows a page at a time (a phone scrolls)."""
    proxy, cards, seen = board.turn_proxy, [], set()
    for row in range(proxy.rowCount()):
        index = proxy.index(row, 0)
        turn = index.data(TurnRole)
        holder = turn.combatant_id if turn is not None else None
        if holder is not None and holder in seen:
            break
        if holder is not None:
            seen.add(holder)
        detail = board.turn_delegate.detail(turn)
        cards.append(Card(str(index.data() or ""), detail, _side(index.data(Role.DecorationRole))))
    return tuple(cards)


def _panel(board: PlayersBoard) -> Panel:
    if board.panel is None:
        return Panel((), ())
    lines = tuple(
        Line(text, bool(label.property("caption")))
        for label in board.panel.findChildren(QLabel)
        # A list's page number is left out: the page lists every row.
        if label.isVisibleTo(board.panel)
        and label.objectName() != "players_page"
        and (text := _label_text(label))
    )
    rows: list[Card] = []
    for view in board.panel.findChildren(QListView):  # a grid is a picture: left out
        model = view.model()
        if view.isVisibleTo(board.panel) and model is not None:
            rows += _model_cards(model)
    return Panel(lines, tuple(rows))


def _model_cards(model: QAbstractItemModel) -> list[Card]:
    cards = []
    for row in range(model.rowCount()):
        texts = [str(model.index(row, c).data() or "") for c in range(model.columnCount())]
        texts = [t for t in texts if t]
        side = _side(model.index(row, 0).data(Role.DecorationRole))
        cards.append(Card(texts[0] if texts else "", " · ".join(texts[1:]), side))
    return cards


def _label_text(label: QLabel) -> str:
    return label.full_text() if isinstance(label, FitLabel) else label.text()


def _side(decoration: object) -> str:
    if not isinstance(decoration, QColor | str):
        return ""
    return SIDE_OF_COLOR.get(QColor(decoration).name(), "")
