"""Turns and rounds: starting Priority, bringing up the next turn, beginning it (the first
thing the creature does, `actor`), waiting and the pause after a turn, ending turns and
rounds, and creatures leaving mid-fight. The readings: the package notes, "Starting a
turn" and "Waiting"."""

from __future__ import annotations

from typing import Any

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.rulesets.priority import durations, pools
from tracker.engine.rulesets.priority.creatures import (
    has_slot,
    in_conflict,
    minor_pool,
    name_of,
    need,
    npcs_in_soulweaver_turn,
    pending,
    require_started,
    waiting_creatures,
)
from tracker.engine.rulesets.priority.options import option
from tracker.engine.rulesets.priority.prompts import prompt, require_no_prompt
from tracker.engine.rulesets.priority.reactions import close_lone_trigger, end_interrupt
from tracker.engine.rulesets.priority.schedule import elapsed
from tracker.engine.rulesets.priority.state import (
    MAJOR_POOL,
    SOULWEAVER,
    Gap,
    Reminder,
    clock_of,
    state_of,
    touch_clock,
    touch_state,
)
from tracker.engine.state import Combatant, Encounter


# --- moving on -------------------------------------------------------------------------
def start(tx: Transaction, encounter: Encounter) -> None:
    if not encounter.combatants:
        raise CommandError("Add creatures to Priority before it starts.")
    require_no_prompt(encounter)
    clock = touch_clock(tx)
    clock.started, clock.round, clock.current, clock.begun = True, 1, None, False
    tx.log("Priority begins: Round 1 (0 s).", "start")
    advance(tx, encounter)


def set_up_next(tx: Transaction, encounter: Encounter) -> None:
    """The next turn comes up (not begun); the Soulweaver's too (it begins when the
    pause is over)."""
    clock = touch_clock(tx)
    clock.current = None
    following = next(pending(encounter), None)
    clock.current = following.id if following is not None else SOULWEAVER
    clock.begun = False


def advance(tx: Transaction, encounter: Encounter) -> None:
    """Bring up the next turn of this round: a creature's (up, not begun) or, with
    nobody left, the Soulweaver's (begun at once)."""
    set_up_next(tx, encounter)
    clock = clock_of(encounter)
    if clock.current == SOULWEAVER:
        tx.log(f"Round {clock.round}: the Soulweaver's turn.", "turn")
        begin_current(tx, encounter)
    else:
        tx.log(f"Round {clock.round}: {name_of(encounter, clock.current)}'s turn.", "turn")


def _after_turn(tx: Transaction, encounter: Encounter, after: str) -> None:
    """A turn ended: pause for waiting creatures if any, else move on."""
    if not waiting_creatures(encounter):
        advance(tx, encounter)
        return
    set_up_next(tx, encounter)
    touch_clock(tx).gap = Gap(after=after)
    names = ", ".join(c.name for c in waiting_creatures(encounter))
    tx.log(f"Waiting ({names}) may act now.", "turn")


def settle_gap(tx: Transaction, encounter: Encounter) -> None:
    """Close the pause once nobody waits; the Soulweaver's turn then begins."""
    clock = clock_of(encounter)
    if clock.gap is None or waiting_creatures(encounter):
        return
    touch_clock(tx).gap = None
    if clock.current == SOULWEAVER and not clock.begun:
        tx.log(f"Round {clock.round}: the Soulweaver's turn.", "turn")
        begin_current(tx, encounter)


# --- beginning a turn ------------------------------------------------------------------
def begin_current(tx: Transaction, encounter: Encounter) -> None:
    clock = touch_clock(tx)
    clock.begun = True
    if clock.current == SOULWEAVER:
        for npc in npcs_in_soulweaver_turn(encounter):
            _start_of_turn(tx, encounter, npc)
        return
    _start_of_turn(tx, encounter, encounter.combatant(_current(encounter)))


def _current(encounter: Encounter) -> str:
    current = clock_of(encounter).current
    if current is None:  # only between two steps of one command
        raise CommandError("No turn is current.")
    return current


def _start_of_turn(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    state = touch_state(tx, combatant)
    state.had_turn = True
    cleared = " (pips marked before it clear)" if pools.clear(state) else ""
    granted = pools.pools_text(MAJOR_POOL, minor_pool(combatant))
    tx.log(f"{combatant.name}'s turn begins: {granted}{cleared}.", "turn")
    if state.prepared:
        tx.log(f"{combatant.name}'s prepared action ({state.prepared}) lapses unused.", "change")
        state.prepared = None
    durations.tick(tx, encounter, combatant, waiting=False)


def actor(tx: Transaction, encounter: Encounter, combatant_id: str | None) -> Combatant:
    """The creature taking an action on its own turn (an NPC inside the Soulweaver's
    turn must be named); begins a turn that is only up."""
    require_started(encounter)
    clock = clock_of(encounter)
    if clock.interrupts:
        raise CommandError(
            "A prepared action is interrupting: its single action is already paid by the "
            "Prepare Action. End it first."
        )
    if clock.exchange is not None:
        raise CommandError("Reactions are open: resolve them first.")
    if clock.current == SOULWEAVER:
        if combatant_id is None:
            raise CommandError("The Soulweaver's turn has no action pools: name the NPC.")
        combatant = encounter.combatant(combatant_id)
        if has_slot(encounter, combatant):
            raise CommandError(
                f"It is not {combatant.name}'s turn: off its turn it can only react."
            )
    else:
        combatant = encounter.combatant(combatant_id or _current(encounter))
        if combatant.id != clock.current:
            raise CommandError(
                f"It is not {combatant.name}'s turn: off its turn it can only react."
            )
    if not clock.begun:
        require_no_prompt(encounter)
        begin_current(tx, encounter)
    return combatant


# --- ending turns and rounds -----------------------------------------------------------
def end_turn(tx: Transaction, encounter: Encounter) -> None:
    clock = clock_of(encounter)
    if clock.interrupts:
        require_no_prompt(encounter)
        end_interrupt(tx, encounter)
        return
    require_no_prompt(encounter)
    if clock.current == SOULWEAVER:
        _end_round(tx, encounter)
        return
    combatant = encounter.combatant(_current(encounter))
    if not clock.begun:
        begin_current(tx, encounter)
    round_ = clock.round
    touch_state(tx, combatant).done_round = round_
    tx.log(f"{combatant.name}'s turn ends.", "turn")
    touch_clock(tx).current = None
    tx.reach(durations.TurnEnded(combatant.id, round_))
    _after_turn(tx, encounter, combatant.id)


def _end_round(tx: Transaction, encounter: Encounter) -> None:
    clock = touch_clock(tx)
    round_ = clock.round
    tx.log("The Soulweaver's turn ends.", "turn")
    clock.current = None
    tx.reach(durations.TurnEnded(None, round_))
    lose = option(encounter, "waiting_at_soulweaver") == "lose_turn"
    for creature in waiting_creatures(encounter):
        tx.log(
            f"{creature.name} is still waiting: its effects tick as if its turn had started.",
            "turn",
        )
        durations.tick(tx, encounter, creature, waiting=True)
        if lose:
            state = touch_state(tx, creature)
            state.waiting = False
            state.done_round = round_
            tx.log(f"{creature.name} loses Round {round_}'s turn.", "turn")
    for other in encounter.combatants:  # NPCs inside the Soulweaver's turn never wait
        if state_of(other).waiting and not has_slot(encounter, other):
            touch_state(tx, other).waiting = False
    tx.reach(durations.RoundEnded(round_))
    for creature in encounter.combatants:
        if not in_conflict(creature):
            continue
        minute = touch_state(tx, creature).count_round_in_conflict()
        if minute is not None:
            clock.overexertion.append(Reminder(combatant_id=creature.id, minute=minute))
            unit = "minute" if minute == 1 else "minutes"
            tx.log(
                f"{creature.name} has been in Conflict for {minute} {unit}: roll Overexertion.",
                "turn",
            )
    clock.round = round_ + 1
    tx.log(f"Round {round_ + 1} begins ({elapsed(round_ + 1)} s).", "turn")
    _after_turn(tx, encounter, SOULWEAVER)


# --- a creature leaves -----------------------------------------------------------------
def on_removed(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    clock = clock_of(encounter)
    if not clock.started:
        return
    if any(frame.by == combatant.id for frame in clock.interrupts):
        touched = touch_clock(tx)
        touched.interrupts = [f for f in touched.interrupts if f.by != combatant.id]
        tx.log(f"{combatant.name}'s prepared action ends: it left.", "turn")
    if any(entry.combatant_id == combatant.id for entry in clock.overexertion):
        touched = touch_clock(tx)
        touched.overexertion = [e for e in touched.overexertion if e.combatant_id != combatant.id]
    if clock.current == combatant.id:
        touched = touch_clock(tx)
        touched.current = None
        if touched.gap is not None:
            set_up_next(tx, encounter)
        else:
            advance(tx, encounter)
    settle_gap(tx, encounter)
    close_lone_trigger(tx, encounter)


# --- the creature whose turn is up; the pause after a turn -----------------------------
def do_begin_turn(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    require_started(encounter)
    clock = clock_of(encounter)
    if clock.interrupts:
        raise CommandError("A prepared action is interrupting: end it first.")
    if clock.current == SOULWEAVER or clock.begun:
        raise CommandError("The current turn has already begun.")
    if combatant_id not in (None, clock.current):
        raise CommandError(f"It is not {name_of(encounter, combatant_id)}'s turn.")
    require_no_prompt(encounter)
    begin_current(tx, encounter)


def do_wait(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    require_started(encounter)
    clock = clock_of(encounter)
    if clock.interrupts:
        raise CommandError("A prepared action is interrupting: end it first.")
    if clock.current == SOULWEAVER:
        raise CommandError("The Soulweaver's turn cannot wait.")
    combatant = encounter.combatant(_current(encounter))
    if combatant_id not in (None, combatant.id):
        raise CommandError(
            f"Only {combatant.name}, whose turn would start, can wait now "
            f"({name_of(encounter, combatant_id)} waits when its own turn comes)."
        )
    if clock.begun:
        raise CommandError(
            f"{combatant.name}'s turn has begun: a creature can only wait as its turn would start."
        )
    require_no_prompt(encounter)
    touch_state(tx, combatant).waiting = True
    tx.log(f"{combatant.name} waits.", "action")
    advance(tx, encounter)


def _require_gap(encounter: Encounter) -> None:
    require_started(encounter)
    pending_prompt = prompt(encounter)
    if pending_prompt is None or pending_prompt.key[0] != "act_now":
        if clock_of(encounter).gap is not None and pending_prompt is not None:
            raise CommandError(f"First answer: {pending_prompt.title} — {pending_prompt.question}")
        raise CommandError("No one can act now: that is offered only after a turn ends.")


def do_act_now(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    _require_gap(encounter)
    combatant = need(encounter, combatant_id, "Act now")
    if combatant.id not in [c.id for c in waiting_creatures(encounter)]:
        raise CommandError(f"{combatant.name} is not waiting.")
    clock = clock_of(encounter)
    after = clock.gap.after if clock.gap is not None else SOULWEAVER
    ids = [c.id for c in encounter.combatants if c is not combatant]
    if after == SOULWEAVER:
        index = 0
    elif after in ids:
        index = ids.index(after) + 1
    elif clock.current in ids:
        index = ids.index(_current(encounter))
    else:
        index = len(ids)
    tx.move_combatant(encounter.index_of(combatant.id), index)
    state = touch_state(tx, combatant)
    state.waiting = False
    state.moved = True
    act_now(tx, encounter, combatant, index)


def act_now(tx: Transaction, encounter: Encounter, combatant: Combatant, index: int) -> None:
    """During the pause, the waiting creature (now at `index`) takes its turn at once."""
    clock = touch_clock(tx)
    if clock.gap is None:
        raise CommandError("No one can act now: that is offered only after a turn ends.")
    after = clock.gap.after
    clock.gap = None
    if after == SOULWEAVER:
        when = "as the round begins"
    else:
        when = f"after {name_of(encounter, after)}'s turn"
    tx.log(
        f"{combatant.name} acts now, {when}: its place in Priority is now {index + 1}.",
        "action",
    )
    clock.current = combatant.id
    clock.begun = False
    begin_current(tx, encounter)


def do_no_one_acts(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    _require_gap(encounter)
    clock = touch_clock(tx)
    clock.gap = None
    tx.log("No waiting creature acts now.", "action")
    if clock.current == SOULWEAVER:
        tx.log(f"Round {clock.round}: the Soulweaver's turn.", "turn")
        begin_current(tx, encounter)
    else:
        tx.log(f"Round {clock.round}: {name_of(encounter, clock.current)}'s turn.", "turn")
