"""Classic d20's legal actions (`Ruleset.legal_actions`): each action's own handler
decides, tried up to its first change (`legal.trial_refusal`), without what follows
every accepted action (the turn following its holder through the order,
`order.follow_current`, which never refuses).

Cheaper still where the rules say it from the state alone: rolling initiative is
refused only for the d20s given (`initiative.kept`), so it is not tried (trying it
places the creature, a pass over the whole order); Sustain is refused on an effect
that is not sustained (`effects_turn.sustain`'s first check) without a trial. Whom
an action may concern is read off the targets asked about, not the whole list. The
answers are the default's (tests/engine/test_classic_d20_legal.py compares them over
random fights).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from tracker.engine.changes import Transaction
from tracker.engine.commands import RulesetAction
from tracker.engine.errors import CommandError
from tracker.engine.fields import clean_all
from tracker.engine.legal import (
    Refusal,
    asked_ids,
    targets_of,
    trial_refusal,
    tried,
)
from tracker.engine.ruleset import AnyRuleset, LegalAction
from tracker.engine.rulesets.classic_d20.initiative import kept
from tracker.engine.rulesets.classic_d20.state import anchor_of
from tracker.engine.state import Encounter

Run = Callable[[Transaction, RulesetAction, dict[str, Any]], None]
ANSWERED = frozenset({"roll_initiative", "sustain"})  # answered from the state (`_refusal`)


def legal_actions(
    ruleset: AnyRuleset, encounter: Encounter, targets: Collection[str] | None, run: Run
) -> tuple[LegalAction, ...]:
    """The actions the rules accept now (see `Ruleset.legal_actions`); `run`: an
    action's handler alone."""
    refusal = _refusal(ruleset, encounter, trial_refusal(ruleset, encounter, run))
    turn = ruleset.current_turn(encounter)  # asked once: no trial changes anything
    ids = asked_ids(encounter, targets)
    found: list[LegalAction] = []
    for spec in ruleset.actions:
        for combatant_id, fixed in targets_of(ruleset, encounter, spec, targets, turn, ids):
            legal = tried(refusal, spec, combatant_id, fixed)
            if legal is not None:
                found.append(legal)
    return tuple(found)


def _refusal(ruleset: AnyRuleset, encounter: Encounter, trial: Refusal) -> Refusal:
    """`trial`, but rolling initiative, and Sustain on an effect that is not sustained,
    answered from the rules."""

    def refusal(command: RulesetAction) -> CommandError | None:
        action = command.action
        if action not in ANSWERED:  # tried, its parameters cleaned once (by the trial)
            return trial(command)
        try:
            params = clean_all(ruleset.action_spec(action).params, command.params)
            if action == "roll_initiative" and command.combatant_id is not None:
                combatant = encounter.combatant(command.combatant_id)
                kept(encounter, combatant, params["d20"], params["second"])
                return None
            if action == "sustain" and command.combatant_id is None:
                effect = encounter.effect(str(params.get("effect", "")))
                anchor = anchor_of(effect)
                if anchor is None or anchor.kind != "sustained":
                    raise CommandError(f"{effect.name} is not sustained.")
        except CommandError as error:
            return error
        return trial(command)

    return refusal
