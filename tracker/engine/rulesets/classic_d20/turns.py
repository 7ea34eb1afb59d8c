"""Rounds and turns: the start, each turn's beginning and end, Delay and acting now,
the lair's turn, and the rounds (waiting for initiative rolls when someone has none,
or, with the option, as each round begins).

A turn begins: its `TurnStarted` point (effects ending then end), what it grants, a
readied action lapses, legendary actions come back, a death save or recovery check is
due. It ends: `TurnEnded` (effects ending then end; valued conditions count down;
persistent damage is dealt and its flat check asked); surprise lifts after the first.
After a turn ends, while someone delays, the fight pauses (`gap_after`): a delaying
creature may act now (its initiative becomes that point for good), or no one does.
"""

from __future__ import annotations

from tracker.engine.changes import COMBATANTS, Transaction
from tracker.engine.errors import CommandError
from tracker.engine.kit.holds import Hold
from tracker.engine.kit.moments import RoundEnded, TurnEnded, TurnStarted
from tracker.engine.rulesets.classic_d20 import hit_points, resources
from tracker.engine.rulesets.classic_d20.effects_turn import end_of_turn_effects
from tracker.engine.rulesets.classic_d20.options import may_delay, rerolls
from tracker.engine.rulesets.classic_d20.order import (
    initiative,
    members,
    resort,
    slots,
    unsettled_ties,
)
from tracker.engine.rulesets.classic_d20.state import (
    LAIR,
    LAIR_COUNT,
    census,
    clock,
    rt,
    touch,
    touch_clock,
)
from tracker.engine.state import Combatant, Encounter


def unrolled(encounter: Encounter) -> list[Combatant]:
    """Who is still to roll initiative, in list order."""
    if encounter.memo is None:  # while a command runs: only this is asked
        return [c for c in encounter.combatants if not rt(c).rolled]
    return list(census(encounter).unrolled)


def waiting_for_rolls(encounter: Encounter) -> bool:
    if encounter.memo is None:  # while a command runs: the first one still to roll
        rolling = any(not rt(c).rolled for c in encounter.combatants)
    else:
        rolling = bool(census(encounter).unrolled)
    return rolling or bool(unsettled_ties(encounter))


def start(tx: Transaction, encounter: Encounter) -> None:
    if not encounter.combatants:
        raise CommandError("Add combatants before the fight starts.")
    now = touch_clock(tx)
    now.started, now.round = True, 1
    tx.log("Roll initiative! Round 1.", "start")
    open_round(tx, encounter)


def open_round(tx: Transaction, encounter: Encounter, *, begin: bool = True) -> None:
    """Begin the clock's round, or wait for initiative rolls."""
    now = touch_clock(tx)
    now.current, now.index, now.gap_after = None, 0, None
    if waiting_for_rolls(encounter) or not slots(encounter):
        if not now.rolling:
            now.rolling = True
            tx.log(f"Round {now.round} waits for initiative rolls.", "turn")
        return
    now.rolling = False
    if now.round == 1 or rerolls(encounter):  # later rounds keep the order (delays)
        resort(tx, encounter)
    begin_slot(tx, encounter, 0, begin=begin)


def try_open(tx: Transaction, encounter: Encounter) -> None:
    """After a roll: the waiting round begins once nobody owes one."""
    if clock(encounter).rolling and not waiting_for_rolls(encounter):
        open_round(tx, encounter)


def current_members(encounter: Encounter) -> list[Combatant]:
    """Who acts in the current turn (a group acts together); none on the lair's turn or
    between turns."""
    now = clock(encounter)
    if not now.started or now.current in (None, LAIR) or now.gap_after is not None:
        return []
    combatant = encounter.find(now.current)
    return members(encounter, combatant) if combatant is not None else []


def begin_slot(
    tx: Transaction,
    encounter: Encounter,
    index: int,
    *,
    begin: bool = True,
    found: list[str] | None = None,
) -> None:
    """The turn at `index` of the round's turns is up (the next round past the end); it
    begins at once, or (`begin` False: the pause after a turn while someone delays)
    when the pause ends (`start_current`). `found`: the round's turns, when the caller
    has them already (a pass over the whole order)."""
    if found is None:
        found = slots(encounter)
    if index >= len(found):
        next_round(tx, encounter, begin=begin)
        return
    now = touch_clock(tx)
    now.index, now.current = index, found[index]
    if begin:
        start_current(tx, encounter)


def start_current(tx: Transaction, encounter: Encounter) -> None:
    """The turn that is up begins: its creatures' turns start (a delay through a whole
    round is lost here)."""
    now = clock(encounter)
    if now.current == LAIR:
        tx.log(f"Round {now.round}, initiative count {LAIR_COUNT}: the lair acts.", "turn")
        return
    combatant = encounter.find(now.current)
    if combatant is None:
        return
    acting = members(encounter, combatant)
    for member in acting:
        if rt(member).delay is not None:
            touch(tx, member).delay = None
            tx.log(
                f"{member.name} delayed through a whole round: the delayed turn is lost; it "
                "acts at its place.",
                "turn",
            )
    names = ", ".join(m.name for m in acting)
    tx.log(f"Round {now.round}: {names}'s turn (initiative {initiative(combatant)}).", "turn")
    for member in acting:
        begin_creature(tx, encounter, member)


def end_pause(tx: Transaction, encounter: Encounter) -> None:
    """No delaying creature acts now: the turn that is up begins."""
    if clock(encounter).gap_after is None:
        raise CommandError("No turn just ended with someone delaying.")
    touch_clock(tx).gap_after = None
    tx.log("No delaying creature acts now.", "turn")
    start_current(tx, encounter)


def begin_creature(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    round_ = clock(encounter).round
    tx.reach(TurnStarted(combatant.id, round_))
    resources.refresh(tx, encounter, combatant, round_)
    hit_points.turn_start(tx, encounter, combatant)


def end_creature(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    round_ = clock(encounter).round
    tx.reach(TurnEnded(combatant.id, round_))
    end_of_turn_effects(tx, encounter, combatant)
    resources.end_first_turn(tx, combatant)


def delaying(encounter: Encounter) -> list[Combatant]:
    """Who delays, in list order."""
    if encounter.memo is None:  # while a command runs: only this is asked
        return [c for c in encounter.combatants if c.runtime.delay is not None]  # not `rt`
    return list(census(encounter).delaying)


def end_turn(tx: Transaction, encounter: Encounter) -> None:
    now = clock(encounter)
    if not now.started:
        raise CommandError("There is no current turn: start the encounter first.")
    if now.rolling:
        raise CommandError(rolling_reason(encounter))
    if now.gap_after is not None:
        raise CommandError(
            "A delaying creature may act now: answer first (one acts now, or no one does)."
        )
    if now.current is None:
        raise CommandError("Nobody has a turn right now.")
    acting = current_members(encounter)
    found = slots(encounter)  # read before anything changes: worked out already
    for member in acting:
        due = hit_points.due_check(encounter, member)
        if due is not None:
            what = "recovery check" if due == "recovery" else "death saving throw"
            raise CommandError(f"{member.name} makes its {what} first (it is due).")
    for member in acting:
        end_creature(tx, encounter, member)
    if now.current == LAIR:
        tx.log("The lair's turn ends.", "turn")
    ended = now.current
    waiting = [c for c in delaying(encounter) if c not in acting]
    pause = bool(waiting) and may_delay(encounter) and ended != LAIR
    # The end of a turn changes no initiative, roll, name or side: the round's turns are
    # as they were, unless the list itself changed.
    advance(
        tx, encounter, begin=not pause, found=None if tx.changes.edits_of(COMBATANTS) else found
    )
    after = clock(encounter)
    if pause and after.current is not None and not after.rolling:
        touch_clock(tx).gap_after = ended
        names = ", ".join(c.name for c in waiting)
        tx.log(f"Delaying ({names}) may act now.", "turn")
    elif pause and after.current is not None:
        start_current(tx, encounter)


def advance(
    tx: Transaction, encounter: Encounter, *, begin: bool = True, found: list[str] | None = None
) -> None:
    """The next turn of the round is up. `found`: the round's turns, when known."""
    now = clock(encounter)
    if found is None:
        found = slots(encounter)
    position = found.index(now.current) if now.current in found else now.index - 1
    begin_slot(tx, encounter, position + 1, begin=begin, found=found)


def next_round(tx: Transaction, encounter: Encounter, *, begin: bool = True) -> None:
    now = touch_clock(tx)
    tx.reach(RoundEnded(now.round))
    now.round += 1
    now.current, now.gap_after = None, None
    tx.log(f"Round {now.round} begins.", "turn")
    if rerolls(encounter):
        for combatant in encounter.combatants:
            state = touch(tx, combatant)
            state.rolled, state.tiebreak = False, []
        tx.log("Everyone rolls initiative again.", "turn")
    open_round(tx, encounter, begin=begin)


def rolling_reason(encounter: Encounter) -> str:
    names = [c.name for c in unrolled(encounter)]
    if names:
        return f"Waiting for initiative: {', '.join(names[:6])} still to roll."
    tied = [c.name for c in unsettled_ties(encounter)]
    if tied:
        return f"Waiting for tie rolls: {', '.join(tied[:6])} still to roll a d20."
    return "Waiting for initiative: add a combatant."


# --- Delay ----------------------------------------------------------------------------------
def delay(tx: Transaction, encounter: Encounter, who: Combatant) -> None:
    """As its turn would start, it Delays: its end-of-turn effects happen now; after any
    other creature's turn it may act, its initiative becoming that point for good."""
    if not may_delay(encounter):
        raise CommandError("Delay is not a 5e action (the option can allow it).")
    if len(members(encounter, who)) > 1:
        raise CommandError(f"{who.name} acts with its group: a group cannot delay.")
    state = rt(who)
    if state.acted:
        raise CommandError(f"{who.name} has already acted this turn: too late to delay.")
    if hit_points.due_check(encounter, who) is not None:
        raise CommandError(f"{who.name} makes its death save or recovery check first.")
    end_creature(tx, encounter, who)
    touch(tx, who).delay = Hold(since=clock(encounter).round)
    tx.log(f"{who.name} delays.", "action")
    advance(tx, encounter)


def act_now(tx: Transaction, encounter: Encounter, who: Combatant) -> None:
    """A delaying creature acts in the pause after a turn: it moves just before the turn
    that is up, its initiative that point for good (the initiative of the creature whose
    turn ended; at a round's turn, of the one that is up), and its turn begins."""
    now = clock(encounter)
    if rt(who).delay is None:
        raise CommandError(f"{who.name} is not delaying.")
    if now.gap_after is None or now.current is None:
        raise CommandError("A delaying creature acts when another creature's turn ends.")
    if len(members(encounter, who)) > 1:
        raise CommandError(f"{who.name} acts with its group now: it cannot act alone.")
    others = [c for c in encounter.combatants if c is not who]
    ended = encounter.find(now.gap_after)
    if now.current == LAIR:
        destination = next(
            (i for i, c in enumerate(others) if rt(c).rolled and initiative(c) < LAIR_COUNT),
            len(others),
        )
        high = ended is not None and initiative(ended) >= LAIR_COUNT
        value = initiative(ended) if ended is not None and high else LAIR_COUNT
    else:
        up = members(encounter, encounter.combatant(now.current))[0]
        if up is who:  # back at its own place: the delayed turn is lost, it acts there
            touch_clock(tx).gap_after = None
            start_current(tx, encounter)
            return
        destination = others.index(up)
        before = ended is not None and ended in others and others.index(ended) < destination
        value = initiative(ended) if ended is not None and before else initiative(up)
    source = encounter.index_of(who.id)
    touch(tx, who).delay = None
    if destination != source:
        tx.move_combatant(source, destination)
    tx.touch(who).stats["initiative"] = value
    touched = touch_clock(tx)
    touched.gap_after = None
    found = slots(encounter)
    touched.current, touched.index = who.id, found.index(who.id)
    tx.log(f"{who.name} stops delaying and acts now: initiative {value} from now on.", "turn")
    begin_creature(tx, encounter, who)
