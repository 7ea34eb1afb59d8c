"""The flow of the fight: Join Battle, the free actions, rounds and turns, each turn's
formal start and end (applied in the rules' order), delayed turns at the round's end.

Formal start of a turn: (1) effects that last one turn resolve and Onslaught is
cleared; (2) Crash recovery (3 tokens, or 3 turns under Exalted 3e); the flurry of the
last turn puts −3 on this turn's first action. Formal end: (1) recovery tokens if
Crashed; (2) "until the end of your next turn" effects resolve; (3) +5m (Venture).

End Turn on a combatant whose start is not applied yet applies it first. Written
against `Play`, so `turns` foresees exactly what End Turn will do.
"""

from __future__ import annotations

from tracker.engine.rulesets.initiative_ticks.crash import recovery_at_end, recovery_at_start
from tracker.engine.rulesets.initiative_ticks.options import (
    SHIFT_TURN,
    UNUSED_DELAY,
    chosen,
    exalted,
)
from tracker.engine.rulesets.initiative_ticks.order import (
    acting_tick,
    anyone_holding,
)
from tracker.engine.rulesets.initiative_ticks.play import Play
from tracker.engine.rulesets.initiative_ticks.state import (
    FLURRY_PENALTY,
    MOTES_BACK,
    RoundEnded,
    TurnEnded,
    TurnStarted,
    signed,
)
from tracker.engine.state import Combatant


def find(play: Play, combatant_id: str | None) -> Combatant | None:
    """The combatant (the order holds the encounter's: between changes a look-up)."""
    return play.find(combatant_id)


# --- a turn's formal start and end ---------------------------------------------------------
def begin_turn(play: Play, combatant: Combatant) -> None:
    """The formal start of the combatant's turn (once per turn)."""
    runtime = play.write(combatant)
    if runtime.started:
        return
    runtime.started, runtime.attacked = True, False
    runtime.turns_started += 1
    runtime.uses.reset()
    name = combatant.name
    play.log(f"Start of {name}'s turn (tick {play.now().tick}).", "turn")
    play.reach(TurnStarted(combatant.id, runtime.turns_started))
    if runtime.onslaught:
        play.log(f"{name}'s Onslaught ({signed(-runtime.onslaught)} Defense) is cleared.")
        runtime.onslaught = 0
    for line in recovery_at_start(play.encounter, combatant, runtime, play.now().round):
        play.log(line)
    if runtime.flurry_next:
        runtime.flurry_next, runtime.first_penalty = False, FLURRY_PENALTY
        play.log(
            f"{name}'s first action this turn is at {signed(FLURRY_PENALTY)} (last turn's flurry)."
        )
    play.arrange()


def finish_turn(play: Play, combatant: Combatant) -> None:
    """The formal end of the combatant's turn; its turn of this round is over (unless it
    Shifted and the option grants it another)."""
    begin_turn(play, combatant)
    runtime = play.write(combatant)
    for line in recovery_at_end(play.encounter, combatant, runtime):
        play.log(line)
    runtime.turns_ended += 1
    play.reach(TurnEnded(combatant.id, runtime.turns_ended))
    motes = runtime.motes
    if not exalted(play.encounter) and motes.maximum:
        gained = motes.gain(MOTES_BACK)
        if gained:
            play.log(f"{combatant.name} regains {gained}m ({motes.current}/{motes.maximum}).")
    if runtime.flurry:
        runtime.flurry, runtime.flurry_next = False, True
    runtime.first_penalty = 0
    runtime.started, runtime.hold = False, None
    again = runtime.shifted and chosen(play.encounter, SHIFT_TURN) == "act_again"
    runtime.acted, runtime.shifted = not again, False
    play.log(f"End of {combatant.name}'s turn.", "turn")
    if again:
        play.log(f"{combatant.name} Shifted: it acts again this round.", "turn")


# --- moving on -----------------------------------------------------------------------------
def advance(play: Play) -> None:
    """The next turn: the next free action, the next pending combatant of the round, the
    round's end when delayed turns are held, or the next round."""
    now = play.now()
    if now.phase == "free":
        waiting = play.next_free()
        if waiting is not None:
            play.change_clock().current = waiting.id
            return
        begin_round(play, 1)
        return
    if now.phase != "round":
        return
    play.arrange()
    following = play.first_pending(now.round)
    if following is not None:
        take_turn(play, following)
    elif anyone_holding(play.order(), play.read):
        play.change_clock().current = None
    else:
        end_round(play)


def take_turn(play: Play, combatant: Combatant) -> None:
    clock = play.change_clock()
    tick = acting_tick(play.read(combatant))
    clock.current = combatant.id
    clock.tick = tick if clock.tick is None else min(tick, clock.tick)


def end_round(play: Play) -> None:
    """The round is over: delayed turns lost or carried (option), motes per round
    (Exalted 3e), then the next round."""
    number = play.now().round
    carried = chosen(play.encounter, UNUSED_DELAY) == "carried"
    for combatant in play.order():
        runtime = play.read(combatant)
        if runtime.hold is not None and runtime.hold.at is None:
            if carried:
                play.log(f"{combatant.name} keeps its delayed turn into the next round.")
            else:
                play.write(combatant).hold = None
                play.log(f"{combatant.name}'s delayed turn is lost.")
        if exalted(play.encounter) and runtime.motes.current < (runtime.motes.maximum or 0):
            motes = play.write(combatant).motes
            gained = motes.gain(MOTES_BACK)
            if gained:
                play.log(f"{combatant.name} regains {gained}m ({motes.current}/{motes.maximum}).")
    play.reach(RoundEnded(number))
    play.log(f"End of round {number}.", "turn")
    begin_round(play, number + 1)


def begin_round(play: Play, number: int) -> None:
    clock = play.change_clock()
    clock.phase, clock.round, clock.tick, clock.current = "round", number, None, None
    for combatant in play.order():
        runtime = play.read(combatant)
        carried = runtime.hold is not None and runtime.hold.at is None
        if runtime.acted or (runtime.hold is not None and not carried) or runtime.started:
            changed = play.write(combatant)
            changed.acted, changed.started = False, False
            if not carried:
                changed.hold = None
    play.arrange()
    first = play.first_pending(number)
    if first is not None:
        play.log(f"Round {number} begins at tick {acting_tick(play.read(first))}.", "turn")
        take_turn(play, first)
    else:
        play.log(f"Round {number} begins: nobody can act.", "turn")


def end_turn(play: Play) -> None:
    """What End Turn does in each phase (its refusals are the caller's)."""
    now = play.now()
    if now.phase == "join":
        begin_free(play)
    elif now.phase == "free":
        who = find(play, now.current)
        if who is not None:
            play.write(who).free_done = True
            play.log(f"{who.name} has taken its free action.", "turn")
        advance(play)
    elif now.phase == "round":
        who = find(play, now.current)
        if who is None:
            end_round(play)
            return
        finish_turn(play, who)
        advance(play)


def begin_free(play: Play) -> None:
    """Everyone has joined battle: the free actions, highest Initiative first."""
    clock = play.change_clock()
    clock.phase, clock.round, clock.current = "free", 0, None
    play.arrange()
    play.log("Everyone has joined battle: free actions, highest Initiative first.", "turn")
    advance(play)
