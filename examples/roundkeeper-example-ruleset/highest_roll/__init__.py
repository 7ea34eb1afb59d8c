"""Highest roll first: everyone rolls once, acts from the highest roll down, round after
round. Ties are the GM's to order by drag. An effect lasts a number of rounds and ends at
the end of its carrier's turn that many rounds later.

The smallest complete ruleset: typed records, the shared kit's ordering, turns, timing
points with "ends soon" from the rule that expires, and one action.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tracker.engine.changes import Transaction
from tracker.engine.conditions import ConditionSpec
from tracker.engine.errors import CommandError
from tracker.engine.fields import Field
from tracker.engine.health import HealthSpec
from tracker.engine.kit.ordering import check_tie_drag, resorted_place, sorted_place
from tracker.engine.kit.typed_access import TypedAccess
from tracker.engine.ruleset import ActionSpec, Ruleset, Turn
from tracker.engine.state import Combatant, Effect, Encounter, StateTypes


# Mutable records are slotted: every change keeps a copy of what it touched for undo,
# and a record without a __dict__ is a third of the size.
@dataclass(slots=True)
class Clock:
    started: bool = False
    round: int = 0
    current: str = ""  # whose turn: a combatant id
    index: int = 0  # where that combatant stands: kept in step as the order changes


@dataclass(slots=True)
class Runtime:
    shouted: int = 0  # times this combatant used the "shout" action


@dataclass(slots=True)
class Anchor:
    carrier_id: str = ""
    ends_round: int = 0  # ends as the carrier's turn of this round ends


@dataclass(frozen=True, slots=True)
class TurnEnded:
    """Timing point: a combatant's turn ended."""

    combatant_id: str
    round: int


# Reads and touches the records typed (the core stores them as `object`).
typed: TypedAccess[Clock, Runtime, Anchor] = TypedAccess(Clock, Runtime, Anchor)


def _roll(combatant: Combatant) -> int:
    return int(combatant.stats.get("roll", 0))


class HighestRoll(Ruleset[Clock, Runtime, Anchor]):
    id = "highest_roll"
    name = "Highest roll first (example)"
    state_types = StateTypes(Clock, Runtime, Anchor)
    stat_fields: ClassVar[tuple[Field, ...]] = (
        Field("roll", "Roll", "int", 10, minimum=0, maximum=99, help="Higher acts first."),
        Field("hp", "Hit points", "int", 10, minimum=0, maximum=999),
        Field("damage", "Damage taken", "int", 0, minimum=0, maximum=999),
    )
    # Health is two stats and a few words: the core does the rest (rows, editor, the
    # GM's "−7", marking the defeated, the players' screen).
    health: ClassVar[HealthSpec | None] = HealthSpec("HP", maximum="hp", taken="damage")
    duration_fields: ClassVar[tuple[Field, ...]] = (
        Field("rounds", "Rounds", "int", 1, minimum=1, maximum=99),
    )
    actions: ClassVar[tuple[ActionSpec, ...]] = (
        ActionSpec("shout", "Shout", help="The current combatant shouts (counted)."),
    )
    # Named conditions the GM picks from a list: the effect dialog fills in the duration
    # and the note (a condition that is a mechanic names its action instead).
    conditions: ClassVar[tuple[ConditionSpec, ...]] = (
        ConditionSpec("Hoarse", {"rounds": 2}, "Shouting hurts: no shouting until it ends."),
    )

    # --- order ----------------------------------------------------------------------
    def place_new(self, encounter: Encounter, combatant: Combatant) -> int:
        return sorted_place(encounter.combatants, _roll, combatant)

    def check_move(self, encounter: Encounter, combatant: Combatant, destination: int) -> None:
        source = encounter.index_of(combatant.id)
        check_tie_drag(
            encounter.combatants,
            _roll,
            source,
            destination,
            lambda c: c.name,
            "the order is by roll; only ties are the GM's to order",
        )

    def on_stats_changed(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant, old: dict[str, Any]
    ) -> None:
        if not typed.clock(encounter).started and _roll(combatant) != old.get("roll"):
            source = encounter.index_of(combatant.id)
            tx.move_combatant(source, resorted_place(encounter.combatants, _roll, combatant))

    def on_added(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        self._follow_current(tx, encounter)

    def on_moved(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        self._follow_current(tx, encounter)

    def on_removed(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        self._follow_current(tx, encounter)

    def _follow_current(self, tx: Transaction, encounter: Encounter) -> None:
        """The turn stays with its holder when others join, leave or are dragged; when
        the holder leaves, it passes to whoever now stands in its place."""
        clock = typed.clock(encounter)
        if not clock.started:
            return
        ids = [c.id for c in encounter.combatants]
        if clock.current in ids:
            if ids.index(clock.current) != clock.index:
                typed.touch_clock(tx).index = ids.index(clock.current)
            return
        if not ids:
            touched = typed.touch_clock(tx)
            touched.started, touched.current = False, ""
            tx.log("Everyone left: the fight is over.", "turn")
        elif clock.index >= len(ids):
            self._next_round(tx, encounter)
        else:
            typed.touch_clock(tx).current = ids[clock.index]

    # --- time -----------------------------------------------------------------------
    def is_started(self, encounter: Encounter) -> bool:
        return typed.clock(encounter).started

    def start(self, tx: Transaction, encounter: Encounter) -> None:
        if not encounter.combatants:
            raise CommandError("Add combatants before the fight starts.")
        clock = typed.touch_clock(tx)
        clock.started, clock.round = True, 1
        clock.index, clock.current = 0, encounter.combatants[0].id
        tx.log("The fight begins: round 1.", "start")

    def end_turn(self, tx: Transaction, encounter: Encounter) -> None:
        clock = typed.touch_clock(tx)
        tx.reach(TurnEnded(clock.current, clock.round))
        if clock.index + 1 >= len(encounter.combatants):
            self._next_round(tx, encounter)
        else:
            clock.index += 1
            clock.current = encounter.combatants[clock.index].id

    def _next_round(self, tx: Transaction, encounter: Encounter) -> None:
        clock = typed.touch_clock(tx)
        clock.round, clock.index, clock.current = clock.round + 1, 0, encounter.combatants[0].id
        tx.log(f"Round {clock.round} begins.", "turn")

    def _turn(self, encounter: Encounter, round_: int, index: int) -> Turn:
        combatant = encounter.combatants[index]
        return Turn(combatant.id, (round_, combatant.id), round_, f"roll {_roll(combatant)}", "")

    def current_turn(self, encounter: Encounter) -> Turn | None:
        clock = typed.clock(encounter)
        if not clock.started:
            return None
        return self._turn(encounter, clock.round, clock.index)

    def upcoming_turns(self, encounter: Encounter, limit: int) -> list[Turn]:
        clock = typed.clock(encounter)
        count = len(encounter.combatants)
        if count == 0:
            return []
        round_, index = (clock.round, clock.index) if clock.started else (0, 0)
        positions = range(index, index + 2 * count)
        return [self._turn(encounter, round_ + p // count, p % count) for p in positions][:limit]

    def clock_label(self, encounter: Encounter) -> str:
        clock = typed.clock(encounter)
        return f"R{clock.round}" if clock.started else "setup"

    # --- actions --------------------------------------------------------------------
    def perform(
        self,
        tx: Transaction,
        encounter: Encounter,
        action: str,
        combatant_id: str | None,
        params: dict[str, Any],
    ) -> None:
        turn = self.current_turn(encounter)
        if action != "shout" or turn is None or turn.combatant_id is None:
            raise CommandError("Nobody has a turn to shout in.")
        shouter = encounter.combatant(turn.combatant_id)
        typed.touch(tx, shouter).shouted += 1
        tx.log(f"{shouter.name} shouts.", "action")

    # --- durations ------------------------------------------------------------------
    def anchor_effect(self, encounter: Encounter, effect: Effect) -> Anchor:
        clock = typed.clock(encounter)
        return Anchor(effect.carrier_id, max(clock.round, 1) + effect.duration["rounds"] - 1)

    def expires_at(self, encounter: Encounter, effect: Effect, point: Any) -> bool:
        anchor = typed.anchor(effect)
        return (
            isinstance(point, TurnEnded)
            and point.combatant_id == anchor.carrier_id
            and point.round >= anchor.ends_round
        )

    def coming_points(self, encounter: Encounter) -> list[Any]:
        turns = self.upcoming_turns(encounter, 2) if self.is_started(encounter) else []
        return [TurnEnded(t.combatant_id or "", t.round) for t in turns]

    def remaining(self, encounter: Encounter, effect: Effect) -> str:
        anchor = typed.anchor(effect)
        names = {c.id: c.name for c in encounter.combatants}
        who = names.get(anchor.carrier_id, "its carrier")
        return f"ends at the end of {who}'s turn in round {anchor.ends_round}"
