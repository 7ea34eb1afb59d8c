"""Classic d20's own records: the clock, each creature's state and each effect's end.

Plain dataclasses (see `tracker.engine.records`), every field defaulted, checked in
`__post_init__` so that a damaged file is refused instead of played:

    clock   {"started": true, "round": 2, "current": "c3" | "lair" | null, "index": 1,
             "rolling": false, "gap_after": null | "c2", "flat_checks": ["e4"]}
    state   {"rolled": true, "tiebreak": [14], "actions": {"current": 1, "maximum": 1},
             "bonus": {...}, "reaction": {...}, "legendary": {...}, "acted": false,
             "lost": 0, "ready": null | "the door opens", "delay": null | {"since": 2,
             "at": null}, "surprised": false, "first_turn_done": false,
             "death": {"successes": 0, "failures": 0, "stable": false}, "dead": false,
             "save_due": false, "dying": 0, "wounded": 0, "doomed": 0,
             "concentration_checks": [10]}
    anchor  {"kind": "end_of_turn", "whose": "c1", "round": 3, "value": 0,
             "concentration": ""}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tracker.engine.kit.holds import Hold
from tracker.engine.kit.pools import Pool
from tracker.engine.kit.typed_access import TypedAccess, whole_stat
from tracker.engine.state import Combatant, Encounter

LAIR = "lair"  # `Clock.current` for the lair's own turn (5e, initiative count 20)
LAIR_COUNT = 20
ROUNDS_PER_MINUTE = 10
ROUND_SECONDS = 6
DEATH_SAVES = 3  # successes to be stable, failures to die (5e)
DYING_DEATH = 4  # dying value that kills, less the doomed value (PF2e)
PF2E_ACTIONS = 3
FLAT_CHECK_DC = 15  # persistent damage ends on a DC 15 flat check (PF2e)

# When an effect ends (`Anchor.kind`, the duration field "until").
EndKind = Literal[
    "start_of_turn",
    "end_of_turn",
    "rounds",
    "minutes",
    "until_ended",
    "countdown",
    "persistent",
    "sustained",
]
END_KINDS: tuple[EndKind, ...] = (
    "start_of_turn",
    "end_of_turn",
    "rounds",
    "minutes",
    "until_ended",
    "countdown",
    "persistent",
    "sustained",
)


def _not_negative(**values: int) -> None:
    for name, value in values.items():
        if value < 0:
            raise ValueError(f"{name} cannot be below 0 ({value})")


def _check_pool(name: str, pool: Pool) -> None:
    if pool.maximum is None or pool.maximum < 0:
        raise ValueError(f"the {name} pool has a maximum of 0 or more")
    if pool.current < 0:
        raise ValueError(f"{pool.current} {name} left")


@dataclass(slots=True)
class Clock:
    """Where the fight stands. `current`: whose turn (a combatant id, the first of a
    group acting together, or `LAIR`); `index`: its place among the turns of the round
    (kept in step when the order changes); `rolling`: the fight waits for initiative
    rolls before its round can begin; `gap_after`: the turn just ended, after which
    delaying creatures may act now; `flat_checks`: persistent damage effects (ids)
    waiting for their DC 15 flat check."""

    started: bool = False
    round: int = 0
    current: str | None = None
    index: int = 0
    rolling: bool = False
    gap_after: str | None = None
    flat_checks: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        _not_negative(round=self.round, index=self.index)
        if self.started and self.round < 1:
            raise ValueError("a fight under way is in round 1 or later")
        if not self.started and (self.current or self.rolling or self.gap_after):
            raise ValueError("a fight not begun has no turn")


@dataclass(slots=True)
class DeathSaves:
    """5e death saving throws of a creature at 0 HP."""

    successes: int = 0
    failures: int = 0
    stable: bool = False

    def __post_init__(self) -> None:
        _not_negative(successes=self.successes, failures=self.failures)
        if self.successes > DEATH_SAVES or self.failures > DEATH_SAVES:
            raise ValueError(f"at most {DEATH_SAVES} successes or failures")


@dataclass(slots=True)
class Runtime:
    """One creature's state. `rolled`: it has its initiative for the fight (for the
    round, when initiative is re-rolled each round); `tiebreak`: its d20 rolls to break
    a tie (option); `actions`, `bonus`, `reaction`: what its turn grants (5e: 1, 1, 1;
    PF2e: 3 ± conditions, none, 1); `legendary`: its legendary action pool (5e);
    `acted`: it did something this turn (it can no longer Delay); `lost`: actions its
    conditions took this turn (PF2e); `ready`: the trigger of its readied action;
    `delay`: its delayed turn (kit `Hold`); `surprised`: surprised at the start (5e);
    `first_turn_done`: its first turn ended (surprise lifts); `death`: 5e death saves;
    `dead`; `save_due`: its death save or recovery check is due (start of its turn);
    `dying`, `wounded`, `doomed` (PF2e); `concentration_checks`: the DCs of
    Constitution saves it owes for damage taken while concentrating (5e)."""

    rolled: bool = False
    tiebreak: list[int] = field(default_factory=list)
    actions: Pool = field(default_factory=lambda: Pool(0, 0))
    bonus: Pool = field(default_factory=lambda: Pool(0, 0))
    reaction: Pool = field(default_factory=lambda: Pool(1, 1))
    legendary: Pool = field(default_factory=lambda: Pool(0, 0))
    acted: bool = False
    lost: int = 0
    ready: str | None = None
    delay: Hold | None = None
    surprised: bool = False
    first_turn_done: bool = False
    death: DeathSaves = field(default_factory=DeathSaves)
    dead: bool = False
    save_due: bool = False
    dying: int = 0
    wounded: int = 0
    doomed: int = 0
    concentration_checks: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        _not_negative(lost=self.lost, dying=self.dying, wounded=self.wounded, doomed=self.doomed)
        for name in ("actions", "bonus", "reaction", "legendary"):
            _check_pool(name, getattr(self, name))
        if any(not 1 <= roll <= 20 for roll in self.tiebreak):
            raise ValueError("a tie-break roll is a d20: 1 to 20")
        if any(dc < 10 for dc in self.concentration_checks):
            raise ValueError("a concentration save's DC is 10 or more")


@dataclass(slots=True)
class Anchor:
    """When an effect ends: `kind`; `whose`: the creature whose turn anchors it (its
    creator, or its carrier); `round`: the round of that turn ("start_of_turn",
    "end_of_turn", "rounds", "minutes"), or the last round it was sustained
    ("sustained"); `value`: a valued condition's value ("countdown", "until_ended") or
    persistent damage per turn; `concentration`: the caster whose concentration holds
    it (5e; "" for none)."""

    kind: EndKind = "until_ended"
    whose: str = ""
    round: int = 0
    value: int = 0
    concentration: str = ""

    def __post_init__(self) -> None:
        _not_negative(round=self.round, value=self.value)


# --- typed access ---------------------------------------------------------------------------
_typed: TypedAccess[Clock, Runtime, Anchor] = TypedAccess(Clock, Runtime, Anchor)
clock = _typed.clock
touch_clock = _typed.touch_clock
touch = _typed.touch
anchor_of = _typed.anchor_or_none
stat = whole_stat


def rt(combatant: Combatant) -> Runtime:
    """The combatant's state (read only: `touch` before changing it). A plain attribute
    read: views and every pass over a long fight ask it of each combatant."""
    runtime: Runtime = combatant.runtime
    return runtime


def flag(combatant: Combatant, name: str) -> bool:
    return combatant.stats.get(name) is True


def is_pc(combatant: Combatant) -> bool:
    """A player character: a combatant of the party."""
    return combatant.side == "party"


@dataclass(frozen=True)
class Census:
    """What a view or a rule asks of every combatant, read in one pass: who is still to
    roll initiative, who delays (in list order), the first who owes a concentration
    save. Worked out once between two changes of the encounter (`census`)."""

    unrolled: tuple[Combatant, ...]
    delaying: tuple[Combatant, ...]
    owing: Combatant | None


def census(encounter: Encounter) -> Census:
    return encounter.derived(("classic_d20.census",), lambda: _count(encounter))


def _count(encounter: Encounter) -> Census:
    unrolled: list[Combatant] = []
    delaying: list[Combatant] = []
    owing: Combatant | None = None
    for combatant in encounter.combatants:
        runtime: Runtime = combatant.runtime
        if not runtime.rolled:
            unrolled.append(combatant)
        if runtime.delay is not None:
            delaying.append(combatant)
        if owing is None and runtime.concentration_checks:
            owing = combatant
    return Census(tuple(unrolled), tuple(delaying), owing)
