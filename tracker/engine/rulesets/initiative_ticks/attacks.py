"""Attacks and other Initiative changes, each logged with the change it made ("Kaoru
7 → 10 (+3)"): withering and decisive attacks, gambits, Clashes, flurries, Onslaught,
and the GM's own adjustments.

Attacks are taken by the combatant whose turn it is, in a round; the first one applies
its formal start of turn if the GM has not yet. Every refusal comes before any change.
"""

from __future__ import annotations

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.rulesets.initiative_ticks.crash import (
    break_bonus,
    break_bonus_due,
    crash_if_down,
    leave_if_up,
)
from tracker.engine.rulesets.initiative_ticks.flow import begin_turn
from tracker.engine.rulesets.initiative_ticks.options import exalted
from tracker.engine.rulesets.initiative_ticks.order import acting_tick, current
from tracker.engine.rulesets.initiative_ticks.play import Real
from tracker.engine.rulesets.initiative_ticks.specs import GAMBITS
from tracker.engine.rulesets.initiative_ticks.state import (
    CLASH_COST,
    FLURRY_PENALTY,
    Runtime,
    base_initiative,
    clock,
    is_pc,
    rt,
    signed,
    stat,
    touch,
)
from tracker.engine.state import Combatant, Encounter

DECISIVE_MISS_HIGH = 11  # at this Initiative or more a decisive miss costs 3i, else 2i


def shown(name: str, before: int, after: int) -> str:
    """ "Kaoru 7 → 10 (+3)"."""
    return f"{name} {before} → {after} ({signed(after - before)})"


def acting(encounter: Encounter, what: str) -> Combatant:
    """The combatant whose turn it is, or refuse."""
    now = clock(encounter)
    who = current(encounter)
    if now.phase != "round" or who is None:
        raise CommandError(f"{what}: nobody is taking a turn now.")
    return who


def target_of(encounter: Encounter, attacker: Combatant, target_id: str | None) -> Combatant:
    if target_id is None:
        raise CommandError("Select the combatant it is aimed at first.")
    target = encounter.combatant(target_id)
    if target is attacker:
        raise CommandError(f"{attacker.name} cannot aim it at itself: select another combatant.")
    if not rt(target).joined:
        raise CommandError(f"{target.name} has not joined battle yet.")
    return target


def _penalty(tx: Transaction, attacker: Combatant, runtime: Runtime) -> str:
    """The flurry penalties on this action, for the log (the first action's is used up)."""
    parts = []
    if runtime.first_penalty:
        parts.append(f"{signed(runtime.first_penalty)} from last turn's flurry")
        runtime.first_penalty = 0
    if runtime.flurry:
        parts.append(f"{signed(FLURRY_PENALTY)} (flurry)")
    return f" at {', '.join(parts)}" if parts else ""


def _start(tx: Transaction, attacker: Combatant) -> Runtime:
    begin_turn(Real(tx), attacker)
    runtime = touch(tx, attacker)
    runtime.attacked = True
    return runtime


def withering(
    tx: Transaction,
    encounter: Encounter,
    target_id: str | None,
    hit: bool,
    damage: int,
    shift: int,
) -> None:
    attacker = acting(encounter, "A withering attack")
    target = target_of(encounter, attacker, target_id)
    if not hit and damage:
        raise CommandError("A miss deals no damage: set damage to 0.", "damage")
    runtime = _start(tx, attacker)
    penalty = _penalty(tx, attacker, runtime)
    struck = touch(tx, target)
    round_ = clock(encounter).round
    struck.onslaught += 1
    onslaught = f"{target.name} Onslaught {struck.onslaught} (−{struck.onslaught} Defense)"
    if not hit:
        tx.log(f"{attacker.name}'s withering attack on {target.name}{penalty} misses. {onslaught}.")
        return
    mine, theirs = runtime.initiative.current, struck.initiative.current
    shifting = runtime.crashed_by == target.id and (
        runtime.crash is not None or not exalted(encounter)
    )
    was_crashed = struck.crash is not None
    runtime.initiative.current += 1 + damage
    struck.initiative.current -= damage
    lines = [
        f"{attacker.name}'s withering attack on {target.name}{penalty} hits: +1i for landing "
        f"it, {damage} damage success{'es' * (damage != 1)} moved.",
    ]
    lines += crash_if_down(target.name, struck, attacker.id)
    if struck.crash is not None and not was_crashed:
        if break_bonus_due(encounter, struck, round_):
            runtime.initiative.current += break_bonus()
            lines.append(f"Break bonus: {attacker.name} +{break_bonus()}i.")
        else:
            lines.append(f"No Break bonus: {target.name} left Crash this round or last.")
        if shifting:
            runtime.initiative.current += shift
            runtime.shifted = True
            lines.append(
                f"{attacker.name} Shifts (it crashed who crashed it): Join Battle +{shift}i."
            )
    lines += leave_if_up(attacker.name, runtime, round_)
    after = (
        f"{shown(attacker.name, mine, runtime.initiative.current)}; "
        f"{shown(target.name, theirs, struck.initiative.current)}; {onslaught}."
    )
    tx.log(" ".join([*lines, after]))


def decisive(tx: Transaction, encounter: Encounter, target_id: str | None, hit: bool) -> None:
    attacker = acting(encounter, "A decisive attack")
    target = target_of(encounter, attacker, target_id)
    runtime = _start(tx, attacker)
    penalty = _penalty(tx, attacker, runtime)
    struck = touch(tx, target)
    struck.onslaught += 1
    onslaught = f"{target.name} Onslaught {struck.onslaught}"
    before = runtime.initiative.current
    round_ = clock(encounter).round
    if not hit:
        loss = 3 if before >= DECISIVE_MISS_HIGH else 2
        runtime.initiative.current -= loss
        lines = [f"{attacker.name}'s decisive attack on {target.name}{penalty} misses: −{loss}i."]
        lines += crash_if_down(attacker.name, runtime, None)
    else:
        hardness = hardness_of(target, struck)
        if before > hardness:
            dealt = f"roll {before} dice of damage (Hardness {hardness})"
        else:
            dealt = f"no damage: Initiative {before} is not above Hardness {hardness}"
        runtime.initiative.current = base_initiative(attacker)
        lines = [
            f"{attacker.name}'s decisive attack on {target.name}{penalty} hits: {dealt}; "
            f"{attacker.name} resets to base Initiative {runtime.initiative.current}."
        ]
        lines += leave_if_up(attacker.name, runtime, round_)
        lines += crash_if_down(attacker.name, runtime, None)
    after = f"{shown(attacker.name, before, runtime.initiative.current)}; {onslaught}."
    tx.log(" ".join([*lines, after]))


def hardness_of(combatant: Combatant, runtime: Runtime) -> int:
    """Hardness against decisive attacks: 0 while Crashed."""
    return 0 if runtime.crash is not None else stat(combatant, "hardness")


def gambit(
    tx: Transaction,
    encounter: Encounter,
    target_id: str | None,
    kind: str,
    established: bool,
    cost: int,
) -> None:
    attacker = acting(encounter, "A gambit")
    target = target_of(encounter, attacker, target_id)
    rank = GAMBITS[kind] or cost
    spent = rank if established else rank - 1
    if attacker_value(attacker) < spent:
        raise CommandError(
            f"{kind.capitalize()} costs {spent}i; {attacker.name} has {attacker_value(attacker)}i."
        )
    runtime = _start(tx, attacker)
    penalty = _penalty(tx, attacker, runtime)
    before = runtime.initiative.current
    runtime.initiative.current -= spent
    outcome = "established" if established else "fails (1i less)"
    lines = [f"{attacker.name}'s {kind.capitalize()} gambit{penalty} {outcome}: −{spent}i."]
    other = touch(tx, target)
    if kind == "distract":
        if established:
            gain, theirs = spent - 1, other.initiative.current
            other.initiative.current += gain
            lines.append(
                f"{shown(target.name, theirs, other.initiative.current)}, to use on its next turn."
            )
            lines += leave_if_up(target.name, other, clock(encounter).round)
    else:
        other.onslaught += 1
        lines.append(f"{target.name} Onslaught {other.onslaught}.")
    lines += crash_if_down(attacker.name, runtime, None)
    lines.append(shown(attacker.name, before, runtime.initiative.current) + ".")
    tx.log(" ".join(lines))


def attacker_value(combatant: Combatant) -> int:
    return rt(combatant).initiative.current


def clash(
    tx: Transaction, encounter: Encounter, other_id: str | None, mine: int, theirs: int
) -> None:
    attacker = acting(encounter, "A Clash")
    other = target_of(encounter, attacker, other_id)
    them = rt(other)
    now = clock(encounter)
    if them.acted or acting_tick(them) != now.tick:
        raise CommandError(
            f"{other.name} is not about to act on tick {now.tick}: only two combatants "
            "attacking each other on the same tick Clash."
        )
    runtime = _start(tx, attacker)
    them = touch(tx, other)
    lines: list[str] = []
    before = (runtime.initiative.current, them.initiative.current)
    runtime.initiative.current -= CLASH_COST
    them.initiative.current -= CLASH_COST
    them.acted, them.attacked = True, True
    if mine != theirs:
        winner = attacker if mine > theirs else other
        why = f"{mine} to {theirs}"
    elif is_pc(attacker) != is_pc(other):
        winner = attacker if is_pc(attacker) else other
        why = f"tied at {mine}: the player character wins"
    else:
        winner, why = None, f"tied at {mine}: the GM decides"
    won = f"{winner.name} wins ({why})" if winner is not None else why.capitalize()
    lines.append(
        f"{attacker.name} and {other.name} Clash on tick {now.tick}: each −{CLASH_COST}i. "
        f"{won}; {other.name}'s turn is spent in the Clash."
    )
    lines += crash_if_down(attacker.name, runtime, None)
    lines += crash_if_down(other.name, them, None)
    lines.append(
        f"{shown(attacker.name, before[0], runtime.initiative.current)}; "
        f"{shown(other.name, before[1], them.initiative.current)}."
    )
    tx.log(" ".join(lines))


def flurry(tx: Transaction, encounter: Encounter) -> None:
    attacker = acting(encounter, "A flurry")
    if rt(attacker).started:
        rt(attacker).uses.check("flurry", 1, f"{attacker.name} has already flurried this turn.")
    begin_turn(Real(tx), attacker)
    runtime = touch(tx, attacker)
    runtime.uses.use("flurry", 1, f"{attacker.name} has already flurried this turn.")
    runtime.flurry = True
    tx.log(
        f"{attacker.name} flurries: its second action is at {signed(FLURRY_PENALTY)}, and "
        f"its first action next turn at {signed(FLURRY_PENALTY)}."
    )


def adjust(
    tx: Transaction, encounter: Encounter, combatant: Combatant, amount: int, reason: str
) -> None:
    if amount == 0:
        raise CommandError("Adjust by a gain or a loss, not 0.", "amount")
    if not rt(combatant).joined:
        raise CommandError(f"{combatant.name} has not joined battle yet.")
    runtime = touch(tx, combatant)
    before = runtime.initiative.current
    runtime.initiative.current += amount
    why = f" ({reason.strip()})" if reason.strip() else ""
    lines = [f"{shown(combatant.name, before, runtime.initiative.current)}{why}."]
    lines += crash_if_down(combatant.name, runtime, None)
    lines += leave_if_up(combatant.name, runtime, clock(encounter).round)
    tx.log(" ".join(lines))


def add_onslaught(tx: Transaction, combatant: Combatant, amount: int) -> None:
    """Onslaught from something other than an attack (a Charm, the GM's ruling): −1
    Defense a point, cleared with the attacks' at the start of its next turn."""
    runtime = touch(tx, combatant)
    runtime.onslaught += amount
    tx.log(
        f"{combatant.name} Onslaught {runtime.onslaught} (+{amount}): "
        f"−{runtime.onslaught} Defense until the start of its turn."
    )


def spend_motes(tx: Transaction, combatant: Combatant, amount: int) -> None:
    pool = rt(combatant).motes
    if not pool.maximum:
        raise CommandError(f"{combatant.name} has no mote pool (set its Mote pool).")
    if pool.current < amount:
        left = "none" if pool.current <= 0 else f"only {pool.current}"
        raise CommandError(f"{combatant.name} has {left} motes left, not {amount}.", "amount")
    runtime = touch(tx, combatant)
    runtime.motes.spend(amount, "motes", f"Spending {amount}m")
    tx.log(f"{combatant.name} spends {amount}m ({runtime.motes.current}/{runtime.motes.maximum}).")
