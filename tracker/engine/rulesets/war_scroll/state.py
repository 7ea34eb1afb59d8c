"""The War Scroll's own records: the clock, each combatant's state and each effect's end.

They are written to files as plain JSON (`tracker.engine.records`) under the same names
the untyped tables used, so files saved before open unchanged:

    clock   {"started": true, "cycle": 2, "current": ["c1", 0], "spent": 3, "columns": 3}
    state   {"base": [7, 7, 3], "extra": [0, 2, 0], "played": [true, false, false],
             "missed": [false, false, false], "next_extra": [1], "reserve": 0}
    anchor  {"owner": "c1", "slot": 0, "cycle": 3}  (a Turn of a Cycle)
            {"cycle": 1}                             (the end of a Cycle)
            {"song": "maintained"}                   (an Ongoing Song)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, cast

from tracker.engine.health import HealthSpec, defeated_by
from tracker.engine.kit.typed_access import TypedAccess
from tracker.engine.rulesets.war_scroll.deal import deal
from tracker.engine.state import Combatant


@dataclass(slots=True)
class WarClock:
    """Where the War stands: the Cycle, the current Turn (whose, which slot) and the AP
    spent in it, and the number of Segment columns shown."""

    started: bool
    cycle: int
    current: tuple[str, int] | None  # (combatant id, slot) of the current Turn
    spent: int
    columns: int

    def holds(self, combatant_id: str) -> bool:
        """The combatant has the current Turn."""
        return self.current is not None and self.current[0] == combatant_id

    def is_current(self, combatant_id: str, slot: int) -> bool:
        return self.current is not None and self.current == (combatant_id, slot)


@dataclass(slots=True)
class WarState:
    """A combatant's Turns of the current Cycle, one entry per slot (deal order):
    `base` AP dealt from Speed, `extra` AP added this Cycle (bonus, spill, Carry Over),
    `played` the Turn was played, `missed` the Turn exists but comes too late to be played
    (late joiner, a new Turn in a Segment already past). `next_extra`: AP already promised
    to the next Cycle's slots; `reserve`: AP held by Stand Ready."""

    base: list[int]
    extra: list[int]
    played: list[bool]
    missed: list[bool]
    next_extra: list[int]
    reserve: int

    def __post_init__(self) -> None:
        sizes = (len(self.base), len(self.extra), len(self.played), len(self.missed))
        if len(set(sizes)) > 1:
            raise ValueError(
                "base, extra, played and missed should hold one entry per Segment, "
                f"not {', '.join(map(str, sizes))}"
            )

    @property
    def slots(self) -> int:
        return len(self.base)

    def total(self, slot: int) -> int:
        """AP of the Turn in `slot` this Cycle."""
        return self.base[slot] + self.extra[slot]

    def turn_exists(self, slot: int) -> bool:
        return slot < self.slots and (self.total(slot) > 0 or self.played[slot])

    def will_play(self, slot: int) -> bool:
        """The Turn exists and is (or will be) played: not missed."""
        return self.turn_exists(slot) and not self.missed[slot]

    def playing(self) -> frozenset[int]:
        """The slots of the Turns this Cycle that are played or still to be played."""
        return frozenset(slot for slot in range(self.slots) if self.will_play(slot))

    def ensure(self, slots: int) -> None:
        """Grow to at least `slots` slots (no AP in the new ones)."""
        grow = slots - self.slots
        if grow > 0:
            self.base.extend([0] * grow)
            self.extra.extend([0] * grow)
            self.played.extend([False] * grow)
            self.missed.extend([False] * grow)

    def mark_missed(self, when: Callable[[int], bool]) -> None:
        """Mark the unplayed Turns with AP in the slots `when` picks as missed."""
        for slot in range(self.slots):
            if not self.played[slot] and self.total(slot) > 0 and when(slot):
                self.missed[slot] = True


@dataclass(frozen=True)
class TurnAnchor:
    """Ends at the end of `owner`'s Turn in `slot` of Cycle `cycle` (or with the owner's
    last Turn of that Cycle when that Turn will not be played)."""

    owner: str
    slot: int
    cycle: int


@dataclass(frozen=True)
class CycleAnchor:
    """Ends at the end of Cycle `cycle` (added before the War, when no Turn was current)."""

    cycle: int


@dataclass(frozen=True)
class SongAnchor:
    """An Ongoing Song: lasts while its Minstrel (the effect's creator) maintains it; once
    stopped, ends at the end of the Minstrel's first Turn of a Cycle."""

    song: Literal["maintained", "stopped"]


WarAnchor = TurnAnchor | CycleAnchor | SongAnchor
# What `StateTypes` names for reading anchors: the union itself (records read whichever
# shape fits); typed as a class because `StateTypes` expects one.
ANCHOR_TYPE = cast("type[Any]", WarAnchor)


def fresh_state(speed: int, reserve: int = 0) -> WarState:
    """The state of a Cycle's start: AP dealt from Speed, nothing played or added."""
    base = deal(speed)
    return WarState(
        base=base,
        extra=[0] * len(base),
        played=[False] * len(base),
        missed=[False] * len(base),
        next_extra=[],
        reserve=reserve,
    )


# Endurance as health: damage (Wear) lowers its current value; at 0 or lower the elohim
# is Defeated, and no value goes below −40 (the wiki's "Receiving Bonuses, Penalties, &
# Damage"). Resolve and Passion can defeat too; the tracker counts Endurance, the one a
# Strike wears down, and the GM marks a defeat in Resolve or Passion by hand.
HEALTH = HealthSpec(
    "Endurance",
    maximum="endurance",
    taken="endurance_lost",
    defeated="Defeated",
    beyond=40,
    help="Endurance left: Defeated at 0 or lower, never below −40.",
)


def speed_in(stats: dict[str, Any], defeated: bool) -> int:
    """The Speed a combatant with these stats acts with: none while Defeated ("Defeated
    elohim have all their Attributes treated as 0"), so it gets no Turns."""
    speed = stats.get("speed", 0)
    if defeated_by(HEALTH, stats, defeated) or not isinstance(speed, int):
        return 0
    return speed


def speed_of(combatant: Combatant) -> int:
    return speed_in(combatant.stats, combatant.defeated)


# --- typed access ----------------------------------------------------------------------
_typed: TypedAccess[WarClock, WarState, WarAnchor] = TypedAccess(
    WarClock, WarState, (TurnAnchor, CycleAnchor, SongAnchor)
)
clock_of = _typed.clock
state_of = _typed.runtime
anchor_of = _typed.anchor
touch_clock = _typed.touch_clock
touch_state = _typed.touch


def next_plan(combatant: Combatant) -> list[int]:
    """AP per slot of the combatant's next Cycle as things stand: a fresh deal plus the AP
    already promised to it."""
    plan = deal(speed_of(combatant))
    promised = state_of(combatant).next_extra
    plan.extend([0] * (len(promised) - len(plan)))
    for slot, amount in enumerate(promised):
        plan[slot] += amount
    return plan
