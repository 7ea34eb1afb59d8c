"""A ruleset's part of the players' board as plain data, for the shared page: the same
models and proxies its panel on the players' screen shows (so the same filtering),
read into lines, rows and a grid, without a widget.

A ruleset's `PlayersPanel` offers it through `PlayersPanel.page_source`: a
`PanelSource` (a `QObject` holding the panel's models) whose `content()` is read after
each change the players may see."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
)

from tracker.qt.players.public_state import NEUTRAL

Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()


@dataclass(frozen=True)
class PanelLine:
    """A heading ("STAMINA") or a line of text."""

    text: str
    caption: bool = False


@dataclass(frozen=True)
class PanelRow:
    """A row of the panel's list: a value in its pill (a tick, an initiative; "" for
    none), the name, what follows it, its side; `now` marks the one acting, `faded` one
    that has acted."""

    value: str
    name: str
    detail: str
    side: str = ""
    now: bool = False
    faded: bool = False


@dataclass(frozen=True)
class GridCell:
    """A cell of a grid: its text and its state (the players' screen's colour for it:
    "current", "played", "pending", "none", …)."""

    text: str
    state: str


@dataclass(frozen=True)
class GridRow:
    name: str
    side: str
    cells: tuple[GridCell, ...]


@dataclass(frozen=True)
class PanelGrid:
    """Names down the left, `columns` across ("" for a gap between groups)."""

    columns: tuple[str, ...]
    rows: tuple[GridRow, ...]


@dataclass(frozen=True)
class BigNumber:
    """The count, the tick: very large, with a line (the phase, the round) and who acts.
    `number` is "—" when there is none."""

    number: str
    line: str
    acting: str

    @classmethod
    def shown(cls, texts: tuple[str, str, str], held: bool) -> BigNumber:
        """(number, line, who acts) as the players see them: while a hidden combatant
        acts (`held`), nobody is named."""
        number, line, acting = texts
        return cls(number, line, NEUTRAL if held else acting)


@dataclass(frozen=True)
class PanelContent:
    """In the order the panel shows them: `lines` (its caption first), `big`, then
    `rows_caption` over `rows` (or `empty` when none), `grid`."""

    lines: tuple[PanelLine, ...] = ()
    big: BigNumber | None = None
    rows_caption: str = ""
    rows: tuple[PanelRow, ...] = ()
    grid: PanelGrid | None = None
    empty: str = ""  # said when the list has no rows ("Nobody has joined battle yet.")


def list_rows(
    model: QAbstractItemModel, row_of: Callable[[Index], PanelRow]
) -> tuple[PanelRow, ...]:
    """Every row of a panel's list, as its delegate paints it (`row_of`, which the
    delegate calls too)."""
    return tuple(row_of(model.index(row, 0)) for row in range(model.rowCount()))


def proxy_rows(proxy: QSortFilterProxyModel, source: QAbstractItemModel) -> list[int]:
    """The rows of `source` behind the rows of `proxy` (an unsorted filter over it), in
    order: its own filter (`filterAcceptsRow`) run over the model's rows, without a
    `QModelIndex` mapped a row (each index Qt makes calls back into the Python model
    for its counts). The same rows as long as the proxy has re-filtered since the last
    change, which the players' proxies do when `PublicState.updated` (the page is made
    after)."""
    accepts = proxy.filterAcceptsRow
    return [row for row in range(source.rowCount()) if accepts(row, ROOT)]


class PanelSource(QObject):
    """The page's side of a ruleset's panel: make its models (as children) in `__init__`,
    before the `PublicState` listens, and say what it shows in `content`."""

    def content(self) -> PanelContent:
        return PanelContent()
