"""The tick track as the players may see it: joined combatants only, hidden ones dropped
(so they leave no gap), only the tick, the name and the state, every text checked for
hidden names. While a hidden combatant acts, no row is marked as acting (its own is
dropped), as for any turn of someone the players do not see."""

from __future__ import annotations

from typing import Any

from tracker.qt.players.proxy_base import Index, PlayersProxy
from tracker.qt.players.public_state import PublicState
from tracker.qt.rulesets.initiative_ticks.model import NAME, STATE, TICK, MarkRole, TickModel

SHOWN_COLUMNS = (TICK, NAME, STATE)


class PlayersTicksProxy(PlayersProxy):
    extra_roles = frozenset({int(MarkRole)})

    def __init__(
        self, source: TickModel, public: PublicState, parent: Any = None, *, rows: bool = True
    ) -> None:
        """`rows` False: the filter alone (see `PlayersProxy`), for the shared page."""
        super().__init__(source, public, parent, rows=rows)
        self._source = source  # its source for good: asked at every row it filters
        if rows:
            public.updated.connect(self.refilter_rows)

    def tick_model(self) -> TickModel:
        return self._source

    def accepted_row(self, source_row: int) -> bool:
        source = self.tick_model()
        combatant, mark = source.combatant_at(source_row), source.mark_at(source_row)
        if combatant is None or mark is None or not self.public.is_visible(combatant.id):
            return False
        return mark.tick is not None

    def accepted(self) -> list[bool]:
        """One pass: who is visible read as a set, a row's mark asked only of a visible
        combatant (no call a row for either)."""
        source = self.tick_model()
        return self.visible_marks(
            source.rowCount(),
            source.combatant_at,
            source.mark_at,
            lambda mark: mark.tick is not None,
        )

    def filterAcceptsColumn(self, source_column: int, source_parent: Index) -> bool:
        return source_column in SHOWN_COLUMNS
