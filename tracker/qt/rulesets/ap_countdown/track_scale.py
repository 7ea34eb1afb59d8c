"""Where things go on the countdown track: the scale of initiative values (highest on
the left, the count running down to the right) and the lanes (one per combatant, in
the order they act next). Pure geometry, no painting."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tracker.qt.rulesets.ap_countdown.texts import AP_PER_ROUND, Mark, bar_start

STEP = 5  # initiative per AP: the scale's ticks
START = STEP * AP_PER_ROUND  # a round begins at base + 20
MIN_SPAN = 4 * STEP  # the scale covers at least a round's worth of AP

HEADER_H = 32  # the axis above the lanes
LANE_H = 40
NAME_W = 270  # who (name, marks, Hits, base and AP left, badges) left of every lane
LEFT_PAD = 30  # between the names and the highest value
RIGHT_PAD = 132  # after the lowest value: room for "resolves now" beside a marker
MIN_POINT_PX = 5.0  # a value never gets less room than this (then the track scrolls)


def _down(value: int) -> int:
    return value - value % STEP


def _up(value: int) -> int:
    return -_down(-value)


def reach(mark: Mark) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The values a mark puts on the scale: (those it reaches up to, down to). The
    current value, the top of its round (base + 20), the start of its action's bar;
    the value, where its action resolves."""
    highs: list[int] = []
    lows: list[int] = []
    if mark.value is not None:
        highs.append(mark.value)
        lows.append(mark.value)
    if mark.base is not None and mark.value is not None:
        highs.append(mark.base + START)
    start = bar_start(mark)
    if start is not None:
        highs.append(start)
    if mark.resolves_at is not None:
        lows.append(mark.resolves_at)
    return tuple(highs), tuple(lows)


def value_range(marks: Iterable[Mark], count: int | None) -> tuple[int, int]:
    """(lowest, highest) value of the scale, on multiples of 5: from the top of the round
    (base + 20, where actions were declared, the count) down to where the lowest value
    sits or an action resolves."""
    highs: list[int] = []
    lows: list[int] = []
    for mark in marks:
        up, down = reach(mark)
        highs += up
        lows += down
    return fitted_range(highs, lows, count)


def fitted_range(highs: Iterable[int], lows: Iterable[int], count: int | None) -> tuple[int, int]:
    """`value_range` from the values the marks reach (see `reach`)."""
    highs = [*highs] if count is None else [*highs, count]
    lows = [*lows] if count is None else [*lows, count]
    if not highs or not lows:
        return 0, MIN_SPAN
    high, low = _up(max(highs)), _down(min(lows))
    return min(low, high - MIN_SPAN), high


@dataclass(frozen=True)
class TrackScale:
    """Values to x (viewport pixels, before scrolling) and rows to y."""

    low: int
    high: int
    point_px: float

    @classmethod
    def fitted(cls, low: int, high: int, width: int) -> TrackScale:
        room = width - NAME_W - LEFT_PAD - RIGHT_PAD
        span = max(high - low, 1)
        return cls(low, high, max(MIN_POINT_PX, room / span))

    @property
    def content_width(self) -> int:
        return round(NAME_W + LEFT_PAD + (self.high - self.low) * self.point_px + RIGHT_PAD)

    def x_of(self, value: int, scrolled: int = 0) -> float:
        return NAME_W + LEFT_PAD + (self.high - value) * self.point_px - scrolled

    def ticks(self) -> list[tuple[int, bool]]:
        """(value, labelled) for every multiple of 5 on the scale; labels every 5 when
        there is room, else every 10."""
        every = STEP if STEP * self.point_px >= 28 else 2 * STEP
        return [(v, v % every == 0) for v in range(self.high, self.low - 1, -STEP)]


def lane_top(row: int, scrolled: int = 0) -> int:
    return HEADER_H + row * LANE_H - scrolled


def row_at(y: int, scrolled: int, rows: int) -> int:
    """The lane under viewport y (-1: the axis or below the last lane)."""
    if y < HEADER_H:
        return -1
    row = (y - HEADER_H + scrolled) // LANE_H
    return row if 0 <= row < rows else -1


def slot_at(y: int, scrolled: int, rows: int) -> int:
    """Where a dragged lane would land: the row it would be inserted before."""
    slot = round((y - HEADER_H + scrolled) / LANE_H)
    return max(0, min(slot, rows))
