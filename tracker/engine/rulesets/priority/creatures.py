"""Who is who: a creature's stats as the rules read them, who has a Priority slot, who
waits, who is still to act this round, and the refusals every action shares."""

from __future__ import annotations

from collections.abc import Iterator

from tracker.engine.errors import CommandError
from tracker.engine.rulesets.priority.options import option
from tracker.engine.rulesets.priority.state import (
    LEAVE_BASE_DL,
    SOULWEAVER,
    clock_of,
    state_of,
)
from tracker.engine.state import Combatant, Encounter


# --- stats -----------------------------------------------------------------------------
def zeal(combatant: Combatant) -> int:
    return int(combatant.stats.get("zeal", 0))


def minor_pool(combatant: Combatant) -> int:
    return int(combatant.stats.get("minor_pool", 1))


def grit_pips(combatant: Combatant) -> int:
    return int(combatant.stats.get("grit_pips", 0))


def leave_dl(combatant: Combatant) -> int:
    """Poise DL to leave Conflict while aware of a threat: 9 + Grit Pips."""
    return LEAVE_BASE_DL + grit_pips(combatant)


def in_conflict(combatant: Combatant) -> bool:
    return bool(combatant.stats.get("conflict", False))


# --- who is who ------------------------------------------------------------------------
def has_slot(encounter: Encounter, combatant: Combatant) -> bool:
    """False for NPCs when they act inside the Soulweaver's turn."""
    return option(encounter, "npc_turns") == "own_slot" or combatant.side == "party"


def find(encounter: Encounter, combatant_id: str | None) -> Combatant | None:
    return encounter.find(combatant_id)


def name_of(encounter: Encounter, combatant_id: str | None) -> str:
    if combatant_id == SOULWEAVER:
        return "the Soulweaver"
    found = find(encounter, combatant_id)
    return found.name if found else "a departed creature"


def waiting_creatures(encounter: Encounter) -> list[Combatant]:
    """The creatures waiting, in order: a scan of every creature, once between two
    changes (the status, the prompt and the turn's end each ask)."""
    return list(encounter.derived("priority.waiting", lambda: _waiting(encounter)))


def _waiting(encounter: Encounter) -> tuple[Combatant, ...]:
    """`has_slot` and `state_of`, read once for the scan, not once a creature."""
    every = option(encounter, "npc_turns") == "own_slot"
    return tuple(
        [c for c in encounter.combatants if c.runtime.waiting and (every or c.side == "party")]
    )


def pending(encounter: Encounter) -> Iterator[Combatant]:
    """Creatures still to act this round, in order (not the current one), found as they
    are asked for."""
    clock = clock_of(encounter)
    every = option(encounter, "npc_turns") == "own_slot"  # `has_slot`, read once
    round_, current = clock.round, clock.current
    return (
        c
        for c in encounter.combatants
        if (every or c.side == "party")
        and not c.runtime.waiting
        and c.runtime.done_round < round_
        and c.id != current
    )


def npcs_in_soulweaver_turn(encounter: Encounter) -> list[Combatant]:
    return [c for c in encounter.combatants if not has_slot(encounter, c)]


def placeable(encounter: Encounter, combatant: Combatant) -> bool:
    """Zeal still sets its place: before the start, or a late joiner before its first
    turn whose place no wait or drag has changed."""
    clock = clock_of(encounter)
    if not clock.started:
        return True
    state = state_of(combatant)
    return (
        state.late
        and not state.had_turn
        and not state.moved
        and not state.waiting
        and combatant.id != clock.current
    )


def interrupted(encounter: Encounter) -> str | None:
    """Whose turn the outermost prepared action interrupted, if one is under way."""
    clock = clock_of(encounter)
    return clock.current if clock.interrupts else None


def holder_name(encounter: Encounter) -> str:
    """Who holds the turn now: the newest prepared action's creature, or the current."""
    clock = clock_of(encounter)
    if clock.interrupts:
        return name_of(encounter, clock.interrupts[-1].by)
    return name_of(encounter, clock.current)


# --- refusals --------------------------------------------------------------------------
def need(encounter: Encounter, combatant_id: str | None, what: str) -> Combatant:
    if combatant_id is None:
        raise CommandError(f"{what}: choose the creature first.")
    return encounter.combatant(combatant_id)


def require_started(encounter: Encounter) -> None:
    if not clock_of(encounter).started:
        raise CommandError("Priority has not started yet.")
