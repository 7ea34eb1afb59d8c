"""The AP countdown's own records: the clock, each combatant's state, each effect's anchor.

All three are plain dataclasses (see `tracker.engine.records`): a file is read back
field by field with checks, and `__post_init__` refuses values the rules cannot reach
(5 AP left, a positive pace penalty, a stun that had 7 AP spent before it), so a
damaged file is refused instead of played.

AP bookkeeping
--------------
`Runtime.ap` is the AP the combatant has not yet put into an action this round. AP go
into an action when it is declared (its whole cost, or for a multi-round action what
is left of the round), so the combatant's current value, base + 5 × `ap`, is always the
count at which it next acts: where its action resolves, or where it declares next. The
action under way (`UnderWay`) remembers where this round's AP began to run
(`starts_at`), so its progress can be told at any count.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tracker.engine.kit.counters import Counters
from tracker.engine.kit.declared import Declared
from tracker.engine.kit.typed_access import TypedAccess, whole_stat

AP_PER_ROUND = 4
AP_STEP = 5  # initiative per AP
STUN_SPENT_LIMIT = 2  # a stun counts its first round only if fewer AP were spent before it

Phase = Literal["setup", "initiative", "resolution", "upkeep"]
EffectKind = Literal[
    "timed",
    "stunned-unable-to-parry",
    "stunned",
    "dazed",
    "staggered",
    "bleeding",
    "environmental",
]
EFFECT_KINDS: tuple[EffectKind, ...] = (
    "timed",
    "stunned-unable-to-parry",
    "stunned",
    "dazed",
    "staggered",
    "bleeding",
    "environmental",
)
# Stun effects, the most severe first (the order in which Upkeep wears them off).
STUN_KINDS: tuple[EffectKind, ...] = ("stunned-unable-to-parry", "stunned", "dazed")
COUNTED_KINDS: tuple[EffectKind, ...] = ("timed", *STUN_KINDS)  # effects with rounds


@dataclass(slots=True)
class Clock:
    """Where the fight is: the round, its phase and, during the Resolution phase, the
    count (it only ever goes down within a round)."""

    started: bool = False
    round: int = 0
    phase: Phase = "setup"
    count: int | None = None

    def __post_init__(self) -> None:
        if self.round < 0:
            raise ValueError("the round cannot be negative")
        if self.started != (self.phase != "setup"):
            raise ValueError(f"a fight {'begun' if self.started else 'not begun'} in {self.phase}")
        if self.started and self.round < 1:
            raise ValueError("a fight under way is in round 1 or later")
        if self.count is not None and self.phase != "resolution":
            raise ValueError("only the Resolution phase has a count")


@dataclass(slots=True)
class Parry:
    """A parry declared for the round: how much, and against whom (free text)."""

    amount: int = 0
    against: str = ""

    def __post_init__(self) -> None:
        if self.amount < 0:
            raise ValueError("a parry cannot be negative")


@dataclass(slots=True)
class UnderWay:
    """An action declared and not yet resolved. `declared.needed` is its whole cost in
    AP, `declared.done` the AP put into it in earlier rounds; `portion` is what it takes
    this round (from `starts_at` down), `haste` the penalty for doing a range action
    faster (-25 per AP below its maximum). `declared.resolves_at` is the count where it
    resolves this round, None while it carries on into a later round."""

    declared: Declared
    table: str = ""  # its AP table key, "" for a free-form action
    portion: int = 0
    starts_at: int = 0
    haste: int = 0
    since: int = 0  # the round it was declared in

    def __post_init__(self) -> None:
        needed, done = self.declared.needed, self.declared.done
        if needed < 1 or not 0 <= done < needed:
            raise ValueError(f"an action of {needed} AP with {done} done")
        if not 0 <= self.portion <= min(AP_PER_ROUND, needed - done):
            raise ValueError(f"{self.portion} AP this round for an action needing {needed - done}")
        if self.haste > 0:
            raise ValueError("a haste penalty cannot be positive")

    @property
    def name(self) -> str:
        return self.declared.name

    @property
    def multi_round(self) -> bool:
        return self.declared.needed > AP_PER_ROUND


@dataclass(slots=True)
class Runtime:
    """One combatant's state. `base` is its base initiative (None: not rolled yet),
    `roll` the dice result it came from (None: typed), `base_round` the round it was set
    for; `ap` the AP not yet put into an action this round; `instants` counts this
    round's instantaneous actions; `pace` is the movement pace penalty of this round;
    `joins` the first round it takes part in (late joiners)."""

    base: int | None = None
    roll: int | None = None
    base_round: int = 0
    ap: int = AP_PER_ROUND
    action: UnderWay | None = None
    instants: Counters = field(default_factory=Counters)
    pace: int = 0
    parry: Parry | None = None
    joins: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.ap <= AP_PER_ROUND:
            raise ValueError(f"{self.ap} AP left (0 to {AP_PER_ROUND})")
        if self.pace > 0:
            raise ValueError("a pace penalty cannot be positive")
        if self.joins < 0 or self.base_round < 0:
            raise ValueError("rounds cannot be negative")
        if any(used < 0 for used in self.instants.used.values()):
            raise ValueError("a negative count of instantaneous actions")


@dataclass(slots=True)
class Anchor:
    """What an effect is and how long it has: `kind`; `left` rounds (timed effects and
    stuns); `round` and `spent`: the round it was applied in and the AP its carrier had
    spent that round before it (a stun or Staggered counts that round at Upkeep only if
    fewer than 2); `hits` lost per round (bleeding); `counter`, the stage an environmental
    effect has reached."""

    kind: EffectKind = "timed"
    left: int = 1
    round: int = 0
    spent: int = 0
    hits: int = 0
    counter: int = 0

    def __post_init__(self) -> None:
        if self.kind in COUNTED_KINDS and self.left < 1:
            raise ValueError(f"a {self.kind} effect with {self.left} rounds left")
        if not 0 <= self.spent <= AP_PER_ROUND:
            raise ValueError(f"{self.spent} AP spent before the effect (0 to {AP_PER_ROUND})")
        if min(self.left, self.round, self.hits, self.counter) < 0:
            raise ValueError("negative rounds, hits or stage")


# --- typed access --------------------------------------------------------------------------
_typed: TypedAccess[Clock, Runtime, Anchor] = TypedAccess(Clock, Runtime, Anchor)
clock = _typed.clock
touch_clock = _typed.touch_clock
rt = _typed.runtime
touch = _typed.touch
anchor_of = _typed.anchor
stat = whole_stat
