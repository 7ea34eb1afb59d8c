"""Allies of Majesty — the War Scroll (rules: shared/rules/war-scroll.md).

Speed is dealt as AP in chunks of at most 7 over the slots 1, A, 2, B, 3, C, …
("deal order"); Segments are played numbered first, then lettered ("play order");
inside a Segment, in War Scroll order, which is sorted by Swiftness once and never
re-sorted during the War.

The package, by concern:
  deal       dealing Speed over the Segment slots; play order; labels
  state      the records: clock, a combatant's state, an effect's anchor
  options    the choices the rules leave to the table
  scroll     the Turns of this Cycle and the next, the grid's columns and cells
  durations  anchors, timing points, expiry, "ends soon", time left
  conditions Weakened and Falter for the GM to pick (plain effects: why, there)
  turns      the War's start, Cycles and Turns beginning and ending
  actions    spend, bonus (12-AP cap), Carry Over, Stand Ready, Rest, stop a song
  order      placement by Swiftness, drags, late joiners, Speed changes
  ruleset    the `WarScroll` class: declarations and hooks

Health is Endurance (the wiki's Damage/Wear page): damage lowers its current value, at
0 or lower the elohim is Defeated, never below −40. A Defeated elohim's Attributes count
as 0, so its Speed does: its Turns are re-dealt as for a Speed of 0 (per the Speed
change option) and the Segment columns follow per "columns when the fastest is gone";
revived, it is re-dealt its Speed. Resolve and Passion can defeat too: the GM marks such
a defeat by hand.
"""

from __future__ import annotations

from tracker.engine.rulesets.war_scroll.deal import (
    SEGMENT_AP,
    TURN_CAP,
    columns_for,
    deal,
    is_lettered,
    play_order,
    play_position,
    segment_label,
)
from tracker.engine.rulesets.war_scroll.durations import CycleEnded, TurnEnded, TurnsRedealt
from tracker.engine.rulesets.war_scroll.ruleset import WarScroll
from tracker.engine.rulesets.war_scroll.state import (
    CycleAnchor,
    SongAnchor,
    TurnAnchor,
    WarAnchor,
    WarClock,
    WarState,
)

__all__ = [
    "SEGMENT_AP",
    "TURN_CAP",
    "CycleAnchor",
    "CycleEnded",
    "SongAnchor",
    "TurnAnchor",
    "TurnEnded",
    "TurnsRedealt",
    "WarAnchor",
    "WarClock",
    "WarScroll",
    "WarState",
    "columns_for",
    "deal",
    "is_lettered",
    "play_order",
    "play_position",
    "segment_label",
]
