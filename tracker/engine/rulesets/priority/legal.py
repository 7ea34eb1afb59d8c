"""Priority's legal actions (`Priority.legal_actions`): those on any creature, asked of
each one, read off the rules; the few that only the one acting may take (its own turn's,
and entering or leaving Conflict by paying a pip) tried as the default tries them. The
same answers as trying everything, which the conformance suite compares; the cost no
longer grows with a trial per creature.

On any creature: Fire prepared action (one prepared, no reactions open, not on its own
turn), Raise trigger (nobody deciding whether to react), Zeal result (its place still
set by Zeal), Enter Conflict (out of it: set by the Soulweaver, a Conflict Action or a
hit; by a Minor, tried) and Leave Conflict (in it: set by the Soulweaver; by its own
action, tried, when it may act now).
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from tracker.engine.commands import RulesetAction
from tracker.engine.legal import (
    TEXT_TRIED,
    Refusal,
    asked_ids,
    remembered_refusal,
    targets_of,
    tried,
)
from tracker.engine.ruleset import ActionSpec, AnyRuleset, LegalAction
from tracker.engine.rulesets.priority.conflict import CONFLICT_ENTRIES
from tracker.engine.rulesets.priority.creatures import has_slot, in_conflict, placeable
from tracker.engine.rulesets.priority.reactions import asker
from tracker.engine.rulesets.priority.state import SOULWEAVER, clock_of, state_of
from tracker.engine.session import Session
from tracker.engine.state import Combatant, Encounter

Offer = Callable[[Encounter, Combatant, Refusal, ActionSpec], LegalAction | None]


def legal_actions(
    ruleset: AnyRuleset, encounter: Encounter, targets: Collection[str] | None = None
) -> tuple[LegalAction, ...]:
    """In the order of the ruleset's actions, each on whom it may concern."""
    refusal = remembered_refusal(Session(encounter, ruleset))
    turn = ruleset.current_turn(encounter)
    ids = asked_ids(encounter, targets)
    found: list[LegalAction] = []
    for spec in ruleset.actions:
        offer = _ANY.get(spec.name)
        for combatant_id, fixed in targets_of(ruleset, encounter, spec, targets, turn, ids):
            combatant = encounter.find(combatant_id)
            if offer is None or combatant is None:
                legal = tried(refusal, spec, combatant_id, fixed)
            else:
                legal = offer(encounter, combatant, refusal, spec)
            if legal is not None:
                found.append(legal)
    return tuple(found)


def may_act(encounter: Encounter, combatant: Combatant) -> bool:
    """The creature may take an action of its own now (`turns.actor` would not refuse it
    before anything else): its turn, or an NPC's inside the Soulweaver's."""
    clock = clock_of(encounter)
    if not clock.started or clock.interrupts or clock.exchange is not None:
        return False
    if clock.current == SOULWEAVER:
        return not has_slot(encounter, combatant)
    return combatant.id == clock.current


def _fire_prepared(
    encounter: Encounter, combatant: Combatant, _refusal: Refusal, _spec: ActionSpec
) -> LegalAction | None:
    clock = clock_of(encounter)
    if not clock.started or not state_of(combatant).prepared or clock.exchange is not None:
        return None
    if not clock.interrupts and clock.current == combatant.id:  # its own turn
        return None
    return LegalAction("fire_prepared", combatant.id)


def _raise_trigger(
    encounter: Encounter, combatant: Combatant, _refusal: Refusal, _spec: ActionSpec
) -> LegalAction | None:
    if not clock_of(encounter).started or asker(encounter) is not None:
        return None
    return LegalAction("raise_trigger", combatant.id, {"text": TEXT_TRIED})


def _roll_zeal(
    encounter: Encounter, combatant: Combatant, _refusal: Refusal, _spec: ActionSpec
) -> LegalAction | None:
    if not placeable(encounter, combatant):
        return None
    return LegalAction("roll_zeal", combatant.id, {"result": 0})


def _enter_conflict(
    encounter: Encounter, combatant: Combatant, refusal: Refusal, spec: ActionSpec
) -> LegalAction | None:
    if in_conflict(combatant):
        return None
    # By a Minor (paid, the turn begun): tried; the other ways always apply.
    by_minor = refusal(RulesetAction(spec.name, combatant.id, {"how": "minor"})) is None
    ways = tuple(how for how in CONFLICT_ENTRIES if how != "minor" or by_minor)
    return LegalAction("enter_conflict", combatant.id, {"how": "gm"}, {"how": ways})


def _leave_conflict(
    encounter: Encounter, combatant: Combatant, refusal: Refusal, spec: ActionSpec
) -> LegalAction | None:
    if not in_conflict(combatant):
        return None
    if may_act(encounter, combatant):  # by its own action: paid, a Poise roll: tried
        return tried(refusal, spec, combatant.id, {})
    return LegalAction("leave_conflict", combatant.id, {"how": "gm", "poise": 0}, {"how": ("gm",)})


_ANY: dict[str, Offer] = {
    "fire_prepared": _fire_prepared,
    "raise_trigger": _raise_trigger,
    "roll_zeal": _roll_zeal,
    "enter_conflict": _enter_conflict,
    "leave_conflict": _leave_conflict,
}
