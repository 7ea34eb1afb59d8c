"""Recording what a command changes, so it can be undone, redone and shown.

A `Transaction` wraps one command. Before a ruleset or the core mutates a combatant,
an effect or the clock it calls `touch_*`, which keeps a copy of the object's contents
as they were; structural changes (insert, remove, move in a list) go through explicit
methods. Undo restores the copies and reverts the structure; redo does the opposite.
The cost follows the objects touched, never the size of the encounter.

A `ChangeSet` tells observers (Qt models) what happened: the ordered structural edits
of each collection, and the ids of objects whose contents changed.

A sealed `Record` keeps, of each object touched, only the fields that changed (their
contents before and after): what undo needs, not a copy of everything touched. Of a
field holding a record (a dataclass: a ruleset's runtime, clock or anchor) it keeps only
the parts that changed, named ``runtime.acted`` (`part_names`): ending a round changes a
few flags of every combatant's state, not the whole of it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from tracker.engine.copying import copy_state
from tracker.engine.state import Combatant, Effect, Encounter, LogEntry, Places

COMBATANTS = "combatants"
EFFECTS = "effects"
LOG = "log"

ClockT = TypeVar("ClockT")


@dataclass(frozen=True)
class Insert:
    """`item` put at `index` in one of the encounter's lists (undone by removing it)."""

    collection: str
    index: int
    item: Any


@dataclass(frozen=True)
class Remove:
    """`item` taken from `index` in one of the encounter's lists (undone by putting it back)."""

    collection: str
    index: int
    item: Any


@dataclass(frozen=True)
class Move:
    """Moves the item at `source` so that it ends up at index `destination`."""

    collection: str
    source: int
    destination: int


StructuralEdit = Insert | Remove | Move


def inverse(edit: StructuralEdit) -> StructuralEdit:
    if isinstance(edit, Insert):
        return Remove(edit.collection, edit.index, edit.item)
    if isinstance(edit, Remove):
        return Insert(edit.collection, edit.index, edit.item)
    return Move(edit.collection, edit.destination, edit.source)


def _apply_edit(encounter: Encounter, edit: StructuralEdit) -> None:
    items: list[Any] = getattr(encounter, edit.collection)
    if edit.collection == COMBATANTS:
        encounter.shape += 1  # the places by id are out of date
    if isinstance(edit, Insert):
        items.insert(edit.index, edit.item)
    elif isinstance(edit, Remove):
        del items[edit.index]
    else:
        items.insert(edit.destination, items.pop(edit.source))


@dataclass
class ChangeSet:
    """What one apply, undo or redo changed, in the order observers must replay it."""

    edits: list[StructuralEdit] = field(default_factory=list)
    combatants: set[str] = field(default_factory=set)
    effects: set[str] = field(default_factory=set)
    clock: bool = False
    encounter: bool = False  # name or options
    expired: list[Effect] = field(default_factory=list)
    turn_holders: set[str] = field(default_factory=set)  # held the turn before or after

    def edits_of(self, collection: str) -> list[StructuralEdit]:
        return [edit for edit in self.edits if edit.collection == collection]


# The encounter's own scalar parts; its lists are structure, recorded as edits.
_ENCOUNTER_FIELDS = ("name", "options", "clock", "next_id", "secret_fields")


_PARTS: dict[type, tuple[str, ...] | None] = {}


def part_names(kind: type) -> tuple[str, ...] | None:
    """The fields of the record type `kind` a sealed snapshot keeps one by one (a part
    of a record restored in place), or None if its values are kept whole: anything but
    a mutable dataclass whose fields are all set by `__init__` and compared by `==`."""
    if kind not in _PARTS:
        params = getattr(kind, "__dataclass_params__", None)
        fields = dataclasses.fields(kind) if dataclasses.is_dataclass(kind) else ()
        whole = params is None or params.frozen or not fields
        whole = whole or not all(f.init and f.compare for f in fields)
        _PARTS[kind] = None if whole else tuple(f.name for f in fields)
    return _PARTS[kind]


_FIELDS: dict[type, tuple[str, ...]] = {}


def field_names(target: Any) -> tuple[str, ...]:
    """The fields of a combatant or an effect, in order (slotted records: no `vars`)."""
    kind = type(target)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return names


def field_value(target: Any, name: str) -> Any:
    """The value of a snapshot's field `name` in `target`: a field, or a part of one
    (``runtime.acted``). Raises `AttributeError` if there is none."""
    head, dot, part = name.partition(".")
    value = getattr(target, head)
    return getattr(value, part) if dot else value


def _set_field(target: Any, name: str, value: Any) -> None:
    head, dot, part = name.partition(".")
    if dot:
        setattr(getattr(target, head), part, value)
    else:
        setattr(target, name, value)


def _changed(old: Any, now: Any) -> bool:
    return type(now) is not type(old) or bool(now != old)


@dataclass(slots=True)
class Snapshot:
    """The contents of one object a command touched: the values of its `fields` before
    (copied at the first touch) and after (copied when the command ends; None until
    then), in the order of `fields`. Sealed, a field may name a part of a record
    (``runtime.acted``, see `part_names`)."""

    target: Any
    fields: tuple[str, ...]
    before: tuple[Any, ...] = ()
    after: tuple[Any, ...] | None = None

    def capture(self) -> tuple[Any, ...]:
        return tuple(copy_state(getattr(self.target, name)) for name in self.fields)

    def seal(self) -> None:
        """Keep only the fields the command changed, before and after; of a record the
        same type before and after, only its parts that changed."""
        fields: list[str] = []
        before: list[Any] = []
        after: list[Any] = []
        for name, old in zip(self.fields, self.before, strict=True):
            now = getattr(self.target, name)
            if not _changed(old, now):
                continue
            parts = part_names(type(old)) if type(now) is type(old) else None
            if parts is None:
                fields.append(name)
                before.append(old)
                after.append(copy_state(now))
                continue
            for part in parts:
                was, value = getattr(old, part), getattr(now, part)
                if _changed(was, value):
                    fields.append(f"{name}.{part}")
                    before.append(was)
                    after.append(copy_state(value))
        self.fields, self.before, self.after = tuple(fields), tuple(before), tuple(after)

    def restore(self, values: tuple[Any, ...]) -> None:
        """Give the target these values of `fields` (copies: the snapshot stays as it is)."""
        for name, value in zip(self.fields, values, strict=True):
            _set_field(self.target, name, copy_state(value))

    def hand_back(self) -> None:
        """Give the target its values from before, themselves, not copies: for a
        transaction rolled back, whose snapshots are dropped."""
        for name, value in zip(self.fields, self.before, strict=True):
            _set_field(self.target, name, value)


class Transaction:
    """Collects the changes of one command. Created and closed by the `Session`."""

    def __init__(
        self,
        encounter: Encounter,
        reach: Callable[[Transaction, Any], None],
        when: Callable[[], str] = lambda: "",
    ) -> None:
        self.encounter = encounter
        self._reach = reach
        self._when = when
        self._snapshots: dict[int, Snapshot] = {}
        self._order: list[int] = []
        self.edits: list[StructuralEdit] = []
        self.changes = ChangeSet()
        self._memo = encounter.memo  # what was worked out before: good again on rollback
        self._places = encounter.places  # the combatants' places (see `rollback`)
        self._shape = encounter.shape

    # --- contents -------------------------------------------------------------------
    def _keep(self, target: Any) -> None:
        self.encounter.memo = None  # changing: nothing worked out holds until the end
        key = id(target)
        if key not in self._snapshots:
            fields = _ENCOUNTER_FIELDS if target is self.encounter else field_names(target)
            snapshot = Snapshot(target, fields)
            snapshot.before = snapshot.capture()
            self._snapshots[key] = snapshot
            self._order.append(key)

    def touch(self, combatant: Combatant) -> Combatant:
        """Call before changing a combatant's fields, stats or runtime."""
        self._keep(combatant)
        self.changes.combatants.add(combatant.id)
        return combatant

    def touch_effect(self, effect: Effect) -> Effect:
        self._keep(effect)
        self.changes.effects.add(effect.id)
        return effect

    def touch_clock(self, clock_type: type[ClockT]) -> ClockT:
        """Call before changing the clock; returns it, typed as the ruleset's clock
        record `clock_type` (a clock of another type is a programming error)."""
        clock = self.encounter.clock
        if not isinstance(clock, clock_type):
            raise TypeError(f"The clock is a {type(clock).__name__}, not a {clock_type.__name__}.")
        self._keep(self.encounter)
        self.changes.clock = True
        return clock

    def touch_encounter(self) -> Encounter:
        """Call before changing the encounter's name or options."""
        self._keep(self.encounter)
        self.changes.encounter = True
        return self.encounter

    # --- structure ------------------------------------------------------------------
    def _edit(self, edit: StructuralEdit) -> None:
        self.encounter.memo = None
        if self.encounter.places.shape == self._shape:  # built for the list as it was
            self._places = self.encounter.places
        _apply_edit(self.encounter, edit)
        self.edits.append(edit)
        self.changes.edits.append(edit)

    def insert_combatant(self, index: int, combatant: Combatant) -> None:
        self._edit(Insert(COMBATANTS, index, combatant))

    def remove_combatant(self, combatant: Combatant) -> None:
        self._edit(Remove(COMBATANTS, self.encounter.index_of(combatant.id), combatant))

    def move_combatant(self, source: int, destination: int) -> None:
        if source != destination:
            self._edit(Move(COMBATANTS, source, destination))

    def add_effect(self, effect: Effect) -> None:
        self._edit(Insert(EFFECTS, len(self.encounter.effects), effect))

    def remove_effect(self, effect: Effect) -> None:
        index = next(i for i, e in enumerate(self.encounter.effects) if e is effect)
        self._edit(Remove(EFFECTS, index, effect))

    def log(self, text: str, kind: str = "change") -> None:
        entry = LogEntry(self._when(), text, kind)
        self._edit(Insert(LOG, len(self.encounter.log), entry))

    def new_id(self, prefix: str) -> str:
        """The next id. Undo restores the counter, but it is no change any view shows:
        not `changes.encounter`, which makes every row of the combatant views repaint."""
        encounter = self.encounter
        self._keep(encounter)
        number = encounter.next_id
        encounter.next_id += 1
        return f"{prefix}{number}"

    # --- time -----------------------------------------------------------------------
    def reach(self, point: Any) -> None:
        """A ruleset announces a timing point (a Turn ended, a Cycle ended, ...); the core
        expires every effect whose anchor says it ends there."""
        self._reach(self, point)

    # --- closing --------------------------------------------------------------------
    def _record(self) -> Record:
        snapshots = [self._snapshots[key] for key in self._order]
        snapshots = [snapshot for snapshot in snapshots if snapshot.fields]
        return Record(self.encounter, snapshots, list(self.edits), Touched.of(self.changes))

    def seal(self) -> Record:
        for snapshot in self._snapshots.values():
            snapshot.seal()
        if self._changed():
            self.encounter.memo = {}
        return self._record()

    def rollback(self) -> None:
        """Undo everything: the state is as before, and so is what was worked out. A trial
        run (`Session.refusal`) ends here, so it copies nothing back: the values kept at
        the first touch are handed back."""
        for edit in reversed(self.edits):
            _apply_edit(self.encounter, inverse(edit))
        for key in reversed(self._order):
            self._snapshots[key].hand_back()
        self._snapshots.clear()
        self._order.clear()
        self.edits.clear()
        self.encounter.memo = self._memo
        self._hand_back_places()

    def _hand_back_places(self) -> None:
        """The list is as it was: an index of places built for it (before the command,
        or by a look-up in it before its first structural change) is good again."""
        encounter = self.encounter
        built = [p for p in (encounter.places, self._places) if p.shape == self._shape]
        encounter.shape += 1  # never back: a number is never given to two lists
        if built:
            places = built[0]
            encounter.places = Places(places.index, encounter.shape, places.size)

    def _changed(self) -> bool:
        return bool(self._snapshots or self.edits)


class Undoable(Protocol):
    """What the undo stack holds: a `Record`, or one read back from a journal
    (`tracker.engine.stored.StoredRecord`)."""

    def revert(self) -> ChangeSet: ...

    def reapply(self) -> ChangeSet: ...


@dataclass(frozen=True, slots=True)
class Touched:
    """What a record's undo or redo changes in place, for the views to repaint: the ids
    of combatants and effects, the clock, the encounter's name or options. Kept instead
    of the `ChangeSet` (a few kilobytes a change over a long fight)."""

    combatants: tuple[str, ...] = ()
    effects: tuple[str, ...] = ()
    clock: bool = False
    encounter: bool = False

    @classmethod
    def of(cls, changes: ChangeSet) -> Touched:
        combatants, effects = tuple(sorted(changes.combatants)), tuple(sorted(changes.effects))
        return cls(combatants, effects, changes.clock, changes.encounter)


@dataclass(slots=True)
class Record:
    """One sealed transaction: enough to undo and redo it exactly."""

    encounter: Encounter
    snapshots: list[Snapshot]
    edits: list[StructuralEdit]
    touched: Touched

    def revert(self) -> ChangeSet:
        inverse_edits = [inverse(edit) for edit in reversed(self.edits)]
        for edit in inverse_edits:
            _apply_edit(self.encounter, edit)
        for snapshot in reversed(self.snapshots):
            snapshot.restore(snapshot.before)
        self.encounter.memo = {}
        return self._changes(inverse_edits)

    def reapply(self) -> ChangeSet:
        for edit in self.edits:
            _apply_edit(self.encounter, edit)
        for snapshot in self.snapshots:
            assert snapshot.after is not None
            snapshot.restore(snapshot.after)
        self.encounter.memo = {}
        return self._changes(list(self.edits))

    def _changes(self, edits: list[StructuralEdit]) -> ChangeSet:
        touched = self.touched
        return ChangeSet(
            edits=edits,
            combatants=set(touched.combatants),
            effects=set(touched.effects),
            clock=touched.clock,
            encounter=touched.encounter,
        )
