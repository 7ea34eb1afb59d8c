"""The countdown: each combatant's current value, who must act at which count, the order
of the combatant list, and moving on from count to count and round to round.

A combatant is *due* at a count in the Resolution phase when it must declare (it has
AP left and no action under way: at its current value, base + 5 × AP left) or resolve
(its action under way resolves there this round). The count is the highest due; a due
above it (a value raised after the count passed it) is due at once, so the count never
goes up within a round. When nobody is due, the round goes on to Upkeep.

The combatant list is kept sorted by the count at which each acts next (its due, else
its current value; no value: last), then by Qu when ties go to the higher Qu. Equal
keys keep their place, so the GM orders true ties by dragging (`check_move` refuses any
other drag), and the first due in list order acts first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial
from operator import attrgetter

from tracker.engine.changes import COMBATANTS, Insert, Transaction
from tracker.engine.errors import CommandError
from tracker.engine.kit.counters import Counters
from tracker.engine.kit.declared import Declared
from tracker.engine.kit.ordering import moves_into
from tracker.engine.rulesets.ap_countdown.listed import (
    Due,
    DueKind,
    capped,
    due_of,
    first_at_or_below,
    first_not_before,
    follow_up,
    key_of,
    sorted_now,
    walk,
)
from tracker.engine.rulesets.ap_countdown.options import floor, floored, per_round, qu_first
from tracker.engine.rulesets.ap_countdown.state import (
    AP_PER_ROUND,
    AP_STEP,
    Runtime,
    UnderWay,
    clock,
    rt,
    stat,
    touch,
    touch_clock,
)
from tracker.engine.state import Combatant, Encounter

Rank = tuple[int, int, int]
_ID = attrgetter("id")


# --- values --------------------------------------------------------------------------------
def active(encounter: Encounter, combatant: Combatant) -> bool:
    """Takes part in the current round (late joiners may wait for the next)."""
    return rt(combatant).joins <= clock(encounter).round


def start_value(encounter: Encounter, base: int) -> int:
    """Where a round begins for this base: base + 5 × 4."""
    return floor(encounter, base + AP_STEP * AP_PER_ROUND)


def value_of(encounter: Encounter, combatant: Combatant) -> int | None:
    """The current value, base + 5 × AP left: None without a base or before joining."""
    runtime = rt(combatant)
    if runtime.base is None or not active(encounter, combatant):
        return None
    return floor(encounter, runtime.base + AP_STEP * runtime.ap)


def tie_rank(encounter: Encounter, combatant: Combatant) -> int:
    return stat(combatant, "qu") if qu_first(encounter) else 0


def dues(encounter: Encounter, *, follow_ups: bool = False) -> tuple[Due, ...]:
    """Who must act, in the order they act (empty outside the Resolution phase)."""
    return encounter.derived(
        ("ap_countdown.dues", follow_ups), lambda: tuple(_dues(encounter, follow_ups))
    )


def _dues(encounter: Encounter, follow_ups: bool) -> list[Due]:
    if sorted_now(encounter):
        return list(walk(encounter, ranker(encounter), follow_ups=follow_ups))
    return ordered(encounter, list(_each_due(encounter, follow_ups)))


def _each_due(encounter: Encounter, follow_ups: bool) -> Iterator[Due]:
    """The dues in list order (a combatant's resolution before its next declaration)."""
    now = clock(encounter)
    if now.phase != "resolution":
        return
    floors = floored(encounter)
    for combatant in encounter.combatants:
        due = due_of(now, floors, combatant)
        if due is None:
            continue
        yield due
        after = follow_up(now, floors, due) if follow_ups else None
        if after is not None:
            yield after


def ordered(encounter: Encounter, found: list[Due]) -> list[Due]:
    """`found`, in list order (a combatant's resolution before its next declaration),
    sorted into the order they act: the highest count first, then (option) the higher
    Qu; the sort keeps the list order of the rest."""
    return sorted(found, key=key_of(encounter))


def current_due(encounter: Encounter) -> Due | None:
    """The first of `dues`: read off the list around the count between commands (see
    `listed`), else one pass over it."""
    return encounter.derived("ap_countdown.current_due", lambda: _first_due(encounter))


def _first_due(encounter: Encounter) -> Due | None:
    if sorted_now(encounter):
        return next(walk(encounter, ranker(encounter), follow_ups=False), None)
    return _first_of_all(encounter)


def _first_of_all(encounter: Encounter) -> Due | None:
    """The first due, from every combatant's (the list may be out of order)."""
    return min(_each_due(encounter, False), key=key_of(encounter), default=None)


def due_for(encounter: Encounter, combatant_id: str | None, kind: DueKind) -> Due:
    """The current due, which must be `kind` and (if named) the combatant's; or refuse."""
    due = current_due(encounter)
    if due is None:
        raise CommandError("Nobody is due now: the countdown is not running.")
    who = due.combatant
    if combatant_id is not None and combatant_id != who.id:
        name = encounter.combatant(combatant_id).name
        raise CommandError(f"It is {who.name}'s moment at count {due.at}, not {name}'s.")
    if due.kind == kind:
        return due
    action = rt(who).action
    if kind == "declare" and action is not None:
        raise CommandError(f"{who.name} must first resolve {action.name} (count {due.at}).")
    raise CommandError(f"{who.name} has no action to resolve: they declare at count {due.at}.")


# --- the order -----------------------------------------------------------------------------
def ranker(encounter: Encounter) -> Callable[[Combatant], Rank]:
    """Sort key of the combatant list, higher first: (has a value, next count, Qu). The
    next count is the one of its due (see `dues`), else its current value."""
    now = clock(encounter)
    counting = now.phase == "resolution"
    floors, by_qu = floored(encounter), qu_first(encounter)

    def rank(combatant: Combatant) -> Rank:
        runtime = rt(combatant)
        if runtime.base is None or runtime.joins > now.round:
            return (0, 0, 0)
        at = runtime.base + AP_STEP * runtime.ap
        action = runtime.action
        if counting and action is None and runtime.ap > 0:
            at = capped(now, max(at, 0) if floors else at)
        elif counting and action is not None and action.declared.resolves_at is not None:
            resolves = action.declared.resolves_at
            at = capped(now, max(resolves, 0) if floors else resolves)
        elif floors:
            at = max(at, 0)
        return (1, at, stat(combatant, "qu") if by_qu else 0)

    return rank


PLACED_ALONE = 16  # at most this many changed combatants are placed one by one


def arrange(tx: Transaction, encounter: Encounter, *, everyone: bool = False) -> None:
    """Sort the list by `ranker`, keeping equal keys in their order (the GM's drags).

    The list was sorted when the command began, and only what the command touched can
    have a new key (a round, a phase or an option changing keys them all: `everyone`),
    so the few touched are placed among the others by bisection: the cost follows what
    changed, not the size of the fight."""
    rank = ranker(encounter)
    combatants = encounter.combatants
    touched = tx.changes.combatants
    if everyone or len(touched) > PLACED_ALONE:
        wanted = sorted(combatants, key=rank, reverse=True)
        for source, destination in moves_into(combatants, wanted):  # the fewest moves
            tx.move_combatant(source, destination)
        return
    placed = _placed(combatants, positions_in(encounter, touched), rank)
    if all(combatants[i] is c for i, c in placed):
        return  # the others fill the same places in the same order: nothing moved
    ids = ids_of(combatants)
    if len(placed) > 1:  # all out of the way first, so each lands where it belongs
        for _, combatant in placed:
            _move(tx, ids, combatant, len(combatants) - 1)
    for position, combatant in placed:  # the others keep their order: one move each
        _move(tx, ids, combatant, position)


def ids_of(combatants: list[Combatant]) -> list[str]:
    """The ids in list order: positions are then found at C speed (`list.index` on
    strings), not by comparing combatants or a loop in Python."""
    return list(map(_ID, combatants))


def positions_in(encounter: Encounter, wanted: Iterable[str]) -> list[int]:
    """The positions of the `wanted` combatants still in the fight (a command may have
    removed some), in list order: look-ups, not a pass over the list."""
    found = (encounter.position(combatant_id) for combatant_id in wanted)
    return sorted(position for position in found if position is not None)


def positions_of(ids: list[str], wanted: Iterable[str]) -> list[int]:
    """The positions of the `wanted` ids still in the list (a command may have removed
    some), in list order."""
    found = []
    for combatant_id in wanted:
        try:
            found.append(ids.index(combatant_id))
        except ValueError:
            continue
    return sorted(found)


def _move(tx: Transaction, ids: list[str], combatant: Combatant, position: int) -> None:
    source = ids.index(combatant.id)
    tx.move_combatant(source, position)
    ids.insert(position, ids.pop(source))


def _below(
    key: Callable[[int], tuple[int, int, int, int]], wanted: tuple[int, int, int, int], probe: int
) -> bool:
    return key(probe) < wanted


def _placed(
    combatants: list[Combatant], positions: list[int], rank: Callable[[Combatant], Rank]
) -> list[tuple[int, Combatant]]:
    """Where a stable sort of the whole list puts the combatants at `positions` (the
    others, in order already, keep their order around them): (place, combatant) in the
    order of the places. Each place is found by bisection among the others."""
    skipped = set(positions)

    def key(position: int) -> tuple[int, int, int, int]:
        has, at, qu = rank(combatants[position])
        return (-has, -at, -qu, position)

    placed: list[tuple[int, Combatant]] = []
    for order, position in enumerate(sorted(positions, key=key)):
        wanted = key(position)
        # The first of the others with a key not below `wanted`.
        low = first_not_before(len(combatants), skipped, partial(_below, key, wanted))
        others_before = low - sum(1 for p in positions if p < low)
        placed.append((others_before + order, combatants[position]))
    return placed


def settle(
    tx: Transaction,
    encounter: Encounter,
    *,
    everyone: bool = False,
    moved: Combatant | None = None,
) -> None:
    """After any change: the count moves to the next due; with none left, Upkeep
    (`everyone`: every combatant's key may have changed, see `arrange`; `moved`: the GM
    moved this one among its ties)."""
    now = clock(encounter)
    if now.phase == "resolution":
        first = _next_due(tx, encounter, everyone, moved)
        if first is None:
            changed = touch_clock(tx)
            changed.phase, changed.count = "upkeep", None
            tx.log(f"Round {now.round}: the countdown is over. Upkeep.", "turn")
        elif first.at != now.count:
            touch_clock(tx).count = first.at
    arrange(tx, encounter, everyone=everyone or now.phase != "resolution")


def _next_due(
    tx: Transaction, encounter: Encounter, everyone: bool, moved: Combatant | None
) -> Due | None:
    """`current_due` as a command settles, worked out from what it changed (the memo of
    `current_due` is off while a command runs, and the whole list would cost every
    combatant at every command and every "would this be refused?").

    The list was in the order of `ranker` when the command began (see `arrange`), and a
    due's key is its combatant's rank (the count it acts at, then Qu). So among the
    combatants the command left alone, the first due in list order is the first of them
    with a due at or below the count (found by bisection, then a short walk); the few it
    changed are asked as they are now; the earliest of those in the order they act, then
    in list order, is the one. A combatant that came is asked as a changed one; one that
    went leaves the others in order (a rank is its combatant's, the clock's and the
    options'). When the clock or an option changed, or many combatants did, every key
    may differ: the whole list is asked."""
    now = clock(encounter)
    changes = tx.changes
    came = {e.item.id for e in changes.edits_of(COMBATANTS) if isinstance(e, Insert)}
    suspects = set(changes.combatants) | came | ({moved.id} if moved is not None else set())
    if (
        everyone
        or now.count is None
        or changes.clock
        or changes.encounter
        or len(suspects) > PLACED_ALONE
    ):
        return current_due(encounter)
    floors, rank = floored(encounter), ranker(encounter)
    combatants = encounter.combatants
    changed = set(positions_in(encounter, suspects))
    found: list[tuple[Rank, int, Due]] = []  # (−rank, position, due): the least acts first
    for position in changed:
        due = due_of(now, floors, combatants[position])
        if due is not None:
            found.append((_negated(rank(due.combatant)), position, due))
    best = min(found)[0] if found else None
    start = first_at_or_below(combatants, changed, rank, now.count)
    for position in range(start, len(combatants)):
        if position in changed:
            continue
        combatant = combatants[position]
        if best is not None and _negated(rank(combatant)) > best:
            break  # every one after acts later than a changed one
        due = due_of(now, floors, combatant)
        if due is not None:
            found.append((_negated(rank(combatant)), position, due))
            break
    return min(found)[2] if found else None


def _negated(rank: Rank) -> Rank:
    has, at, qu = rank
    return (-has, -at, -qu)


# --- rounds --------------------------------------------------------------------------------
def begin_round(tx: Transaction, encounter: Encounter, number: int) -> None:
    """The Initiative phase: AP back to 4, pace, parries and instantaneous actions
    cleared, bases cleared when rolled anew each round; multi-round actions carry on."""
    now = touch_clock(tx)
    now.started, now.round, now.phase, now.count = True, number, "initiative", None
    fresh = per_round(encounter)
    for combatant in encounter.combatants:
        runtime = touch(tx, combatant)
        runtime.ap, runtime.pace, runtime.parry = AP_PER_ROUND, 0, None
        runtime.instants = Counters()
        if fresh and runtime.base is not None and runtime.base_round < number:
            runtime.base = runtime.roll = None
        if runtime.action is not None:
            _carry(runtime, runtime.action)
    tx.log(f"Round {number}: Initiative phase.", "turn")
    arrange(tx, encounter, everyone=True)


def _carry(runtime: Runtime, action: UnderWay) -> None:
    """Last round's AP count as done; nothing runs until the countdown begins."""
    old = action.declared
    done = old.done + action.portion
    if done >= old.needed:  # resolved in all but name: never left behind
        runtime.action = None
        return
    declared = Declared(old.name, old.needed, done, old.declared_at, None, old.note)
    runtime.action = UnderWay(declared, action.table, 0, 0, action.haste, action.since)


def begin_countdown(tx: Transaction, encounter: Encounter) -> None:
    """From the Initiative phase to the Resolution phase (every base must be known)."""
    now = clock(encounter)
    if now.phase != "initiative":
        raise CommandError("The countdown begins after the Initiative phase.")
    missing = [c.name for c in encounter.combatants if active(encounter, c) and rt(c).base is None]
    if missing:
        verb = "has" if len(missing) == 1 else "have"
        raise CommandError(
            f"{', '.join(missing)} {verb} no base initiative yet: roll or enter it first."
        )
    for combatant in encounter.combatants:
        if active(encounter, combatant) and rt(combatant).action is not None:
            _carry_on(tx, encounter, combatant)
    changed = touch_clock(tx)
    changed.phase, changed.count = "resolution", None
    first = current_due(encounter)
    if first is not None:
        changed.count = first.at
        tx.log(f"Round {now.round}: the countdown begins at {first.at}.", "turn")
    settle(tx, encounter, everyone=True)


def _carry_on(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    """A multi-round action takes this round's AP; in its last round it resolves where
    they run out: base + 5 × (4 − the AP still needed)."""
    runtime = touch(tx, combatant)
    action, base = runtime.action, runtime.base
    assert action is not None and base is not None
    declared = action.declared
    needed = declared.needed - declared.done
    portion = min(needed, AP_PER_ROUND)
    action.portion, action.starts_at = portion, start_value(encounter, base)
    runtime.ap = AP_PER_ROUND - portion
    where = floor(encounter, base + AP_STEP * runtime.ap)
    declared.resolves_at = where if portion == needed else None
    shown = f"{declared.done}/{declared.needed} AP done"
    if declared.resolves_at is None:
        later = f"{needed - portion} AP still needed after this round"
        tx.log(f"{combatant.name} carries on with {declared.name} ({shown}): {later}.", "action")
    else:
        tx.log(
            f"{combatant.name} carries on with {declared.name} ({shown}): {portion} AP this "
            f"round, resolves at {where}.",
            "action",
        )


# --- time passing ----------------------------------------------------------------------------
def elapsed(encounter: Encounter, action: UnderWay) -> int:
    """The AP of this round's portion already run out at the current count."""
    now = clock(encounter)
    if now.phase == "upkeep":
        return action.portion
    if now.phase != "resolution" or now.count is None:
        return 0
    resolves = action.declared.resolves_at
    if resolves is not None and now.count <= resolves:
        return action.portion
    return min(max((action.starts_at - now.count) // AP_STEP, 0), action.portion)


def progress(encounter: Encounter, combatant: Combatant) -> tuple[int, int] | None:
    """(AP spent, AP needed) of the action under way, at the current count."""
    action = rt(combatant).action
    if action is None:
        return None
    return (action.declared.done + elapsed(encounter, action), action.declared.needed)


def spent_this_round(encounter: Encounter, combatant: Combatant) -> int:
    """AP the combatant has spent so far this round (all 4 once the round is over)."""
    now = clock(encounter)
    if now.phase == "upkeep":
        return AP_PER_ROUND
    if now.phase != "resolution" or not active(encounter, combatant):
        return 0
    runtime = rt(combatant)
    running = 0
    if runtime.action is not None:
        running = runtime.action.portion - elapsed(encounter, runtime.action)
    return min(max(AP_PER_ROUND - runtime.ap - running, 0), AP_PER_ROUND)


def hold(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    """Declare nothing now: 5 counts (1 AP) pass; asked again at the new value."""
    runtime = touch(tx, combatant)
    runtime.ap -= 1
    value = value_of(encounter, combatant)
    then = f"asked again at {value}" if runtime.ap else "done for this round"
    tx.log(
        f"{combatant.name} holds (declares nothing now): {runtime.ap} AP left, {then}.", "action"
    )


def done(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    """Done for this round: the AP left go unused."""
    runtime = touch(tx, combatant)
    unused, runtime.ap = runtime.ap, 0
    tx.log(f"{combatant.name} is done for this round ({unused} AP unused).", "action")
