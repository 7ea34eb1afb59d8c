"""A ruleset's part of the players' board as plain data, for the shared page: the same
models and proxies its panel on the players' screen shows (so the same filtering),
read into lines, rows and a grid, without a widget.

A ruleset's `PlayersPanel` offers it through `PlayersPanel.page_source`: a
`PanelSource` (a `QObject` holding the panel's models) whose `content()` is read after
each change the players may see."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
)

from tracker.engine.changes import COMBATANTS, EFFECTS, LOG, Insert, Remove
from tracker.engine.session import SessionEvent
from tracker.qt.document import EncounterDocument
from tracker.qt.players.public_state import NEUTRAL, PublicState

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
    after); the page's own proxies keep no rows at all (`PlayersProxy` `rows` False):
    this is all they are."""
    accepts = proxy.filterAcceptsRow
    return [row for row in range(source.rowCount()) if accepts(row, ROOT)]


class KeptByCombatant(QObject):
    """Entries kept by combatant id, each with the `key` it was made for (values read at
    each publish: made again when not the same)."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._kept: dict[str, tuple[Hashable, Any]] = {}

    def get(self, combatant_id: str, key: Hashable) -> Any:
        """The entry kept for this combatant with this `key`, or None."""
        kept = self._kept.get(combatant_id)
        return kept[1] if kept is not None and kept[0] == key else None

    def keep(self, combatant_id: str, key: Hashable, made: Any) -> None:
        self._kept[combatant_id] = (key, made)

    def clear(self, *_args: object) -> None:
        self._kept.clear()


class RowMemo(KeptByCombatant):
    """What the page made of each row of `model`, kept by combatant id (`id_at` a row)
    until the model says the row changed, as it tells its views: `dataChanged` over
    it; rows or columns inserted or removed, a reset, a new layout forget them all (an
    id may come back, with undo); so does a change of who the players see (the texts
    are made safe against the hidden names). A moved row keeps its content (a move
    changes no data). Each entry keeps a `key` too: values read at each publish (the
    name, the side: a rename may be told as a header's change), made again when not
    the same."""

    def __init__(
        self,
        model: QAbstractItemModel,
        id_at: Callable[[int], str | None],
        public: PublicState,
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self._id_at = id_at
        model.dataChanged.connect(self._forget_rows)
        for signal in (
            model.modelReset,
            model.layoutChanged,
            model.rowsInserted,
            model.rowsRemoved,
            model.columnsInserted,
            model.columnsRemoved,
        ):
            signal.connect(self.clear)
        public.visibility_changed.connect(self.clear)

    def _forget_rows(self, top: Index, bottom: Index, *_args: object) -> None:
        if not top.isValid() or not bottom.isValid():
            self.clear()
            return
        for row in range(top.row(), bottom.row() + 1):
            combatant_id = self._id_at(row)
            if combatant_id is not None:
                self._kept.pop(combatant_id, None)


class ChangeMemo(KeptByCombatant):
    """What the page made of each combatant, kept by its id until the engine says what
    it is made from changed, for rows worked out from the encounter rather than read
    off a model (classic d20's cards): the combatant itself (its fields, stats, runtime:
    `ChangeSet.combatants`, after an apply, undo or redo alike) or its coming in or
    going out forgets its entry; any change of the effects, of the encounter's name or
    options, another encounter or of what a text is made safe by (`Visibility
    .texts_basis`: nothing while nobody is hidden, so a visible combatant's rename or
    coming forgets its own entry only) forgets them all; a move or a line of the log
    none. Each entry keeps a `key` too, as `RowMemo`'s (made again when not the same):
    who may be seen, and whether one acts, are read at each publish. `effects_in_key`:
    what an entry reads of the effects is in its key (classic d20's cards: the spell a
    caster concentrates on), so a change of the effects forgets none."""

    def __init__(
        self,
        document: EncounterDocument,
        public: PublicState,
        parent: QObject,
        *,
        effects_in_key: bool = False,
    ) -> None:
        super().__init__(parent)
        self._public = public
        self._effects_in_key = effects_in_key
        self._basis = public.visibility.texts_basis  # what the entries' texts are safe by
        document.changed.connect(self._follow)
        document.replaced.connect(self.clear)
        public.visibility_changed.connect(self._follow_visibility)

    def _follow(self, event: SessionEvent) -> None:
        changes = event.changes
        effects = bool(changes.effects) and not self._effects_in_key
        if event.kind == "reset" or effects or changes.encounter:
            self.clear()
            return
        unread = (LOG, COMBATANTS, EFFECTS) if self._effects_in_key else (LOG, COMBATANTS)
        if any(edit.collection not in unread for edit in changes.edits):
            self.clear()
            return
        for edit in changes.edits:  # a combatant in or out (an id may come back)
            if edit.collection == COMBATANTS and isinstance(edit, Insert | Remove):
                self._kept.pop(edit.item.id, None)
        for combatant_id in changes.combatants:
            self._kept.pop(combatant_id, None)

    def _follow_visibility(self) -> None:
        basis = self._public.visibility.texts_basis
        if basis != self._basis:
            self._basis = basis
            self.clear()


class PanelSource(QObject):
    """The page's side of a ruleset's panel: make its models (as children) in `__init__`,
    before the `PublicState` listens, and say what it shows in `content`."""

    def content(self) -> PanelContent:
        return PanelContent()
