"""The War Scroll's legal actions read off the rules (`WarScroll.legal_actions`), without
trying each action: the same answers as trying them (`actions.perform`), which the
conformance suite compares.

The current Turn's holder may spend AP, Stand Ready and Carry Over while AP are left,
and Rest; a combatant with a Turn ahead (this one, or one to come) may get bonus AP; one
with AP in reserve may use it; a maintained Ongoing Song may be stopped.
"""

from __future__ import annotations

from collections.abc import Collection

from tracker.engine.legal import EFFECT_PARAM
from tracker.engine.ruleset import LegalAction
from tracker.engine.rulesets.war_scroll.actions import TurnRef, ap_of, own_turns_after
from tracker.engine.rulesets.war_scroll.deal import SEGMENT_AP
from tracker.engine.rulesets.war_scroll.options import option
from tracker.engine.rulesets.war_scroll.state import SongAnchor, anchor_of, clock_of, state_of
from tracker.engine.state import Combatant, Encounter

ONE = {"amount": 1}  # every AP amount is offered at its default, 1


def legal_actions(
    encounter: Encounter, targets: Collection[str] | None = None
) -> tuple[LegalAction, ...]:
    """In the order of the ruleset's actions, as trying them finds them."""
    clock = clock_of(encounter)
    holder: Combatant | None = None
    left = 0  # AP left of the current Turn
    if clock.current is not None:
        holder = encounter.combatant(clock.current[0])
        left = state_of(holder).total(clock.current[1]) - clock.spent
    chosen = _chosen(encounter, targets)
    found: list[LegalAction] = []
    if holder is not None and left >= 1:
        found.append(LegalAction("spend_ap", None, dict(ONE)))
    for combatant in chosen:
        bonus = _bonus(encounter, combatant)
        if bonus is not None:
            found.append(bonus)
    if holder is not None and left >= 1 and _can_carry(encounter, holder):
        found.append(LegalAction("carry_over", None, dict(ONE)))
    if holder is not None and left > 0:
        found.append(LegalAction("stand_ready", None))
    found += [
        LegalAction("use_reserve", c.id, dict(ONE)) for c in chosen if state_of(c).reserve >= 1
    ]
    if holder is not None:
        found.append(LegalAction("rest", None))
    found += [
        LegalAction("stop_song", None, {EFFECT_PARAM: effect.id})
        for effect in encounter.effects
        if anchor_of(effect) == SongAnchor("maintained")
    ]
    return tuple(found)


def _chosen(encounter: Encounter, targets: Collection[str] | None) -> list[Combatant]:
    """The combatants asked about, in the encounter's order: a look-up of each target,
    not a pass over the whole fight (the turn panel asks of one)."""
    if targets is None:
        return list(encounter.combatants)
    found = [c for i in set(targets) if (c := encounter.find(i)) is not None]
    return sorted(found, key=lambda c: encounter.index_of(c.id))


def _bonus(encounter: Encounter, combatant: Combatant) -> LegalAction | None:
    """Bonus AP to the current Turn (its holder's, with a Turn left from it) or the next
    (with a Turn to come), offered with the first of these that applies."""
    current = clock_of(encounter).current
    turns: list[str] = []
    if current is not None and current[0] == combatant.id:
        start = TurnRef(current[1], False)
        if next(iter(own_turns_after(encounter, combatant, start)), None) is not None:
            turns.append("current")
    if next(iter(own_turns_after(encounter, combatant, None)), None) is not None:
        turns.append("next")
    if not turns:
        return None
    return LegalAction("bonus_ap", combatant.id, {**ONE, "turn": turns[0]}, {"turn": tuple(turns)})


def _can_carry(encounter: Encounter, holder: Combatant) -> bool:
    """A next Turn to carry AP into, with fewer than 7 AP (the option says which)."""
    refs = list(own_turns_after(encounter, holder, None))
    if option(encounter, "carry_target") == "next_below_7":
        return any(ap_of(holder, ref) < SEGMENT_AP for ref in refs)
    return bool(refs) and ap_of(holder, refs[0]) < SEGMENT_AP
