"""Named conditions: what a ruleset ships for the GM to pick (Weakened, Stunned, Prone…)
and the short note an effect may carry.

A ruleset declares its conditions (`Ruleset.conditions`), each a `ConditionSpec`. Most
are plain effects: the condition names the values of the ruleset's own duration fields
that the rules give it ("Stunned: 1 round, a stun"), and picking it fills the effect's
duration and note. A condition that is one of the ruleset's mechanics (a Guard's boost,
Crash) names instead the ruleset action that creates it, so its costs, limits and
records apply: picking it performs that action on the carrier.

The core builds the command from the declaration (`condition_command`) and checks every
declaration against the ruleset's own fields (`check_conditions`), so a sixth ruleset
gets the catalogue by declaring it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tracker.engine.commands import Command, RulesetAction, clean_name, clean_note
from tracker.engine.errors import CommandError
from tracker.engine.fields import clean_all
from tracker.engine.ruleset import AnyRuleset


@dataclass(frozen=True)
class ConditionSpec:
    """A condition the ruleset ships.

    `duration`: values for the ruleset's `duration_fields` (those left out take their
    defaults); `note`: what it does, in the rules' words, copied into the effect's note.
    With `action`, the condition is one of the ruleset's mechanics: picking it performs
    that action (one of the ruleset's `actions`) on the carrier, with `params` preset and
    the other parameters asked of the GM; `duration` is then unused."""

    name: str
    duration: Mapping[str, Any] = field(default_factory=dict)
    note: str = ""
    action: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)

    @property
    def is_mechanic(self) -> bool:
        return bool(self.action)


def condition_duration(ruleset: AnyRuleset, condition: ConditionSpec) -> dict[str, Any]:
    """The condition's duration, cleaned by the ruleset's own fields (defaults filled)."""
    return clean_all(ruleset.duration_fields, dict(condition.duration))


def find_condition(ruleset: AnyRuleset, name: str) -> ConditionSpec | None:
    """The ruleset's condition of that name (case and spaces aside), if any."""
    wanted = " ".join(name.split()).casefold()
    return next((c for c in ruleset.conditions if c.name.casefold() == wanted), None)


def condition_command(
    ruleset: AnyRuleset,
    condition: ConditionSpec,
    carrier_id: str,
    creator_id: str | None = None,
    notes: str | None = None,
    params: Mapping[str, Any] | None = None,
) -> Command:
    """The command that puts the condition on the carrier: an `AddEffect` with its
    duration and note (or the `notes` given), or, for a mechanic, the `RulesetAction`
    with its preset parameters and the `params` given."""
    if condition.is_mechanic:
        values = {**condition.params, **(params or {})}
        return RulesetAction(condition.action, carrier_id, values)
    from tracker.engine.effect_commands import AddEffect  # (checking a ruleset needs none)

    return AddEffect(
        name=condition.name,
        carrier_id=carrier_id,
        creator_id=creator_id,
        duration=condition_duration(ruleset, condition),
        notes=condition.note if notes is None else notes,
    )


def check_conditions(ruleset: AnyRuleset) -> None:
    """Raise `CommandError` naming the ruleset and the condition when a declaration does
    not hold: a bad or repeated name, a note too long, a duration its fields refuse, an
    action it does not have or preset parameters that action refuses."""
    seen: set[str] = set()
    for condition in ruleset.conditions:
        where = f"{ruleset.name}, condition {condition.name!r}"
        try:
            name = clean_name(condition.name, "Condition name")
            if name != condition.name or name.casefold() in seen:
                raise CommandError("its name is repeated or has spaces around it.")
            seen.add(name.casefold())
            clean_note(condition.note)
            if condition.is_mechanic:
                spec = ruleset.action_spec(condition.action)
                if spec.on == "prompt":
                    raise CommandError(f"{spec.label} only answers a prompt.")
                clean_all(spec.params, dict(condition.params), partial=True)
            else:
                if condition.params:
                    raise CommandError("parameters belong to a condition with an action.")
                condition_duration(ruleset, condition)
        except CommandError as error:
            raise CommandError(f"{where}: {error.message}") from None
