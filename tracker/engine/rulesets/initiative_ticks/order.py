"""The tick order: where each combatant stands, who acts next, and the list kept sorted.

The combatant list is sorted from high to low by (joined, the tick it acts on, player
character first when the option says so); equal keys keep their order, so the GM
orders true ties by dragging (`check_move` refuses any other drag, except a delayed
turn, which is dragged to where it acts). The tick it acts on is its Initiative, or
for a delayed turn placed later, that tick.

A combatant is *pending* in a round when it has joined, takes part this round, has not
acted and does not hold a delayed turn waiting for its word. The next turn is the first
pending one in list order (the highest tick). Every function takes the runtime to read
separately, so the foresight of `turns` can play on copies.
"""

from __future__ import annotations

from collections.abc import Callable

from tracker.engine.changes import Transaction
from tracker.engine.kit.ordering import moves_into
from tracker.engine.rulesets.initiative_ticks.options import pcs_first
from tracker.engine.rulesets.initiative_ticks.state import Runtime, clock, is_pc, rt
from tracker.engine.state import Combatant, Encounter

Rank = tuple[int, int, int]
RuntimeOf = Callable[[Combatant], Runtime]


def acting_tick(runtime: Runtime) -> int:
    """The tick it acts on: its Initiative, or where its delayed turn was placed."""
    hold = runtime.hold
    if hold is not None and hold.at is not None:
        return hold.at
    return runtime.initiative.current


def holding(runtime: Runtime) -> bool:
    """A delayed turn waiting for its owner's word."""
    return runtime.hold is not None and runtime.hold.at is None


def pending(runtime: Runtime, round_: int) -> bool:
    return runtime.joined and runtime.joins <= round_ and not runtime.acted and not holding(runtime)


def ranker(encounter: Encounter, runtime_of: RuntimeOf = rt) -> Callable[[Combatant], Rank]:
    by_side = pcs_first(encounter)

    def rank(combatant: Combatant) -> Rank:
        runtime = runtime_of(combatant)
        if not runtime.joined:
            return (0, 0, 0)
        placed = runtime.hold is not None and runtime.hold.at is not None
        first = by_side and is_pc(combatant) and not placed  # a placed turn acts where put
        return (1, acting_tick(runtime), 1 if first else 0)

    return rank


def sorted_order(
    encounter: Encounter, order: list[Combatant], runtime_of: RuntimeOf = rt
) -> list[Combatant]:
    """`order` sorted by `ranker`, equal keys kept in their order."""
    return sorted(order, key=ranker(encounter, runtime_of), reverse=True)


def arrange(tx: Transaction, encounter: Encounter) -> None:
    """Sort the list by `ranker`, in the fewest moves (the combatants whose rank
    changed, as a rule)."""
    for source, destination in moves_into(
        encounter.combatants, sorted_order(encounter, encounter.combatants)
    ):
        tx.move_combatant(source, destination)


def first_pending(
    encounter: Encounter, order: list[Combatant], round_: int, runtime_of: RuntimeOf = rt
) -> Combatant | None:
    return next((c for c in order if pending(runtime_of(c), round_)), None)


def anyone_holding(order: list[Combatant], runtime_of: RuntimeOf = rt) -> bool:
    return any(runtime_of(c).joined and holding(runtime_of(c)) for c in order)


def current(encounter: Encounter) -> Combatant | None:
    """Whose turn it is (free action or round), or None."""
    return encounter.find(clock(encounter).current)  # a look-up, not a pass


def tick_of(encounter: Encounter, combatant: Combatant) -> int:
    """The tick this combatant's turn is taken at: its acting tick, never above the tick
    the round has counted down to."""
    tick = acting_tick(rt(combatant))
    now = clock(encounter).tick
    return tick if now is None else min(tick, now)
