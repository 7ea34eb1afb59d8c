"""Effects: how long each lasts, and when it ends.

Duration fields: `until` (the start or the end of the carrier's next turn, a number of
rounds, or until the DM ends it) and `rounds`. The anchor records the round of the
carrier's next turn (from the order of the battle) or the last round; the turn passing
announces `TurnStarted`, `TurnEnded` and `RoundEnded` (see `sides`), and "ends soon"
asks the same `expires_at` about the points of the current and the next turn.
"""

from __future__ import annotations

from itertools import islice
from typing import Any

from tracker.engine.errors import CommandError
from tracker.engine.fields import Field
from tracker.engine.kit.moments import RoundEnded, TurnEnded, TurnStarted
from tracker.engine.rulesets.stamina_battle.sides import plan, slots
from tracker.engine.rulesets.stamina_battle.state import END_KINDS, Anchor, anchor_of, clock
from tracker.engine.state import Effect, Encounter

DURATION_FIELDS: tuple[Field, ...] = (
    Field(
        "until",
        "Until",
        "choice",
        "next_turn_start",
        choices=END_KINDS,
        choice_labels=(
            "the start of its next turn",
            "the end of its next turn",
            "the end of a number of rounds",
            "the DM ends it",
        ),
        help="The start or the end of the carrier's next turn (a Guard lasts until the "
        "start), a number of rounds (ends at the end of the last), or until the DM ends it.",
    ),
    Field(
        "rounds",
        "Rounds",
        "int",
        1,
        minimum=1,
        maximum=99,
        help="For a number of rounds: this round counts as the first.",
    ),
)


def next_turn_round(encounter: Encounter, carrier_id: str) -> int:
    """The round of the carrier's next turn to begin (not the one under way)."""
    now = clock(encounter)
    if not now.started:
        return 1
    for slot in islice(plan(encounter), 1 if now.current is not None else 0, None):
        if slot.round > now.round + 1:
            break
        if slot.unit.id == carrier_id:
            return slot.round
    return now.round + 1


def anchor_effect(encounter: Encounter, effect: Effect) -> Anchor:
    duration = effect.duration
    kind = next((k for k in END_KINDS if k == duration.get("until")), None)
    if kind is None:
        raise CommandError(f"An effect lasts until one of: {', '.join(END_KINDS)}.", "until")
    rounds = duration.get("rounds", 1)
    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
        raise CommandError("The effect lasts at least 1 round.", "rounds")
    encounter.combatant(effect.carrier_id)
    old = anchor_of(effect)
    guard = old.guard if old is not None else ""
    boost = old.boost if old is not None else 0
    now = max(clock(encounter).round, 1)
    return Anchor(
        kind=kind,
        turn_round=next_turn_round(encounter, effect.carrier_id) if "turn" in kind else 0,
        last_round=now + rounds - 1 if kind == "rounds" else 0,
        guard=guard,
        boost=boost,
    )


def expires_at(encounter: Encounter, effect: Effect, point: Any) -> bool:
    anchor = anchor_of(effect)
    if anchor is None:
        return False
    if isinstance(point, TurnStarted) and anchor.kind == "next_turn_start":
        return point.combatant_id == effect.carrier_id and point.round >= anchor.turn_round
    if isinstance(point, TurnEnded) and anchor.kind == "next_turn_end":
        return point.combatant_id == effect.carrier_id and point.round >= anchor.turn_round
    if isinstance(point, RoundEnded) and anchor.kind == "rounds":
        return point.round >= anchor.last_round
    return False


def coming_points(encounter: Encounter) -> list[Any]:
    """The points the current turn's end and the next turn reach: the current turn
    ends (and with it perhaps the round), the next begins and ends (and perhaps its
    round), the one after begins."""
    turns = slots(encounter, 3)
    points: list[Any] = []
    for index, slot in enumerate(turns):
        if index > 0:
            points.append(TurnStarted(slot.unit.id, slot.round))
        if index == 2:
            break
        points.append(TurnEnded(slot.unit.id, slot.round))
        if index + 1 < len(turns) and turns[index + 1].round > slot.round:
            points.append(RoundEnded(slot.round))
    return points


def remaining(encounter: Encounter, effect: Effect) -> str:
    """How long the effect has, in words that name nobody."""
    anchor = anchor_of(effect)
    if anchor is None:
        return ""
    if anchor.kind == "next_turn_start":
        return f"until the start of its carrier's next turn (round {anchor.turn_round})"
    if anchor.kind == "next_turn_end":
        return f"until the end of its carrier's next turn (round {anchor.turn_round})"
    if anchor.kind == "rounds":
        left = anchor.last_round - max(clock(encounter).round, 1) + 1
        rounds = "1 round" if left == 1 else f"{left} rounds"
        return f"until the end of round {anchor.last_round} ({rounds} left)"
    return "until the DM ends it"
