"""Effects: how long each lasts, in the carrier's (or its creator's) turns or in rounds.

Duration field `until`: "turn_start" (effects that last one turn: they resolve at the
formal start of the owner's next turn), "turn_end" ("until the end of your next turn":
the end of the owner's next turn, the one after this if it is acting now), "rounds"
(the end of the round `rounds` − 1 rounds from now) or "ended" (until the GM ends it).
The owner is the effect's creator when it has one, else its carrier. Timing points
(`TurnStarted`, `TurnEnded`, `RoundEnded`) carry the owner's count of turns, so whether
an effect ends depends on (anchor, point) alone.
"""

from __future__ import annotations

from typing import Any

from tracker.engine.errors import CommandError
from tracker.engine.fields import Field
from tracker.engine.rulesets.initiative_ticks.state import (
    UNTIL_KINDS,
    Anchor,
    RoundEnded,
    TurnEnded,
    TurnStarted,
    anchor_of,
    clock,
    rt,
)
from tracker.engine.state import Effect, Encounter

DURATION_FIELDS: tuple[Field, ...] = (
    Field(
        "until",
        "Until",
        "choice",
        "turn_end",
        choices=UNTIL_KINDS,
        choice_labels=(
            "the start of its next turn (lasts one turn)",
            "the end of its next turn",
            "the end of a number of rounds",
            "the GM ends it",
        ),
        help="Whose turn: the owner's, its creator if it has one, else its carrier. Effects "
        "that last one turn resolve at the formal start of that turn; “until the end of your "
        "next turn” at its formal end.",
    ),
    Field(
        "rounds",
        "Rounds",
        "int",
        1,
        1,
        99,
        help="For a number of rounds: ends at the end of the last.",
    ),
)
LABELS = {
    "turn_start": "the start of {who}'s next turn",
    "turn_end": "the end of {who}'s next turn",
}


def owner_id(encounter: Encounter, effect: Effect) -> str:
    """The creator while it is in the fight, else the carrier."""
    creator = effect.creator_id
    if creator is not None and encounter.find(creator) is not None:
        return creator
    return effect.carrier_id


def anchor_effect(encounter: Encounter, effect: Effect) -> Anchor:
    until = effect.duration.get("until", "turn_end")
    if until not in UNTIL_KINDS:
        raise CommandError(f"Until is one of: {', '.join(UNTIL_KINDS)}.", "until")
    rounds = effect.duration.get("rounds", 1)
    rounds = rounds if isinstance(rounds, int) and not isinstance(rounds, bool) else 1
    owner = encounter.combatant(owner_id(encounter, effect))
    runtime = rt(owner)
    now = clock(encounter)
    if until == "turn_start":
        return Anchor("turn_start", owner.id, runtime.turns_started + 1)
    if until == "turn_end":
        acting = now.current == owner.id and runtime.started
        return Anchor("turn_end", owner.id, runtime.turns_ended + (2 if acting else 1))
    if until == "rounds":
        return Anchor("rounds", "", max(now.round, 1) + max(rounds, 1) - 1)
    return Anchor("ended", "", 0)


def expires_at(effect: Effect, point: Any) -> bool:
    anchor = anchor_of(effect)
    if anchor is None:
        return False
    if isinstance(point, TurnStarted):
        return (
            anchor.kind == "turn_start"
            and point.combatant_id == anchor.whose
            and point.number >= anchor.at
        )
    if isinstance(point, TurnEnded):
        return (
            anchor.kind == "turn_end"
            and point.combatant_id == anchor.whose
            and point.number >= anchor.at
        )
    if isinstance(point, RoundEnded):
        return anchor.kind == "rounds" and point.round >= anchor.at
    return False


def remaining(encounter: Encounter, effect: Effect, *, named: bool = True) -> str:
    anchor = anchor_of(effect)
    if anchor is None:
        return ""
    if anchor.kind in LABELS:
        owner = encounter.find(anchor.whose)
        who = owner.name if named and owner is not None else "its owner"
        turn = "start" if anchor.kind == "turn_start" else "end"
        runtime_count = _count(encounter, anchor)
        later = anchor.at - runtime_count - 1
        when = LABELS[anchor.kind].format(who=who)
        if later > 0:
            when = f"the {turn} of {who}'s turn after next"
        return f"until {when}"
    if anchor.kind == "rounds":
        return f"until the end of round {anchor.at}"
    return "until ended"


def _count(encounter: Encounter, anchor: Anchor) -> int:
    owner = encounter.find(anchor.whose)
    if owner is None:
        return anchor.at - 1
    runtime = rt(owner)
    return runtime.turns_started if anchor.kind == "turn_start" else runtime.turns_ended
