"""The d20 initiative view's model: one row per creature in the order of the turns (a
group's members together), and the lair's row on count 20 (`rows`). Columns: the
initiative count, the creature (its identity block), what is left of its turn, its
states. `RowRole` gives the row's `D20Row` to the delegates; `IdRole` the creature's id.

A row is worked out when it is first read (painted, measured, selected), not every row
at once: opening 5,000 creatures makes the rows in sight (issue 26). Of every row the
model keeps its key and its place in its group's run.

After each change the rows are worked out again and compared with those shown: rows
that came, went or moved are inserted, removed and moved (never a reset), and only the
rows that look different are announced (`dataChanged`, in runs). A dragged row becomes
the engine's `MoveCombatant` (the ruleset refuses a drag that breaks no tie, with its
reason); the lair's row is neither selected nor dragged."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont

from tracker.engine.changes import COMBATANTS, EFFECTS, Insert, Remove
from tracker.engine.commands import MoveCombatant
from tracker.engine.health import health_of
from tracker.engine.rulesets.classic_d20.order import group_name
from tracker.engine.rulesets.classic_d20.state import LAIR, anchor_of, rt, stat
from tracker.engine.session import SessionEvent
from tracker.engine.state import Combatant, Encounter
from tracker.qt.appearance import muted_brush
from tracker.qt.brushes import solid
from tracker.qt.document import EncounterDocument
from tracker.qt.models.badges import Badge, badges_on
from tracker.qt.models.combatant_summary import SummaryRole
from tracker.qt.models.id_drags import DragsById
from tracker.qt.models.roster_model import IdRole
from tracker.qt.models.row_runs import row_runs
from tracker.qt.palette import CELL_COLORS
from tracker.qt.rich_text import plain_tip
from tracker.qt.rulesets.classic_d20.rows import (
    D20Row,
    GroupPlace,
    acting_keys,
    layout,
    make_row,
)

Index = QModelIndex | QPersistentModelIndex
RowRole = Qt.ItemDataRole.UserRole + 40  # the row's D20Row
INIT, WHO, TURN, STATES = range(4)
LAIR_TIP = "The lair acts on initiative count 20, after every creature of 20 or more."
# The roles and flags as plain values, worked out once (each use of Qt's enums costs).
_ROLE = Qt.ItemDataRole
DISPLAY, TIP, FONT = int(_ROLE.DisplayRole), int(_ROLE.ToolTipRole), int(_ROLE.FontRole)
ALIGNMENT, BACKGROUND = int(_ROLE.TextAlignmentRole), int(_ROLE.BackgroundRole)
FOREGROUND = int(_ROLE.ForegroundRole)
_ANSWERED = frozenset(
    {DISPLAY, TIP, FONT, ALIGNMENT, BACKGROUND, FOREGROUND, int(RowRole), int(IdRole)}
    | {int(SummaryRole)}
)
CENTRE = int(Qt.AlignmentFlag.AlignCenter)
_FLAG = Qt.ItemFlag
DROP_ENABLED, ENABLED = _FLAG.ItemIsDropEnabled, _FLAG.ItemIsEnabled
PICKED = _FLAG.ItemIsEnabled | _FLAG.ItemIsSelectable | _FLAG.ItemIsDragEnabled


class D20OrderModel(DragsById, QAbstractTableModel):
    """`rows_told` follows the `dataChanged` of one change of the encounter, all of
    them: the view fits its columns once, not once per run of rows, to the rows `told`
    (those that look different, came or moved)."""

    COLUMNS = ("Init", "Combatant", "Turn", "State")
    rows_told = Signal()

    def __init__(self, document: EncounterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._keys: list[str] = []
        self._places: dict[str, int] | None = None  # key → row, until the keys change
        self._rows: list[D20Row | None] = []  # None: not read yet
        self._groups: list[GroupPlace] = []  # each row's place in its group's run
        self._acting: frozenset[str] = frozenset()
        self._shapes: dict[str, Shape] = {}
        self._links: dict[str, tuple[str, str]] = {}
        # A carrier's badges as its row showed them at the last move of the clock.
        self._badges: dict[str, tuple[Badge, ...]] = {}
        self.told: list[int] = []  # the rows of the last `rows_told`
        self._load()
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)

    # --- reading ----------------------------------------------------------------------
    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(self.COLUMNS):
            return self.COLUMNS[section]
        return None

    def row_at(self, row: int) -> D20Row | None:
        """The row at a place, worked out now if it was not read yet (None: no such row,
        or a creature gone whose row is about to go, read while the model follows)."""
        if not 0 <= row < len(self._rows):
            return None
        found = self._rows[row]
        if found is None:
            session, key = self._document.session, self._keys[row]
            if key != LAIR and session.encounter.find(key) is None:
                return None
            self._badges.pop(key, None)  # (a row made now: the badges it shows not kept)
            found = self._rows[row] = make_row(session, key, self._groups[row], self._acting)
        return found

    def key_at(self, row: int) -> str | None:
        """The key of the row at a place (its row not worked out for it)."""
        return self._keys[row] if 0 <= row < len(self._keys) else None

    def keys_between(self, first: int, end: int) -> list[str]:
        """The keys of the rows `first`…`end`-1 (fewer at the end)."""
        return self._keys[first:end]

    def row_of(self, key: str) -> int:
        """The row of a creature (its id) or of the lair (`LAIR`); -1: none."""
        place = self._place_of(key)
        return -1 if place is None else place

    def _place_of(self, key: str) -> int | None:
        """A look-up, not a scan of 5,000 keys (the keys' places are worked out again
        after rows came, went or moved)."""
        if self._places is None:
            self._places = {k: place for place, k in enumerate(self._keys)}
        return self._places.get(key)

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        """Asked about ten times for each cell painted: the roles a row never answers
        are let go first, without building a value."""
        if role not in _ANSWERED or not index.isValid():
            return None
        if role == IdRole:  # (the row not worked out for it)
            key = self.key_at(index.row())
            return None if key == LAIR else key
        row = self.row_at(index.row())
        if row is None:
            return None
        column = index.column()
        if role == DISPLAY:
            return self._text(row, column)
        if role == RowRole:
            return row
        if role == SummaryRole:
            return row.summary
        if role == FOREGROUND:
            if row.acting:
                return solid("#000000")
            if row.summary.hidden or row.summary.defeated:
                return muted_brush()
            return None
        if role == BACKGROUND:
            return solid(CELL_COLORS["current"]) if row.acting else None
        if role == TIP:
            return plain_tip(self._tip(row, column))
        if column != INIT:
            return None
        if role == FONT:
            font = QFont()
            font.setBold(True)
            return font
        return CENTRE if role == ALIGNMENT else None

    def _text(self, row: D20Row, column: int) -> str:
        if column == INIT:
            return row.initiative
        if column == WHO:
            return row.summary.name
        if column == TURN:
            return row.words(row.turn)
        return row.words(row.states)

    def _tip(self, row: D20Row, column: int) -> str:
        if row.is_lair:
            return LAIR_TIP
        if column == WHO:
            combatant = self._document.encounter.find(row.key)
            health = health_of(self._document.ruleset, combatant) if combatant else None
            shown = f" — {health.text()}, {health.band}" if health and health.text() else ""
            return f"{row.summary.text()}{shown}"
        if column == INIT:
            together = " (acts with its group)" if row.group else ""
            return f"{row.summary.name}: initiative {row.initiative}{together}"
        text = self._text(row, column)
        return f"{row.summary.name}: {text}" if text else row.summary.name

    # --- dragging ---------------------------------------------------------------------
    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return DROP_ENABLED  # drops land between rows
        key = self.key_at(index.row())
        return ENABLED if key is None or key == LAIR else PICKED

    def id_at(self, row: int) -> str:
        return self._keys[row]

    def row_of_id(self, combatant_id: str) -> int | None:
        return self._place_of(combatant_id)

    def moveRows(
        self,
        source_parent: Index,
        source_row: int,
        count: int,
        destination_parent: Index,
        destination_child: int,
    ) -> bool:
        """Qt's move (before row `destination_child`) as the engine's command: the
        creature goes to the place in the order of the one it lands before (after the
        one above, at the end)."""
        if count != 1 or source_parent.isValid() or destination_parent.isValid():
            return False
        row = self.row_at(source_row)
        if row is None or row.is_lair:
            return False
        encounter = self._document.encounter
        others = [k for k in self._keys if k not in (row.key, LAIR)]
        before = sum(1 for k in self._keys[:destination_child] if k not in (row.key, LAIR))
        source = encounter.index_of(row.key)
        if before < len(others):  # just before the creature it lands above
            target = encounter.index_of(others[before])
            target = target - 1 if target > source else target
        elif others:  # just after the last one
            target = encounter.index_of(others[-1])
            target = target if target > source else target + 1
        else:
            return False
        if target == source:
            return False
        return self._document.apply(MoveCombatant(row.key, target))

    # --- following the engine ---------------------------------------------------------
    def _load(self) -> None:
        encounter = self._document.encounter
        shown = layout(encounter)
        self._acting = acting_keys(self._document.session)
        self._keys = list(shown.keys)
        self._places = None
        self._rows = [None] * len(self._keys)
        self._groups = list(shown.groups)
        memo = encounter.memo
        ahead: dict[str, Shape] | None = memo.get(SHAPES) if memo is not None else None
        self._shapes = dict(ahead) if ahead is not None else shapes(encounter)
        self._links = _links(encounter)
        self._badges.clear()

    def _on_replaced(self) -> None:
        self.beginResetModel()
        self._load()
        self.endResetModel()

    def _on_changed(self, event: SessionEvent) -> None:
        session, changes = self._document.session, event.changes
        encounter = session.encounter
        acting = acting_keys(session)
        touched = set(changes.combatants)
        every = bool(changes.encounter or event.kind == "reset")
        wanted: set[str] = set()
        came: set[str] = set()  # rows inserted or moved
        reshaped = self._reshaped(encounter, touched)
        if every or changes.edits_of(COMBATANTS) or reshaped:
            shown = layout(encounter)
            if shown.keys != self._keys:
                came = self._follow_keys(shown.keys)
                wanted |= came
            wanted.update(
                key
                for key, old, new in zip(self._keys, self._groups, shown.groups, strict=True)
                if old != new
            )
            self._groups = list(shown.groups)
        if every:  # an option (groups, flavour) may change every row and every shape
            self._shapes = shapes(encounter)
        links, self._links = self._links, _links(encounter)
        clocked: set[str] = set()  # rows asked for by the clock's move alone
        if every:
            wanted = set(self._keys)
        else:
            wanted |= touched | changes.turn_holders | acting | self._acting
            effects = set(changes.effects)
            effects.update(
                e.item.id for e in changes.edits_of(EFFECTS) if isinstance(e, Insert | Remove)
            )
            for effect in effects:  # its carrier's badges, its caster's concentration
                wanted.update(links.get(effect, ()))
                wanted.update(self._links.get(effect, ()))
            if changes.clock:  # badges may end soon now, or say less time left
                wanted.update(session.ruleset.follows_clock(encounter))
                clocked = {carrier for carrier, _ in self._links.values()} - wanted
                wanted |= clocked
        self._acting = acting
        changed: list[int] = []
        for key in wanted:
            place = self.row_of(key)
            if place < 0:
                continue
            old = self._rows[place]
            if old is None:  # not read yet: worked out when read, told if it changed
                self._badges.pop(key, None)
                if key in touched and key not in came:
                    changed.append(place)
                continue
            if key in clocked:  # its row changes with its badges alone
                badges = badges_on(session, key)
                if self._badges.get(key) == badges:
                    continue
                self._badges[key] = badges
            else:
                self._badges.pop(key, None)
            fresh = make_row(session, key, self._groups[place], acting)
            if fresh != old:
                self._rows[place] = fresh
                changed.append(place)
        last = len(self.COLUMNS) - 1
        for first, end in row_runs(sorted(changed)):
            self.dataChanged.emit(self.index(first, 0), self.index(end, last))
        self.told = sorted({*changed, *(p for key in came if (p := self.row_of(key)) >= 0)})
        if self.told:
            self.rows_told.emit()

    def _reshaped(self, encounter: Encounter, touched: set[str]) -> bool:
        """Whether a change to these combatants may move rows (their initiative, whether
        they rolled, their group)."""
        moved = False
        for key in touched:
            combatant = encounter.find(key)
            if combatant is None:
                continue
            shape = _shape(encounter, combatant)
            if self._shapes.get(key) != shape:
                self._shapes[key] = shape
                moved = True
        return moved

    def _follow_keys(self, keys: list[str]) -> set[str]:
        """Bring the rows to the new order with removals, insertions and moves; the keys
        of the rows inserted or moved (to be worked out again)."""
        root = QModelIndex()
        wanted = set(keys)
        came: set[str] = set()
        for place in reversed(range(len(self._keys))):
            if self._keys[place] not in wanted:
                self._shapes.pop(self._keys[place], None)
                self._badges.pop(self._keys[place], None)
                self.beginRemoveRows(root, place, place)
                self._places = None
                del self._keys[place]
                del self._rows[place]
                del self._groups[place]
                self.endRemoveRows()
        for place, key in enumerate(keys):
            if place < len(self._keys) and self._keys[place] == key:
                continue
            came.add(key)
            if key not in self._keys:
                self.beginInsertRows(root, place, place)
                self._places = None
                self._keys.insert(place, key)
                self._rows.insert(place, None)
                self._groups.insert(place, "")
                self.endInsertRows()
                combatant = self._document.encounter.find(key)
                if combatant is not None:
                    self._shapes[key] = _shape(self._document.encounter, combatant)
                continue
            source = self._keys.index(key)  # below `place`: the rows above are in order
            self.beginMoveRows(root, source, source, root, place)
            self._places = None
            self._keys.insert(place, self._keys.pop(source))
            self._rows.insert(place, self._rows.pop(source))
            self._groups.insert(place, self._groups.pop(source))
            self.endMoveRows()
        return came


Shape = tuple[bool, int, str]
SHAPES = "classic_d20.shapes"  # the encounter's memo: an open's `shapes`, worked out ahead


def shapes(encounter: Encounter) -> dict[str, Shape]:
    """Every combatant's `_shape`, by id."""
    return {c.id: _shape(encounter, c) for c in encounter.combatants}


def _shape(encounter: Encounter, combatant: Combatant) -> Shape:
    """What of a combatant places its row: rolled, initiative, its group (of its name
    and side)."""
    group = group_name(encounter, combatant) or ""
    return (rt(combatant).rolled, stat(combatant, "initiative"), group)


def _links(encounter: Encounter) -> dict[str, tuple[str, str]]:
    """Effect id → (its carrier, the caster whose concentration holds it or "")."""
    found: dict[str, tuple[str, str]] = {}
    for effect in encounter.effects:
        anchor = anchor_of(effect)
        found[effect.id] = (effect.carrier_id, anchor.concentration if anchor else "")
    return found
