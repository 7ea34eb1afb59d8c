"""Allies of Majesty — the War Scroll (rules: shared/rules/war-scroll.md).

Speed is dealt as AP in chunks of at most 7 over the slots 1, A, 2, B, 3, C, …
("deal order"); Segments are played numbered first, then lettered ("play order");
inside a Segment, in War Scroll order, which is sorted by Swiftness once and never
re-sorted during the War.

Per combatant (`runtime`), for the current Cycle, one entry per slot:
  base   AP dealt from Speed
  extra  AP added this Cycle (bonus, spill, Carry Over)
  played the Turn was played
  missed the Turn exists but comes too late to be played (late joiner, new Turn in a
         Segment already past)
and `next_extra` (AP already promised to next Cycle's slots) and `reserve` (Stand Ready).
The clock holds the Cycle, the current Turn `[combatant id, slot]`, the AP spent in
it, and the number of Segment columns shown.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.fields import Choice, Field
from tracker.engine.ruleset import ActionSpec, Ruleset, Turn
from tracker.engine.state import Combatant, Effect, Encounter, StateTypes

SEGMENT_AP = 7  # AP dealt to one Segment at most; also the Carry Over ceiling
TURN_CAP = 12  # no Turn ever holds more AP
ALLEGIANCES = ("holy", "fallen", "other")


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
    return sorted(range(slot_count), key=play_position)


def columns_for(speed: int) -> int:
    return math.ceil(max(speed, 0) / SEGMENT_AP)


@dataclass(frozen=True)
class TurnEnded:
    """Timing point: a Turn ended."""

    combatant_id: str
    slot: int
    cycle: int
    first_in_cycle: bool
    last_in_cycle: bool


@dataclass(frozen=True)
class TurnsRedealt:
    """Timing point: a combatant's Turns of this Cycle were re-dealt (Speed changed)."""

    combatant_id: str
    cycle: int
    last_in_cycle: bool  # their last Turn of this Cycle has been played: none is left


@dataclass(frozen=True)
class CycleEnded:
    cycle: int


@dataclass(frozen=True)
class _Coming:
    """A Turn still to end, as things stand: whose, which slot and Cycle, whether it is
    its holder's first / last Turn of that Cycle, and whether the Cycle ends with it."""

    combatant: Combatant
    slot: int
    cycle: int
    first: bool
    last: bool
    ends_cycle: bool


@dataclass(frozen=True)
class _TurnRef:
    """A Turn of one combatant: in this Cycle (`next_cycle` False) or the next."""

    slot: int
    next_cycle: bool


class WarScroll(Ruleset[Any, Any, Any]):
    id = "war_scroll"
    name = "Allies of Majesty — War Scroll"
    state_types = StateTypes(dict, dict, dict)  # TRANSITIONAL: untyped
    round_name = "Cycle"
    stat_fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "speed",
            "Speed",
            "int",
            7,
            minimum=0,
            maximum=60,
            help="AP over one Cycle, dealt 7 to a Segment.",
        ),
        Field(
            "swiftness",
            "Swiftness",
            "int",
            1,
            minimum=0,
            maximum=99,
            help="Sets the War Scroll order, highest first.",
        ),
        Field(
            "allegiance",
            "Allegiance",
            "choice",
            "other",
            choices=ALLEGIANCES,
            help="Holy elohim act first among ties in Swiftness.",
        ),
    )
    options: ClassVar[tuple[Choice, ...]] = (
        Choice(
            "late_joiner",
            "Late joiner",
            (
                (
                    "next_segment",
                    "enters at their Swiftness place, acting from the next Segment they have AP in",
                ),
                ("next_cycle", "enters at their Swiftness place, acting from the next Cycle"),
            ),
        ),
        Choice(
            "speed_change",
            "Speed change mid-Cycle",
            (
                ("redeal", "re-deal the whole Cycle's AP and keep Turns already played as played"),
                ("trim", "trim the last unplayed Turns first"),
            ),
        ),
        Choice(
            "lost_turn_duration",
            "Effect whose ending Turn no longer exists",
            (("last_turn", "ends at the end of that character's last Turn of that Cycle"),),
        ),
        Choice(
            "carry_target",
            "Carry Over target",
            (
                ("next_turn", "the next Turn in play order (only if it has fewer than 7 AP)"),
                ("next_below_7", "the next Turn that has fewer than 7 AP"),
            ),
        ),
        Choice(
            "columns_on_defeat",
            "Segment columns when the fastest character is gone",
            (
                ("keep_cycle", "keep for this Cycle and shrink at the next"),
                ("shrink", "shrink at once"),
            ),
        ),
    )
    actions: ClassVar[tuple[ActionSpec, ...]] = (
        ActionSpec(
            "spend_ap",
            "Spend AP",
            (Field("amount", "AP", "int", 1, 1, TURN_CAP),),
            help="Spend AP of the current Turn.",
        ),
        ActionSpec(
            "bonus_ap",
            "Bonus AP",
            (
                Field("amount", "AP", "int", 1, 1, 60),
                Field("turn", "To", "choice", "current", choices=("current", "next")),
            ),
            on="any",
            help="Give bonus AP to the current or next Turn; above 12 spills on.",
        ),
        ActionSpec(
            "carry_over",
            "Carry Over",
            (Field("amount", "AP", "int", 1, 1, SEGMENT_AP),),
            help="Move unspent AP into the next Turn (never above 7 AP).",
        ),
        ActionSpec(
            "stand_ready",
            "Stand Ready",
            help="Keep the Turn's unspent AP in reserve to react later.",
        ),
        ActionSpec(
            "use_reserve",
            "Use reserve",
            (Field("amount", "AP", "int", 1, 1, TURN_CAP),),
            on="any",
            help="Spend AP held by Stand Ready.",
        ),
        ActionSpec("rest", "Rest", help="Rest for the remainder of the Turn and end it."),
        ActionSpec(
            "stop_song",
            "Stop maintaining song",
            (Field("effect", "Song", "text", ""),),
            on="effect",
            help="The song ends at the end of its Minstrel's first Turn of a Cycle.",
        ),
    )
    duration_fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "cycles",
            "Cycles",
            "int",
            1,
            minimum=1,
            maximum=99,
            help="Ends at the end of the same Turn this many Cycles later.",
        ),
        Field(
            "ongoing_song",
            "Ongoing Song",
            "bool",
            False,
            help="Lasts while its Minstrel (the creator) maintains it.",
        ),
    )

    # --- clock ----------------------------------------------------------------------
    def new_clock(self) -> dict[str, Any]:
        return {"started": False, "cycle": 0, "current": None, "spent": 0, "columns": 0}

    def clock_label(self, encounter: Encounter) -> str:
        clock = encounter.clock
        if not clock.get("started"):
            return "setup"
        current = clock.get("current")
        segment = f" · {segment_label(current[1])}" if current else ""
        return f"C{clock['cycle']}{segment}"

    def status(self, encounter: Encounter) -> str:
        clock = encounter.clock
        if not clock.get("started"):
            return "Setting up: the War has not begun."
        turn = self.current_turn(encounter)
        if turn is None:
            return f"Cycle {clock['cycle']}: nobody has a Turn."
        name = encounter.combatant(turn.combatant_id).name
        left = turn.values["ap"] - turn.values["spent"]
        return (
            f"Cycle {clock['cycle']} · {turn.phase} · {name}: {turn.values['ap']} AP, {left} left"
        )

    def columns(self, encounter: Encounter) -> list[int]:
        """Segment slots shown as grid columns, in display (= play) order."""
        return play_order(encounter.clock.get("columns", 0))

    # --- order ----------------------------------------------------------------------
    @staticmethod
    def order_key(combatant: Combatant) -> tuple[int, int]:
        """Higher sorts first: Swiftness, then holy elohim before the rest."""
        holy = 1 if combatant.stats.get("allegiance") == "holy" else 0
        return (int(combatant.stats.get("swiftness", 0)), holy)

    def place_new(self, encounter: Encounter, combatant: Combatant) -> int:
        key = self.order_key(combatant)
        index = 0
        for position, other in enumerate(encounter.combatants):
            if self.order_key(other) >= key:
                index = position + 1
        return index

    def check_move(self, encounter: Encounter, combatant: Combatant, destination: int) -> None:
        source = encounter.index_of(combatant.id)
        low, high = sorted((source, destination))
        key = self.order_key(combatant)
        for other in encounter.combatants[low : high + 1]:
            if self.order_key(other) != key:
                raise CommandError(
                    f"{combatant.name} cannot pass {other.name}: the War Scroll is ordered by "
                    "Swiftness (holy elohim first among ties); only ties are the Host's to order."
                )

    # --- combatants -----------------------------------------------------------------
    def on_added(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        tx.touch(combatant)
        combatant.runtime = _fresh_runtime(combatant)
        clock = encounter.clock
        if clock.get("started"):
            current = clock.get("current")
            if current is None:  # the War was stalled with nobody able to act
                self._update_columns(tx, encounter)
                self._advance(tx, encounter)
                return
            if self.option(encounter, "late_joiner") == "next_cycle":
                _mark_missed(combatant, lambda slot: True)
            else:
                now = play_position(current[1])
                _mark_missed(combatant, lambda slot: play_position(slot) <= now)
        self._update_columns(tx, encounter)

    def on_removed(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        current = encounter.clock.get("current")
        if current and current[0] == combatant.id:
            tx.touch_clock()["current"] = None
            self._advance(tx, encounter)
        self._update_columns(tx, encounter)

    def on_stats_changed(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant, old: dict[str, Any]
    ) -> None:
        clock = encounter.clock
        if not clock.get("started"):
            if self.order_key(combatant) != _key_of(old, combatant):
                tx.move_combatant(
                    encounter.index_of(combatant.id), self._resorted_index(encounter, combatant)
                )
            _redeal(combatant)  # keeps bonus AP already given to the first Cycle
            self._keep_cap(tx, encounter, combatant)
            self._update_columns(tx, encounter)
            return
        # In War the order is never re-sorted (Swiftness changes do nothing here).
        if combatant.stats["speed"] == old.get("speed"):
            return
        if self.option(encounter, "speed_change") == "trim":
            _trim(combatant, old.get("speed", 0))
        else:
            _redeal(combatant)
        current = clock.get("current")
        holds_current = current is not None and current[0] == combatant.id
        if holds_current:
            # AP already spent in the current Turn stay spent: it never holds fewer.
            short = clock["spent"] - _total(combatant.runtime, current[1])
            if short > 0:
                combatant.runtime["base"][current[1]] += short
        if current is not None:
            now = play_position(current[1])
            _mark_missed(combatant, lambda slot: play_position(slot) < now)
        tx.log(_deal_text(combatant), "change")
        self._keep_cap(tx, encounter, combatant)
        self._update_columns(tx, encounter)
        pending = any(c is combatant for c, _ in self._pending(encounter))
        over = any(combatant.runtime["played"]) and not (holds_current or pending)
        tx.reach(TurnsRedealt(combatant.id, clock["cycle"], over))
        if current is None:
            self._advance(tx, encounter)

    def _resorted_index(self, encounter: Encounter, combatant: Combatant) -> int:
        others = [c for c in encounter.combatants if c is not combatant]
        key = self.order_key(combatant)
        return sum(1 for other in others if self.order_key(other) >= key)

    def _update_columns(
        self, tx: Transaction, encounter: Encounter, *, exact: bool = False
    ) -> None:
        """Columns follow the fastest character present; mid-War, whether they shrink at
        once or only at the next Cycle is the encounter's choice."""
        growing_only = (
            not exact
            and encounter.clock.get("started", False)
            and self.option(encounter, "columns_on_defeat") == "keep_cycle"
        )
        needed = 0
        for combatant in encounter.combatants:
            needed = max(needed, columns_for(combatant.stats.get("speed", 0)))
            runtime = combatant.runtime
            for slot in range(len(runtime["base"])):
                if runtime["played"][slot] or _total(runtime, slot) > 0:
                    needed = max(needed, slot + 1)
        shown = encounter.clock.get("columns", 0)
        wanted = max(needed, shown) if growing_only else needed
        if wanted != shown:
            tx.touch_clock()["columns"] = wanted

    # --- the War --------------------------------------------------------------------
    def start(self, tx: Transaction, encounter: Encounter) -> None:
        if not encounter.combatants:
            raise CommandError("Add characters to the War Scroll before the War begins.")
        if not any(c.stats.get("speed", 0) > 0 for c in encounter.combatants):
            raise CommandError("Nobody has a Speed above 0, so nobody would get a Turn.")
        for combatant in encounter.combatants:
            # Bonus AP given before the War belong to the first Cycle's Turns.
            runtime = tx.touch(combatant).runtime
            runtime["next_extra"] = list(runtime["extra"])
        tx.touch_clock()["started"] = True
        tx.log("The War begins.", "start")
        self._begin_cycle(tx, encounter, 1)

    def _begin_cycle(self, tx: Transaction, encounter: Encounter, cycle: int) -> None:
        clock = tx.touch_clock()
        clock.update(cycle=cycle, current=None, spent=0)
        for combatant in encounter.combatants:
            tx.touch(combatant)
            promised = combatant.runtime.get("next_extra", [])
            reserve = combatant.runtime.get("reserve", 0)
            combatant.runtime = _fresh_runtime(combatant)
            combatant.runtime["reserve"] = reserve
            _ensure(combatant.runtime, len(promised))
            for slot, amount in enumerate(promised):
                combatant.runtime["extra"][slot] += amount
        self._update_columns(tx, encounter, exact=True)
        tx.log(f"Cycle {cycle} begins.", "turn")
        self._advance(tx, encounter)

    def _advance(self, tx: Transaction, encounter: Encounter) -> None:
        """Make the first pending Turn current; with none left this Cycle, end it."""
        following = next(self._pending(encounter), None)
        if following is not None:
            self._begin_turn(tx, encounter, *following)
            return
        cycle = encounter.clock["cycle"]
        if not any(any(_next_plan(c)) for c in encounter.combatants):
            # Nobody can act (all Speeds 0, or everyone left); wait for the GM.
            tx.touch_clock()["current"] = None
            return
        tx.reach(CycleEnded(cycle))
        tx.log(f"Cycle {cycle} ends.", "turn")
        self._begin_cycle(tx, encounter, cycle + 1)

    def _begin_turn(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant, slot: int
    ) -> None:
        clock = tx.touch_clock()
        clock["current"] = [combatant.id, slot]
        clock["spent"] = 0
        if combatant.runtime.get("reserve"):
            tx.touch(combatant)
            lost = combatant.runtime["reserve"]
            combatant.runtime["reserve"] = 0
            tx.log(f"{combatant.name}'s {lost} reserved AP lapse unused.", "action")
        tx.log(
            f"{combatant.name}'s Turn: Segment {segment_label(slot)}, "
            f"{_total(combatant.runtime, slot)} AP.",
            "turn",
        )

    def end_turn(self, tx: Transaction, encounter: Encounter) -> None:
        clock = encounter.clock
        combatant_id, slot = clock["current"]
        combatant = encounter.combatant(combatant_id)
        runtime = tx.touch(combatant).runtime
        first = not any(runtime["played"])
        runtime["played"][slot] = True
        last = not any(
            _will_play(runtime, s) and not runtime["played"][s] for s in range(len(runtime["base"]))
        )
        left = _total(runtime, slot) - clock["spent"]
        unspent = f", {left} AP unspent" if left > 0 else ""
        tx.log(f"{combatant.name}'s Turn ends{unspent}.", "turn")
        tx.touch_clock()["current"] = None
        tx.reach(TurnEnded(combatant.id, slot, clock["cycle"], first, last))
        self._advance(tx, encounter)

    def _sequence(self, encounter: Encounter) -> Iterator[tuple[Combatant, int]]:
        """Every Turn of the current Cycle, in play order."""
        slots = max((len(c.runtime["base"]) for c in encounter.combatants), default=0)
        for slot in play_order(slots):
            for combatant in encounter.combatants:
                if _turn_exists(combatant.runtime, slot):
                    yield combatant, slot

    def _pending(self, encounter: Encounter) -> Iterator[tuple[Combatant, int]]:
        current = encounter.clock.get("current")
        for combatant, slot in self._sequence(encounter):
            runtime = combatant.runtime
            if runtime["played"][slot] or runtime["missed"][slot]:
                continue
            if current and current[0] == combatant.id and current[1] == slot:
                continue
            yield combatant, slot

    def current_turn(self, encounter: Encounter) -> Turn | None:
        current = encounter.clock.get("current")
        if not current:
            return None
        combatant = encounter.combatant(current[0])
        return self._turn(
            encounter,
            combatant,
            current[1],
            encounter.clock["cycle"],
            _total(combatant.runtime, current[1]),
            encounter.clock["spent"],
        )

    def upcoming_turns(self, encounter: Encounter, limit: int) -> list[Turn]:
        turns: list[Turn] = []
        current = self.current_turn(encounter)
        if current is not None:
            turns.append(current)
        cycle = encounter.clock["cycle"]
        for combatant, slot in self._pending(encounter):
            if len(turns) >= limit:
                return turns
            turns.append(
                self._turn(encounter, combatant, slot, cycle, _total(combatant.runtime, slot), 0)
            )
        if not encounter.clock.get("started"):
            return turns
        for combatant, slot, ap in self._next_cycle(encounter):
            if len(turns) >= limit:
                break
            turns.append(self._turn(encounter, combatant, slot, cycle + 1, ap, 0))
        return turns

    def _next_cycle(self, encounter: Encounter) -> Iterator[tuple[Combatant, int, int]]:
        """The Turns of the next Cycle as they stand now: (combatant, slot, AP)."""
        plans = [(c, _next_plan(c)) for c in encounter.combatants]
        slots = max((len(plan) for _, plan in plans), default=0)
        for slot in play_order(slots):
            for combatant, plan in plans:
                if slot < len(plan) and plan[slot] > 0:
                    yield combatant, slot, plan[slot]

    def _turn(
        self, encounter: Encounter, combatant: Combatant, slot: int, cycle: int, ap: int, spent: int
    ) -> Turn:
        label = segment_label(slot)
        return Turn(
            combatant_id=combatant.id,
            key=(cycle, slot, combatant.id),
            round=cycle,
            phase=f"Segment {label}",
            grant=f"{ap} AP, {ap - spent} left" if spent else f"{ap} AP",
            values={"ap": ap, "spent": spent, "segment": label, "slot": slot},
        )

    def cell(self, encounter: Encounter, combatant: Combatant, slot: int) -> tuple[int, str]:
        """AP and state of one grid cell: state is "none", "played", "current", "missed"
        or "pending"."""
        runtime = combatant.runtime
        if slot >= len(runtime["base"]):
            return 0, "none"
        ap = _total(runtime, slot)
        current = encounter.clock.get("current")
        if current and current[0] == combatant.id and current[1] == slot:
            return ap, "current"
        if runtime["played"][slot]:
            return ap, "played"
        if ap <= 0:
            return 0, "none"
        if runtime["missed"][slot]:
            return ap, "missed"
        return ap, "pending"

    # --- actions --------------------------------------------------------------------
    def perform(
        self,
        tx: Transaction,
        encounter: Encounter,
        action: str,
        combatant_id: str | None,
        params: dict[str, Any],
    ) -> None:
        if action == "stop_song":
            self._stop_song(tx, encounter, params["effect"])
            return
        if action in ("bonus_ap", "use_reserve"):
            if combatant_id is None:
                raise CommandError("Choose the character first.")
            combatant = encounter.combatant(combatant_id)
            if action == "bonus_ap":
                self._bonus(tx, encounter, combatant, params["amount"], params["turn"])
            else:
                self._use_reserve(tx, combatant, params["amount"])
            return
        combatant, slot = self._current_of(encounter, combatant_id)
        left = _total(combatant.runtime, slot) - encounter.clock["spent"]
        if action == "spend_ap":
            amount = params["amount"]
            if amount > left:
                if left <= 0:
                    raise CommandError(f"{combatant.name} has no AP left this Turn.")
                raise CommandError(f"{combatant.name} has only {left} AP left this Turn.")
            tx.touch_clock()["spent"] += amount
            tx.log(f"{combatant.name} spends {amount} AP ({left - amount} left).", "action")
        elif action == "carry_over":
            self._carry_over(tx, encounter, combatant, slot, params["amount"], left)
        elif action == "stand_ready":
            if left <= 0:
                raise CommandError(f"{combatant.name} has no AP left to hold in reserve.")
            tx.touch_clock()["spent"] += left
            tx.touch(combatant).runtime["reserve"] += left
            tx.log(f"{combatant.name} Stands Ready with {left} AP in reserve.", "action")
        elif action == "rest":
            tx.touch_clock()["spent"] += max(left, 0)
            tx.log(f"{combatant.name} Rests.", "action")
            self.end_turn(tx, encounter)
        else:
            raise CommandError(f"{self.name} has no action {action!r}.")

    def _current_of(self, encounter: Encounter, combatant_id: str | None) -> tuple[Combatant, int]:
        current = encounter.clock.get("current")
        if not current:
            raise CommandError("There is no current Turn.")
        if combatant_id is not None and combatant_id != current[0]:
            name = encounter.combatant(combatant_id).name
            raise CommandError(f"It is not {name}'s Turn.")
        return encounter.combatant(current[0]), current[1]

    def _own_turns_after(
        self, encounter: Encounter, combatant: Combatant, start: _TurnRef | None
    ) -> Iterator[_TurnRef]:
        """The combatant's Turns from `start` (inclusive) on: the rest of this Cycle, then
        the next Cycle's. `start=None` means from the next Turn after the current one."""
        runtime = combatant.runtime
        current = encounter.clock.get("current")
        this_cycle: list[_TurnRef] = []
        for slot in play_order(len(runtime["base"])):
            if (
                not _turn_exists(runtime, slot)
                or runtime["played"][slot]
                or runtime["missed"][slot]
            ):
                continue
            is_current = bool(current) and current[0] == combatant.id and current[1] == slot
            if start is None and is_current:
                continue
            this_cycle.append(_TurnRef(slot, False))
        plan = _next_plan(combatant)
        following = [_TurnRef(s, True) for s in play_order(len(plan)) if plan[s] > 0]
        refs = this_cycle + following if encounter.clock.get("started") else this_cycle
        if start is not None:
            refs = refs[refs.index(start) :] if start in refs else refs
        yield from refs

    def _ap_of(self, combatant: Combatant, ref: _TurnRef) -> int:
        if ref.next_cycle:
            return _next_plan(combatant)[ref.slot]
        return _total(combatant.runtime, ref.slot)

    def _add_to(self, combatant: Combatant, ref: _TurnRef, amount: int) -> None:
        runtime = combatant.runtime
        if ref.next_cycle:
            promised = runtime["next_extra"]
            promised.extend([0] * (ref.slot + 1 - len(promised)))
            promised[ref.slot] += amount
        else:
            runtime["extra"][ref.slot] += amount

    def _bonus(
        self, tx: Transaction, encounter: Encounter, combatant: Combatant, amount: int, which: str
    ) -> None:
        current = encounter.clock.get("current")
        holds_current = bool(current) and current[0] == combatant.id
        if which == "current":
            if not holds_current:
                raise CommandError(
                    f"It is not {combatant.name}'s Turn: give the bonus AP to "
                    "their next Turn instead."
                )
            start: _TurnRef | None = _TurnRef(current[1], False)
        else:
            start = None
        turns = list(self._own_turns_after(encounter, combatant, start))
        if not turns:
            raise CommandError(f"{combatant.name} has no Turn to receive bonus AP.")
        tx.touch(combatant)
        shared = self._spill(combatant, turns, amount)
        tx.log(f"{combatant.name} gains {amount} bonus AP: {shared}.", "action")
        self._update_columns(tx, encounter)

    def _spill(self, combatant: Combatant, turns: list[_TurnRef], amount: int) -> str:
        """Give `amount` AP to `turns` in order, none above 12; say where they went."""
        remaining = amount
        parts: list[str] = []
        for ref in turns:
            room = TURN_CAP - self._ap_of(combatant, ref)
            given = min(room, remaining)
            if given > 0:
                self._add_to(combatant, ref, given)
                remaining -= given
                parts.append(f"{given} to {_where(ref)}")
            if remaining == 0:
                break
        lost = f"; {remaining} AP find no Turn with room and are lost" if remaining else ""
        return f"{', '.join(parts) or 'none'}{lost}"

    def _keep_cap(self, tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
        """After a re-deal, no Turn may hold more than 12 AP: the excess spills on."""
        current = encounter.clock.get("current")
        start = _TurnRef(current[1], False) if current and current[0] == combatant.id else None
        turns = list(self._own_turns_after(encounter, combatant, start))
        for index, ref in enumerate(turns):
            excess = self._ap_of(combatant, ref) - TURN_CAP
            if excess > 0:
                self._add_to(combatant, ref, -excess)
                shared = self._spill(combatant, turns[index + 1 :], excess)
                tx.log(
                    f"{combatant.name}'s {_where(ref)} Turn holds at most {TURN_CAP} AP: "
                    f"{excess} spill on ({shared}).",
                    "change",
                )

    def _carry_over(
        self,
        tx: Transaction,
        encounter: Encounter,
        combatant: Combatant,
        slot: int,
        amount: int,
        left: int,
    ) -> None:
        if amount > left:
            raise CommandError(f"{combatant.name} has only {left} AP left to carry over.")
        turns = list(self._own_turns_after(encounter, combatant, None))
        if not turns:
            raise CommandError(f"{combatant.name} has no next Turn to carry AP into.")
        if self.option(encounter, "carry_target") == "next_below_7":
            target = next((t for t in turns if self._ap_of(combatant, t) < SEGMENT_AP), None)
            if target is None:
                raise CommandError(f"None of {combatant.name}'s next Turns has fewer than 7 AP.")
        else:
            target = turns[0]
        has = self._ap_of(combatant, target)
        where = _where(target)
        if has >= SEGMENT_AP:
            raise CommandError(
                f"Carry Over needs a next Turn with fewer than 7 AP; "
                f"{combatant.name}'s next Turn ({where}) has {has}."
            )
        if has + amount > SEGMENT_AP:
            raise CommandError(
                f"At most {SEGMENT_AP - has} AP can be carried into {where} "
                f"({has} AP there; a Carried Over Turn never exceeds 7)."
            )
        tx.touch_clock()["spent"] += amount
        self._add_to(tx.touch(combatant), target, amount)
        tx.log(f"{combatant.name} carries {amount} AP over to {where}.", "action")

    def _use_reserve(self, tx: Transaction, combatant: Combatant, amount: int) -> None:
        reserve = combatant.runtime.get("reserve", 0)
        if amount > reserve:
            raise CommandError(f"{combatant.name} has only {reserve} AP in reserve.")
        tx.touch(combatant).runtime["reserve"] = reserve - amount
        tx.log(f"{combatant.name} uses {amount} reserved AP ({reserve - amount} left).", "action")

    # --- durations ------------------------------------------------------------------
    def anchor_effect(self, encounter: Encounter, effect: Effect) -> dict[str, Any]:
        if effect.duration.get("ongoing_song"):
            if effect.creator_id is None:
                raise CommandError("An Ongoing Song needs its Minstrel as the creator.")
            return {"song": "maintained"}
        cycles = effect.duration["cycles"]
        current = encounter.clock.get("current")
        if current:
            return {
                "owner": current[0],
                "slot": current[1],
                "cycle": encounter.clock["cycle"] + cycles,
            }
        return {"cycle": max(encounter.clock.get("cycle", 0), 0) + cycles}

    def expires_at(self, encounter: Encounter, effect: Effect, point: Any) -> bool:
        anchor = effect.anchor
        if "song" in anchor:
            return (
                anchor["song"] == "stopped"
                and isinstance(point, TurnEnded)
                and point.combatant_id == effect.creator_id
                and point.first_in_cycle
            )
        if isinstance(point, CycleEnded):
            return point.cycle >= anchor["cycle"]
        if not isinstance(point, TurnEnded | TurnsRedealt) or "owner" not in anchor:
            return False
        if point.cycle != anchor["cycle"] or point.combatant_id != anchor["owner"]:
            return False
        if isinstance(point, TurnEnded) and point.slot == anchor["slot"]:
            return True
        # The same Turn will not be played (Speed dropped, or it comes too late): the
        # effect ends with the owner's last Turn of that Cycle.
        owner = encounter.combatant(point.combatant_id)
        return point.last_in_cycle and not _will_play(owner.runtime, anchor["slot"])

    def remaining(self, encounter: Encounter, effect: Effect) -> str:
        anchor = effect.anchor
        names = {c.id: c.name for c in encounter.combatants}
        if "song" in anchor:
            minstrel = names.get(effect.creator_id or "", "its Minstrel")
            if anchor["song"] == "maintained":
                return f"Ongoing Song, while {minstrel} maintains it"
            return f"ends at the end of {minstrel}'s first Turn of a Cycle"
        left = anchor["cycle"] - encounter.clock.get("cycle", 0)
        unit = "Cycle" if left == 1 else "Cycles"
        when = "this Cycle" if left <= 0 else f"{left} {unit} left"
        if "owner" in anchor:
            owner = names.get(anchor["owner"], "a departed character")
            return (
                f"ends at the end of {owner}'s Segment {segment_label(anchor['slot'])} Turn"
                f" in Cycle {anchor['cycle']} ({when})"
            )
        return f"ends at the end of Cycle {anchor['cycle']} ({when})"

    def ends_soon(self, encounter: Encounter, effect: Effect) -> bool:
        """The effect ends as the current Turn or the next one in play order ends (the next
        may be in the next Cycle): its anchored Turn, its owner's last Turn of the anchor
        Cycle when the anchored one will not be played, the last Turn of the anchor Cycle,
        or, for a stopped Ongoing Song, its Minstrel's first Turn of a Cycle."""
        return any(self._ends_with(encounter, effect, turn) for turn in self._coming(encounter))

    def _ends_with(self, encounter: Encounter, effect: Effect, turn: _Coming) -> bool:
        """Mirrors `expires_at` for the end of `turn` (and the CycleEnded after it)."""
        anchor = effect.anchor
        if "song" in anchor:
            return anchor["song"] == "stopped" and (
                turn.combatant.id == effect.creator_id and turn.first
            )
        if turn.ends_cycle and turn.cycle >= anchor["cycle"]:
            return True
        if anchor.get("owner") != turn.combatant.id or turn.cycle != anchor["cycle"]:
            return False
        if turn.slot == anchor["slot"]:
            return True
        if turn.cycle == encounter.clock["cycle"]:
            will_play = _will_play(turn.combatant.runtime, anchor["slot"])
        else:
            plan = _next_plan(turn.combatant)
            will_play = anchor["slot"] < len(plan) and plan[anchor["slot"]] > 0
        return turn.last and not will_play

    def _coming(self, encounter: Encounter) -> list[_Coming]:
        """The current Turn and the next one, as things stand (none before the War or
        while nobody has a Turn)."""
        clock = encounter.clock
        current = clock.get("current")
        if not clock.get("started") or not current:
            return []
        cycle = clock["cycle"]
        this = [(encounter.combatant(current[0]), current[1])]
        this.extend(self._pending(encounter))
        cycle_ends = any(any(_next_plan(c)) for c in encounter.combatants)
        coming = _cycle_turns(this, cycle, cycle_ends, played=True)
        if len(coming) < 2 and cycle_ends:
            following = [(c, slot) for c, slot, _ap in self._next_cycle(encounter)]
            then_ends = any(c.stats.get("speed", 0) > 0 for c in encounter.combatants)
            coming += _cycle_turns(following, cycle + 1, then_ends, played=False)
        return coming[:2]

    def remaining_unnamed(self, encounter: Encounter, effect: Effect) -> str:
        cycle = effect.anchor.get("cycle")
        return f"until Cycle {cycle}" if isinstance(cycle, int) else ""

    def _stop_song(self, tx: Transaction, encounter: Encounter, effect_id: str) -> None:
        effect = encounter.effect(effect_id)
        if effect.anchor.get("song") != "maintained":
            raise CommandError(f"{effect.name} is not a maintained Ongoing Song.")
        tx.touch_effect(effect).anchor = {"song": "stopped"}
        tx.log(
            f"{effect.name} is no longer maintained: {self.remaining(encounter, effect)}.", "action"
        )


def _cycle_turns(
    turns: list[tuple[Combatant, int]], cycle: int, cycle_ends: bool, *, played: bool
) -> list[_Coming]:
    """The Turns of one Cycle still to end, in play order, as `_Coming`s; `played`: Turns
    already played this Cycle count (the current Cycle) when telling a holder's first."""
    coming: list[_Coming] = []
    for index, (combatant, slot) in enumerate(turns):
        earlier = any(other is combatant for other, _ in turns[:index])
        later = any(other is combatant for other, _ in turns[index + 1 :])
        before = played and any(combatant.runtime["played"])
        coming.append(
            _Coming(
                combatant,
                slot,
                cycle,
                first=not (earlier or before),
                last=not later,
                ends_cycle=cycle_ends and index == len(turns) - 1,
            )
        )
    return coming


# --- per-combatant runtime helpers -------------------------------------------------------
def _fresh_runtime(combatant: Combatant) -> dict[str, Any]:
    base = deal(combatant.stats.get("speed", 0))
    return {
        "base": base,
        "extra": [0] * len(base),
        "played": [False] * len(base),
        "missed": [False] * len(base),
        "next_extra": [],
        "reserve": combatant.runtime.get("reserve", 0) if combatant.runtime else 0,
    }


def _ensure(runtime: dict[str, Any], slots: int) -> None:
    grow = slots - len(runtime["base"])
    if grow > 0:
        runtime["base"].extend([0] * grow)
        runtime["extra"].extend([0] * grow)
        runtime["played"].extend([False] * grow)
        runtime["missed"].extend([False] * grow)


def _total(runtime: dict[str, Any], slot: int) -> int:
    return runtime["base"][slot] + runtime["extra"][slot]


def _turn_exists(runtime: dict[str, Any], slot: int) -> bool:
    return slot < len(runtime["base"]) and (_total(runtime, slot) > 0 or runtime["played"][slot])


def _will_play(runtime: dict[str, Any], slot: int) -> bool:
    """The Turn exists and is (or will be) played: not missed."""
    return _turn_exists(runtime, slot) and not runtime["missed"][slot]


def _where(ref: _TurnRef) -> str:
    return f"Segment {segment_label(ref.slot)}" + (" next Cycle" if ref.next_cycle else "")


def _mark_missed(combatant: Combatant, when: Any) -> None:
    runtime = combatant.runtime
    for slot in range(len(runtime["base"])):
        if not runtime["played"][slot] and _total(runtime, slot) > 0 and when(slot):
            runtime["missed"][slot] = True


def _next_plan(combatant: Combatant) -> list[int]:
    """AP per slot of the combatant's next Cycle as things stand: a fresh deal plus the AP
    already promised to it."""
    plan = deal(combatant.stats.get("speed", 0))
    promised = combatant.runtime.get("next_extra", [])
    plan.extend([0] * (len(promised) - len(plan)))
    for slot, amount in enumerate(promised):
        plan[slot] += amount
    return plan


def _redeal(combatant: Combatant) -> None:
    """Re-deal the Cycle from the new Speed; Turns already played keep what they had."""
    runtime = combatant.runtime
    fresh = deal(combatant.stats["speed"])
    _ensure(runtime, len(fresh))
    for slot in range(len(runtime["base"])):
        if not runtime["played"][slot]:
            runtime["base"][slot] = fresh[slot] if slot < len(fresh) else 0


def _trim(combatant: Combatant, old_speed: int) -> None:
    """Speed drop: take the lost AP from the last unplayed Turns first. A rise re-deals."""
    new_speed = combatant.stats["speed"]
    if new_speed >= old_speed:
        _redeal(combatant)
        return
    runtime = combatant.runtime
    to_remove = old_speed - new_speed
    for slot in reversed(play_order(len(runtime["base"]))):
        if to_remove == 0:
            break
        if runtime["played"][slot]:
            continue
        taken = min(runtime["base"][slot], to_remove)
        runtime["base"][slot] -= taken
        to_remove -= taken


def _key_of(stats: dict[str, Any], combatant: Combatant) -> tuple[int, int]:
    return WarScroll.order_key(Combatant(id=combatant.id, name=combatant.name, stats=stats))


def _deal_text(combatant: Combatant) -> str:
    runtime = combatant.runtime
    shown = ", ".join(
        f"{segment_label(s)}: {_total(runtime, s)}"
        for s in play_order(len(runtime["base"]))
        if _total(runtime, s) > 0
    )
    return (
        f"{combatant.name}'s AP re-dealt for Speed {combatant.stats['speed']}: {shown or 'none'}."
    )
