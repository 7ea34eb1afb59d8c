"""Who is due, and the dues read off the combatant list between two commands.

A combatant is *due* in the Resolution phase when it must declare (AP left, no action
under way: at its current value) or resolve (where its action does), never above the
count (`Due`, `due_of`); a resolution with AP left leads to a declaration (`follow_up`).

Between commands the list is in the order of `countdown.ranker` (every command settles
it: see `countdown.arrange`), and a due's key is its combatant's rank (the count it acts
at, then Qu with the option). So the dues in the order they act are the combatants with
a due, in list order, from the first whose rank is at or below the count: those above
it are past their dues (a due never lies above the count). The first is found by
bisection, the rest by walking on only as far as a view reads (`walk`); a resolution's
follow-up joins the walk where a stable sort of all dues puts it. "Who is due now" then
reads the few combatants around the count, and the turn order the rows it shows, not
the whole fight. While a command runs the list may be out of order (`sorted_now`):
`countdown` then looks at every combatant.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from tracker.engine.rulesets.ap_countdown.options import floored, qu_first
from tracker.engine.rulesets.ap_countdown.state import AP_STEP, Clock, clock, rt, stat
from tracker.engine.state import Combatant, Encounter

DueKind = Literal["declare", "resolve"]
Rank = tuple[int, int, int]
Key = tuple[int, int]  # the order dues act in, least first: (−count, −Qu or 0)


@dataclass(frozen=True)
class Due:
    """A combatant must declare or resolve at count `at`. `follow_up`: foreseen only (the
    declaration that follows a resolution when AP are left)."""

    combatant: Combatant
    kind: DueKind
    at: int
    follow_up: bool = False


def capped(now: Clock, at: int) -> int:
    return at if now.count is None else min(at, now.count)


def due_of(now: Clock, floors: bool, combatant: Combatant) -> Due | None:
    """The combatant's due in the Resolution phase: it declares at its value (AP left, no
    action under way) or resolves where its action does; None: it waits."""
    runtime = rt(combatant)
    if runtime.base is None or runtime.joins > now.round:
        return None
    action = runtime.action
    if action is None:
        if runtime.ap <= 0:
            return None
        value = runtime.base + AP_STEP * runtime.ap
        return Due(combatant, "declare", capped(now, max(value, 0) if floors else value))
    at = action.declared.resolves_at
    if at is None:
        return None
    return Due(combatant, "resolve", capped(now, max(at, 0) if floors else at))


def follow_up(now: Clock, floors: bool, due: Due) -> Due | None:
    """The declaration foreseen after a resolution that leaves AP."""
    runtime = rt(due.combatant)
    if due.kind != "resolve" or runtime.ap <= 0:
        return None
    assert runtime.base is not None and runtime.action is not None
    value = runtime.base + AP_STEP * runtime.ap
    at = runtime.action.declared.resolves_at
    assert at is not None
    at, value = (max(at, 0), max(value, 0)) if floors else (at, value)
    return Due(due.combatant, "declare", capped(now, min(value, at)), True)


def key_of(encounter: Encounter) -> Callable[[Due], Key]:
    by_qu = qu_first(encounter)

    def key(due: Due) -> Key:
        return (-due.at, -stat(due.combatant, "qu") if by_qu else 0)

    return key


def sorted_now(encounter: Encounter) -> bool:
    """The list is in the order of the countdown and the count runs: between commands
    (the memo is kept), in the Resolution phase with a count."""
    now = clock(encounter)
    return encounter.memo is not None and now.phase == "resolution" and now.count is not None


def first_at_or_below(
    combatants: list[Combatant], skipped: set[int], rank: Callable[[Combatant], Rank], count: int
) -> int:
    """The first position from which every combatant not `skipped` has no value or a
    rank at or below the count (those before it are past their dues: none is due)."""

    def past(position: int) -> bool:
        has, at, _ = rank(combatants[position])
        return bool(has) and at > count

    return first_not_before(len(combatants), skipped, past)


def first_not_before(length: int, skipped: set[int], before: Callable[[int], bool]) -> int:
    """The first position from which no position but the `skipped` is `before` (the
    others are in order: a bisection that steps over the skipped)."""
    low, high = 0, length
    while low < high:
        middle = (low + high) // 2
        probe = middle
        while probe < high and probe in skipped:
            probe += 1
        if probe == high:
            high = middle
        elif before(probe):
            low = probe + 1
        else:
            high = middle
    return low


def walk(
    encounter: Encounter, rank: Callable[[Combatant], Rank], *, follow_ups: bool
) -> Iterator[Due]:
    """The dues in the order they act, read off the sorted list from the count on (see
    the module's docstring; only while `sorted_now`)."""
    now = clock(encounter)
    assert now.count is not None
    floors, key = floored(encounter), key_of(encounter)
    combatants = encounter.combatants
    waiting: list[tuple[Key, int, Due]] = []  # follow-ups: after every due of a lesser
    # key, and after those of an equal key from combatants before theirs in the list
    for position in range(first_at_or_below(combatants, set(), rank, now.count), len(combatants)):
        due = due_of(now, floors, combatants[position])
        if due is None:
            continue
        here = (key(due), position)
        while waiting and waiting[0][:2] < here:
            yield heapq.heappop(waiting)[2]
        yield due
        after = follow_up(now, floors, due) if follow_ups else None
        if after is not None:
            heapq.heappush(waiting, (key(after), position, after))
    while waiting:
        yield heapq.heappop(waiting)[2]
