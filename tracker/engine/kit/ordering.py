"""Placement in an order sorted from high to low by a key (Swiftness, Zeal, Initiative),
where ties are the GM's to order by drag and nothing else may be passed."""

from __future__ import annotations

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
