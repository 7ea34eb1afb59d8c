"""Effects: how long each lasts, and when it ends.

Duration fields: `until` (the start or the end of X's next turn; a number of rounds or
minutes, 1 minute = 10 rounds; until the GM ends it; a valued condition counting down
at the end of its carrier's turns; persistent damage; a sustained effect), `of` (X: the
creator or the carrier), `amount` (rounds, minutes, the value, the damage) and
`concentration` (5e: it ends with its creator's concentration).

Anchors are turns of a creature (`whose`): "start_of_turn" / "end_of_turn" end at that
point of its next turn (`round`); N rounds end as its N-th next turn starts (its turns
count the rounds: cast on its own turn, exactly N rounds); "sustained" ends at the end
of its creator's turn unless Sustained during it (`round`: the last round sustained).
Turns announce `TurnStarted`, `TurnEnded` and `RoundEnded`; "ends soon" asks the same
`expires_at` about the points of the current and the next turn.
"""

from __future__ import annotations

from typing import Any

from tracker.engine.errors import CommandError
from tracker.engine.fields import Field
from tracker.engine.kit.moments import RoundEnded, TurnEnded, TurnStarted
from tracker.engine.rulesets.classic_d20.options import rerolls
from tracker.engine.rulesets.classic_d20.order import members, slots
from tracker.engine.rulesets.classic_d20.state import (
    END_KINDS,
    LAIR,
    ROUNDS_PER_MINUTE,
    Anchor,
    anchor_of,
    clock,
)
from tracker.engine.rulesets.classic_d20.valued import VALUED_WORDS, condition_word
from tracker.engine.state import Effect, Encounter

WHOSE = ("creator", "carrier")
DURATION_FIELDS: tuple[Field, ...] = (
    Field(
        "until",
        "Until",
        "choice",
        "end_of_turn",
        choices=END_KINDS,
        choice_labels=(
            "the start of X's next turn",
            "the end of X's next turn",
            "a number of rounds",
            "a number of minutes (10 rounds each)",
            "the GM ends it",
            "its value lowers by 1 at the end of each of its carrier's turns",
            "persistent damage: each end of its carrier's turn, then a DC 15 flat check",
            "sustained: ends at the end of its creator's turn unless Sustained",
        ),
        help="When it ends; X is the creator or the carrier (below).",
    ),
    Field(
        "of",
        "X is",
        "choice",
        "creator",
        choices=WHOSE,
        choice_labels=("its creator", "its carrier"),
        help="Whose turns count: the caster's (the usual) or the carrier's.",
    ),
    Field(
        "amount",
        "Amount",
        "int",
        1,
        minimum=1,
        maximum=999,
        help="Rounds, minutes, the condition's value, or persistent damage per turn.",
    ),
    Field(
        "concentration",
        "Concentration",
        "bool",
        False,
        help="5e: it ends when its creator's concentration ends.",
    ),
)


def slot_of(encounter: Encounter, combatant_id: str, found: list[str] | None = None) -> str | None:
    """The slot (turn) in which the combatant acts: its own, or its group's. `found`:
    the round's turns, when the caller has them already."""
    combatant = encounter.find(combatant_id)
    if combatant is None:
        return None
    if found is None:
        found = slots(encounter)
    for member in members(encounter, combatant):
        if member.id in found:
            return member.id
    return None


def next_turn_round(encounter: Encounter, combatant_id: str) -> int:
    """The round of the combatant's next turn to begin (not the one under way)."""
    now = clock(encounter)
    if not now.started:
        return 1
    found = slots(encounter)
    slot = slot_of(encounter, combatant_id, found)
    if slot is None or now.current is None or now.rolling:
        return max(now.round, 1) + (0 if now.rolling else 1)
    current = found.index(now.current) if now.current in found else now.index
    if slot in found and found.index(slot) > current:
        return now.round
    return now.round + 1


def anchor_effect(encounter: Encounter, effect: Effect) -> Anchor:
    duration = effect.duration
    kind = next((k for k in END_KINDS if k == duration.get("until")), None)
    if kind is None:
        raise CommandError(f"An effect lasts until one of: {', '.join(END_KINDS)}.", "until")
    amount = duration.get("amount", 1)
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise CommandError("The amount is 1 or more.", "amount")
    encounter.combatant(effect.carrier_id)
    whose = effect.carrier_id
    if duration.get("of", "creator") == "creator" and effect.creator_id is not None:
        whose = effect.creator_id
    if kind == "sustained" and effect.creator_id is None:
        raise CommandError("A sustained effect needs its creator (who Sustains it).", "until")
    concentration = ""
    if duration.get("concentration") is True:
        concentration = _concentration(encounter, effect)
    now = clock(encounter)
    round_ = 0
    if kind in ("start_of_turn", "end_of_turn"):
        round_ = next_turn_round(encounter, whose)
    elif kind in ("rounds", "minutes"):
        rounds = amount * (ROUNDS_PER_MINUTE if kind == "minutes" else 1)
        round_ = next_turn_round(encounter, whose) + rounds - 1
    elif kind == "sustained":
        round_ = max(now.round, 1)
    value = amount if kind in ("countdown", "until_ended", "persistent") else 0
    return Anchor(kind, whose, round_, value, concentration)


def _concentration(encounter: Encounter, effect: Effect) -> str:
    """The caster whose concentration holds the effect: one spell at a time."""
    if effect.creator_id is None:
        raise CommandError("Concentration needs the effect's creator: who concentrates.")
    caster = encounter.combatant(effect.creator_id)
    for other in encounter.effects:
        anchor = anchor_of(other)
        if (
            other.id != effect.id
            and anchor is not None
            and anchor.concentration == caster.id
            and other.name.casefold() != effect.name.casefold()
        ):
            raise CommandError(
                f"{caster.name} already concentrates on {other.name}: a creature "
                "concentrates on one spell at a time (end that concentration first)."
            )
    return caster.id


def expires_at(encounter: Encounter, effect: Effect, point: Any) -> bool:
    anchor = anchor_of(effect)
    if anchor is None:
        return False
    kind = anchor.kind
    if isinstance(point, TurnStarted):
        if kind in ("start_of_turn", "rounds", "minutes"):
            return point.combatant_id == anchor.whose and point.round >= anchor.round
        return False
    if isinstance(point, TurnEnded):
        if kind == "end_of_turn":
            return point.combatant_id == anchor.whose and point.round >= anchor.round
        if kind == "sustained":
            return point.combatant_id == anchor.whose and point.round > anchor.round
        if kind == "countdown":
            return point.combatant_id == effect.carrier_id and anchor.value <= 1
    return False


def coming_points(encounter: Encounter) -> list[Any]:
    """The current turn's end, the next turn's start and end, and the start of the one
    after (each member of a group acting together), rounds ending between them. With
    initiative rolled again each round, nothing past the round's end: the next round's
    order is not known before its rolls."""
    now = clock(encounter)
    if not now.started or now.rolling or now.current is None:
        return []
    found = slots(encounter)
    if not found:
        return []
    start = found.index(now.current) if now.current in found else now.index
    ahead: list[tuple[str, int]] = []
    for step in range(3):
        position = start + step
        round_ = now.round + position // len(found)
        ahead.append((found[position % len(found)], round_))
    points: list[Any] = []
    known = now.round if rerolls(encounter) else None
    for number, (slot, round_) in enumerate(ahead):
        if known is not None and round_ > known:
            break
        ids = _ids(encounter, slot)
        if number > 0:
            points += [TurnStarted(i, round_) for i in ids]
        if number == 2:
            break
        if number == 0 and now.gap_after is not None:
            points += [TurnStarted(i, round_) for i in ids]  # up, not begun yet
        points += [TurnEnded(i, round_) for i in ids]
        if ahead[number + 1][1] > round_:
            points.append(RoundEnded(round_))
    return points


def _ids(encounter: Encounter, slot: str) -> list[str]:
    if slot == LAIR:
        return []
    combatant = encounter.find(slot)
    return [m.id for m in members(encounter, combatant)] if combatant else []


def remaining(encounter: Encounter, effect: Effect, *, named: bool = True) -> str:
    anchor = anchor_of(effect)
    if anchor is None:
        return ""
    whose = encounter.find(anchor.whose)
    who = f"{whose.name}'s" if named and whose is not None else "X's"
    if whose is not None and anchor.whose == effect.carrier_id:
        who = "its carrier's"
    if whose is None and anchor.kind in ("start_of_turn", "end_of_turn", "rounds", "minutes"):
        return "its creature left the fight: until the GM ends it"
    tail = " (concentration)" if anchor.concentration else ""
    kind = anchor.kind
    if kind == "start_of_turn":
        text = f"until the start of {who} turn in round {anchor.round}"
    elif kind == "end_of_turn":
        text = f"until the end of {who} turn in round {anchor.round}"
    elif kind in ("rounds", "minutes"):
        left = anchor.round - max(clock(encounter).round, 1) + 1
        text = f"until the start of {who} turn in round {anchor.round} ({left} rounds)"
    elif kind == "countdown":
        text = f"value {anchor.value}, lowers by 1 at the end of its carrier's turn"
    elif kind == "persistent":
        text = f"{anchor.value} damage at the end of each of its carrier's turns, DC 15 to end"
    elif kind == "sustained":
        text = f"until the end of {who} turn unless Sustained (last: round {anchor.round})"
    elif condition_word(effect) in VALUED_WORDS:
        text = f"value {anchor.value}, until the GM ends it"
    else:
        text = "until the GM ends it"
    return text + tail
