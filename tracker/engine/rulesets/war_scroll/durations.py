"""Durations: the moment an effect ends (its anchor), the timing points the War reaches,
which of them end an effect, and how long an effect has left.

An effect of N Cycles started on a Turn ends at the end of the same Turn N Cycles later;
when that Turn will not be played (Speed dropped, it came too late), with its owner's
last Turn of that Cycle; and never after that Cycle. Added before the War, it ends with
Cycle N. A stopped Ongoing Song ends at the end of its Minstrel's first Turn of a Cycle.

`expires_at` decides from the anchor and the timing point alone: a point carries what
the rule needs (whose Turn, first or last of their Cycle, which of their Turns of that
Cycle are played or still to be played). `coming_points` builds the points the next two
Turns will reach, so "ends soon" follows the very rule that expires effects.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice

from tracker.engine.errors import CommandError
from tracker.engine.rulesets.war_scroll.deal import play_position, segment_label
from tracker.engine.rulesets.war_scroll.scroll import anyone_acts_next_cycle, next_cycle, pending
from tracker.engine.rulesets.war_scroll.state import (
    CycleAnchor,
    SongAnchor,
    TurnAnchor,
    WarAnchor,
    anchor_of,
    clock_of,
    next_plan,
    speed_of,
    state_of,
)
from tracker.engine.state import Combatant, Effect, Encounter


# --- timing points -----------------------------------------------------------------------
@dataclass(frozen=True)
class TurnEnded:
    """Timing point: a Turn ended. `playing`: the slots of its holder's Turns of that
    Cycle that are played (this one included) or still to be played."""

    combatant_id: str
    slot: int
    cycle: int
    first_in_cycle: bool
    last_in_cycle: bool
    playing: frozenset[int]


@dataclass(frozen=True)
class TurnsRedealt:
    """Timing point: a combatant's Turns of this Cycle were re-dealt (Speed changed).
    `last_in_cycle`: their last Turn of this Cycle has been played, none is left."""

    combatant_id: str
    cycle: int
    last_in_cycle: bool
    playing: frozenset[int]


@dataclass(frozen=True)
class CycleEnded:
    """A timing point: the cycle `cycle` ended."""

    cycle: int


TimingPoint = TurnEnded | TurnsRedealt | CycleEnded


# --- anchoring and expiry ----------------------------------------------------------------
def anchor_effect(encounter: Encounter, effect: Effect) -> WarAnchor:
    """The effect's end, from its duration and the current moment."""
    if effect.duration.get("ongoing_song"):
        if effect.creator_id is None:
            raise CommandError("An Ongoing Song needs its Minstrel as the creator.")
        return SongAnchor("maintained")
    cycles: int = effect.duration["cycles"]
    clock = clock_of(encounter)
    if clock.current is not None:
        owner, slot = clock.current
        return TurnAnchor(owner=owner, slot=slot, cycle=clock.cycle + cycles)
    return CycleAnchor(max(clock.cycle, 0) + cycles)


def expires_at(anchor: WarAnchor, creator_id: str | None, point: object) -> bool:
    """True when an effect with this anchor (and creator) ends at this timing point."""
    if isinstance(anchor, SongAnchor):
        return (
            anchor.song == "stopped"
            and isinstance(point, TurnEnded)
            and point.combatant_id == creator_id
            and point.first_in_cycle
        )
    if isinstance(point, CycleEnded):
        return point.cycle >= anchor.cycle
    if not isinstance(anchor, TurnAnchor) or not isinstance(point, TurnEnded | TurnsRedealt):
        return False
    if point.cycle != anchor.cycle or point.combatant_id != anchor.owner:
        return False
    if isinstance(point, TurnEnded) and point.slot == anchor.slot:
        return True
    # The same Turn will not be played (Speed dropped, or it comes too late): the
    # effect ends with the owner's last Turn of that Cycle.
    return point.last_in_cycle and anchor.slot not in point.playing


# --- what is to come ---------------------------------------------------------------------
def coming_points(encounter: Encounter) -> list[TimingPoint]:
    """The timing points reached as the current Turn and the next one in play order end
    (the next may be in the next Cycle), as things stand; none before the War or while
    nobody has a Turn. Each carries what `end_turn` will know then: whether the Turn is
    its holder's first or last of the Cycle, and which of their Turns are played by then
    or still to be played."""
    clock = clock_of(encounter)
    if not clock.started or clock.current is None:
        return []
    holder_id, slot = clock.current
    holder = encounter.combatant(holder_id)
    playing = state_of(holder).playing() | {slot}
    points: list[TimingPoint] = [
        TurnEnded(
            holder_id,
            slot,
            clock.cycle,
            first_in_cycle=not any(state_of(holder).played),
            last_in_cycle=not _plays_again(encounter, holder, None),
            playing=playing,
        )
    ]
    ahead = list(islice(pending(encounter), 2))  # two: does the next one end the Cycle?
    cycle_ends = anyone_acts_next_cycle(encounter)
    if ahead:
        combatant, next_slot = ahead[0]
        if combatant is not holder:
            playing = state_of(combatant).playing()
        points.append(
            TurnEnded(
                combatant.id,
                next_slot,
                clock.cycle,
                first_in_cycle=not (combatant is holder or any(state_of(combatant).played)),
                last_in_cycle=not _plays_again(encounter, combatant, next_slot),
                playing=playing | {next_slot},
            )
        )
        if cycle_ends and len(ahead) == 1:
            points.append(CycleEnded(clock.cycle))
        return points
    if not cycle_ends:  # nobody can act next Cycle: the War will wait for the GM
        return points
    points.append(CycleEnded(clock.cycle))
    following = list(islice(next_cycle(encounter), 2))
    combatant, next_slot, _ap = following[0]
    plan = next_plan(combatant)
    dealt = frozenset(s for s, ap in enumerate(plan) if ap > 0)
    after = play_position(next_slot)
    points.append(
        TurnEnded(
            combatant.id,
            next_slot,
            clock.cycle + 1,
            first_in_cycle=True,
            last_in_cycle=not any(play_position(s) > after for s in dealt),
            playing=dealt,
        )
    )
    if len(following) == 1 and any(speed_of(c) > 0 for c in encounter.combatants):
        points.append(CycleEnded(clock.cycle + 1))
    return points


def _plays_again(encounter: Encounter, combatant: Combatant, slot: int | None) -> bool:
    """The combatant has a Turn still to be played this Cycle other than the current one:
    any (`slot` None) or one after `slot` in play order."""
    state = state_of(combatant)
    clock = clock_of(encounter)
    for other in range(state.slots):
        if not state.turn_exists(other) or state.played[other] or state.missed[other]:
            continue
        if clock.is_current(combatant.id, other):
            continue
        if slot is None or play_position(other) > play_position(slot):
            return True
    return False


# --- how long is left --------------------------------------------------------------------
def remaining(encounter: Encounter, effect: Effect) -> str:
    """How long the effect has left, for display."""
    anchor = anchor_of(effect)
    if isinstance(anchor, SongAnchor):
        minstrel = _name(encounter, effect.creator_id, "its Minstrel")
        if anchor.song == "maintained":
            return f"Ongoing Song, while {minstrel} maintains it"
        return f"ends at the end of {minstrel}'s first Turn of a Cycle"
    left = anchor.cycle - clock_of(encounter).cycle
    unit = "Cycle" if left == 1 else "Cycles"
    when = "this Cycle" if left <= 0 else f"{left} {unit} left"
    if isinstance(anchor, TurnAnchor):
        owner = _name(encounter, anchor.owner, "a departed character")
        return (
            f"ends at the end of {owner}'s Segment {segment_label(anchor.slot)} Turn"
            f" in Cycle {anchor.cycle} ({when})"
        )
    return f"ends at the end of Cycle {anchor.cycle} ({when})"


def _name(encounter: Encounter, combatant_id: str | None, otherwise: str) -> str:
    found = encounter.find(combatant_id)
    return found.name if found is not None else otherwise


def remaining_unnamed(effect: Effect) -> str:
    """How long the effect has left without naming anyone; "" for an Ongoing Song."""
    anchor = anchor_of(effect)
    return "" if isinstance(anchor, SongAnchor) else f"until Cycle {anchor.cycle}"
