"""Adding several different combatants in one step (a party, a group picked from the
library): one command, so it is one entry in the journal and one undo."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tracker.engine.changes import Transaction
from tracker.engine.commands import MAX_ADDED_AT_ONCE, AddCombatant, Command
from tracker.engine.errors import CommandError
from tracker.engine.ruleset import AnyRuleset
from tracker.engine.state import Encounter

NAMED_IN_FULL = 3  # more groups than this are counted in the undo text, not named


@dataclass(frozen=True)
class AddCombatants(Command):
    """Each item of `combatants` is what `AddCombatant` takes (name, side, hidden, notes,
    stats, count); they are added in order, each numbered after those before it, and
    the whole group is refused if one of them is."""

    combatants: list[dict[str, Any]] = field(default_factory=list)

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        groups = [_group(item) for item in _items(self.combatants)]
        counts = [group.count if isinstance(group.count, int) else 0 for group in groups]
        if sum(counts) > MAX_ADDED_AT_ONCE:
            raise CommandError(
                f"Add between 1 and {MAX_ADDED_AT_ONCE} combatants at once.", "count"
            )
        for group in groups:
            try:
                group.execute(tx, encounter, ruleset)
            except CommandError as error:
                raise CommandError(f"{group.name}: {error.message}", error.field) from None
        if len(groups) > NAMED_IN_FULL:
            return f"Add {sum(counts)} combatants"
        return "Add " + ", ".join(
            group.name if group.count == 1 else f"{group.count} × {group.name}" for group in groups
        )


def _items(raw: Any) -> list[Any]:
    if not isinstance(raw, list | tuple) or not raw:
        raise CommandError("Choose at least one combatant to add.")
    return list(raw)


def _group(item: Any) -> AddCombatant:
    if not isinstance(item, dict):
        raise CommandError("Each combatant to add is a mapping of field to value.")
    try:
        return AddCombatant(**item)
    except TypeError:
        allowed = "name, side, hidden, notes, stats, count"
        raise CommandError(f"A combatant to add takes only: {allowed}.") from None
