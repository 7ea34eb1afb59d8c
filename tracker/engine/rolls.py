"""Values rolled from a combatant's dice, stored in the command that uses them.

The GUI rolls (`dice.roll_faces`) and sends the result as the value, with the dice and
the faces shown in `rolls`: {"result": {"dice": "3d12+2", "faces": [4, 9, 1]}}, and
"by": the id of the combatant whose dice they are when that is not the one the command
is for (a Shift's re-roll is the attacker's, in an attack on its target). The
command checks that the faces give the value, logs how it came ("Ayla rolled Zeal dice
3d12+2: [4, 9, 1] + 2 = 16"), then does what the plain command does. Undo, redo and a
replayed journal use the stored value, so they give the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tracker.engine.changes import Transaction
from tracker.engine.commands import EditCombatant, RulesetAction
from tracker.engine.dice import Rolled, faces_total
from tracker.engine.errors import CommandError
from tracker.engine.fields import Field
from tracker.engine.ruleset import AnyRuleset
from tracker.engine.state import Encounter

Rolls = dict[str, dict[str, Any]]


def rolled(values: dict[str, Any], rolls: Rolls, fields: tuple[Field, ...]) -> list[Rolled]:
    """The rolls behind `values`, checked: each names a field, its dice are an
    expression, its faces could have come from them and give the value."""
    by_name = {f.name: f for f in fields}
    found: list[Rolled] = []
    if not isinstance(rolls, dict):
        raise CommandError("The rolls must be a mapping of field to dice and faces.")
    for name, roll in rolls.items():
        if name not in by_name or name not in values or not isinstance(roll, dict):
            raise CommandError(f"A roll for {name!r}, but no such value is given.")
        dice, faces = roll.get("dice"), roll.get("faces")
        if not isinstance(dice, str) or not isinstance(faces, list | tuple):
            raise CommandError(f"{by_name[name].label}: a roll needs its dice and faces.", name)
        total = faces_total(dice, list(faces))
        if total != values[name]:
            raise CommandError(
                f"{by_name[name].label}: {dice} came to {total}, not {values[name]}.", name
            )
        found.append(Rolled(dice, tuple(faces), total))
    return found


def _log_rolls(
    tx: Transaction,
    who: str,
    found: list[Rolled],
    fields: tuple[Field, ...],
    rolls: Rolls,
    ruleset: AnyRuleset,
    encounter: Encounter,
) -> None:
    """ "Ayla rolled Zeal dice 3d12+2: [4, 9, 1] + 2 = 16." (the stat the dice come from;
    `who` rolled them unless the roll says "by" whom)."""
    stats = {f.name: f.label for f in ruleset.stat_fields}
    by_name = {f.name: f for f in fields}
    for name, roll in zip(rolls, found, strict=True):
        field = by_name[name]
        label = stats.get(field.roll_from, field.label)
        by = rolls[name].get("by")
        roller = encounter.combatant(str(by)).name if by is not None else who
        tx.log(f"{roller} rolled {label} {roll.text()}.", "action")


@dataclass(frozen=True)
class RolledAction(RulesetAction):
    """A ruleset action with parameters rolled from dice (Zeal, Join Battle, base
    initiative): `rolls` says how each came."""

    rolls: Rolls = field(default_factory=dict)

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        spec = ruleset.action_spec(self.action)
        found = rolled(dict(self.params), self.rolls, spec.params)
        who = encounter.combatant(self.combatant_id).name if self.combatant_id else "The GM"
        _log_rolls(tx, who, found, spec.params, self.rolls, ruleset, encounter)
        return super().execute(tx, encounter, ruleset)


@dataclass(frozen=True)
class RolledEdit(EditCombatant):
    """A stat set in the editor by rolling the combatant's dice for it (`Field.roll_from`):
    `rolls` says how it came."""

    rolls: Rolls = field(default_factory=dict)

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        found = rolled(dict(self.changes), self.rolls, ruleset.stat_fields)
        name = encounter.combatant(self.combatant_id).name
        _log_rolls(tx, name, found, ruleset.stat_fields, self.rolls, ruleset, encounter)
        return super().execute(tx, encounter, ruleset)
