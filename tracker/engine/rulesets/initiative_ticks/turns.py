"""Turns as the views show them, foreseen by playing End Turn ahead on copies (`Ahead`),
the formal start and end of turn as checklists, and the tick track.

The sequence: Join Battle (the GM's turn, key ("join",)), the free actions (key
("free", id)), then each round's turns (key ("turn", round, id, turns ended so far)),
and, when the round's pending turns are over while delayed turns are still held, the
round's end (the GM's, key ("round_end", round)).

`Turn.values`: "kind" ("join" | "free" | "turn" | "round_end"), "tick" (int | None),
"initiative", "crashed" (bool), "tokens" (recovery tokens, or Crashed turns under
Exalted 3e), "onslaught", "started" (its formal start is applied: the current turn only).
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from tracker.engine.changes import COMBATANTS, ChangeSet, Move
from tracker.engine.kit.checklists import Checklist, Step
from tracker.engine.ruleset import Turn
from tracker.engine.rulesets.initiative_ticks.durations import expires_at
from tracker.engine.rulesets.initiative_ticks.flow import begin_turn, end_turn, find, finish_turn
from tracker.engine.rulesets.initiative_ticks.options import exalted
from tracker.engine.rulesets.initiative_ticks.order import acting_tick, anyone_holding, holding
from tracker.engine.rulesets.initiative_ticks.play import Ahead, Play
from tracker.engine.rulesets.initiative_ticks.state import (
    Clock,
    TurnEnded,
    TurnStarted,
    clock,
    defense_left,
    rt,
)
from tracker.engine.state import Combatant, Encounter

SlotKind = Literal["join", "free", "turn", "round_end"]
SEQUENCE = "initiative_ticks.sequence"  # the memo's key of what was foreseen (`Played`)


class Slot(NamedTuple):
    """A turn foreseen. A named tuple, not a frozen dataclass: as immutable, and made
    three times as fast (the foresight makes one a turn, a round of them at a change)."""

    kind: SlotKind
    round: int
    key: tuple[Any, ...]
    combatant_id: str | None = None
    tick: int | None = None


def slot_now(play: Play) -> Slot | None:
    now = play.now()
    if now.phase == "join":
        return Slot("join", 0, ("join",))
    who = find(play, now.current)
    if now.phase == "free":
        return None if who is None else Slot("free", 0, ("free", who.id), who.id)
    if now.phase != "round":
        return None
    if who is not None:
        key = ("turn", now.round, who.id, play.read(who).turns_ended)
        return Slot("turn", now.round, key, who.id, now.tick)
    if anyone_holding(play.order(), play.read):
        return Slot("round_end", now.round, ("round_end", now.round))
    return None


class Played:
    """The turns foreseen so far (`slots`) and the play where the foresight stopped, after
    the last slot's turn and before its End Turn (None: no turn comes after them); the
    first of them as the views are told them (`turns`, by `turn_of`)."""

    __slots__ = ("play", "slots", "turns")

    def __init__(self, encounter: Encounter) -> None:
        self.slots: list[Slot] = []
        self.play: Ahead | None = Ahead(encounter)
        self.turns: list[Turn] = []

    def extend(self, limit: int) -> None:
        """Foresee up to `limit` turns, on from where the last ask stopped: End Turn is
        played ahead only for a turn with another asked for after it."""
        slots, play = self.slots, self.play
        while play is not None and len(slots) < limit:
            if slots:
                last = slots[-1]
                if last.kind == "join" and any(not rt(c).joined for c in play.encounter.combatants):
                    play = None  # End Turn waits for everyone's Join Battle
                    break
                end_turn(play)
            slot = slot_now(play)
            if slot is None:
                play = None
                break
            slots.append(slot)
        self.play = play


def sequence(encounter: Encounter, limit: int) -> tuple[Slot, ...]:
    """The current turn first, then those End Turn will bring, at most `limit`. What was
    foreseen since the last change answers every shorter ask, and a longer one goes on
    from where it stopped (the views ask for 1, 9, a round for the players' page, a
    page...; each would play the fight ahead again from the current turn)."""
    return tuple(_played(encounter, limit).slots[:limit])


def upcoming(encounter: Encounter, limit: int) -> list[Turn]:
    """`turn_of` each of the first `limit` turns of `sequence`, each made once between
    two changes (the GM's glance, then the players' page's round)."""
    played = _played(encounter, limit)
    made, slots = played.turns, played.slots
    made += [turn_of(encounter, slot) for slot in slots[len(made) : limit]]
    return made[:limit]


def _played(encounter: Encounter, limit: int) -> Played:
    """What was foreseen since the last change, on to `limit` turns (kept in the memo)."""
    memo = encounter.memo
    known: Played | None = memo.get(SEQUENCE) if memo is not None else None
    if known is None:
        known = Played(encounter)
    known.extend(limit)
    if memo is not None and encounter.memo is memo:
        memo[SEQUENCE] = known
    return known


def _sequence(encounter: Encounter, limit: int) -> list[Slot]:
    """The first `limit` turns, foreseen afresh."""
    played = Played(encounter)
    played.extend(limit)
    return played.slots


def turn_of(encounter: Encounter, slot: Slot) -> Turn:
    if slot.kind == "join":
        values: dict[str, Any] = {"kind": "join", "tick": None}
        return Turn(None, slot.key, 0, "Join Battle", "3 + successes", values, "Join Battle")
    if slot.kind == "round_end":
        values = {"kind": "round_end", "tick": None}
        title = "End of the round"
        return Turn(None, slot.key, slot.round, title, "delayed turns held", values, title)
    combatant = encounter.combatant(slot.combatant_id or "")
    runtime = rt(combatant)
    crash = runtime.crash
    values = {
        "kind": slot.kind,
        "tick": slot.tick,
        "initiative": runtime.value,
        "crashed": crash is not None,
        "tokens": 0 if crash is None else (crash.turns if exalted(encounter) else crash.tokens),
        "onslaught": runtime.onslaught,
        "started": runtime.started and slot.key == _current_key(encounter, combatant),
    }
    if slot.kind == "free":
        return Turn(combatant.id, slot.key, 0, "free action", "non-damaging", values)
    grant = f"Initiative {runtime.value}" + (" · Crashed" if crash is not None else "")
    return Turn(combatant.id, slot.key, slot.round, f"tick {slot.tick}", grant, values)


def _current_key(encounter: Encounter, combatant: Combatant) -> tuple[Any, ...]:
    now = clock(encounter)
    return ("turn", now.round, combatant.id, rt(combatant).turns_ended)


# --- the formal start and end, as checklists ----------------------------------------------
def _expiring(encounter: Encounter, points: list[Any], kind: type) -> list[str]:
    return [
        effect.name
        for effect in encounter.effects
        if any(isinstance(p, kind) and expires_at(effect, p) for p in points)
    ]


def start_checklist(encounter: Encounter, combatant: Combatant) -> Checklist:
    """What the formal start of its turn does, in the rules' order (worked out once
    between two changes: the prompt and the tick track both show it)."""
    key = ("initiative_ticks.start_checklist", combatant.id)
    return encounter.derived(key, lambda: _start_checklist(encounter, combatant))


def _start_checklist(encounter: Encounter, combatant: Combatant) -> Checklist:
    play = Ahead(encounter)
    begin_turn(play, combatant)
    runtime = rt(combatant)
    effects = _expiring(encounter, play.points, TurnStarted)
    one_turn = ", ".join(effects) if effects else "none"
    onslaught = f"Onslaught {runtime.onslaught} cleared" if runtime.onslaught else "no Onslaught"
    recovery = [line for line in play.lines if "Crash" in line]
    if not recovery:
        recovery = [_crash_state(encounter, combatant)]
    steps = [
        Step(f"One-turn effects resolve: {one_turn}; {onslaught}.", combatant.id),
        Step(f"Crash recovery: {recovery[0]}", combatant.id),
        Step("If it Rushed or Disengaged last turn and did not get to move, it may move now."),
        Step("Anima flux and other start-of-turn effects resolve."),
    ]
    steps += [Step(line, combatant.id) for line in play.lines if "flurry" in line]
    return Checklist(f"Start of {combatant.name}'s turn", tuple(steps))


def _crash_state(encounter: Encounter, combatant: Combatant) -> str:
    crash = rt(combatant).crash
    if crash is None:
        return "not Crashed."
    if exalted(encounter):
        return f"stays Crashed ({crash.turns} of 3 turns)."
    return f"stays Crashed ({crash.tokens} of 3 recovery tokens)."


def end_checklist(encounter: Encounter, combatant: Combatant) -> Checklist:
    """What the formal end of its turn does, in the rules' order (worked out once
    between two changes)."""
    key = ("initiative_ticks.end_checklist", combatant.id)
    return encounter.derived(key, lambda: _end_checklist(encounter, combatant))


def _end_checklist(encounter: Encounter, combatant: Combatant) -> Checklist:
    play = Ahead(encounter)
    finish_turn(play, combatant)
    effects = _expiring(encounter, play.points, TurnEnded)
    tokens = [line for line in play.lines if "recovery token" in line or "Crashed" in line]
    motes = [line for line in play.lines if "regains" in line]
    if exalted(encounter):
        mote_step = "Motes: none now (Exalted 3e: motes return at the round's end)."
    elif rt(combatant).motes.maximum:
        mote_step = motes[0] if motes else "Motes: the pool is full."
    else:
        mote_step = "Regain 5m from adrenaline (no mote pool tracked)."
    steps = (
        Step(f"Crash: {tokens[0]}" if tokens else "Crash: not Crashed.", combatant.id),
        Step(
            "“Until the end of your next turn” effects resolve: "
            f"{', '.join(effects) if effects else 'none'}.",
            combatant.id,
        ),
        Step(mote_step, combatant.id),
    )
    return Checklist(f"End of {combatant.name}'s turn", steps)


def coming_points(encounter: Encounter) -> list[Any]:
    """The timing points End Turn reaches until the turn after the current one ends."""

    def compute() -> list[Any]:
        play = Ahead(encounter)
        for _ in range(2):
            if slot_now(play) is None:
                break
            end_turn(play)
        # The next turn's formal start is reached when it is ended too (or started).
        return play.points

    return encounter.derived("initiative_ticks.points", compute)


# --- the tick track ------------------------------------------------------------------------
class TickMark(NamedTuple):
    """One combatant on the tick track: its Initiative and the tick it acts on (None
    before Join Battle); acted this round, acting now, Crashed (with recovery tokens, or
    Crashed turns under Exalted 3e), Onslaught, a delayed turn ("holding" or the tick it
    was placed at), flurry penalties, motes, the round it first acts in, its Defense
    less its Onslaught (None: no Defense).

    A named tuple, not a frozen dataclass: as immutable, and made three times as fast
    (a large fight's open makes one for every combatant: 5,000 took ~15 ms)."""

    combatant_id: str
    initiative: int | None
    tick: int | None
    acted: bool = False
    now: bool = False
    crashed: bool = False
    tokens: int = 0
    onslaught: int = 0
    delayed: str = ""
    flurry: bool = False
    first_penalty: int = 0
    motes: tuple[int, int] | None = None
    joins: int = 0
    defense: int | None = None


def track(encounter: Encounter) -> tuple[TickMark, ...]:
    return encounter.derived("initiative_ticks.track", lambda: tuple(_track(encounter)))


def _track(encounter: Encounter) -> list[TickMark]:
    now = clock(encounter)
    by_tokens = not exalted(encounter)
    return [_mark(combatant, now, by_tokens) for combatant in encounter.combatants]


def mark(encounter: Encounter, combatant: Combatant) -> TickMark:
    """One combatant's mark, as `track` has it."""
    return _mark(combatant, clock(encounter), not exalted(encounter))


def marks_changed(changes: ChangeSet) -> set[str] | None:
    """The combatants whose marks a change may have changed, by id; None: any. A mark
    follows its combatant's own state, whether it holds the turn (`now`, with the
    clock's phase: so the holders before and after) and the options (Crash counted
    in turns or tokens); a combatant that came or went has its mark made or dropped,
    and no other's changes for it (a mark names no other combatant, nor a place)."""
    if changes.encounter:
        return None
    came_or_went = {
        edit.item.id for edit in changes.edits_of(COMBATANTS) if not isinstance(edit, Move)
    }
    return changes.combatants | changes.turn_holders | came_or_went


def _mark(combatant: Combatant, now: Clock, by_tokens: bool) -> TickMark:
    runtime = rt(combatant)
    crash = runtime.crash
    hold = runtime.hold
    delayed = ""
    if hold is not None:
        delayed = "holding" if holding(runtime) else f"at tick {hold.at}"
    motes = runtime.motes
    return TickMark(
        combatant.id,
        runtime.value if runtime.joined else None,
        acting_tick(runtime) if runtime.joined else None,
        acted=runtime.acted,
        now=now.current == combatant.id and now.phase in ("free", "round"),
        crashed=crash is not None,
        tokens=0 if crash is None else (crash.tokens if by_tokens else crash.turns),
        onslaught=runtime.onslaught,
        delayed=delayed,
        flurry=runtime.flurry or runtime.flurry_next,
        first_penalty=runtime.first_penalty,
        motes=(motes.current, motes.maximum) if motes.maximum else None,
        joins=runtime.joins,
        defense=defense_left(combatant, runtime),
    )
