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

from tracker.engine.changes import COMBATANTS, Insert, Transaction
from tracker.engine.kit.ordering import moves_into
from tracker.engine.rulesets.initiative_ticks.options import pcs_first
from tracker.engine.rulesets.initiative_ticks.state import Runtime, clock, is_pc, rt
from tracker.engine.state import Combatant, Encounter

Rank = tuple[int, int, int]
LONG = 64  # combatants: a shorter list is sorted whole at every change
FEW = 8  # a change touching more than one combatant in FEW sorts the list whole
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
        hold = runtime.hold
        if hold is not None and hold.at is not None:  # placed: it acts where put
            return (1, hold.at, 0)
        return (1, runtime.initiative.current, 1 if by_side and is_pc(combatant) else 0)

    return rank


def sorted_order(
    encounter: Encounter, order: list[Combatant], runtime_of: RuntimeOf = rt
) -> list[Combatant]:
    """`order` sorted by `ranker`, equal keys kept in their order."""
    return sorted(order, key=ranker(encounter, runtime_of), reverse=True)


def arrange(tx: Transaction, encounter: Encounter) -> None:
    """Sort the list by `ranker`, in the fewest moves (the combatants whose rank
    changed, as a rule)."""
    order = encounter.combatants
    wanted = _placed_again(tx, encounter, order)
    if wanted is None:
        wanted = sorted_order(encounter, order)
    for source, destination in moves_into(order, wanted):
        tx.move_combatant(source, destination)


def _placed_again(
    tx: Transaction, encounter: Encounter, order: list[Combatant]
) -> list[Combatant] | None:
    """`sorted_order` of a long list, ranking a few combatants (issue 26: the whole list
    ranked at every change cost milliseconds at 5,000): the list is sorted after every
    change, so only those the transaction touched or added may be out of place; the
    others keep their order and ranks, and each of the few is placed among them by
    binary search, where the stable sort puts it (after the higher ranks and the equal
    ranks that stood before it). None (sort it all): a short list, the options changed,
    or many touched."""
    changes = tx.changes
    if len(order) < LONG or changes.encounter:
        return None
    touched = set(changes.combatants)
    touched.update(e.item.id for e in changes.edits_of(COMBATANTS) if isinstance(e, Insert))
    if len(touched) * FEW > len(order):
        return None
    rank = ranker(encounter)
    places = sorted(p for i in touched if (p := encounter.position(i)) is not None)
    others = list(order)  # those not touched, in their order: sorted
    for place in reversed(places):
        del others[place]
    ranks: dict[str, Rank] = {}

    def rank_of(combatant: Combatant) -> Rank:
        found = ranks.get(combatant.id)
        if found is None:
            found = ranks[combatant.id] = rank(combatant)
        return found

    # Each touched one by rank, then by how many of the others stood before it (`cut`),
    # then by its place: the stable sort's order, from high to low.
    moving = sorted(((rank_of(order[p]), -(p - n), -p) for n, p in enumerate(places)), reverse=True)
    wanted: list[Combatant] = []
    start = 0
    for mine, minus_cut, minus_place in moving:
        low, high, cut = start, len(others), -minus_cut
        while low < high:  # the first of the others that comes after it
            middle = (low + high) // 2
            theirs = rank_of(others[middle])
            if theirs > mine or (theirs == mine and middle < cut):
                low = middle + 1
            else:
                high = middle
        wanted += others[start:low]
        wanted.append(order[-minus_place])
        start = low
    wanted += others[start:]
    return wanted


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
