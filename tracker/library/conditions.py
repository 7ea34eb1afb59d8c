"""Saved conditions: an effect the GM applies often ("Stunned, 1 Cycle"), kept in the
library per ruleset with its duration already filled in."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tracker.engine.commands import clean_name, clean_note
from tracker.engine.errors import CommandError
from tracker.engine.fields import clean_all
from tracker.engine.registry import get_ruleset


@dataclass(frozen=True)
class SavedCondition:
    ruleset_id: str
    name: str
    duration: dict[str, Any] = field(default_factory=dict)  # the ruleset's duration_fields
    note: str = ""


def clean_condition(condition: SavedCondition) -> SavedCondition:
    """The condition with its name, duration and note cleaned by the ruleset's declared
    duration fields (missing ones get their defaults); raises CommandError (the field's
    own message) or RulesetNotFoundError."""
    ruleset = get_ruleset(condition.ruleset_id)
    if not isinstance(condition.duration, dict):
        raise CommandError("A duration must be a mapping of field to value.", "duration")
    return SavedCondition(
        ruleset_id=ruleset.id,
        name=clean_name(condition.name, "Condition name"),
        duration=clean_all(ruleset.duration_fields, dict(condition.duration)),
        note=clean_note(condition.note),
    )
