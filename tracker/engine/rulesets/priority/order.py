"""The Zeal order (the combatants list IS Priority, highest Zeal first): placement of
creatures before the start and of late joiners (`kit.ordering`), placing again after a
Zeal roll or edit, ties re-rolled (option "reroll"), and Ally / Enemy following the
Social Opinion Tier. The readings: the package notes, "Late joiners" and "Ties"."""

from __future__ import annotations

from typing import Any

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.kit import ordering
from tracker.engine.rulesets.priority.creatures import (
    has_slot,
    need,
    placeable,
    zeal,
)
from tracker.engine.rulesets.priority.options import option
from tracker.engine.rulesets.priority.state import (
    ALLY_TIER,
    ENEMY_TIER,
    SOULWEAVER,
    clock_of,
    state_of,
    touch_state,
)
from tracker.engine.state import Combatant, Encounter


# --- placement -------------------------------------------------------------------------
def insertion_index(encounter: Encounter, others: list[Combatant], value: int, batch: int) -> int:
    """Where a creature of Zeal `value` (of late joiners' `batch`) enters `others` (the
    list without it)."""
    if not clock_of(encounter).started or option(encounter, "late_joiners") == "slot":
        return ordering.place_before_lower(
            others, zeal, value, keyed=lambda other: not state_of(other).moved
        )
    start = len(others)
    while start > 0:
        state = state_of(others[start - 1])
        if not (state.late and state.batch == batch):
            break
        start -= 1
    return ordering.place_before_lower(others, zeal, value, start=start)


def place_new(encounter: Encounter, combatant: Combatant) -> int:
    return insertion_index(
        encounter, encounter.combatants, zeal(combatant), clock_of(encounter).round
    )


def resort(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    """Its Zeal changed: place it again while Zeal still sets its place."""
    if not placeable(encounter, combatant):
        return
    others = [c for c in encounter.combatants if c is not combatant]
    index = insertion_index(encounter, others, zeal(combatant), state_of(combatant).batch)
    tx.move_combatant(encounter.index_of(combatant.id), index)
    if clock_of(encounter).started:
        set_first_round(tx, encounter, combatant)


def set_first_round(tx: Transaction, encounter: Encounter, combatant: Combatant) -> bool:
    """A late joiner above the current turn (or joining in the Soulweaver's turn) acts
    from the next round. Returns whether it acts this round."""
    clock = clock_of(encounter)
    current = clock.current
    later = current != SOULWEAVER and (
        current is None or encounter.index_of(combatant.id) > encounter.index_of(current)
    )
    touch_state(tx, combatant).done_round = 0 if later else clock.round
    return later


# --- joining ---------------------------------------------------------------------------
def on_added(tx: Transaction, encounter: Encounter, combatant: Combatant) -> None:
    tx.touch(combatant)
    follow_tier(tx, combatant)
    clock = clock_of(encounter)
    if not clock.started:
        return
    state = state_of(combatant)
    state.late = True
    if option(encounter, "late_joiners") == "append":
        state.batch = clock.round
    place = encounter.index_of(combatant.id) + 1
    if not has_slot(encounter, combatant):
        tx.log(f"{combatant.name} joins and acts inside the Soulweaver's turn.", "change")
        return
    if set_first_round(tx, encounter, combatant):
        when = "acts this round"
    else:
        when = f"acts from Round {clock.round + 1}"
    tx.log(f"{combatant.name} joins Priority at place {place}: {when}.", "change")


def follow_tier(tx: Transaction, combatant: Combatant) -> None:
    """Ally / Enemy follows the Social Opinion Tier; party members keep their side."""
    if combatant.side == "party":
        return
    tier = int(combatant.stats.get("social_tier", 5))
    side = "ally" if tier >= ALLY_TIER else "enemy" if tier <= ENEMY_TIER else None
    if side is not None and side != combatant.side:
        tx.touch(combatant).side = side
        tx.log(f"{combatant.name} counts as {side} (Social Opinion Tier {tier}).", "change")


def roll_zeal(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    combatant = need(encounter, combatant_id, "Zeal result")
    if not placeable(encounter, combatant):
        raise CommandError(
            f"{combatant.name}'s place in Priority is settled; drag it to delay, or edit its Zeal."
        )
    result = params["result"]
    dice = combatant.stats.get("zeal_dice", "")
    tx.touch(combatant).stats["zeal"] = result
    state_of(combatant).tiebreak = []
    shown = f" ({dice})" if dice else ""
    tx.log(f"{combatant.name} rolls Zeal{shown}: {result}.", "action")
    resort(tx, encounter, combatant)


# --- ties ------------------------------------------------------------------------------
def tie_groups(encounter: Encounter) -> list[list[Combatant]]:
    """Unsettled ties (option "reroll"): runs of neighbours of equal Zeal (and batch)
    that have not acted, in which someone still owes a re-roll."""
    if option(encounter, "ties") != "reroll":
        return []

    def tie_key(combatant: Combatant) -> tuple[int, int] | str:
        # A creature that cannot tie any more is keyed by its id: it never ties and it
        # breaks a run of equal Zeal.
        if not placeable(encounter, combatant):
            return combatant.id
        return (zeal(combatant), state_of(combatant).batch)

    groups = ordering.tie_groups(encounter.combatants, tie_key)
    return [group for group in groups if owing(group)]


def owing(group: list[Combatant]) -> list[Combatant]:
    """Members whose results so far are the start of another member's."""
    return [
        member
        for member in group
        if any(
            other is not member and _is_prefix(state_of(member).tiebreak, state_of(other).tiebreak)
            for other in group
        )
    ]


def _is_prefix(short: list[int], long: list[int]) -> bool:
    return long[: len(short)] == short


def reroll_tie(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    combatant = need(encounter, combatant_id, "Tie re-roll")
    group = next((g for g in tie_groups(encounter) if any(c is combatant for c in g)), None)
    if group is None or not any(c is combatant for c in owing(group)):
        raise CommandError(f"{combatant.name} owes no tie re-roll.")
    result = params["result"]
    state = touch_state(tx, combatant)
    state.tiebreak = [*state.tiebreak, result]
    tx.log(f"{combatant.name} re-rolls the Zeal tie: {result}.", "action")
    if owing(group):
        return
    first = encounter.index_of(group[0].id)
    ordered = sorted(group, key=lambda c: state_of(c).tiebreak, reverse=True)
    for offset, member in enumerate(ordered):
        tx.move_combatant(encounter.index_of(member.id), first + offset)
    tx.log(
        f"Tie at Zeal {zeal(combatant)} settled: {', '.join(c.name for c in ordered)}.",
        "change",
    )
