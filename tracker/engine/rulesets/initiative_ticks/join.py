"""Join Battle (3 + successes), late joiners, delayed turns (spend 1i and hold; act now,
or be dragged to where it acts), and the free actions after Join Battle."""

from __future__ import annotations

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.kit.holds import Hold
from tracker.engine.rulesets.initiative_ticks.flow import advance, begin_turn, take_turn
from tracker.engine.rulesets.initiative_ticks.options import LATE_JOINER, chosen
from tracker.engine.rulesets.initiative_ticks.order import acting_tick, current
from tracker.engine.rulesets.initiative_ticks.play import Real
from tracker.engine.rulesets.initiative_ticks.state import (
    DELAY_COST,
    JOIN_BASE,
    clock,
    rt,
    touch,
    touch_clock,
)
from tracker.engine.state import Combatant, Encounter


def join_battle(
    tx: Transaction, encounter: Encounter, combatant: Combatant, successes: int
) -> None:
    now = clock(encounter)
    runtime = rt(combatant)
    if runtime.joined and now.phase in ("free", "round"):
        raise CommandError(
            f"{combatant.name} has already joined battle: adjust its Initiative instead."
        )
    runtime = touch(tx, combatant)
    runtime.joined, runtime.successes = True, successes
    runtime.initiative.current = JOIN_BASE + successes
    value = runtime.initiative.current
    note = ""
    if now.phase == "round":
        runtime.free_done = True
        runtime.joins = now.round
        if now.tick is not None and value > now.tick:
            if chosen(encounter, LATE_JOINER) == "next_round":
                runtime.joins = now.round + 1
                note = f"; tick {value} has passed: it acts from round {now.round + 1}"
            else:
                note = f"; tick {value} has passed: it acts at once"
    tx.log(f"{combatant.name} joins battle: 3 + {successes} successes = Initiative {value}{note}.")


def free_action(tx: Transaction, encounter: Encounter, note: str) -> None:
    now = clock(encounter)
    who = current(encounter)
    if now.phase != "free" or who is None:
        raise CommandError("Free actions come right after Join Battle.")
    touch(tx, who).free_done = True
    what = f": {note.strip()}" if note.strip() else ""
    tx.log(f"{who.name} takes its free action{what}.", "action")
    advance(Real(tx))


def delay(tx: Transaction, encounter: Encounter, until: int) -> None:
    now = clock(encounter)
    who = current(encounter)
    if now.phase != "round" or who is None or now.tick is None:
        raise CommandError("A turn is delayed when its tick comes up.")
    runtime = rt(who)
    refusal = f"{who.name} has already delayed this turn."
    if runtime.hold is not None or (runtime.started and runtime.uses.count("delay")):
        raise CommandError(refusal)
    if until and until >= now.tick:
        raise CommandError(f"A delayed turn comes later: below tick {now.tick}.", "until")
    if runtime.initiative.current < DELAY_COST:
        raise CommandError(f"Delaying costs {DELAY_COST}i; {who.name} has {runtime.value}i.")
    begin_turn(Real(tx), who)
    runtime = touch(tx, who)
    runtime.uses.use("delay", 1, refusal)
    before = runtime.initiative.current
    runtime.initiative.current -= DELAY_COST
    runtime.hold = Hold(now.round, until or None)
    where = f"until tick {until}" if until else "until it says so"
    tx.log(
        f"{who.name} delays its turn {where}: Initiative {before} → "
        f"{runtime.initiative.current} (−{DELAY_COST}).",
        "action",
    )
    touch_clock(tx).current = None
    advance(Real(tx))


def act_now(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    now = clock(encounter)
    runtime = rt(combatant)
    if runtime.hold is None:
        raise CommandError(f"{combatant.name} has no delayed turn to take.")
    if now.phase != "round" or now.current == combatant.id:
        raise CommandError(f"{combatant.name}'s turn is already under way.")
    touch(tx, combatant).hold = None
    interrupted = current(encounter)
    tx.log(
        f"{combatant.name} takes its delayed turn now"
        + (f", before {interrupted.name}" if interrupted is not None else "")
        + ".",
        "turn",
    )
    take_turn(Real(tx), combatant)


def place_dragged(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    """A delayed turn dragged: it acts at the tick of the combatant now above it (the
    round's tick at the top), never above the round's tick."""
    now = clock(encounter)
    index = encounter.index_of(combatant.id)
    tick = now.tick if now.tick is not None else acting_tick(rt(combatant))
    if index > 0:
        tick = min(tick, acting_tick(rt(encounter.combatants[index - 1])))
    runtime = touch(tx, combatant)
    hold = runtime.hold or Hold(now.round)
    hold.place(tick, tick)
    runtime.hold = hold
    tx.log(f"{combatant.name}'s delayed turn now comes at tick {tick}.", "action")
