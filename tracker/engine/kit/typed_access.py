"""Typed access to a ruleset's own state: the clock, each combatant's runtime and each
effect's anchor are stored as `object` by the core; a ruleset binds its own types once
(`_typed: TypedAccess[Clock, Runtime, Anchor] = TypedAccess(Clock, Runtime, Anchor)`)
and reads and touches them typed."""

from __future__ import annotations

from typing import Generic, TypeVar, cast

from tracker.engine.changes import Transaction
from tracker.engine.state import Combatant, Effect, Encounter

ClockT = TypeVar("ClockT")
RuntimeT = TypeVar("RuntimeT")
AnchorT = TypeVar("AnchorT")


class TypedAccess(Generic[ClockT, RuntimeT, AnchorT]):
    def __init__(
        self, clock: type[ClockT], runtime: type[RuntimeT], anchor: type | tuple[type, ...]
    ) -> None:
        """`anchor`: the class (or classes) of the ruleset's effect anchors."""
        self._clock = clock
        self._anchor = anchor

    def clock(self, encounter: Encounter) -> ClockT:
        return cast(ClockT, encounter.clock)

    def touch_clock(self, tx: Transaction) -> ClockT:
        """The clock, kept for undo: call before changing it."""
        return tx.touch_clock(self._clock)

    def runtime(self, combatant: Combatant) -> RuntimeT:
        # Read thousands of times a step (a ruleset's order, ranked): `cast` is a call.
        return combatant.runtime  # type: ignore[no-any-return]

    def touch(self, tx: Transaction, combatant: Combatant) -> RuntimeT:
        """The combatant's state, kept for undo: call before changing it or its stats."""
        return cast(RuntimeT, tx.touch(combatant).runtime)

    def anchor(self, effect: Effect) -> AnchorT:
        return cast(AnchorT, effect.anchor)

    def anchor_or_none(self, effect: Effect) -> AnchorT | None:
        """The effect's anchor if it is one of this ruleset's (None otherwise)."""
        anchor = effect.anchor
        return cast(AnchorT, anchor) if isinstance(anchor, self._anchor) else None


def whole_stat(combatant: Combatant, name: str) -> int:
    """A whole-number stat (0 when missing or not a number: queries never raise)."""
    value = combatant.stats.get(name, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
