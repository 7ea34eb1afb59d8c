"""The Initiative ticks' own records: the clock, each combatant's state, each effect's
anchor. Plain dataclasses (see `tracker.engine.records`), every field defaulted;
`__post_init__` refuses values the rules cannot reach, so a damaged file is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tracker.engine.kit.counters import Counters
from tracker.engine.kit.holds import Hold
from tracker.engine.kit.pools import Pool
from tracker.engine.kit.typed_access import TypedAccess, whole_stat
from tracker.engine.state import Combatant

JOIN_BASE = 3  # Join Battle: 3 + successes
BREAK_BONUS = 5
CLASH_COST = 3
DELAY_COST = 1
FLURRY_PENALTY = -3
MOTES_BACK = 5  # +5m at the end of a turn (Venture) / each round (Exalted 3e)
TOKENS_TO_RECOVER = 3
CRASH_TURNS = 3  # Exalted 3e: Crashed for 3 of its turns, reset to 3i on the 4th
CRASH_RESET = 3

Phase = Literal["setup", "join", "free", "round"]
UntilKind = Literal["turn_start", "turn_end", "rounds", "ended"]
UNTIL_KINDS: tuple[UntilKind, ...] = ("turn_start", "turn_end", "rounds", "ended")


@dataclass(slots=True)
class Clock:
    """Where the fight is: Join Battle, the free actions, or a round; `tick` the tick
    counted down to, `current` whose turn it is (None: the GM's, or nobody's)."""

    started: bool = False
    phase: Phase = "setup"
    round: int = 0
    tick: int | None = None
    current: str | None = None

    def __post_init__(self) -> None:
        if self.round < 0:
            raise ValueError("the round cannot be negative")
        if self.started != (self.phase != "setup"):
            raise ValueError(f"a fight {'begun' if self.started else 'not begun'} in {self.phase}")
        if self.phase == "round" and self.round < 1:
            raise ValueError("a round under way is round 1 or later")
        if self.phase != "round" and self.tick is not None:
            raise ValueError("only a round has a tick")


@dataclass(slots=True)
class Crash:
    """A Crashed combatant: who crashed it (None: itself), recovery tokens (Venture), and
    its own turns ended while Crashed (Exalted 3e)."""

    by: str | None = None
    tokens: int = 0
    turns: int = 0

    def __post_init__(self) -> None:
        if self.tokens < 0 or self.turns < 0:
            raise ValueError("negative recovery tokens or turns")


@dataclass(slots=True)
class Runtime:
    """One combatant's state. `initiative` is a kit `Pool` without a maximum (it may go
    below 0); `joined` False until Join Battle; `joins` the first round it acts in;
    `acted` its turn of this round is over; `started` its formal start of turn is
    applied; `attacked` it attacked this turn; `hold` a delayed turn."""

    joined: bool = False
    successes: int = 0
    initiative: Pool = field(default_factory=Pool)
    joins: int = 0
    acted: bool = False
    started: bool = False
    attacked: bool = False
    free_done: bool = False
    crash: Crash | None = None
    crashed_by: str | None = None  # who crashed it last (for Shift), kept after Crash
    left_crash: int | None = None  # the round it last left Crash
    onslaught: int = 0
    flurry: bool = False  # flurried this turn: its second action at −3
    flurry_next: bool = False  # −3 on the first action of its next turn
    first_penalty: int = 0  # this turn's first action (from last turn's flurry)
    motes: Pool = field(default_factory=Pool)
    hold: Hold | None = None
    shifted: bool = False  # Shifted this turn (may act again, per the option)
    turns_started: int = 0
    turns_ended: int = 0
    uses: Counters = field(default_factory=Counters)  # once-a-turn things (flurry)

    def __post_init__(self) -> None:
        if self.onslaught < 0 or self.successes < 0 or self.joins < 0:
            raise ValueError("negative Onslaught, successes or round")
        if self.turns_started < 0 or self.turns_ended < 0:
            raise ValueError("negative turn counts")
        if self.first_penalty > 0:
            raise ValueError("a flurry penalty cannot be positive")
        if self.motes.maximum is not None and self.motes.maximum < 0:
            raise ValueError("a negative mote pool")

    @property
    def crashed(self) -> bool:
        return self.crash is not None

    @property
    def value(self) -> int:
        return self.initiative.current


@dataclass(slots=True)
class Anchor:
    """When an effect ends: at the start (`turn_start`) or end (`turn_end`) of `whose`
    turn number `at` (its count of turns started / ended), at the end of round `at`
    (`rounds`), or when the GM ends it (`ended`)."""

    kind: UntilKind = "ended"
    whose: str = ""
    at: int = 0

    def __post_init__(self) -> None:
        if self.at < 0:
            raise ValueError("a negative turn or round")


# --- timing points -----------------------------------------------------------------------
@dataclass(frozen=True)
class TurnStarted:
    combatant_id: str
    number: int  # its turns started, this one included


@dataclass(frozen=True)
class TurnEnded:
    combatant_id: str
    number: int  # its turns ended, this one included


@dataclass(frozen=True)
class RoundEnded:
    round: int


# --- typed access ------------------------------------------------------------------------
_typed: TypedAccess[Clock, Runtime, Anchor] = TypedAccess(Clock, Runtime, Anchor)
clock = _typed.clock
touch_clock = _typed.touch_clock
rt = _typed.runtime
touch = _typed.touch
anchor_of = _typed.anchor_or_none
stat = whole_stat


def defense_left(combatant: Combatant, runtime: Runtime) -> int | None:
    """Its Defense less its Onslaught, not below 0 (None: it has no Defense)."""
    defense = stat(combatant, "defense")
    return max(defense - runtime.onslaught, 0) if defense else None


def base_initiative(combatant: Combatant) -> int:
    """2 + ⌈Stamina / 2⌉."""
    return 2 + -(-stat(combatant, "stamina") // 2)


def is_pc(combatant: Combatant) -> bool:
    """A player character: the party's side."""
    return combatant.side == "party"


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else (f"−{-number}" if number < 0 else "±0")
