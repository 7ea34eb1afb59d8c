"""What a turn grants and what acting costs: 5e an action, a bonus action and one
reaction a round; PF2e 3 actions (quickened +1; slowed X and stunned X take actions
away, stunned counting down by the actions it took) and a reaction; 5e legendary
action pools. Ready holds a trigger on the creature's row until the start of its next
turn; readying does not move it in the order. Every refusal changes nothing."""

from __future__ import annotations

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.kit.pools import Pool
from tracker.engine.rulesets.classic_d20 import valued
from tracker.engine.rulesets.classic_d20.options import is_pf2e
from tracker.engine.rulesets.classic_d20.state import PF2E_ACTIONS, rt, stat, touch
from tracker.engine.state import Combatant, Encounter

READY_COST_PF2E = 2


def surprised_now(combatant: Combatant) -> bool:
    """Surprised and its first turn not over: no action, no reaction (5e)."""
    state = rt(combatant)
    return state.surprised and not state.first_turn_done


def refresh(tx: Transaction, encounter: Encounter, combatant: Combatant, round_: int) -> None:
    """The start of its own turn: what the turn grants, its reaction and legendary
    actions back, a readied action lapses."""
    state = touch(tx, combatant)
    state.acted = False
    state.lost = 0
    if is_pf2e(encounter):
        _pf2e_actions(tx, encounter, combatant)
        state.bonus = Pool(0, 0)
    elif surprised_now(combatant) and round_ == 1:
        state.actions, state.bonus = Pool(0, 1), Pool(0, 1)
        tx.log(f"{combatant.name} is surprised: no move or action this turn.", "turn")
    else:
        state.actions, state.bonus = Pool(1, 1), Pool(1, 1)
    if not surprised_now(combatant):
        state.reaction = Pool(1, 1)
    size = legendary_size(encounter, combatant)
    state.legendary = Pool(size, size)
    if state.ready is not None:
        tx.log(f"{combatant.name}'s readied action ({state.ready}) lapses.", "expiry")
        state.ready = None


def full_pools(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    """What a turn of its flavour grants, before its first (a newcomer, a new flavour)."""
    state = touch(tx, combatant)
    if is_pf2e(encounter):
        state.actions, state.bonus = Pool(PF2E_ACTIONS, PF2E_ACTIONS), Pool(0, 0)
    else:
        state.actions, state.bonus = Pool(1, 1), Pool(1, 1)
    size = legendary_size(encounter, combatant)
    state.legendary = Pool(size, size)


def legendary_size(encounter: Encounter, combatant: Combatant) -> int:
    """Its legendary actions a round: its pool's size in 5e; none in Pathfinder 2e
    (whatever a creature brought from a 5e fight holds)."""
    return 0 if is_pf2e(encounter) else stat(combatant, "legendary")


def _pf2e_actions(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    base = PF2E_ACTIONS + (1 if valued.has(encounter, combatant, "quickened") else 0)
    stunned = valued.valued(encounter, combatant, "stunned")
    stun = valued.value_of(encounter, combatant, "stunned")
    slowed = valued.value_of(encounter, combatant, "slowed")
    stun_loss = min(stun, base)
    loss = min(max(stun_loss, slowed), base)
    state = rt(combatant)
    state.actions = Pool(base - loss, base - loss)
    state.lost = loss
    if loss:
        tx.log(f"{combatant.name} loses {loss} of {base} actions (slowed / stunned).", "turn")
    for effect in stunned:
        anchor = effect.anchor
        left = getattr(anchor, "value", 0) - stun_loss
        valued.set_value(tx, effect, left, f"{stun_loss} actions lost")


def end_first_turn(tx: Transaction, combatant: Combatant) -> None:
    state = rt(combatant)
    if state.first_turn_done:
        return
    state = touch(tx, combatant)
    state.first_turn_done = True
    if state.surprised:
        state.reaction = Pool(1, 1)
        tx.log(f"{combatant.name} is no longer surprised.", "turn")


def act(tx: Transaction, encounter: Encounter, who: Combatant, cost: int, what: str) -> None:
    """An action on its own turn (PF2e: 1 to 3 actions)."""
    if surprised_now(who):
        raise CommandError(f"{who.name} is surprised: it cannot act on its first turn.")
    if not is_pf2e(encounter) and cost != 1:
        raise CommandError("In 5e an action is one action: the turn grants one.", "cost")
    pool = rt(who).actions
    unit = "action" if cost == 1 else "actions"
    if not is_pf2e(encounter) and not pool.can_pay(cost):
        raise CommandError(f"{who.name} has already taken its action this turn.")
    if not pool.can_pay(cost):
        pool.spend(cost, unit, f"{who.name}'s {what or 'action'}")
    state = touch(tx, who)
    state.actions.spend(cost, unit, what)
    state.acted = True
    said = f": {what.strip()}" if what.strip() else ""
    tx.log(f"{who.name} takes {_count(cost)}{said} ({_left(encounter, who)}).", "action")


def bonus(tx: Transaction, encounter: Encounter, who: Combatant, what: str) -> None:
    if is_pf2e(encounter):
        raise CommandError("Pathfinder 2e has no bonus action: actions cost 1 to 3.")
    if surprised_now(who):
        raise CommandError(f"{who.name} is surprised: it cannot act on its first turn.")
    if not rt(who).bonus.can_pay(1):
        raise CommandError(f"{who.name} has already taken its bonus action this turn.")
    state = touch(tx, who)
    state.bonus.spend(1, "bonus action", what)
    state.acted = True
    said = f": {what.strip()}" if what.strip() else ""
    tx.log(f"{who.name} takes a bonus action{said} ({_left(encounter, who)}).", "action")


def react(tx: Transaction, encounter: Encounter, who: Combatant, what: str) -> None:
    """A reaction, on anyone's turn; one a round, back at the start of its own turn."""
    if surprised_now(who):
        raise CommandError(f"{who.name} is surprised: no reaction until its first turn ends.")
    if not rt(who).reaction.can_pay(1):
        raise CommandError(
            f"{who.name} has used its reaction: it comes back at the start of its turn."
        )
    touch(tx, who).reaction.spend(1, "reaction", what)
    said = f": {what.strip()}" if what.strip() else ""
    tx.log(f"{who.name} reacts{said}.", "action")


def ready(tx: Transaction, encounter: Encounter, who: Combatant, trigger: str) -> None:
    """Ready (5e: its action; PF2e: 2 actions): the trigger stays on its row until it
    responds (with its reaction) or its next turn starts."""
    trigger = " ".join(trigger.split())
    if not trigger:
        raise CommandError("Name the trigger the readied action waits for.", "trigger")
    if rt(who).ready is not None:
        raise CommandError(f"{who.name} has already readied an action ({rt(who).ready}).")
    cost = READY_COST_PF2E if is_pf2e(encounter) else 1
    act(tx, encounter, who, cost, f"Ready ({trigger})")
    touch(tx, who).ready = trigger


def use_ready(tx: Transaction, encounter: Encounter, who: Combatant) -> None:
    trigger = rt(who).ready
    if trigger is None:
        raise CommandError(f"{who.name} has no readied action.")
    react(tx, encounter, who, f"the readied action ({trigger})")
    touch(tx, who).ready = None


def legendary(
    tx: Transaction, encounter: Encounter, who: Combatant, cost: int, what: str, on_turn: bool
) -> None:
    """A legendary action: at the end of another creature's turn, from its pool."""
    if is_pf2e(encounter):
        raise CommandError("Legendary actions are a 5e rule.")
    if stat(who, "legendary") <= 0:
        raise CommandError(f"{who.name} has no legendary actions (set its pool first).")
    if on_turn:
        raise CommandError(
            f"{who.name} takes legendary actions at the end of another creature's turn."
        )
    pool = rt(who).legendary
    if not pool.can_pay(cost):
        pool.spend(cost, "legendary actions", f"{who.name}'s {what or 'legendary action'}")
    touch(tx, who).legendary.spend(cost, "legendary actions", what)
    said = f": {what.strip()}" if what.strip() else ""
    left = rt(who).legendary
    tx.log(
        f"{who.name} takes a legendary action{said} ({cost}; {left.current}/{left.maximum} left).",
        "action",
    )


def _count(cost: int) -> str:
    return "an action" if cost == 1 else f"{cost} actions"


def _left(encounter: Encounter, who: Combatant) -> str:
    return grant_text(encounter, who)


def grant_text(encounter: Encounter, who: Combatant) -> str:
    """What is left of the turn: "action · bonus · reaction" or "2 actions · reaction"."""
    state = rt(who)
    if is_pf2e(encounter):
        parts = [f"{state.actions.current} of {state.actions.maximum} actions"]
    else:
        parts = []
        if state.actions.current:
            parts.append("action")
        if state.bonus.current:
            parts.append("bonus")
    if state.reaction.current:
        parts.append("reaction")
    return " · ".join(parts) if parts else "nothing left"
