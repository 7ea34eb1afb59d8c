"""The Initiative phase: base initiative, parries, movement pace, and late joiners.

Base Initiative = 2d10 + Qu − 1 for every full −10 penalty. The caller rolls the dice
(the stat `initiative_dice`, 2d10) and sends the result ("roll_initiative"), so a replay
gives the same base; or the GM types the base ("set_initiative"). A base may be set
before the fight, in an Initiative phase, or for a combatant that has none yet or does
not take part yet; once a round's countdown runs, it stays as it is until the next
Initiative phase.
"""

from __future__ import annotations

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.rulesets.ap_countdown.countdown import active, start_value
from tracker.engine.rulesets.ap_countdown.options import joins_now
from tracker.engine.rulesets.ap_countdown.state import Parry, clock, rt, stat, touch
from tracker.engine.state import Combatant, Encounter

PENALTY_STEP = 10


def penalty_steps(combatant: Combatant) -> int:
    """Initiative lost to the combatant's penalty: 1 for every full -10."""
    return -min(stat(combatant, "penalty"), 0) // PENALTY_STEP


def rolled_base(combatant: Combatant, roll: int) -> int:
    return roll + stat(combatant, "qu") - penalty_steps(combatant)


def base_refusal(encounter: Encounter, combatant: Combatant) -> str | None:
    """Why the combatant's base initiative cannot be set now (None: it can)."""
    now = clock(encounter)
    runtime = rt(combatant)
    if now.phase in ("setup", "initiative") or runtime.base is None:
        return None
    if not active(encounter, combatant):
        return None
    return (
        f"{combatant.name}'s base initiative is set for this round; change it in the next "
        "Initiative phase."
    )


def needs_base(encounter: Encounter) -> Combatant | None:
    """The first combatant whose base initiative the rules wait for: in the Initiative
    phase anyone taking part, in the countdown a late joiner entering now."""
    now = clock(encounter)
    waiting = now.phase == "initiative" or (now.phase == "resolution" and joins_now(encounter))
    if not waiting:
        return None
    for combatant in encounter.combatants:
        if active(encounter, combatant) and rt(combatant).base is None:
            return combatant
    return None


def set_base(
    tx: Transaction, encounter: Encounter, combatant: Combatant, base: int, roll: int | None
) -> None:
    check_base(encounter, combatant)
    now = clock(encounter)
    joining = now.phase == "resolution" and active(encounter, combatant)
    runtime = touch(tx, combatant)
    runtime.base, runtime.roll = base, roll
    if not active(encounter, combatant):
        runtime.base_round = runtime.joins
    elif now.phase == "upkeep":  # this round is over: the base is for the next one
        runtime.base_round = now.round + 1
    else:
        runtime.base_round = max(now.round, 1)
    start = start_value(encounter, base)
    if roll is None:
        how = f"{base} (entered)"
    else:
        qu, steps = stat(combatant, "qu"), penalty_steps(combatant)
        lost = f" − {steps} (penalty {stat(combatant, 'penalty')})" if steps else ""
        how = f"roll {roll} + Qu {qu}{lost} = {base}"
    tx.log(f"{combatant.name}: base initiative {how}; 4 AP → acts from {start}.", "action")
    if not joining or now.count is None:
        return
    if start > now.count:
        runtime.joins = runtime.base_round = now.round + 1
        tx.log(
            f"{combatant.name}: {start} has passed (the count is {now.count}); enters at "
            f"round {runtime.joins}'s Initiative phase.",
            "change",
        )
    else:
        tx.log(f"{combatant.name} enters the countdown at {start}.", "change")


def check_base(encounter: Encounter, combatant: Combatant) -> None:
    """Refuse what `set_base` refuses (it refuses nothing else)."""
    reason = base_refusal(encounter, combatant)
    if reason is not None:
        raise CommandError(reason)


def _check_round(encounter: Encounter, combatant: Combatant, what: str) -> None:
    if clock(encounter).phase not in ("initiative", "resolution"):
        raise CommandError(f"{what} is entered in the Initiative phase or during the countdown.")
    if not active(encounter, combatant):
        raise CommandError(f"{combatant.name} does not take part in this round yet.")


def check_parry(encounter: Encounter, combatant: Combatant, amount: int, against: str) -> None:
    """Refuse what `set_parry` refuses (it refuses nothing else)."""
    _check_round(encounter, combatant, "A parry")
    if amount > 0 and not against.strip():
        raise CommandError("Say against whom the parry is used.", "against")


def set_parry(
    tx: Transaction, encounter: Encounter, combatant: Combatant, amount: int, against: str
) -> None:
    """Parry is announced at the beginning of the round, or as soon as melee ensues."""
    check_parry(encounter, combatant, amount, against)
    against = against.strip()
    runtime = touch(tx, combatant)
    if amount == 0:
        runtime.parry = None
        tx.log(f"{combatant.name} does not parry this round.", "action")
        return
    runtime.parry = Parry(amount, against)
    tx.log(f"{combatant.name} parries {amount} against {against} this round.", "action")


def check_pace(encounter: Encounter, combatant: Combatant) -> None:
    """Refuse what `set_pace` refuses (it refuses nothing else)."""
    _check_round(encounter, combatant, "A movement pace")


def set_pace(tx: Transaction, encounter: Encounter, combatant: Combatant, penalty: int) -> None:
    """The movement pace of this round: its penalty applies to every other action."""
    check_pace(encounter, combatant)
    runtime = touch(tx, combatant)
    runtime.pace = penalty
    if penalty == 0:
        tx.log(f"{combatant.name}: no movement penalty this round.", "action")
    else:
        tx.log(
            f"{combatant.name} moves at a pace of {penalty}: every other action this round "
            f"at {penalty}.",
            "action",
        )


def on_added(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    """When a newcomer takes part: before the fight or in an Initiative phase at once;
    in the countdown, per the option, now (once its base is known and base + 20 has not
    passed) or from the next Initiative phase; during Upkeep from the next round."""
    now = clock(encounter)
    runtime = touch(tx, combatant)
    if not now.started:
        runtime.joins = 0
    elif now.phase == "initiative":
        runtime.joins = now.round
    elif now.phase == "resolution" and joins_now(encounter):
        runtime.joins = now.round
        tx.log(
            f"{combatant.name} joins late: enters now if base + 20 has not passed the count.",
            "change",
        )
    else:
        runtime.joins = now.round + 1
        tx.log(
            f"{combatant.name} joins late: enters at round {runtime.joins}'s Initiative phase.",
            "change",
        )
