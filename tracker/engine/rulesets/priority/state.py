"""Priority's own records: the clock, each creature's state and each effect's end.

They are written to files as plain JSON (`tracker.engine.records`) under the names the
untyped tables used (schema 1 files are upgraded by `tracker.persistence.files`: a
creature's Tricks became a `Counters` table, an Overexertion reminder a table):

    clock   {"started": true, "round": 2, "current": "c1", "begun": false,
             "gap": {"after": "c3"} | null, "interrupts": [{"by": "c2", "trigger": "..."}],
             "exchange": {"id": 1, "items": [item, ...], "next": 3,
                          "asking": {"order": ["c4", "c3"], "pos": 1} | null} | null,
             "exchanges": 1, "overexertion": [{"combatant_id": "c1", "minute": 1}]}
    item    {"id": 1, "kind": "trigger" | "reaction", "text": "...", "by": "c1" | null,
             "by_name": "Ayla" | null, "to": null | 1, "reacted": ["c2"]}
    state   {"done_round": 1, "had_turn": true, "waiting": false, "moved": false,
             "late": false, "batch": 0, "major": 0, "minor": 1,
             "tricks": {"used": {"Flash": 1}}, "prepared": null | "...",
             "conflict_rounds": 3, "tiebreak": [7]}
    anchor  {"left": 2, "ritual": false, "uncounted_round": null | 3}  (turns of its creator)
            {"left": null, "ritual": true, "uncounted_round": null}   (a Ritual)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tracker.engine.kit.counters import Counters
from tracker.engine.kit.typed_access import TypedAccess

SOULWEAVER = "soulweaver"  # `PriorityClock.current` (and `Gap.after`) for the GM's turn
ROUND_SECONDS = 5
MINUTE_ROUNDS = 12
MAJOR_POOL = 1
LEAVE_BASE_DL = 9
ALLY_TIER = 7
ENEMY_TIER = 3


def _not_negative(**values: int) -> None:
    for name, value in values.items():
        if value < 0:
            raise ValueError(f"{name} cannot be below 0 ({value})")


@dataclass(slots=True)
class Gap:
    """The pause after a turn in which waiting creatures may act: after whose turn (a
    creature's id, or `SOULWEAVER`)."""

    after: str


@dataclass(slots=True)
class Interrupt:
    """A prepared action being taken: by whom, for which trigger."""

    by: str
    trigger: str


@dataclass(slots=True)
class StackItem:
    """A trigger or a reaction on the reaction stack. `by`/`by_name`: its source (a
    trigger may have none); `to`: the item a reaction answers; `reacted`: the creatures
    that reacted to it (each only once)."""

    id: int
    kind: Literal["trigger", "reaction"]
    text: str
    by: str | None
    by_name: str | None
    to: int | None
    reacted: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Asking:
    """One pass asking for reactions: the creatures in reverse Priority (fixed when the
    pass starts) and how far it has come."""

    order: list[str]
    pos: int = 0

    def __post_init__(self) -> None:
        _not_negative(pos=self.pos)


@dataclass(slots=True)
class Exchange:
    """The open reaction stack (oldest first), the number of its next item, and the pass
    under way (None: the stack is being completed)."""

    id: int
    items: list[StackItem]
    next: int = 1
    asking: Asking | None = None

    def __post_init__(self) -> None:
        if not self.items:
            raise ValueError("an open reaction stack holds at least its trigger")


@dataclass(slots=True)
class Reminder:
    """An Overexertion roll the GM has not acknowledged yet."""

    combatant_id: str
    minute: int


@dataclass(slots=True)
class PriorityClock:
    """Where the fight stands. `current`: the creature whose turn is current (up, or
    begun), `SOULWEAVER`, or None between turns; `begun`: whether that turn began (see
    "Starting a turn" in the package's notes)."""

    started: bool = False
    round: int = 0
    current: str | None = None
    begun: bool = False
    gap: Gap | None = None
    interrupts: list[Interrupt] = field(default_factory=list)  # newest last
    exchange: Exchange | None = None
    exchanges: int = 0  # reaction stacks opened so far (numbers them)
    overexertion: list[Reminder] = field(default_factory=list)

    def __post_init__(self) -> None:
        _not_negative(round=self.round, exchanges=self.exchanges)


@dataclass(slots=True)
class CreatureState:
    """A creature's own state. `done_round`: the last round whose turn it took (or
    lost); `had_turn`: a turn of its own has begun (it may react); `moved`: waiting or a
    delay changed its place (Zeal no longer orders it); `late`/`batch`: it joined after
    the start, in that round; `major`/`minor`: pips marked; `tricks`: Tricks used this
    turn, by name; `prepared`: the trigger of its Prepare Action; `tiebreak`: its tie
    re-roll results."""

    done_round: int = 0
    had_turn: bool = False
    waiting: bool = False
    moved: bool = False
    late: bool = False
    batch: int = 0
    major: int = 0
    minor: int = 0
    tricks: Counters = field(default_factory=Counters)
    prepared: str | None = None
    conflict_rounds: int = 0
    tiebreak: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        _not_negative(
            done_round=self.done_round,
            batch=self.batch,
            major=self.major,
            minor=self.minor,
            conflict_rounds=self.conflict_rounds,
        )

    def count_round_in_conflict(self) -> int | None:
        """One more round in Conflict; the minute (every 12 rounds) it completes, if any."""
        self.conflict_rounds += 1
        if self.conflict_rounds % MINUTE_ROUNDS == 0:
            return self.conflict_rounds // MINUTE_ROUNDS
        return None


@dataclass(slots=True)
class PriorityAnchor:
    """How long an effect lasts: `left` turns of its creator (None for a Ritual, which
    never ticks). `uncounted_round`: the effect was made (or its duration set) while its
    creator's turn of that round was up and had not begun, so that turn's beginning does
    not count: the first tick is at the start of the creator's next turn."""

    left: int | None = None
    ritual: bool = False
    uncounted_round: int | None = None

    def __post_init__(self) -> None:
        if self.ritual != (self.left is None):
            raise ValueError("an effect counts turns left unless it is a Ritual")


# --- typed access ----------------------------------------------------------------------
_typed: TypedAccess[PriorityClock, CreatureState, PriorityAnchor] = TypedAccess(
    PriorityClock, CreatureState, PriorityAnchor
)
clock_of = _typed.clock
state_of = _typed.runtime
anchor_of = _typed.anchor
touch_clock = _typed.touch_clock
touch_state = _typed.touch
