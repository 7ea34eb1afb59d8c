"""Durations: anchoring an effect (its creator's turns left, or a Ritual), the tick as the
creator's turn begins, and the timing points. `expires_at` is the one rule that ends an
effect: asked as a point is reached, and about the `coming_points` for "ends soon". The
readings: the package notes, "Durations"."""

from __future__ import annotations

from dataclasses import dataclass

from tracker.engine.changes import Transaction
from tracker.engine.rulesets.priority.creatures import (
    find,
    in_conflict,
    name_of,
    npcs_in_soulweaver_turn,
    waiting_creatures,
)
from tracker.engine.rulesets.priority.schedule import upcoming_turns
from tracker.engine.rulesets.priority.state import PriorityAnchor, anchor_of, clock_of
from tracker.engine.state import Combatant, Effect, Encounter


@dataclass(frozen=True)
class TurnBegan:
    """Timing point: a creature's turn began (`waiting`: it is still waiting at the end
    of the Soulweaver's turn and ticks as if its turn had started).

    `ahead` is what `expires_at` needs of a point still to come (`coming_points`): the
    rounds of this creature's turn beginnings up to and including this one that tick
    (it is in Conflict) and are not yet counted in the anchors. A point being reached
    has its tick counted already: `ahead` is empty."""

    combatant_id: str
    round: int
    waiting: bool = False
    ahead: tuple[int, ...] = ()


@dataclass(frozen=True)
class TurnEnded:
    combatant_id: str | None  # None: the Soulweaver's turn
    round: int


@dataclass(frozen=True)
class RoundEnded:
    round: int


Point = TurnBegan | TurnEnded | RoundEnded


def anchor_effect(encounter: Encounter, effect: Effect) -> PriorityAnchor:
    if effect.duration.get("ritual"):
        return PriorityAnchor(ritual=True)
    return PriorityAnchor(
        left=int(effect.duration["amount"]),
        uncounted_round=_round_up_for(encounter, effect.creator_id),
    )


def _round_up_for(encounter: Encounter, creator_id: str | None) -> int | None:
    """The round, when the creator's own turn is up and has not begun (not in the pause
    before it, when another waiting creature may still act first)."""
    clock = clock_of(encounter)
    up = clock.started and not clock.begun and clock.gap is None
    return clock.round if up and creator_id is not None and clock.current == creator_id else None


def tick(tx: Transaction, encounter: Encounter, combatant: Combatant, *, waiting: bool) -> None:
    """The creature's turn begins (or, still waiting, ticks as if it had): in Conflict,
    each non-Ritual effect it created loses 1 unless made in this very turn; the core
    expires those at 0 at the `TurnBegan` point."""
    round_ = clock_of(encounter).round
    if in_conflict(combatant):
        for effect in list(encounter.effects):
            anchor = anchor_of(effect)
            left = anchor.left
            if effect.creator_id != combatant.id or left is None:
                continue
            if anchor.uncounted_round == round_:
                continue
            anchor_of(tx.touch_effect(effect)).left = left - 1
            if left - 1 > 0:
                carrier = name_of(encounter, effect.carrier_id)
                tx.log(f"{effect.name} on {carrier}: {remaining(encounter, effect)}.", "change")
    tx.reach(TurnBegan(combatant.id, round_, waiting))


def expires_at(effect: Effect, point: object) -> bool:
    """The effect ends as its creator's turn begins with no turns left: counting the
    ticks still `ahead` of a coming point."""
    if not isinstance(point, TurnBegan) or point.combatant_id != effect.creator_id:
        return False
    anchor = anchor_of(effect)
    if anchor.left is None:
        return False
    ticks = sum(1 for round_ in point.ahead if round_ != anchor.uncounted_round)
    return anchor.left - ticks <= 0


def coming_points(encounter: Encounter) -> list[Point]:
    """The points reached as the current turn and the next one end, as things stand: a
    turn not yet begun begins (the Soulweaver's with the NPCs acting inside it), it ends,
    and after the Soulweaver's turn the creatures still waiting tick and the round ends.
    A prepared action interrupting begins and ends no turn."""
    if not clock_of(encounter).started:
        return []
    points: list[Point] = []
    ahead: dict[str, tuple[int, ...]] = {}

    def begins(creature: Combatant, round_: int, *, waiting: bool = False) -> None:
        rounds = ahead.get(creature.id, ())
        if in_conflict(creature):
            rounds = ahead[creature.id] = (*rounds, round_)
        points.append(TurnBegan(creature.id, round_, waiting, rounds))

    for turn in upcoming_turns(encounter, 2):
        if "interrupts" in turn.values:
            continue
        begun = bool(turn.values["begun"])
        if turn.combatant_id is not None:
            if not begun:
                begins(encounter.combatant(turn.combatant_id), turn.round)
            points.append(TurnEnded(turn.combatant_id, turn.round))
            continue
        if not begun:
            for npc in npcs_in_soulweaver_turn(encounter):
                begins(npc, turn.round)
        points.append(TurnEnded(None, turn.round))
        for creature in waiting_creatures(encounter):
            begins(creature, turn.round, waiting=True)
        points.append(RoundEnded(turn.round))
    return points


def remaining(encounter: Encounter, effect: Effect) -> str:
    left = anchor_of(effect).left
    if left is None:
        return "Ritual: does not tick in Conflict (end it by hand)"
    turns = f"{left} turn" if left == 1 else f"{left} turns"
    if effect.creator_id is None:
        return f"{turns}, but no creator to count them (end it by hand)"
    creator = find(encounter, effect.creator_id)
    if creator is None:
        return f"{turns}, but its creator left (end it by hand)"
    return f"{left} more of {creator.name}'s turns in Conflict"


def remaining_unnamed(effect: Effect) -> str:
    left = anchor_of(effect).left
    return f"{left} more of its creator's turns" if left is not None else ""
