"""The effects players see: those on the party (by default), none carried or created by
a hidden combatant, and no duration text that names one."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from tracker.engine.state import Effect
from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.players.proxy_base import TEXT_ROLES, Index, PlayersProxy, Role
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.visibility import PARTY_SIDES

REMAINING_COLUMN = 3


class PartyEffectsProxy(PlayersProxy):
    """The effect objects themselves (`EffectRole`, with the GM's notes) stay on the GM's
    side: use `effect_at` on the GM's side only."""

    def __init__(
        self,
        source: EffectsModel,
        public: PublicState,
        sides: Iterable[str] = PARTY_SIDES,
        parent: Any = None,
        rows: bool = True,
    ) -> None:
        """`rows` False: the filter alone (see `PlayersProxy`), read by `shown_effects`."""
        super().__init__(source, public, parent, rows=rows)
        self._source = source  # its source for good: asked at every row it filters
        self.sides = tuple(sides)
        # The time left as told to the players, per effect id, until the next change: a
        # paint asks for each row's several times, and working it out asks the ruleset.
        self._told: dict[str, str] = {}
        public.document.changed.connect(self._forget)
        public.document.replaced.connect(self._forget)
        public.visibility_changed.connect(self._forget)

    def _forget(self, *_event: object) -> None:
        self._told.clear()

    def effects_model(self) -> EffectsModel:
        return self._source

    def effect_at(self, row: int) -> Effect | None:
        index = self.index(row, 0)
        if not index.isValid():
            return None
        return self._source.effect_at(self.mapToSource(index).row())

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        return self._accepts(self._source.effect_at(source_row))

    def _accepts(self, effect: Effect | None) -> bool:
        encounter = self.public.document.encounter
        return self.public.visibility.effect_is_visible(effect, encounter, self.sides)

    def shown_effects(self) -> Iterator[tuple[int, Effect]]:
        """The source row and effect of its rows in order: its filter run over the
        model's effects, without a `QModelIndex` mapped a row (see
        `PlayersTurnOrderProxy.shown_turns`)."""
        model = self._source
        for source_row in range(model.rowCount()):
            effect = model.effect_at(source_row)
            if effect is not None and self._accepts(effect):
                yield source_row, effect

    def data(self, index: Index, role: int = Role.DisplayRole) -> Any:
        if int(role) == int(Role.ToolTipRole):
            # Not shown on the players' screen, and the GM's "ends this turn or the next"
            # counts the hidden combatants' turns.
            return None
        if int(role) in TEXT_ROLES and index.isValid() and index.column() == REMAINING_COLUMN:
            return self.remaining(index)
        return super().data(index, role)

    def remaining(self, index: Index) -> str:
        """The time left as the players may be told it (`index` in `REMAINING_COLUMN`):
        from what they can see only, naming no hidden combatant."""
        if not index.isValid():
            return ""
        return self.remaining_at(self.mapToSource(index).row())

    def remaining_at(self, source_row: int) -> str:
        """`remaining` of the effect on this row of the model behind."""
        effect = self._source.effect_at(source_row)
        if effect is None:
            return ""
        told = self._told.get(effect.id)
        if told is None:
            told = self._told[effect.id] = self._work_out_remaining(source_row, effect)
        return told

    def _work_out_remaining(self, source_row: int, effect: Effect) -> str:
        document = self.public.document
        ruleset, encounter = document.ruleset, document.encounter
        visibility = self.public.visibility
        text = ruleset.public_remaining(encounter, effect, visibility.visible_ids)
        if text is None:
            model = self._source
            text = model.data(model.createIndex(source_row, REMAINING_COLUMN), Role.DisplayRole)
        if not visibility.leaks(text):
            return str(text or "")
        return ruleset.remaining_unnamed(encounter, effect)
