"""The Stamina battle's own records: the clock, each Unit's state and each effect's end.

All are plain dataclasses (see `tracker.engine.records`), every field defaulted, read
back from a file field by field; `__post_init__` refuses values the rules cannot reach
(a negative Stamina pool, a round before the first), so a damaged file is refused
instead of played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tracker.engine.kit.counters import Counters
from tracker.engine.kit.declared import Declared
from tracker.engine.kit.pools import Pool
from tracker.engine.kit.typed_access import TypedAccess, whole_stat
from tracker.engine.state import Combatant

UNIT = "Stamina"
MOVES_PER_TURN = 3
ONCE = 1

# When an effect ends (`Anchor.kind`): the start or the end of its carrier's next turn,
# the end of a round, or only when the DM ends it.
EndKind = Literal["next_turn_start", "next_turn_end", "rounds", "until_ended"]
END_KINDS: tuple[EndKind, ...] = ("next_turn_start", "next_turn_end", "rounds", "until_ended")
GuardStat = Literal["", "strength", "agility", "intelligence", "will"]


def _not_negative(**values: int) -> None:
    for name, value in values.items():
        if value < 0:
            raise ValueError(f"{name} cannot be below 0 ({value})")


@dataclass(slots=True)
class Clock:
    """Where the battle stands. `first`: the side that goes first this battle (None until
    it is chosen); `side`: whose phase it is; `current`: the Unit whose turn it is (None
    between turns, or before the first side is chosen); `fresh`: that turn has done
    nothing yet, so another Unit of the side may still take it."""

    started: bool = False
    round: int = 0
    first: str | None = None
    side: str | None = None
    current: str | None = None
    fresh: bool = False

    def __post_init__(self) -> None:
        _not_negative(round=self.round)
        if self.started and self.round < 1:
            raise ValueError("a battle under way is in round 1 or later")
        if not self.started and (self.first or self.current):
            raise ValueError("a battle not begun has no side or turn")


@dataclass(slots=True)
class Runtime:
    """One Unit's state. `stamina`: its pool (current and maximum; its wounds are a stat,
    "wounds", beside its Health); `acted`: the last round in which it took its turn;
    `refilled`: the last round its pool refilled; `opening`: its pool as set up when the
    battle began (round 1's refill gives back what it spent before it); `turn` /
    `round_uses`: limited uses this turn / this round (Move, Guard, Item, each Technique,
    Hide, a charge; Warrior's Prowess...); `charge`: the spell it is charging (name,
    Stamina needed and put in, the round it began); `completed`: a charged spell that
    completed and waits for the DM to resolve it."""

    stamina: Pool = field(default_factory=Pool)
    acted: int = 0
    refilled: int = 0
    opening: int = 0
    turn: Counters = field(default_factory=Counters)
    round_uses: Counters = field(default_factory=Counters)
    charge: Declared | None = None
    completed: str | None = None

    def __post_init__(self) -> None:
        _not_negative(acted=self.acted, refilled=self.refilled, opening=self.opening)
        if self.stamina.maximum is None or self.stamina.maximum < 0:
            raise ValueError("a Stamina pool has a maximum of 0 or more")
        if self.stamina.current < 0:
            raise ValueError(f"{self.stamina.current} Stamina left")
        for counters in (self.turn, self.round_uses):
            if any(used < 0 for used in counters.used.values()):
                raise ValueError("a negative count of uses")
        if self.charge is not None and not 0 <= self.charge.done < self.charge.needed:
            raise ValueError(f"a charge of {self.charge.done} / {self.charge.needed}")


@dataclass(slots=True)
class Anchor:
    """When an effect ends: `kind`; `turn_round`, the round of its carrier's next turn
    ("next_turn_*"); `last_round`, the round at whose end a "rounds" effect ends. A Guard
    records its `guard` stat and `boost`."""

    kind: EndKind = "until_ended"
    turn_round: int = 0
    last_round: int = 0
    guard: GuardStat = ""
    boost: int = 0

    def __post_init__(self) -> None:
        _not_negative(turn_round=self.turn_round, last_round=self.last_round, boost=self.boost)


# --- typed access ---------------------------------------------------------------------------
_typed: TypedAccess[Clock, Runtime, Anchor] = TypedAccess(Clock, Runtime, Anchor)
clock = _typed.clock
touch_clock = _typed.touch_clock
rt = _typed.runtime
touch = _typed.touch
anchor_of = _typed.anchor_or_none
stat = whole_stat


def flag(combatant: Combatant, name: str) -> bool:
    return combatant.stats.get(name) is True
