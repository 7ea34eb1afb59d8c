"""The commands that add, edit and end effects (see `tracker.engine.commands`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from tracker.engine.changes import Transaction
from tracker.engine.commands import Command, clean_name, clean_note
from tracker.engine.errors import CommandError
from tracker.engine.fields import clean_all
from tracker.engine.ruleset import AnyRuleset
from tracker.engine.state import Combatant, Effect, Encounter


@dataclass(frozen=True)
class AddEffect(Command):
    name: str
    carrier_id: str
    creator_id: str | None = None
    duration: dict[str, Any] = field(default_factory=dict)
    notes: str = ""

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        name = clean_name(self.name, "Effect name")
        notes = clean_note(self.notes)
        carrier = encounter.combatant(self.carrier_id)
        if self.creator_id is not None:
            encounter.combatant(self.creator_id)
        duration = clean_all(ruleset.duration_fields, dict(self.duration))
        effect = Effect(
            id=tx.new_id("e"),
            name=name,
            carrier_id=carrier.id,
            creator_id=self.creator_id,
            duration=duration,
            notes=notes,
        )
        effect.anchor = ruleset.anchor_effect(encounter, effect)
        tx.add_effect(effect)
        tx.log(f"{name} on {carrier.name}: {ruleset.remaining(encounter, effect)}.")
        return f"Add {name} to {carrier.name}"


@dataclass(frozen=True)
class EndEffect(Command):
    effect_id: str

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        effect = encounter.effect(self.effect_id)
        carrier = encounter.combatant(effect.carrier_id)
        tx.remove_effect(effect)
        tx.log(f"{effect.name} on {carrier.name} ended by the GM.")
        return f"End {effect.name}"


EFFECT_CHANGES = ("name", "notes", "carrier_id", "creator_id", "duration")


@dataclass(frozen=True)
class EditEffect(Command):
    """Change any of an effect's "name", "notes", "carrier_id", "creator_id" (None: no
    creator) and "duration" (a dict of the ruleset's duration fields; those left out keep
    their values). Values equal to the current ones are not changes; with no change at
    all the command is refused.

    A changed duration re-anchors the effect from now: the ruleset anchors the edited
    effect exactly as if it were added at this moment with the new duration (a War
    Scroll effect set to 2 Cycles during a Turn of Cycle 3 ends at the end of that same
    Turn in Cycle 5, whenever it was first added; a Priority effect set to 3 has 3 of its
    creator's turns left). Without a duration change the anchor is kept, though the
    ruleset still checks the edited effect (an Ongoing Song needs its Minstrel)."""

    effect_id: str
    changes: dict[str, Any]

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        effect = _effect_of(encounter, self.effect_id)
        carrier = encounter.combatant(effect.carrier_id)
        changes = self.changes
        if not isinstance(changes, dict):
            raise CommandError("The changes to an effect must be a mapping of field to value.")
        unknown = sorted(set(changes) - set(EFFECT_CHANGES))
        if unknown:
            raise CommandError(f"An effect has no {', '.join(unknown)} to change.", unknown[0])
        wanted: dict[str, Any] = {}
        if "name" in changes:
            wanted["name"] = clean_name(changes["name"], "Effect name")
        if "notes" in changes:
            wanted["notes"] = clean_note(changes["notes"])
        if changes.get("carrier_id", effect.carrier_id) != effect.carrier_id:
            wanted["carrier_id"] = _combatant_of(encounter, changes["carrier_id"], "carrier_id").id
        creator_id = changes.get("creator_id", effect.creator_id)
        if creator_id != effect.creator_id:  # a creator who left may stay, unchanged
            if creator_id is None:
                wanted["creator_id"] = None
            else:
                wanted["creator_id"] = _combatant_of(encounter, creator_id, "creator_id").id
        old_duration = {f.name: f.default for f in ruleset.duration_fields} | effect.duration
        if "duration" in changes:
            raw = changes["duration"]
            if not isinstance(raw, dict):
                raise CommandError("A duration must be a mapping of field to value.", "duration")
            cleaned = clean_all(ruleset.duration_fields, dict(raw), partial=True)
            if old_duration | cleaned != old_duration:
                wanted["duration"] = old_duration | cleaned
        wanted = {key: value for key, value in wanted.items() if getattr(effect, key) != value}
        if not wanted:
            raise CommandError(f"Nothing to change on {effect.name}.")
        edited = dataclasses.replace(effect, **{"duration": old_duration, **wanted})
        anchor = ruleset.anchor_effect(encounter, edited)  # also checks the edited effect
        old_name = effect.name
        tx.touch_effect(effect)
        for key, value in wanted.items():
            setattr(effect, key, value)
        if "duration" in wanted:
            effect.anchor = anchor
        described = _described(encounter, ruleset, effect, wanted, old_duration)
        tx.log(f"{old_name} on {carrier.name}: {described}.")
        return f"Edit {old_name}"


def _effect_of(encounter: Encounter, effect_id: Any) -> Effect:
    try:
        return encounter.effect(effect_id)
    except CommandError as error:
        raise CommandError(error.message, "effect_id") from None


def _combatant_of(encounter: Encounter, combatant_id: Any, field_name: str) -> Combatant:
    if combatant_id is None:
        raise CommandError("An effect needs a combatant to carry it.", field_name)
    try:
        return encounter.combatant(combatant_id)
    except CommandError as error:
        raise CommandError(error.message, field_name) from None


def _described(
    encounter: Encounter,
    ruleset: AnyRuleset,
    effect: Effect,
    wanted: dict[str, Any],
    old_duration: dict[str, Any],
) -> str:
    """What an EditEffect changed, in words: "renamed to Aegis, moved to Kandor, Cycles 2
    counted from now: ends at the end of …"."""
    names = {c.id: c.name for c in encounter.combatants}
    parts: list[str] = []
    if "name" in wanted:
        parts.append(f"renamed to {wanted['name']}")
    if "carrier_id" in wanted:
        parts.append(f"moved to {names[wanted['carrier_id']]}")
    if "creator_id" in wanted:
        creator = wanted["creator_id"]
        parts.append(f"created by {names[creator]}" if creator else "no creator")
    if "notes" in wanted:
        parts.append("notes changed")
    if "duration" in wanted:
        fields = {f.name: f for f in ruleset.duration_fields}
        shown = ", ".join(
            f"{fields[key].label} {fields[key].shown(value)}"
            for key, value in wanted["duration"].items()
            if old_duration.get(key) != value
        )
        parts.append(f"{shown} counted from now: {ruleset.remaining(encounter, effect)}")
    return ", ".join(parts)
