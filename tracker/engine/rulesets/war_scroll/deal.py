"""Dealing Speed as AP over the Segment slots, and the order the slots are played in.

Slots are numbered in deal order: 0 → Segment 1, 1 → A, 2 → 2, 3 → B, 4 → 3, … AP are
dealt in chunks of at most 7 in that order; Segments are played numbered first (1, 2,
3, …), then lettered (A, B, C, …).
"""

from __future__ import annotations

import math

SEGMENT_AP = 7  # AP dealt to one Segment at most; also the Carry Over ceiling
TURN_CAP = 12  # no Turn ever holds more AP


def deal(speed: int) -> list[int]:
    """AP per slot in deal order: 17 → [7, 7, 3] (slots 1, A, 2)."""
    full, rest = divmod(max(speed, 0), SEGMENT_AP)
    return [SEGMENT_AP] * full + ([rest] if rest else [])


def segment_label(slot: int) -> str:
    """Slot 0 → "1", 1 → "A", 2 → "2", 3 → "B", …"""
    return str(slot // 2 + 1) if slot % 2 == 0 else chr(ord("A") + slot // 2)


def is_lettered(slot: int) -> bool:
    return slot % 2 == 1


def play_position(slot: int) -> tuple[int, int]:
    """Sort key of a slot in play order: every numbered Segment before any lettered one."""
    return (slot % 2, slot // 2)


def play_order(slot_count: int) -> list[int]:
    """The slots 0 … slot_count - 1 in the order they are played."""
    return sorted(range(slot_count), key=play_position)


def columns_for(speed: int) -> int:
    """Segment columns a Speed needs: ceil(Speed / 7)."""
    return math.ceil(max(speed, 0) / SEGMENT_AP)
