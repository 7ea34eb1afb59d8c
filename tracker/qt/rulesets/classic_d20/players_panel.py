"""Classic d20 on the players' screen: "INITIATIVE", a card per combatant the players
see, in initiative order: its initiative in the pill (highlighted for those acting now,
a group's members together; that row is on every page), its name, and what the table
may know of it. For the party: a reaction used this round, death saves (5e) or dying
and wounded (PF2e), stable, Ready and its trigger, Delay, concentration, surprise; for
the others only what is seen (surprised, delaying, dead). Hidden combatants are never
shown, and no text that names one (`Visibility.safe`); while a hidden one acts, no card
is marked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QSize, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QStyleOptionViewItem, QWidget

from tracker.engine.rulesets.classic_d20 import ClassicD20
from tracker.engine.state import Combatant
from tracker.qt.document import EncounterDocument
from tracker.qt.palette import SIDE_COLORS
from tracker.qt.players.delegates import Index, PillRow, ThemedDelegate
from tracker.qt.players.page_content import (
    ChangeMemo,
    PanelContent,
    PanelLine,
    PanelRow,
    PanelSource,
)
from tracker.qt.players.panel_parts import FittedRows
from tracker.qt.players.projection import shown_side, side_of
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.ruleset_panel import ListPanel
from tracker.qt.players.themes import Theme, px

PARTY = "party"
ROW_PX = 66
CAPTION, EMPTY = "INITIATIVE", "Nobody is in the fight yet."
DetailRole = int(Qt.ItemDataRole.UserRole) + 10  # roles the shared leak tests compare
NowRole = int(Qt.ItemDataRole.UserRole) + 41
InitiativeRole = int(Qt.ItemDataRole.UserRole) + 50
NOT_SHOWN = ("to roll initiative",)  # the GM's business before the fight
SEEN = ("surprised", "delaying", "dead")  # all the players know of the others


@dataclass(frozen=True)
class Card:
    name: str
    side: str
    initiative: str
    now: bool
    detail: str


class OrderModel(QAbstractTableModel):
    """The cards of the combatants the players see, in initiative order (one column).
    A card is made when first read and kept until the engine says its combatant, the
    effects or the options changed (`ChangeMemo`): an open of thousands of combatants
    made every card twice, in one stall, and every change made them all again. When what
    the players may see changes, the rows are told: a reset if their number changed,
    else the rows whose combatant, acting or card changed."""

    def __init__(
        self, document: EncounterDocument, public: PublicState, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.document, self.public = document, public
        # The panel is made before its public state listens (`board`): the memo forgets
        # what a change changed before the state tells `updated`.
        self._memo = ChangeMemo(document, public, self)
        self._made: dict[str, Card] = {}  # the cards read since the rows were last told
        self._ids, self._acting = self._read()
        self._generation = public.generation  # of the state the rows were told of
        public.updated.connect(self.reload)
        public.visibility_changed.connect(self.reload)

    def reload(self) -> None:
        generation = self.public.generation
        if generation == self._generation:  # told twice of one state (a load)
            return
        self._generation = generation
        ids, acting = self._read()
        if len(ids) != len(self._ids):
            self.beginResetModel()
            self._ids, self._acting, self._made = ids, acting, {}
            self.endResetModel()
            return
        made, self._made = self._made, {}
        old_ids, old_acting = self._ids, self._acting
        self._ids, self._acting = ids, acting
        changed = [
            row
            for row, combatant_id in enumerate(ids)
            if combatant_id != old_ids[row]
            or (combatant_id in acting) != (combatant_id in old_acting)
            or (combatant_id in made and self._card_of(combatant_id) != made[combatant_id])
        ]
        if changed:
            self.dataChanged.emit(self.index(changed[0], 0), self.index(changed[-1], 0))

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else 1

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._ids):
            return None
        role = int(role)
        if role == int(Qt.ItemDataRole.DecorationRole):
            side = self.document.encounter.combatant(self._ids[index.row()]).side
            return QColor(SIDE_COLORS.get(side, SIDE_COLORS["neutral"]))
        combatant_id = self._ids[index.row()]
        card = self._made[combatant_id] = self._card_of(combatant_id)
        if role == int(Qt.ItemDataRole.DisplayRole):
            return card.name
        if role == int(Qt.ItemDataRole.ToolTipRole):
            return card.detail or None
        if role == DetailRole:
            return card.detail
        if role == NowRole:
            return card.now
        if role == InitiativeRole:
            return card.initiative
        return None

    def acting_row(self) -> int | None:
        acting = self._acting
        return next((row for row, i in enumerate(self._ids) if i in acting), None)

    def _read(self) -> tuple[list[str], set[str]]:
        """The ids of the combatants the players see, in order, and who acts."""
        if not isinstance(self.document.ruleset, ClassicD20):
            return [], set()
        visible = self.public.visibility.visible_ids  # (asked once: a look-up a row)
        ids = [c.id for c in self.document.encounter.combatants if c.id in visible]
        return ids, acting_ids(self.public)

    def _card_of(self, combatant_id: str) -> Card:
        document, ruleset = self.document, self.document.ruleset
        assert isinstance(ruleset, ClassicD20)
        combatant = document.encounter.combatant(combatant_id)
        key = (combatant.name, combatant.side, combatant_id in self._acting)
        card = self._memo.get(combatant_id, key)
        if not isinstance(card, Card):
            held = ruleset.concentrating_on(document.encounter, combatant)
            card = _card(document, self.public, ruleset, combatant, key[2], held)
            self._memo.keep(combatant_id, key, card)
        return card


def acting_ids(public: PublicState) -> set[str]:
    """Who the players see acting now (a group's members too): none while a hidden one
    acts or before the fight."""
    turn = public.shown_turn()
    if turn is None or public.is_held() or not public.is_started():
        return set()
    members = turn.values.get("members", ())
    return {str(turn.combatant_id), *(str(m) for m in members)}


def _card(
    document: EncounterDocument,
    public: PublicState,
    ruleset: ClassicD20,
    combatant: Combatant,
    now: bool,
    held: str | None,
) -> Card:
    """`held`: the spell it concentrates on (`ClassicD20.concentrating_on`), if any."""
    encounter = document.encounter
    markers = ruleset.markers(encounter, combatant)  # asked once: worked out each time
    words = [w for w in markers if w not in NOT_SHOWN]
    if combatant.side == PARTY:
        reaction = next(
            (m for m in ruleset.meters(encounter, combatant) if m.name == "reaction"), None
        )
        if reaction is not None and reaction.value <= 0:
            words.insert(0, "reaction used")
        if held:
            words.insert(0, f"concentrating: {held}")
    else:
        words = [w for w in words if w in SEEN]
    value = combatant.stats.get("initiative")
    rolled = "to roll initiative" not in markers
    initiative = str(value) if rolled and isinstance(value, int) else "—"
    safe = public.visibility.safe
    return Card(safe(combatant.name), combatant.side, initiative, now, safe(" · ".join(words)))


def card_row(index: Index) -> PanelRow:
    """A combatant's card as the players see it."""
    return PanelRow(
        value=str(index.data(InitiativeRole) or ""),
        name=str(index.data() or ""),
        detail=str(index.data(DetailRole) or ""),
        side=side_of(index.data(Qt.ItemDataRole.DecorationRole)),
        now=bool(index.data(NowRole)),
    )


class D20Source(PanelSource):
    """The cards as the players see them (`_card`, as the panel's `OrderModel` reads
    them), read when the shared page asks for its `content`: no model of its own
    re-reading them at every change. A card is kept from one publish to the next until
    the engine says its combatant or the options changed (`ChangeMemo`), by its name,
    side, whether it acts and the spell it concentrates on (all it reads of the effects,
    worked out once a publish): a step makes anew the cards of the combatants it
    changed, not the ruleset's markers of every one; an effect added or ended, only
    the card of a caster whose spell it changed."""

    def __init__(self, document: EncounterDocument, public: PublicState, parent: QObject) -> None:
        super().__init__(parent)
        self.document, self.public = document, public
        self.cards = ChangeMemo(document, public, self, effects_in_key=True)

    def content(self) -> PanelContent:
        return PanelContent(
            lines=(PanelLine(CAPTION, caption=True),), rows=self._rows(), empty=EMPTY
        )

    def _rows(self) -> tuple[PanelRow, ...]:
        document, public, kept = self.document, self.public, self.cards
        ruleset = document.ruleset
        if not isinstance(ruleset, ClassicD20):
            return ()
        acting = acting_ids(public)
        spells = ruleset.concentration_spells(document.encounter)
        rows = []
        for combatant in document.encounter.combatants:
            if not public.is_visible(combatant.id):
                continue
            held = spells.get(combatant.id)
            key = (combatant.name, combatant.side, combatant.id in acting, held)
            row = kept.get(combatant.id, key)
            if row is None:
                row = page_row(_card(document, public, ruleset, combatant, key[2], held))
                kept.keep(combatant.id, key, row)
            rows.append(row)
        return tuple(rows)


def page_row(card: Card) -> PanelRow:
    """The card as `card_row` reads it from the `OrderModel` (its side as read off the
    colour the model decorates it with)."""
    return PanelRow(card.initiative, card.name, card.detail, shown_side(card.side), card.now)


class CardDelegate(ThemedDelegate):
    """A combatant's card: its initiative in the pill, the name, what may be known."""

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        return QSize(max(option.rect.width(), 200), self.px(ROW_PX))

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        if self.cut_off(option):
            return
        shown = card_row(index)
        row = PillRow(
            side=self.side_color(index),
            value=shown.value,
            name=shown.name,
            detail=shown.detail,
            now=shown.now,
        )
        painter.save()
        self.paint_pill_row(painter, option.rect.adjusted(0, self.px(3), 0, -self.px(3)), row, 70)
        painter.restore()


class D20Panel(ListPanel):
    """The caption "INITIATIVE" over the cards, the one acting on every page."""

    row_px = ROW_PX

    def __init__(
        self,
        document: EncounterDocument,
        public: PublicState,
        theme: Theme,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("players_d20", CAPTION, document, public, theme, parent)
        self.source = D20Source(document, public, self)
        self.order_model = OrderModel(document, public, self)
        self.delegate = CardDelegate(theme, self)
        self.add_rows(
            FittedRows(
                "players_d20_list",
                self.order_model,
                self.delegate,
                EMPTY,
                pinned=self.order_model.acting_row,
            )
        )

    @classmethod
    def page_source(
        cls,
        document: EncounterDocument,
        public: PublicState,
        parent: QObject,
        view: QWidget | None = None,
    ) -> D20Source:
        """Its own cards always (the GM's view's model shows what the GM sees)."""
        return D20Source(document, public, parent)

    def set_look(self, theme: Theme, scale: float) -> None:
        self.theme, self.scale = theme, scale
        self._layout.setSpacing(px(14, scale))
        self.delegate.set_look(theme, scale)
        self._size_body()

    def rendered_texts(self) -> list[str]:
        """Every text the panel shows: its labels and the cards it paints."""
        texts = self.label_texts()
        for row in range(self.order_model.rowCount()):
            index = self.order_model.index(row, 0)
            texts += [index.data(), index.data(DetailRole)]
        return [t for t in texts if isinstance(t, str) and t]
