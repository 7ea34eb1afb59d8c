"""Undo records as plain JSON: what one applied command changed, written down with the
command (the crash journal does) and read back lazily, so that a resumed session undoes
and redoes exactly without running a single command again.

`record_data(record)` writes a sealed `Record`: of each object touched, its reference
(``["combatant", "c3"]``, ``["effect", "e7"]``, ``["encounter", None]``) and the fields
that changed, before and after (of the ruleset's record, its parts that changed:
``"runtime.acted"``; see `tracker.engine.changes.part_names`); the structural edits of
the combatants and effects in order, each with a copy of the item (as it was when the
command ended); those of the log apart (a reader may rebuild the log from them alone,
`log_edits`); and the ids a view must repaint::

    {"touched": [[["combatant", "c3"], {"runtime.acted": true}, {"runtime.acted": false}],
                 [["encounter", null], {"clock.round": 2}, {"clock.round": 3}], ...],
     "edits": [["remove", "effects", 0, {"id": "e7", ...}], ["move", "combatants", 3, 1]],
     "log": [["insert", 12, {"when": "...", "text": "...", "kind": "turn"}]],
     "changed": {"combatants": ["c3"], "effects": [], "clock": true, "encounter": false}}

Edits of different collections are independent, so the order is kept within each.
Records written before parts were kept (Roundkeeper 0.2.0) hold each changed record
whole (``{"runtime": {...}}``); they are read alike, and `whole_record_data` writes a
record so, to compare it with one of theirs.

`StoredRecord` undoes and redoes such data. It builds its `Record` at its first use,
finding each object by id in the encounter as it is then: the state right after the
change for an undo, right before it for a redo (the stacks guarantee it). These are the
very objects the records next to it change, so identity carries on as in the session
that was recorded. An object the change removed (for an undo) or added (for a redo) is
not in the encounter then: it is built from the copy written with the edit. Ids are
never reused along one history, so an id names one object.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tracker.engine.changes import (
    COMBATANTS,
    EFFECTS,
    LOG,
    ChangeSet,
    Insert,
    Move,
    Record,
    Remove,
    Snapshot,
    StructuralEdit,
    Touched,
    field_names,
    field_value,
    inverse,
)
from tracker.engine.errors import CommandError
from tracker.engine.records import RecordError, from_json, read_field, to_json
from tracker.engine.state import Combatant, Effect, Encounter, LogEntry, StateTypes

KINDS = {COMBATANTS: "combatant", EFFECTS: "effect"}
# Fields held in a ruleset's typed records, read back through its `StateTypes`.
_TYPED = {"combatant": "runtime", "effect": "anchor", "encounter": "clock"}


# --- writing -----------------------------------------------------------------------------
def record_data(record: Record) -> dict[str, Any]:
    """The JSON form of a sealed record (see the module's docstring). Raises `TypeError`
    for an object of a kind a record cannot name."""
    touched = []
    for snapshot in record.snapshots:
        assert snapshot.after is not None, "only a sealed record is written"
        fields = snapshot.fields
        touched.append(
            [
                _reference(record.encounter, snapshot.target),
                {name: to_json(value) for name, value in zip(fields, snapshot.before, strict=True)},
                {name: to_json(value) for name, value in zip(fields, snapshot.after, strict=True)},
            ]
        )
    changes = record.touched
    return {
        "touched": touched,
        "edits": [_edit_data(edit) for edit in record.edits if edit.collection != LOG],
        "log": [_without_collection(edit) for edit in record.edits if edit.collection == LOG],
        "changed": {
            "combatants": list(changes.combatants),
            "effects": list(changes.effects),
            "clock": changes.clock,
            "encounter": changes.encounter,
        },
    }


def whole_record_data(record: Record) -> dict[str, Any]:
    """`record_data` as Roundkeeper wrote it before records were kept by parts: each
    record a part of which changed written whole, before and after. Only right after the
    change (its values after are those its objects hold now)."""
    data = record_data(record)
    for snapshot, (_, before, after) in zip(record.snapshots, data["touched"], strict=True):
        for values in (before, after):
            for name in [name for name in values if "." in name]:
                head, _, part = name.partition(".")
                if head not in values:
                    values[head] = to_json(getattr(snapshot.target, head))
                values[head][part] = values.pop(name)
    return data


def log_edits(data: list[Any]) -> list[StructuralEdit]:
    """The edits of the encounter's log from a record's ``"log"`` data, in order
    (recovery rebuilds the log from them, so that checkpoints need not hold it)."""
    return [_edit([edit[0], LOG, *edit[1:]], _log_entry) for edit in data]


def _log_entry(_: str, contents: dict[str, Any]) -> LogEntry:
    return LogEntry(**contents)


def _reference(encounter: Encounter, target: Any) -> list[str | None]:
    if target is encounter:
        return ["encounter", None]
    if isinstance(target, Combatant):
        return ["combatant", target.id]
    if isinstance(target, Effect):
        return ["effect", target.id]
    raise TypeError(f"an undo record cannot name a {type(target).__name__}")


def _without_collection(edit: StructuralEdit) -> list[Any]:
    kind, _, *rest = _edit_data(edit)
    return [kind, *rest]


def _edit_data(edit: StructuralEdit) -> list[Any]:
    if isinstance(edit, Move):
        return ["move", edit.collection, edit.source, edit.destination]
    item = edit.item
    if isinstance(item, LogEntry):
        contents: dict[str, Any] = {"when": item.when, "text": item.text, "kind": item.kind}
    else:
        contents = item.to_dict()
    return [
        "insert" if isinstance(edit, Insert) else "remove",
        edit.collection,
        edit.index,
        contents,
    ]


# --- reading -----------------------------------------------------------------------------
class StoredRecord:
    """An undo record read back from its data (see the module's docstring). `load`
    gives the data, parsed only when first needed; `Record` is built at the first undo
    or redo and kept."""

    def __init__(
        self, load: Callable[[], dict[str, Any]], encounter: Encounter, types: StateTypes
    ) -> None:
        self._load: Callable[[], dict[str, Any]] | None = load
        self._encounter = encounter
        self._types = types
        self._record: Record | None = None

    def revert(self) -> ChangeSet:
        return self._checked(forward=False).revert()

    def reapply(self) -> ChangeSet:
        return self._checked(forward=True).reapply()

    def _checked(self, *, forward: bool) -> Record:
        """The record, if the encounter is as it says it was on this side of the change
        (`misfit`); else `CommandError`, nothing changed (a journal's lines were dropped,
        swapped or edited)."""
        record = self.bound()
        problem = misfit(record, forward=forward)
        if problem is not None:
            step = "redone" if forward else "undone"
            raise CommandError(f"This change cannot be {step} here: {problem}.")
        return record

    def bound(self) -> Record:
        """The record, its objects found in the encounter as it is now (see the module's
        docstring: only right after or right before the change). Raises `CommandError`
        if its data cannot be read; nothing is changed then."""
        if self._record is None:
            assert self._load is not None
            try:
                self._record = _bind(self._load(), self._encounter, self._types)
            except (RecordError, KeyError, TypeError, ValueError, IndexError) as error:
                message = error.message if isinstance(error, RecordError) else repr(error)
                raise CommandError(
                    f"This change cannot be undone or redone: its record is damaged ({message})."
                ) from None
            self._load = None
        return self._record


def misfit(record: Record, *, forward: bool) -> str | None:
    """Why the encounter as it is now is not where `record` starts (`forward`: as it was
    before the change, for a redo or a replay; else as it was after it, for an undo),
    or None if it is. Every value the record replaces must be the one it holds now,
    and every structural edit must find its place: an insert within its list and of an
    id not yet there, a remove of the very item it names, a move within its list."""
    encounter = record.encounter
    lists: dict[str, list[Any]] = {
        COMBATANTS: list(encounter.combatants),
        EFFECTS: list(encounter.effects),
        LOG: list(encounter.log),
    }
    live = {id(item) for item in (*lists[COMBATANTS], *lists[EFFECTS])} | {id(encounter)}
    for snapshot in record.snapshots:
        if id(snapshot.target) not in live:
            continue  # an object the change adds: it has no place to compare yet
        expected = snapshot.before if forward else snapshot.after
        assert expected is not None, "only a sealed record is checked"
        for name, value in zip(snapshot.fields, expected, strict=True):
            try:
                now = field_value(snapshot.target, name)
            except AttributeError:
                return f"its {name} is not what the change found"
            if to_json(now) != to_json(value):
                return f"its {name} is not what the change found"
    edits = record.edits if forward else [inverse(edit) for edit in reversed(record.edits)]
    for edit in edits:
        problem = _edit_misfit(lists[edit.collection], edit)
        if problem is not None:
            return f"{problem} in the {edit.collection}"
        _apply_to(lists[edit.collection], edit)
    return None


def _edit_misfit(items: list[Any], edit: StructuralEdit) -> str | None:
    if isinstance(edit, Move):
        inside = 0 <= edit.source < len(items) and 0 <= edit.destination < len(items)
        return None if inside else "a move out of place"
    if isinstance(edit, Insert):
        if not 0 <= edit.index <= len(items):
            return "an insert out of place"
        if edit.collection != LOG and any(item.id == edit.item.id for item in items):
            return f"{edit.item.id!r} is there already"
        return None
    if not 0 <= edit.index < len(items):
        return "a remove out of place"
    there = items[edit.index]
    same = there == edit.item if edit.collection == LOG else there.id == edit.item.id
    return None if same else "a remove of another item"


def _apply_to(items: list[Any], edit: StructuralEdit) -> None:
    if isinstance(edit, Insert):
        items.insert(edit.index, edit.item)
    elif isinstance(edit, Remove):
        del items[edit.index]
    else:
        items.insert(edit.destination, items.pop(edit.source))


def _bind(data: dict[str, Any], encounter: Encounter, types: StateTypes) -> Record:
    objects: dict[tuple[str, str], Any] = {}

    def find(kind: str, ident: str, contents: dict[str, Any] | None = None) -> Any:
        key = (kind, ident)
        if key not in objects:
            found = _live(encounter, kind, ident)
            if found is None:
                if contents is None:
                    raise KeyError(f"{kind} {ident!r} is not in the encounter")
                found = _item(kind, contents, types)
            objects[key] = found
        return objects[key]

    def item(collection: str, contents: dict[str, Any]) -> Any:
        return find(KINDS[collection], str(contents["id"]), contents)

    edits = [_edit(edit, item) for edit in data["edits"]]
    edits += log_edits(data["log"])
    snapshots = []
    for (kind, ident), before, after in data["touched"]:
        target = encounter if kind == "encounter" else find(kind, str(ident))
        fields = tuple(before)
        heads = {name.partition(".")[0] for name in fields}
        own = vars(target) if kind == "encounter" else field_names(target)
        if fields != tuple(after) or not heads <= set(own):
            raise ValueError(f"the fields of {kind} {ident!r} do not match")
        _check_parts(kind, target, before, after, types)
        snapshots.append(
            Snapshot(target, fields, _values(kind, before, types), _values(kind, after, types))
        )
    changed = data["changed"]
    touched = Touched(
        tuple(map(str, changed["combatants"])),
        tuple(map(str, changed["effects"])),
        bool(changed["clock"]),
        bool(changed["encounter"]),
    )
    return Record(encounter, snapshots, edits, touched)


def _edit(data: list[Any], item: Callable[[str, dict[str, Any]], Any]) -> StructuralEdit:
    kind, collection = data[0], data[1]
    if collection not in (COMBATANTS, EFFECTS, LOG):
        raise ValueError(f"unknown collection {collection!r}")
    if kind == "move":
        return Move(collection, int(data[2]), int(data[3]))
    if kind == "insert":
        return Insert(collection, int(data[2]), item(collection, data[3]))
    if kind == "remove":
        return Remove(collection, int(data[2]), item(collection, data[3]))
    raise ValueError(f"unknown edit {kind!r}")


def _live(encounter: Encounter, kind: str, ident: str) -> Any:
    items: list[Any] = encounter.combatants if kind == "combatant" else encounter.effects
    return next((item for item in items if item.id == ident), None)


def _item(kind: str, contents: dict[str, Any], types: StateTypes) -> Combatant | Effect:
    if kind == "combatant":
        return Combatant.from_dict(contents, types.runtime)
    return Effect.from_dict(contents, types.anchor)


def _record_type(kind: str, types: StateTypes) -> tuple[str, type[Any]]:
    """The field of an object of `kind` that holds the ruleset's typed record, and its
    type."""
    typed = _TYPED[kind]
    return typed, {"runtime": types.runtime, "anchor": types.anchor, "clock": types.clock}[typed]


def _values(kind: str, values: dict[str, Any], types: StateTypes) -> tuple[Any, ...]:
    """A snapshot's values from their JSON: the ruleset's typed record (or a part of it)
    read and checked, the rest plain values (a restore copies them)."""
    typed, record_type = _record_type(kind, types)
    read: list[Any] = []
    for name, value in values.items():
        head, dot, part = name.partition(".")
        if dot and head != typed:
            raise ValueError(f"{name!r} is not a part of the ruleset's record")
        if name == typed:
            read.append(from_json(record_type, value, name))
        else:
            read.append(read_field(record_type, part, value, typed) if dot else value)
    return tuple(read)


def _check_parts(
    kind: str, target: Any, before: dict[str, Any], after: dict[str, Any], types: StateTypes
) -> None:
    """Parts of a record (``runtime.acted``) are read against the record the object
    holds now, which is one side of the change, the other being it with those parts
    replaced: each side, made whole, must be a record the ruleset accepts (`from_json`
    runs its checks), as a record written whole is. Raises `RecordError` if not."""
    typed, record_type = _record_type(kind, types)
    if not any(name.startswith(typed + ".") for name in before):
        return
    if typed in before:
        raise ValueError(f"the {typed} is written both whole and by parts")
    held = getattr(target, typed)
    if not isinstance(held, record_type):
        raise RecordError(f"the {typed} it changes by parts is not a record of the ruleset")
    whole = to_json(held)
    for values in (before, after):
        parts = {
            name.partition(".")[2]: value
            for name, value in values.items()
            if name.startswith(typed + ".")
        }
        from_json(record_type, {**whole, **parts}, typed)
