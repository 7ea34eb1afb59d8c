"""Reactions (the reaction stack: triggers, passes in reverse Priority, completing newest
first) and prepared actions (preparing, firing, ending the interruption). The readings:
the package notes, "Reactions" and "Prepare Action"."""

from __future__ import annotations

from typing import Any

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.rulesets.priority.creatures import (
    find,
    holder_name,
    name_of,
    need,
    require_started,
)
from tracker.engine.rulesets.priority.pools import (
    left_text,
    major_left,
    minor_left,
    pay_major,
    pay_minor,
)
from tracker.engine.rulesets.priority.state import (
    Asking,
    Exchange,
    Interrupt,
    StackItem,
    clock_of,
    state_of,
    touch_clock,
    touch_state,
)
from tracker.engine.state import Combatant, Encounter


# --- the stack as it stands ------------------------------------------------------------
def reactable(encounter: Encounter, combatant: Combatant) -> list[StackItem]:
    """Stack items the creature may react to, newest first."""
    exchange = clock_of(encounter).exchange
    if exchange is None:
        return []
    return [
        item
        for item in reversed(exchange.items)
        if item.by != combatant.id and combatant.id not in item.reacted
    ]


def _has_means(combatant: Combatant) -> bool:
    """A turn of its own has begun, and a Minor or the Major is left to pay with."""
    return state_of(combatant).had_turn and (minor_left(combatant) > 0 or major_left(combatant) > 0)


def asker(encounter: Encounter) -> Combatant | None:
    """The creature deciding now in the current pass, or None when the pass is over
    (looked for once between two changes: the pass may go past thousands who cannot
    react, and the prompt, the status and each legal action ask)."""
    return encounter.derived(("priority.asker",), lambda: _asker(encounter))


def _asker(encounter: Encounter) -> Combatant | None:
    """The first in the pass's order, from its place on, with the means to react and
    something to react to. Those with the means are found in one pass over the fight
    (few, mostly): looking each id of the order up walked thousands per trigger."""
    exchange = clock_of(encounter).exchange
    if exchange is None or exchange.asking is None:
        return None
    asking = exchange.asking
    able = {c.id: c for c in encounter.combatants if _has_means(c)}
    if not able:
        return None
    for combatant_id in asking.order[asking.pos :]:
        combatant = able.get(combatant_id)
        if combatant is not None and reactable(encounter, combatant):
            return combatant
    return None


def item_line(item: StackItem) -> str:
    by = item.by_name or "no creature"
    if item.kind == "trigger":
        return f"#{item.id} trigger by {by}: {item.text}"
    return f"#{item.id} {by} reacts to #{item.to}: {item.text}"


def stack_lines(encounter: Encounter) -> tuple[str, ...]:
    """The reaction stack, newest (completed first) on top."""
    exchange = clock_of(encounter).exchange
    if exchange is None:
        return ()
    return tuple(item_line(item) for item in reversed(exchange.items))


# --- the GM's and the creatures' answers -----------------------------------------------
def raise_trigger(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    require_started(encounter)
    text = params["text"].strip()
    if not text:
        raise CommandError("Say what the trigger is.", "text")
    source = find(encounter, combatant_id) if combatant_id is not None else None
    if asker(encounter) is not None:
        raise CommandError(
            "Creatures are still deciding whether to react: answer them first; a new "
            "trigger is raised while the stack resolves."
        )
    clock = touch_clock(tx)
    number = clock.exchange.next if clock.exchange is not None else 1
    item = StackItem(
        id=number,
        kind="trigger",
        text=text,
        by=source.id if source else None,
        by_name=source.name if source else None,
        to=None,
    )
    if clock.exchange is None:
        clock.exchanges += 1
        clock.exchange = Exchange(id=clock.exchanges, items=[item])
    else:
        clock.exchange.items.append(item)
    clock.exchange.next = number + 1
    clock.exchange.asking = Asking(order=[c.id for c in reversed(encounter.combatants)])
    by = f" by {source.name}" if source else ""
    tx.log(f"Trigger #{number}{by}: {text}.", "action")
    close_lone_trigger(tx, encounter)


def close_lone_trigger(tx: Transaction, encounter: Encounter) -> None:
    """A single trigger nobody can react to completes at once."""
    exchange = clock_of(encounter).exchange
    if exchange is not None and len(exchange.items) == 1 and asker(encounter) is None:
        touch_clock(tx).exchange = None
        tx.log("No one can react: the trigger completes.", "action")


def _check_asker(encounter: Encounter, combatant_id: str | None) -> Combatant:
    combatant = need(encounter, combatant_id, "Reaction")
    if clock_of(encounter).exchange is None:
        raise CommandError("No trigger is waiting for reactions.")
    deciding = asker(encounter)
    if deciding is None:
        raise CommandError("No one is deciding on a reaction now: resolve the stack.")
    if deciding is not combatant:
        raise CommandError(f"It is {deciding.name}'s moment to decide, not {combatant.name}'s.")
    return combatant


def _open_exchange(tx: Transaction) -> Exchange:
    """The open exchange, for changing it (the clock is touched)."""
    exchange = touch_clock(tx).exchange
    if exchange is None:
        raise CommandError("There is no reaction stack.")
    return exchange


def _decided(tx: Transaction, combatant: Combatant) -> None:
    asking = _open_exchange(tx).asking
    if asking is not None:
        asking.pos = asking.order.index(combatant.id) + 1


def react(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    combatant = _check_asker(encounter, combatant_id)
    options = reactable(encounter, combatant)
    target_id = params["to"] or options[0].id
    if not any(item.id == target_id for item in options):
        raise CommandError(
            f"{combatant.name} cannot react to #{target_id}: not on the stack, its own, "
            "or already reacted to."
        )
    paid = pay_minor(tx, combatant, "a reaction")
    _decided(tx, combatant)
    exchange = _open_exchange(tx)
    for item in exchange.items:
        if item.id == target_id:
            item.reacted.append(combatant.id)
    number = exchange.next
    exchange.next += 1
    text = params["text"].strip() or "a reaction"
    exchange.items.append(
        StackItem(
            id=number,
            kind="reaction",
            text=text,
            by=combatant.id,
            by_name=combatant.name,
            to=target_id,
        )
    )
    tx.log(
        f"{combatant.name} reacts to #{target_id}: {text} (#{number}), paying {paid} "
        f"({left_text(combatant)}).",
        "action",
    )


def pass_(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    combatant = _check_asker(encounter, combatant_id)
    _decided(tx, combatant)
    tx.log(f"{combatant.name} does not react.", "action")
    close_lone_trigger(tx, encounter)


def resolve(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    if clock_of(encounter).exchange is None:
        raise CommandError("There is no reaction stack to resolve.")
    deciding = asker(encounter)
    if deciding is not None:
        raise CommandError(f"{deciding.name} is still deciding whether to react.")
    exchange = _open_exchange(tx)
    exchange.asking = None
    item = exchange.items.pop()
    tx.log(f"Completed: {item_line(item)}.", "action")
    if not exchange.items:
        touch_clock(tx).exchange = None
        tx.log("The reactions are over.", "action")


# --- prepared actions ------------------------------------------------------------------
def prepare(tx: Transaction, combatant: Combatant, trigger: str) -> None:
    """The creature, on its own turn, takes Prepare Action (a Major) for `trigger`."""
    pay_major(
        tx,
        combatant,
        f"Prepare Action is a Major Action; {combatant.name} has none left "
        f"({left_text(combatant)}).",
    )
    touch_state(tx, combatant).prepared = trigger
    tx.log(
        f"{combatant.name} prepares an action for: {trigger} ({left_text(combatant)}).",
        "action",
    )


def fire_prepared(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    require_started(encounter)
    combatant = need(encounter, combatant_id, "Fire prepared action")
    trigger = state_of(combatant).prepared
    if not trigger:
        raise CommandError(f"{combatant.name} has no prepared action.")
    clock = clock_of(encounter)
    if clock.exchange is not None:
        raise CommandError("Reactions are open: the prepared action fires once they resolve.")
    if not clock.interrupts and clock.current == combatant.id:
        raise CommandError(f"{combatant.name} cannot interrupt its own turn.")
    interrupted = holder_name(encounter)
    touch_state(tx, combatant).prepared = None
    touch_clock(tx).interrupts.append(Interrupt(by=combatant.id, trigger=trigger))
    tx.log(
        f"{combatant.name}'s prepared action fires ({trigger}): it interrupts "
        f"{interrupted}'s turn to move and take a single action.",
        "turn",
    )


def end_interrupt(tx: Transaction, encounter: Encounter) -> None:
    """The newest prepared action ends; the turn it interrupted resumes."""
    frame = touch_clock(tx).interrupts.pop()
    tx.log(
        f"{name_of(encounter, frame.by)}'s prepared action ends; "
        f"{holder_name(encounter)}'s turn resumes.",
        "turn",
    )
