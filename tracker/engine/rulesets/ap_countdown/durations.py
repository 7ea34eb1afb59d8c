"""Effects: what kind each is, how long it has, and when it ends.

Duration fields: `kind` (timed / stunned-unable-to-parry / stunned / dazed / staggered
/ bleeding / environmental), `rounds` (timed effects and stuns) and `hits` (bleeding,
per round). The anchor records the round the effect was applied in and the AP its
carrier had spent so far that round (for the stun rule); everything ends at Upkeep
(see `upkeep`), through timing points that `expires_at` reads, and "ends soon" asks
the same function about the points of the coming Upkeep when it is the current or the
next turn.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from tracker.engine.errors import CommandError
from tracker.engine.fields import Field
from tracker.engine.rulesets.ap_countdown.countdown import spent_this_round
from tracker.engine.rulesets.ap_countdown.state import (
    COUNTED_KINDS,
    EFFECT_KINDS,
    STUN_KINDS,
    Anchor,
    clock,
)
from tracker.engine.rulesets.ap_countdown.turns import upkeep_is_near
from tracker.engine.rulesets.ap_countdown.upkeep import (
    STUN_LABELS,
    StaggerClear,
    StunTick,
    TimedTick,
    counts_this_round,
    plan,
)
from tracker.engine.state import Effect, Encounter

DURATION_FIELDS: tuple[Field, ...] = (
    Field(
        "kind",
        "Kind",
        "choice",
        "timed",
        choices=EFFECT_KINDS,
        choice_labels=(
            "Timed (rounds)",
            "Stunned/Unable to Parry",
            "Stunned",
            "Dazed",
            "Staggered",
            "Bleeding (hits per round)",
            "Environmental (advances at Upkeep)",
        ),
        help="Timed effects and stuns lose a round at Upkeep (stuns the most severe first); "
        "Staggered goes at Upkeep; bleeding costs hits; environmental effects advance.",
    ),
    Field(
        "rounds",
        "Rounds",
        "int",
        1,
        minimum=1,
        maximum=999,
        help="Timed effects and stuns: rounds left (the last ends at that round's Upkeep).",
    ),
    Field(
        "hits",
        "Hits per round",
        "int",
        0,
        minimum=0,
        maximum=999,
        help="Bleeding: hits lost at each Upkeep.",
    ),
)


def anchor_effect(encounter: Encounter, effect: Effect) -> Anchor:
    duration = effect.duration
    kind = next((k for k in EFFECT_KINDS if k == duration.get("kind", "timed")), None)
    if kind is None:
        raise CommandError(f"An effect's kind is one of: {', '.join(EFFECT_KINDS)}.", "kind")
    rounds, hits = _whole(duration.get("rounds", 1)), _whole(duration.get("hits", 0))
    if kind == "bleeding" and hits < 1:
        raise CommandError("Bleeding loses at least 1 hit a round.", "hits")
    if kind in COUNTED_KINDS and rounds < 1:
        raise CommandError("The effect lasts at least 1 round.", "rounds")
    carrier = encounter.combatant(effect.carrier_id)
    old = effect.anchor
    stage = old.counter if isinstance(old, Anchor) and old.kind == kind else 0
    return Anchor(
        kind=kind,
        left=rounds if kind in COUNTED_KINDS else 0,
        round=clock(encounter).round,
        spent=spent_this_round(encounter, carrier),
        hits=hits if kind == "bleeding" else 0,
        counter=stage if kind == "environmental" else 0,
    )


def _whole(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def expires_at(encounter: Encounter, effect: Effect, point: Any) -> bool:
    anchor = effect.anchor
    if not isinstance(anchor, Anchor):
        return False
    if isinstance(point, TimedTick):
        return anchor.kind == "timed" and anchor.left <= 1
    if isinstance(point, StunTick):
        return effect.id in point.effects and anchor.left <= 1
    if isinstance(point, StaggerClear):
        return effect.id in point.effects
    return False


def coming_points(encounter: Encounter) -> list[Any]:
    """The Upkeep's timing points when Upkeep is the current or the next turn."""
    if not upkeep_is_near(encounter):
        return []
    return list(plan(encounter).points())


def _rounds(left: int) -> str:
    return "1 round" if left == 1 else f"{left} rounds"


def _upkeep_of(encounter: Encounter, rounds_from_now: int) -> str:
    now = max(clock(encounter).round, 1)
    return "this round's Upkeep" if rounds_from_now == 0 else f"round {now + rounds_from_now}'s"


def remaining(encounter: Encounter, effect: Effect, visible: Collection[str] | None = None) -> str:
    """How long the effect has, in words that name nobody. With `visible`, as told to
    those who see only those combatants: a stun waits only on stuns they can see."""
    anchor = effect.anchor
    if not isinstance(anchor, Anchor):
        return ""
    if anchor.kind == "timed":
        when = _upkeep_of(encounter, anchor.left - 1)
        ending = when if anchor.left == 1 else f"{when} Upkeep"
        return f"{_rounds(anchor.left)} left: ends at {ending}"
    if anchor.kind in STUN_KINDS:
        text = f"{STUN_LABELS[anchor.kind]}, {_rounds(anchor.left)} left"
        if _worse_stun(encounter, effect, anchor, visible):
            text += " (after the more severe stun)"
        if not counts_this_round(encounter, anchor):
            text += f"; this round does not count ({anchor.spent} AP spent before it)"
        return text
    if anchor.kind == "staggered":
        if counts_this_round(encounter, anchor):
            return "Staggered until this round's Upkeep"
        return f"Staggered until the next round's Upkeep ({anchor.spent} AP spent before it)"
    if anchor.kind == "bleeding":
        return f"bleeds {anchor.hits} hits a round, until ended"
    return f"stage {anchor.counter}, advances at every Upkeep"


def _worse_stun(
    encounter: Encounter, effect: Effect, anchor: Anchor, visible: Collection[str] | None
) -> bool:
    severity = STUN_KINDS.index(anchor.kind)
    return any(
        other is not effect
        and (visible is None or _seen(other, visible))
        and other.carrier_id == effect.carrier_id
        and isinstance(other.anchor, Anchor)
        and other.anchor.kind in STUN_KINDS
        and STUN_KINDS.index(other.anchor.kind) < severity
        for other in encounter.effects
    )


def _seen(effect: Effect, visible: Collection[str]) -> bool:
    """Carried and (if by anyone) created by combatants in `visible`."""
    creator_seen = effect.creator_id is None or effect.creator_id in visible
    return effect.carrier_id in visible and creator_seen
