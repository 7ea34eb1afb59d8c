"""Declaring and resolving actions.

At its due the combatant declares an action from the AP table or a free-form one. Its
AP go into it at once: it resolves at the current count − 5 × cost, which is also the
combatant's new value (base + 5 × AP left). An action costing at most 4 AP must fit in
the AP left (a range action may be done faster, at -25 per AP below its maximum); one
costing more is a multi-round action: it takes what is left of the round and carries on.

Instantaneous actions (0 AP) are declared and resolved at once, at base + 20 or later;
the first of a round is free, each further one costs 1 AP (kit `Counters`, reset each
round). The movement pace penalty of the round applies to every other action and is
shown with it, as is the penalty for haste.
"""

from __future__ import annotations

from tracker.engine.changes import Transaction
from tracker.engine.commands import clean_name
from tracker.engine.errors import CommandError
from tracker.engine.kit.declared import Declared
from tracker.engine.rulesets.ap_countdown.actions_table import BY_KEY, haste
from tracker.engine.rulesets.ap_countdown.countdown import (
    active,
    elapsed,
    start_value,
    value_of,
)
from tracker.engine.rulesets.ap_countdown.options import floor
from tracker.engine.rulesets.ap_countdown.state import (
    AP_PER_ROUND,
    AP_STEP,
    Runtime,
    UnderWay,
    clock,
    rt,
    touch,
)
from tracker.engine.state import Combatant, Encounter

INSTANT = "instantaneous"
MAX_INSTANTS = 1 + AP_PER_ROUND  # the free one, then one for each AP


def penalty_text(haste_penalty: int, pace: int) -> str:
    """ "penalty -25 for haste", "penalty -10 for pace", "penalty -35 (-25 for haste,
    -10 for pace)", or "" without a penalty."""
    parts = [f"{amount} for {why}" for amount, why in ((haste_penalty, "haste"), (pace, "pace"))]
    shown = [part for part, amount in zip(parts, (haste_penalty, pace), strict=True) if amount]
    if not shown:
        return ""
    if len(shown) == 1:
        return f"penalty {shown[0]}"
    return f"penalty {haste_penalty + pace} ({', '.join(shown)})"


def action_penalty(combatant: Combatant) -> int:
    """The penalty of the combatant's action under way (haste and pace), 0 without."""
    runtime = rt(combatant)
    haste_penalty = runtime.action.haste if runtime.action is not None else 0
    return haste_penalty + runtime.pace


def _with(text: str) -> str:
    return f", {text}" if text else ""


# --- declaring ---------------------------------------------------------------------------
def declare_table(
    tx: Transaction, encounter: Encounter, combatant: Combatant, key: str, ap: int
) -> None:
    """An action of the AP table; `ap` 0 is its normal cost (a range: its maximum)."""
    cost = check_table(encounter, combatant, key, ap)
    entry = BY_KEY[key]
    if cost == 0:
        instant(tx, encounter, combatant, entry.name, "")
        return
    _start(tx, encounter, combatant, entry.name, entry.key, cost, haste(entry, cost))


def check_table(encounter: Encounter, combatant: Combatant, key: str, ap: int) -> int:
    """Refuse what `declare_table` would refuse, changing nothing; else the cost (0: an
    instantaneous action). Legal actions try every action of the table this way."""
    entry = BY_KEY.get(key)
    if entry is None or entry.kind == "special":
        raise CommandError(
            "Movement is not declared: enter the pace, whose penalty applies to every other "
            "action this round.",
            "action",
        )
    left = rt(combatant).ap
    if entry.kind == "continuous":
        if ap not in (0, left):
            raise CommandError(f"{entry.name} takes all {left} AP left this round.", "ap")
        cost = left
    elif entry.kind == "range":
        cost = ap or entry.high
        if not entry.low <= cost <= entry.high:
            raise CommandError(f"{entry.name} takes {entry.cost_text}, not {cost}.", "ap")
    else:
        if ap not in (0, entry.high):
            raise CommandError(f"{entry.name} takes {entry.cost_text}, not {ap}.", "ap")
        cost = entry.high
    if cost == 0:
        _check_instant_left(encounter, combatant)
        return cost
    faster = ""
    if entry.kind == "range" and entry.low <= left < cost:
        faster = f" (done faster: {entry.low}–{left} AP, -25 per AP below {entry.high})"
    _check_fits(combatant, entry.name, cost, faster)
    return cost


def declare_free(
    tx: Transaction, encounter: Encounter, combatant: Combatant, name: str, ap: int
) -> None:
    """A free-form action costing `ap` (0: instantaneous; above 4: multi-round)."""
    name = check_free(encounter, combatant, name, ap)
    if ap == 0:
        instant(tx, encounter, combatant, name, "")
        return
    _start(tx, encounter, combatant, name, "", ap, 0)


def check_free(encounter: Encounter, combatant: Combatant, name: str, ap: int) -> str:
    """Refuse what `declare_free` would refuse, changing nothing; else the name."""
    name = clean_name(name, "The action's name")
    if ap == 0:
        _check_instant_left(encounter, combatant)
    else:
        _check_fits(combatant, name, ap, "")
    return name


def _check_fits(combatant: Combatant, name: str, cost: int, faster: str) -> None:
    left = rt(combatant).ap
    if cost <= AP_PER_ROUND and cost > left:
        raise CommandError(
            f"{name} needs {cost} AP; {combatant.name} has {left} left this round{faster}.", "ap"
        )


def _start(
    tx: Transaction,
    encounter: Encounter,
    combatant: Combatant,
    name: str,
    key: str,
    cost: int,
    haste_penalty: int,
) -> None:
    now = clock(encounter)
    count = now.count if now.count is not None else value_of(encounter, combatant) or 0
    runtime = touch(tx, combatant)
    portion = min(cost, runtime.ap)
    runtime.ap -= portion
    resolves = floor(encounter, count - AP_STEP * portion) if portion == cost else None
    declared = Declared(name, cost, 0, count, resolves)
    runtime.action = UnderWay(declared, key, portion, count, haste_penalty, now.round)
    penalty = _with(penalty_text(haste_penalty, runtime.pace))
    if resolves is not None:
        tx.log(
            f"{combatant.name} declares {name} ({cost} AP{penalty}) at {count}: "
            f"resolves at {resolves}.",
            "action",
        )
        return
    tx.log(
        f"{combatant.name} declares {name} ({cost} AP, multi-round{penalty}) at {count}: "
        f"{portion} AP this round, {cost - portion} still needed after it.",
        "action",
    )


# --- instantaneous actions ---------------------------------------------------------------
def instant_cost(runtime: Runtime) -> int:
    """What the next instantaneous action costs: the first of a round is free."""
    return 0 if runtime.instants.count(INSTANT) == 0 else 1


def check_instant(encounter: Encounter, combatant: Combatant) -> None:
    """Refuse when the combatant cannot take an instantaneous action now."""
    now = clock(encounter)
    runtime = rt(combatant)
    if now.phase != "resolution" or now.count is None:
        raise CommandError("Instantaneous actions are taken during the countdown.")
    if not active(encounter, combatant) or runtime.base is None:
        raise CommandError(f"{combatant.name} is not in this round's countdown.")
    start = start_value(encounter, runtime.base)
    if now.count > start:
        raise CommandError(
            f"{combatant.name}'s instantaneous actions come at base + 20 ({start}) or later; "
            f"the count is {now.count}."
        )
    if instant_cost(runtime) > runtime.ap:
        raise CommandError(
            f"{combatant.name} has no AP left for a further instantaneous action (the first "
            "of a round is free, each further one costs 1 AP)."
        )


NO_MORE_INSTANTS = "No more instantaneous actions this round."


def _check_instant_left(encounter: Encounter, combatant: Combatant) -> None:
    """Refuse what `instant` would refuse of an action already named."""
    check_instant(encounter, combatant)
    rt(combatant).instants.check(INSTANT, MAX_INSTANTS, NO_MORE_INSTANTS)


def check_named_instant(encounter: Encounter, combatant: Combatant, name: str) -> str:
    """Refuse what `instant` refuses (it refuses nothing else); the name cleaned."""
    name = clean_name(name, "The action's name")
    _check_instant_left(encounter, combatant)
    return name


def instant(
    tx: Transaction, encounter: Encounter, combatant: Combatant, name: str, note: str
) -> None:
    """Declared and resolved at once, at the current count."""
    name = check_named_instant(encounter, combatant, name)
    runtime = touch(tx, combatant)
    cost = instant_cost(runtime)
    runtime.instants.use(INSTANT, MAX_INSTANTS, NO_MORE_INSTANTS)
    runtime.ap -= cost
    paid = "free" if cost == 0 else f"1 AP, {runtime.ap} left"
    penalty = _with(penalty_text(0, runtime.pace))
    result = f": {note.strip()}" if note.strip() else ""
    tx.log(
        f"{combatant.name}: {name} (instantaneous, {paid}{penalty}), declared and resolved at "
        f"{clock(encounter).count}{result}.",
        "action",
    )


# --- resolving ---------------------------------------------------------------------------
def resolve(tx: Transaction, encounter: Encounter, combatant: Combatant, note: str) -> None:
    """The action's AP have run out: the GM rolls; the result may be noted."""
    runtime = touch(tx, combatant)
    action = runtime.action
    assert action is not None
    runtime.action = None
    penalty = _with(penalty_text(action.haste, runtime.pace))
    result = f": {note.strip()}" if note.strip() else ""
    after = f" {runtime.ap} AP left." if runtime.ap else ""
    tx.log(
        f"{combatant.name} resolves {action.name} at {clock(encounter).count} "
        f"({action.declared.needed} AP{penalty}){result}.{after}",
        "action",
    )


def check_abandon(combatant: Combatant) -> UnderWay:
    """The action under way `abandon` drops, or refuse: there is none."""
    action = rt(combatant).action
    if action is None:
        raise CommandError(f"{combatant.name} has no action under way.")
    return action


def abandon(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    """Drop the action under way: the AP already run out stay spent, the rest of this
    round's come back (the combatant then declares again at once)."""
    action = check_abandon(combatant)
    ran = elapsed(encounter, action)
    runtime = touch(tx, combatant)
    runtime.action = None
    back = action.portion - ran if clock(encounter).phase == "resolution" else 0
    runtime.ap = min(runtime.ap + back, AP_PER_ROUND)
    spent = action.declared.done + ran
    tx.log(
        f"{combatant.name} abandons {action.name} ({spent} of {action.declared.needed} AP "
        f"spent; {runtime.ap} AP left).",
        "action",
    )
