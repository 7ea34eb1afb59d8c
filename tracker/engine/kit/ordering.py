"""Placement in an order sorted from high to low by a key (Swiftness, Zeal, Initiative),
where ties are the GM's to order by drag and nothing else may be passed."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from tracker.engine.errors import CommandError


class Ordered(Protocol):
    def __lt__(self, other: Any, /) -> bool: ...


T = TypeVar("T")


def sorted_place(order: Sequence[T], key: Callable[[T], Ordered], item: T) -> int:
    """Where `item` enters an order sorted by `key` from high to low: after every item
    whose key is higher or equal (a newcomer ends a tie; the GM may then drag it)."""
    wanted = key(item)
    place = 0
    for position, other in enumerate(order):
        if other is not item and not key(other) < wanted:
            place = position + 1
    return place


def resorted_place(order: Sequence[T], key: Callable[[T], Ordered], item: T) -> int:
    """The index `item` moves to when its key changed, counted in the order without it."""
    others = [other for other in order if other is not item]
    return sorted_place(others, key, item)


def check_tie_drag(
    order: Sequence[T],
    key: Callable[[T], Ordered],
    source: int,
    destination: int,
    name: Callable[[T], str],
    why: str,
) -> None:
    """Refuse a drag from `source` to `destination` that passes an item of another key:
    only ties are the GM's to order. `why` ends the message ("the War Scroll is ordered
    by Swiftness")."""
    moved = order[source]
    low, high = sorted((source, destination))
    for other in order[low : high + 1]:
        if key(other) != key(moved):
            raise CommandError(f"{name(moved)} cannot pass {name(other)}: {why}.")


def tie_groups(order: Sequence[T], key: Callable[[T], Ordered]) -> list[list[T]]:
    """Runs of neighbours with equal keys (two or more), in order."""
    groups: list[list[T]] = []
    run: list[T] = []
    for item in order:
        if run and key(run[-1]) == key(item):
            run.append(item)
            continue
        if len(run) > 1:
            groups.append(run)
        run = [item]
    if len(run) > 1:
        groups.append(run)
    return groups


def place_before_lower(
    order: Sequence[T],
    key: Callable[[T], Ordered],
    wanted: Ordered,
    *,
    start: int = 0,
    keyed: Callable[[T], bool] = lambda item: True,
) -> int:
    """Where an item of key `wanted` enters `order` (high to low), looking from `start`
    on: before the first item whose key is lower, passing over the items that `keyed`
    says no longer stand where their key puts them (moved by a wait or a delay); at the
    end when there is none. On a sorted order this is `sorted_place`; it differs where
    the order is not sorted."""
    for position in range(start, len(order)):
        other = order[position]
        if keyed(other) and key(other) < wanted:
            return position
    return len(order)


def moves_into(current: Sequence[T], wanted: Sequence[T]) -> list[tuple[int, int]]:
    """The fewest moves that put `current` in the order of `wanted` (the same items,
    compared by identity), each `(source, destination)` as `Transaction.move_combatant`
    takes it: the item at `source` ends at `destination`, in the order as it stands at
    that move. The items of a longest run already in the wanted order stay, and each
    other item moves once, next to the one it follows. (Moving each place's item into
    it in turn moved nearly every item when one went from the top to the bottom, and
    each move is a row every view moves.)"""
    # What already stands in place at either end stays: only the stretch between moves.
    first, end = 0, min(len(current), len(wanted))
    while first < end and current[first] is wanted[first]:
        first += 1
    while end > first and current[end - 1] is wanted[end - 1]:
        end -= 1
    if first == end:
        return []
    place = {id(item): index for index, item in enumerate(wanted[first:end], first)}
    staying = _longest_rise([place[id(item)] for item in current[first:end]])
    working = list(current)
    moves: list[tuple[int, int]] = []
    for index in range(first, end):
        item = wanted[index]
        if index in staying:
            continue
        source = _index(working, item)
        del working[source]
        destination = _index(working, wanted[index - 1]) + 1 if index else 0
        working.insert(destination, item)
        if source != destination:
            moves.append((source, destination))
    return moves


def _index(items: Sequence[T], item: T) -> int:
    return next(index for index, other in enumerate(items) if other is item)


def _longest_rise(values: Sequence[int]) -> set[int]:
    """The values of a longest strictly rising subsequence of `values` (patience
    sorting: n log n)."""
    tails: list[int] = []  # tails[k]: the smallest last value of a rise of k + 1
    ends: list[int] = []  # ends[k]: where in `values` that rise ends
    before = [-1] * len(values)  # the position before each in its rise
    for position, value in enumerate(values):
        k = bisect_left(tails, value)
        if k == len(tails):
            tails.append(value)
            ends.append(position)
        else:
            tails[k] = value
            ends[k] = position
        before[position] = ends[k - 1] if k else -1
    rise: set[int] = set()
    position = ends[-1] if ends else -1
    while position >= 0:
        rise.add(values[position])
        position = before[position]
    return rise
