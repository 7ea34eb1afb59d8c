"""Every change to an encounter is one of these commands.

Commands are small, serialisable data. `Session.apply` runs one inside a transaction:
`execute` validates first and raises `CommandError` before changing anything it can;
if it fails later, the transaction is rolled back. Dice, ids and every other choice are
stored in the command or derived deterministically, so replaying a journal rebuilds
the encounter exactly.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, ClassVar

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.fields import Field, clean_all
from tracker.engine.health import skip_defeated
from tracker.engine.ruleset import AnyRuleset
from tracker.engine.state import SIDES, Combatant, Encounter
from tracker.engine.storable import broken_character, storable_text

NAME_FIELD = Field("name", "Name", "text", "")
SIDE_FIELD = Field("side", "Side", "choice", "enemy", choices=SIDES)
HIDDEN_FIELD = Field("hidden", "Hidden from players", "bool", False)
NOTES_FIELD = Field("notes", "Notes", "text", "")
BASE_FIELDS: tuple[Field, ...] = (NAME_FIELD, SIDE_FIELD, HIDDEN_FIELD, NOTES_FIELD)
MAX_NAME_LENGTH = 60
MAX_NOTE_LENGTH = 200  # an effect's note: a line or two, shown in a tooltip
MAX_ADDED_AT_ONCE = 50


def clean_name(raw: Any, label: str = "Name") -> str:
    name = "" if raw is None else str(raw).strip()
    if not name:
        raise CommandError(f"{label} cannot be empty.", "name")
    if len(name) > MAX_NAME_LENGTH:
        raise CommandError(f"{label} is longer than {MAX_NAME_LENGTH} characters.", "name")
    if not storable_text(name):
        raise CommandError(
            f"{label} holds a broken character ({broken_character(name)}); type it again.",
            "name",
        )
    return name


def clean_note(raw: Any) -> str:
    """An effect's note; refused (naming the field "notes") when too long."""
    note = "" if raw is None else str(raw)
    if len(note) > MAX_NOTE_LENGTH:
        raise CommandError(
            f"A note holds at most {MAX_NOTE_LENGTH} characters; this one has {len(note)}.",
            "notes",
        )
    return note


def clean_base(raw: dict[str, Any]) -> dict[str, Any]:
    """Clean the fields every combatant has, whatever the ruleset."""
    cleaned = clean_all(BASE_FIELDS, raw, partial=True)
    if "name" in raw:
        cleaned["name"] = clean_name(raw["name"])
    return cleaned


class Command:
    """Base of all commands. Subclasses are dataclasses."""

    registry: ClassVar[dict[str, type[Command]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        Command.registry[cls.__name__] = cls

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        """Apply the command; return the text that names it (undo menu, log)."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        return {"type": type(self).__name__, **dataclasses.asdict(self)}  # type: ignore[call-overload]

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Command:
        data = dict(data)
        kind = data.pop("type", None)
        cls = Command.registry.get(str(kind)) or _defined_elsewhere(str(kind))
        if cls is None:
            raise CommandError(f"Unknown command type {kind!r}.")
        try:
            return cls(**data)
        except TypeError as error:
            raise CommandError(f"Malformed {kind} command: {error}") from None


# Every engine module that defines commands. A journal line or an undo record names its
# command's type; reading it must not depend on which of them the process has imported
# by then (a resume at start-up runs before the window imports its editors).
# A ruleset's own commands are registered when its plugin loads, before any replay.
COMMAND_MODULES = (
    "tracker.engine.effect_commands",
    "tracker.engine.health_commands",
    "tracker.engine.rolls",
    "tracker.engine.add_group",
)


def _defined_elsewhere(kind: str) -> type[Command] | None:
    """The command class named `kind`, the engine's modules of commands loaded in turn
    until one defines it (a resume whose lines name effects only does without the
    others: 3 ms); None once every one is loaded."""
    for module in COMMAND_MODULES:
        import_module(module)
        if kind in Command.registry:
            return Command.registry[kind]
    return None


@dataclass(frozen=True)
class RenameEncounter(Command):
    """Gives the encounter a new name."""

    name: str

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        name = clean_name(self.name, "Encounter name")
        tx.touch_encounter().name = name
        tx.log(f"Encounter renamed to {name}.")
        return f"Rename encounter to {name}"


@dataclass(frozen=True)
class SetOption(Command):
    """Sets one of the ruleset's options for this encounter."""

    option: str
    value: str

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        choice = next((c for c in ruleset.choices() if c.name == self.option), None)
        if choice is None:
            raise CommandError(f"{ruleset.name} has no option {self.option!r}.")
        value = choice.clean(self.value)
        if ruleset.option(encounter, self.option) == value:
            raise CommandError(f"{choice.label} is already set to that.")
        tx.touch_encounter().options[self.option] = value
        described = dict(choice.values)[value]
        tx.log(f"Option “{choice.label}” set to: {described}.")
        ruleset.on_option_changed(tx, encounter, self.option)
        return f"Set {choice.label}"


@dataclass(frozen=True)
class SetSecretFields(Command):
    """The stat fields the players may never see (on top of those the ruleset keeps
    secret itself)."""

    fields: tuple[str, ...]

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        labels = {f.name: f.label for f in ruleset.stat_fields}
        unknown = sorted(set(self.fields) - set(labels))
        if unknown:
            raise CommandError(f"{ruleset.name} has no field {', '.join(unknown)}.")
        chosen = [name for name in labels if name in set(self.fields)]  # declared order
        if chosen == encounter.secret_fields:
            raise CommandError("Those fields are already the secret ones.")
        tx.touch_encounter().secret_fields = chosen
        shown = ", ".join(labels[name] for name in chosen) or "none"
        tx.log(f"Fields kept from the players: {shown}.")
        return "Set secret fields"


@dataclass(frozen=True)
class AddCombatant(Command):
    """Add one combatant, or `count` alike ones in one step: "Goblin" × 3 adds Goblin 1,
    Goblin 2 and Goblin 3 (numbers after the highest already taken)."""

    name: str
    side: str = "enemy"
    hidden: bool = False
    notes: str = ""
    stats: dict[str, Any] = field(default_factory=dict)
    count: int = 1

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        if not isinstance(self.count, int) or not 1 <= self.count <= MAX_ADDED_AT_ONCE:
            raise CommandError(
                f"Add between 1 and {MAX_ADDED_AT_ONCE} combatants at once.", "count"
            )
        base = clean_base(
            {"name": self.name, "side": self.side, "hidden": self.hidden, "notes": self.notes}
        )
        stats = clean_all(ruleset.stat_fields, dict(self.stats))
        names = (
            [base["name"]]
            if self.count == 1
            else numbered_names(encounter, base["name"], self.count)
        )
        for name in names:
            combatant = Combatant(id=tx.new_id("c"), stats=dict(stats), **{**base, "name": name})
            combatant.runtime = ruleset.new_runtime(combatant)
            _insert(tx, encounter, ruleset, combatant)
        return f"Add {names[0]}" if self.count == 1 else f"Add {self.count} × {base['name']}"


def numbered_names(encounter: Encounter, stem: str, count: int) -> list[str]:
    """`count` names "stem N", numbered on from the highest "stem N" already present."""
    taken = 0
    for combatant in encounter.combatants:
        head, _, tail = combatant.name.rpartition(" ")
        if head == stem and tail.isdigit():
            taken = max(taken, int(tail))
    room = MAX_NAME_LENGTH - len(str(taken + count)) - 1
    return [f"{stem[:room]} {taken + n}" for n in range(1, count + 1)]


def _insert(
    tx: Transaction, encounter: Encounter, ruleset: AnyRuleset, combatant: Combatant
) -> None:
    tx.insert_combatant(ruleset.place_new(encounter, combatant), combatant)
    ruleset.on_added(tx, encounter, combatant)
    tx.log(f"{combatant.name} joins ({combatant.side}).")


@dataclass(frozen=True)
class DuplicateCombatant(Command):
    """Adds a copy of a combatant, under a name of its own."""

    combatant_id: str

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        original = encounter.combatant(self.combatant_id)
        name = _copy_name(encounter, original.name)
        copy_ = Combatant(
            id=tx.new_id("c"),
            name=name,
            side=original.side,
            hidden=original.hidden,
            notes=original.notes,
            stats=dict(original.stats),
        )
        copy_.runtime = ruleset.new_runtime(copy_)
        _insert(tx, encounter, ruleset, copy_)
        return f"Duplicate {original.name}"


def _copy_name(encounter: Encounter, name: str) -> str:
    """ "Goblin" → "Goblin 2" (or the next free number); "Goblin 2" → "Goblin 3"."""
    stem, _, tail = name.rpartition(" ")
    if not (stem and tail.isdigit()):
        stem = name
    taken = {c.name for c in encounter.combatants}
    number = 2
    while f"{stem} {number}" in taken:
        number += 1
    return f"{stem} {number}"[:MAX_NAME_LENGTH]


@dataclass(frozen=True)
class RemoveCombatant(Command):
    """Takes a combatant out of the fight, with the effects it carries."""

    combatant_id: str

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        combatant = encounter.combatant(self.combatant_id)
        for effect in [e for e in encounter.effects if e.carrier_id == combatant.id]:
            tx.remove_effect(effect)
            tx.log(f"{effect.name} on {combatant.name} ends: its carrier left.", "expiry")
        tx.remove_combatant(combatant)
        tx.log(f"{combatant.name} leaves the encounter.")
        ruleset.on_removed(tx, encounter, combatant)
        return f"Remove {combatant.name}"


@dataclass(frozen=True)
class EditCombatant(Command):
    """Change any of: name, side, hidden, notes, and the ruleset's stat fields."""

    combatant_id: str
    changes: dict[str, Any]

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        combatant = encounter.combatant(self.combatant_id)
        base_names = {f.name for f in BASE_FIELDS}
        base = clean_base({k: v for k, v in self.changes.items() if k in base_names})
        stats = clean_all(
            ruleset.stat_fields,
            {k: v for k, v in self.changes.items() if k not in base_names},
            partial=True,
        )
        base = {k: v for k, v in base.items() if getattr(combatant, k) != v}
        stats = {k: v for k, v in stats.items() if combatant.stats.get(k) != v}
        if not base and not stats:
            raise CommandError(f"Nothing to change on {combatant.name}.")
        old_name = combatant.name
        old_stats = dict(combatant.stats)
        tx.touch(combatant)
        for key, value in base.items():
            setattr(combatant, key, value)
        combatant.stats.update(stats)
        labels = {f.name: f.label for f in (*BASE_FIELDS, *ruleset.stat_fields)}
        described = ", ".join(
            f"{labels[k]} {_shown(v)}" for k, v in {**base, **stats}.items() if k != "notes"
        )
        if "notes" in base:
            described = ", ".join(filter(None, [described, "notes"]))
        tx.log(f"{old_name}: {described}.")
        if stats:
            ruleset.on_stats_changed(tx, encounter, combatant, old_stats)
        if "side" in base:
            ruleset.on_side_changed(tx, encounter, combatant)
        return f"Edit {old_name}"


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@dataclass(frozen=True)
class MoveCombatant(Command):
    """The GM moves a combatant in the order (tie-breaks, delays): it ends at `to_index`."""

    combatant_id: str
    to_index: int

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        combatant = encounter.combatant(self.combatant_id)
        source = encounter.index_of(combatant.id)
        if not 0 <= self.to_index < len(encounter.combatants):
            raise CommandError(f"Position {self.to_index + 1} is outside the order.")
        if source == self.to_index:
            raise CommandError(f"{combatant.name} is already there.")
        ruleset.check_move(encounter, combatant, self.to_index)
        tx.move_combatant(source, self.to_index)
        ruleset.on_moved(tx, encounter, combatant)
        tx.log(f"{combatant.name} moved to place {self.to_index + 1} in the order.")
        return f"Move {combatant.name}"


@dataclass(frozen=True)
class StartEncounter(Command):
    """Starts the fight: its first round and its first turn."""

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        if ruleset.is_started(encounter):
            raise CommandError("The encounter has already started.")
        ruleset.start(tx, encounter)
        skip_defeated(tx, encounter, ruleset)
        return "Start"


@dataclass(frozen=True)
class EndTurn(Command):
    """Ends the acting combatant's turn: the next one begins."""

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        turn = ruleset.current_turn(encounter)
        if turn is None:
            raise CommandError(ruleset.no_turn_reason(encounter))
        if turn.combatant_id is None:
            name = turn.title
        else:
            name = encounter.combatant(turn.combatant_id).name
        ruleset.end_turn(tx, encounter)
        skip_defeated(tx, encounter, ruleset)
        return f"End {name}'s turn"


@dataclass(frozen=True)
class RulesetAction(Command):
    """Any action the ruleset declares (spend AP, bonus AP, stand ready, ...)."""

    action: str
    combatant_id: str | None = None
    params: dict[str, Any] = field(default_factory=dict)

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        spec = ruleset.action_spec(self.action)
        params = clean_all(spec.params, dict(self.params))
        if self.combatant_id is not None:
            encounter.combatant(self.combatant_id)
        ruleset.perform(tx, encounter, self.action, self.combatant_id, params)
        return spec.label
