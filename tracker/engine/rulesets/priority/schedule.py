"""The turns as views see them: the current turn (a creature's, the Soulweaver's, or a
prepared action interrupting), the turns to come as things stand, and the one-line
status. Reading only: nothing here changes the encounter."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection

from tracker.engine.errors import CommandError
from tracker.engine.ruleset import Turn
from tracker.engine.rulesets.priority.creatures import (
    has_slot,
    leave_dl,
    minor_pool,
    name_of,
    npcs_in_soulweaver_turn,
    pending,
    waiting_creatures,
    zeal,
)
from tracker.engine.rulesets.priority.options import option
from tracker.engine.rulesets.priority.pools import (
    major_left,
    minor_left,
    pools_text,
    tricks_used,
)
from tracker.engine.rulesets.priority.state import (
    MAJOR_POOL,
    ROUND_SECONDS,
    SOULWEAVER,
    clock_of,
    state_of,
)
from tracker.engine.state import Combatant, Encounter


def elapsed(round_: int) -> int:
    """Seconds elapsed when a round begins: rounds before it × 5."""
    return max(round_ - 1, 0) * ROUND_SECONDS


def clock_label(encounter: Encounter) -> str:
    clock = clock_of(encounter)
    return f"R{clock.round}" if clock.started else "setup"


def status(encounter: Encounter) -> str:
    clock = clock_of(encounter)
    if not clock.started:
        return "Setting up: roll Zeal, then start Priority."
    parts = [f"Round {clock.round}", f"{elapsed(clock.round)} s"]
    turn = current_turn(encounter)
    assert turn is not None
    if turn.combatant_id is None:
        parts.append("the Soulweaver's turn")
    else:
        name = encounter.combatant(turn.combatant_id).name
        if "interrupts" in turn.values:
            parts.append(f"{name}'s prepared action (interrupting {turn.values['interrupts']})")
        else:
            up = "" if turn.values["begun"] else " (up: may wait)"
            parts.append(f"{name}: {turn.grant}{up}")
    names = [c.name for c in waiting_creatures(encounter)]
    if names:
        parts.append("waiting: " + ", ".join(names))
    if clock.exchange is not None:
        parts.append(f"reaction stack: {len(clock.exchange.items)}")
    return " · ".join(parts)


def current_turn(encounter: Encounter) -> Turn | None:
    clock = clock_of(encounter)
    if not clock.started:
        return None
    if clock.interrupts:
        return interrupt_turn(encounter, len(clock.interrupts) - 1)
    if clock.current == SOULWEAVER:
        return soulweaver_turn(encounter, clock.round, current=True)
    combatant = encounter.combatant(_current_id(encounter))
    return creature_turn(encounter, combatant, clock.round, current=True)


def upcoming_turns(encounter: Encounter, limit: int) -> list[Turn]:
    """The current turn first (prepared actions interrupting it before it, newest
    first), then the turns to come as things stand, at most `limit`."""
    clock = clock_of(encounter)
    turns: list[Turn] = []
    if not clock.started:
        for combatant in encounter.combatants:
            if has_slot(encounter, combatant):
                turns.append(creature_turn(encounter, combatant, 0))
        turns.append(soulweaver_turn(encounter, 0))
        return turns[:limit]
    for depth in reversed(range(len(clock.interrupts))):
        turns.append(interrupt_turn(encounter, depth))
    round_ = clock.round
    if clock.current == SOULWEAVER:
        turns.append(soulweaver_turn(encounter, round_, current=True))
    else:
        current = encounter.combatant(_current_id(encounter))
        turns.append(creature_turn(encounter, current, round_, current=True))
        for combatant in pending(encounter):
            if len(turns) >= limit:
                return turns[:limit]
            turns.append(creature_turn(encounter, combatant, round_))
        turns.append(soulweaver_turn(encounter, round_))
    keep = option(encounter, "waiting_at_soulweaver") == "keep_waiting"
    later: list[Turn] = []  # a later round's turns: who acts in it is the same each round
    for combatant in encounter.combatants:
        if has_slot(encounter, combatant) and not (keep and state_of(combatant).waiting):
            later.append(creature_turn(encounter, combatant, round_ + 1))
    later.append(soulweaver_turn(encounter, round_ + 1))
    while len(turns) < limit:
        round_ += 1
        turns.extend(_in_round(turn, round_) for turn in later[: limit - len(turns)])
    return turns[:limit]


def _in_round(turn: Turn, round_: int) -> Turn:
    """A turn to come (not the current one) as it is in another round: its key, round
    and time differ, nothing else."""
    if turn.round == round_:
        return turn
    values = {**turn.values, "round": round_, "elapsed": elapsed(round_)}
    if "tricks" in values:
        values["tricks"] = []
    if "npcs" in values:
        values["npcs"] = list(values["npcs"])
    return Turn(
        turn.combatant_id, (round_, turn.key[1]), round_, turn.phase, turn.grant, values, turn.title
    )


def _current_id(encounter: Encounter) -> str:
    current = clock_of(encounter).current
    if current is None:  # only between two steps of one command
        raise CommandError("No turn is current.")
    return current


def creature_turn(
    encounter: Encounter, combatant: Combatant, round_: int, *, current: bool = False
) -> Turn:
    begun = current and clock_of(encounter).begun
    if begun:
        major, minor = major_left(combatant), minor_left(combatant)
    else:
        major, minor = MAJOR_POOL, minor_pool(combatant)
    place = encounter.index_of(combatant.id) + 1
    return Turn(
        combatant_id=combatant.id,
        key=(round_, combatant.id),
        round=round_,
        phase=f"Priority {place} · Zeal {zeal(combatant)}",
        grant=pools_text(major, minor),
        values={
            "round": round_,
            "elapsed": elapsed(round_),
            "place": place,
            "zeal": zeal(combatant),
            "begun": begun,
            "major_left": major,
            "minor_left": minor,
            "major_pool": MAJOR_POOL,
            "minor_pool": minor_pool(combatant),
            "tricks": tricks_used(combatant) if begun else [],
            "leave_dl": leave_dl(combatant),
        },
    )


def soulweaver_turn(encounter: Encounter, round_: int, *, current: bool = False) -> Turn:
    npcs = [c.name for c in npcs_in_soulweaver_turn(encounter)]
    return Turn(
        combatant_id=None,
        key=(round_, SOULWEAVER),
        round=round_,
        phase="last in the round",
        grant=("NPCs act: " + ", ".join(npcs)) if npcs else "",
        values={
            "round": round_,
            "elapsed": elapsed(round_),
            "begun": current and clock_of(encounter).begun,
            "npcs": npcs,
        },
        title="Soulweaver",
    )


def _interrupted_id(encounter: Encounter, depth: int) -> str | None:
    """Whose turn the prepared action at `depth` interrupts (the Soulweaver's: its mark)."""
    clock = clock_of(encounter)
    return clock.interrupts[depth - 1].by if depth > 0 else clock.current


def interrupt_turn(encounter: Encounter, depth: int) -> Turn:
    """The prepared action at `depth` (0: the outermost) as a turn."""
    clock = clock_of(encounter)
    frame = clock.interrupts[depth]
    interrupted = name_of(encounter, _interrupted_id(encounter, depth))
    round_ = clock.round
    return Turn(
        combatant_id=frame.by,
        key=("prepared", round_, frame.by, depth),
        round=round_,
        phase=f"Prepared action ({frame.trigger})",
        grant=f"a single action, already paid; {interrupted}'s turn waits",
        values={
            "round": round_,
            "elapsed": elapsed(round_),
            "begun": True,
            "interrupts": interrupted,
            "trigger": frame.trigger,
        },
    )


def seen_places(encounter: Encounter, visible: Collection[str]) -> dict[str, int]:
    """Each creature of `visible` by id → its place among them in Priority (1 first),
    worked out once between two changes (the players' list tells every turn to come)."""
    seen = visible if isinstance(visible, frozenset) else frozenset(visible)

    def places() -> dict[str, int]:
        ids = (c.id for c in encounter.combatants if c.id in seen)
        return {combatant_id: n for n, combatant_id in enumerate(ids, start=1)}

    return encounter.derived(("priority.seen_places", seen), places)


def public_turn(encounter: Encounter, turn: Turn, visible: Collection[str]) -> Turn:
    """The turn as told to those who see only `visible`: "Priority 2" counts only the
    creatures they see, the Soulweaver's turn names only the NPCs they see, and a
    prepared action names no interrupted creature they cannot see."""
    values = turn.values
    if turn.combatant_id is None:
        npcs = [c.name for c in npcs_in_soulweaver_turn(encounter) if c.id in visible]
        grant = ("NPCs act: " + ", ".join(npcs)) if npcs else ""
        return dataclasses.replace(turn, grant=grant, values={**values, "npcs": npcs})
    if "interrupts" in values:
        depth = turn.key[-1]
        clock = clock_of(encounter)
        interrupted = _interrupted_id(encounter, depth) if depth < len(clock.interrupts) else None
        if interrupted == SOULWEAVER or interrupted in visible:
            return turn
        return dataclasses.replace(
            turn,
            grant="a single action, already paid",
            values={**values, "interrupts": ""},
        )
    if "place" not in values:
        return turn
    combatant = encounter.combatant(turn.combatant_id)
    place = seen_places(encounter, visible).get(combatant.id)
    if place is None:  # not theirs to see: nothing to number
        return turn
    return dataclasses.replace(
        turn,
        phase=f"Priority {place} · Zeal {zeal(combatant)}",
        values={**values, "place": place},
    )
