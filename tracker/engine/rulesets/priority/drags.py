"""The GM's drags in the Priority list (MoveCombatant; `to_index` is the final place):
which are allowed (ties before the start, `kit.ordering`; delays, a waiting creature
acting now or stopping waiting, a tie still to act reordered after it) and what each
means. The readings: the package notes, "Drags"."""

from __future__ import annotations

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.kit.ordering import check_tie_drag
from tracker.engine.rulesets.priority.creatures import find, has_slot, zeal
from tracker.engine.rulesets.priority.options import option
from tracker.engine.rulesets.priority.prompts import prompt, require_no_prompt
from tracker.engine.rulesets.priority.state import (
    SOULWEAVER,
    clock_of,
    state_of,
    touch_state,
)
from tracker.engine.rulesets.priority.turns import act_now, advance, settle_gap
from tracker.engine.state import Combatant, Encounter

ONLY_TIES = "Priority follows Zeal; only ties (equal Zeal) are the Soulweaver's to order"


def check_move(encounter: Encounter, combatant: Combatant, destination: int) -> None:
    source = encounter.index_of(combatant.id)
    clock = clock_of(encounter)
    if not clock.started:
        if option(encounter, "ties") == "reroll":
            raise CommandError("Ties are settled by re-rolling (option): nothing to drag.")
        check_tie_drag(encounter.combatants, zeal, source, destination, _name, ONLY_TIES)
        return
    if clock.exchange is not None:
        raise CommandError("Reactions are open: resolve them before changing Priority.")
    if clock.interrupts:
        raise CommandError("A prepared action is interrupting: end it first.")
    if not has_slot(encounter, combatant):
        raise CommandError(f"{combatant.name} acts inside the Soulweaver's turn.")
    state = state_of(combatant)
    if combatant.id == clock.current:
        if clock.begun:
            raise CommandError(
                f"{combatant.name}'s turn has begun: a creature can only delay as its "
                "turn would start."
            )
        require_no_prompt(encounter)
        if destination < source:
            raise CommandError(f"{combatant.name} can only delay to a later place.")
        return
    others = [c for c in encounter.combatants if c is not combatant]
    up = find(encounter, clock.current) if clock.current != SOULWEAVER else None
    now = others.index(up) if up is not None else len(others)
    if state.waiting:
        pending = prompt(encounter)
        if pending is not None and pending.key[0] != "act_now":
            raise CommandError(f"First answer: {pending.title} — {pending.question}")
        if clock.gap is not None and destination == now:
            return  # acts now, at this place
        if destination <= now:
            raise CommandError(
                f"That place has passed this round: {combatant.name} can act after a "
                "turn ends, or be dragged below the creature whose turn is up."
            )
        return
    if state.done_round >= clock.round:
        raise CommandError(
            f"{combatant.name} has already acted this round; it may wait when its next "
            "turn would start."
        )
    if destination <= now:
        raise CommandError(f"{combatant.name} cannot move above the current turn.")
    if destination < source:
        # Only past creatures of the same Zeal still in their Zeal places: one that
        # delayed is keyed apart from everyone.
        def key(other: Combatant) -> int | str:
            return other.id if state_of(other).moved else zeal(other)

        check_tie_drag(encounter.combatants, key, source, destination, _name, ONLY_TIES)


def _name(combatant: Combatant) -> str:
    return combatant.name


def on_moved(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    clock = clock_of(encounter)
    if not clock.started:
        return
    state = touch_state(tx, combatant)
    place = encounter.index_of(combatant.id) + 1
    if combatant.id == clock.current:
        state.moved = True
        tx.log(f"{combatant.name} delays: its place in Priority is now {place}.", "action")
        advance(tx, encounter)
        return
    if state.waiting:
        state.waiting = False
        state.moved = True
        order = encounter.combatants
        following = order[place] if place < len(order) else None
        if clock.gap is not None and (
            (following is not None and following.id == clock.current)
            or (following is None and clock.current == SOULWEAVER)
        ):
            act_now(tx, encounter, combatant, place - 1)
            return
        tx.log(
            f"{combatant.name} stops waiting and will act at place {place} in Priority.",
            "action",
        )
        settle_gap(tx, encounter)
        return
    # Still in Zeal order between its neighbours: a tie was ordered, not a delay.
    order = encounter.combatants
    above = order[place - 2] if place >= 2 else None
    below = order[place] if place < len(order) else None
    in_order = (above is None or zeal(above) >= zeal(combatant)) and (
        below is None or zeal(below) <= zeal(combatant)
    )
    if not in_order:
        state.moved = True
        tx.log(f"{combatant.name} delays to place {place} in Priority.", "action")
