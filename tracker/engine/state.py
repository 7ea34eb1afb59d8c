"""The encounter as data: combatants, effects, the ruleset's clock, options and log.

Every part is plain JSON on disk (`to_dict` / `from_dict`). The core keeps what every
system shares (names, sides, stats, effects, the log); each ruleset keeps its own typed
records (see `tracker.engine.records`): its position in time in `Encounter.clock`, each
combatant's state in `Combatant.runtime`, and the moment an effect ends in
`Effect.anchor`. The core never interprets those; `StateTypes` says how to read them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tracker.engine.errors import CommandError
from tracker.engine.records import from_json, to_json

SIDES: tuple[str, ...] = ("party", "ally", "enemy", "neutral")
T = TypeVar("T")


@dataclass(frozen=True)
class StateTypes:
    """The record types of a ruleset's own state: how to read it back from JSON."""

    clock: type[Any]
    runtime: type[Any]
    anchor: type[Any]


@dataclass(slots=True, weakref_slot=True)  # (views and tests may hold weak references)
class Combatant:
    """One creature in the fight: who it is, its side, its fields and its ruleset's state."""

    id: str
    name: str
    side: str = "enemy"
    hidden: bool = False
    notes: str = ""
    stats: dict[str, Any] = field(default_factory=dict)
    runtime: Any = None  # the ruleset's record (StateTypes.runtime)
    defeated: bool = False  # marked out of the fight by the GM (see tracker.engine.health)

    def to_dict(self) -> dict[str, Any]:
        data = {
            "id": self.id,
            "name": self.name,
            "side": self.side,
            "hidden": self.hidden,
            "notes": self.notes,
            "stats": copy.deepcopy(self.stats),
            "runtime": to_json(self.runtime),
        }
        if self.defeated:  # written only when marked: files of before read back alike
            data["defeated"] = True
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], runtime_type: type[Any]) -> Combatant:
        values = dict(data)  # the record is read, not copied: deep data never recurses
        values["stats"] = copy.deepcopy(values.get("stats", {}))
        name = values.get("name", "?")
        values["runtime"] = from_json(runtime_type, values.get("runtime"), f"{name}'s state")
        return cls(**values)


@dataclass
class Effect:
    """An effect carried by a combatant. `duration` is what the GM asked for (ruleset
    fields); `anchor` is the ruleset's record of the moment that ends it."""

    id: str
    name: str
    carrier_id: str
    creator_id: str | None = None
    duration: dict[str, Any] = field(default_factory=dict)
    anchor: Any = None  # the ruleset's record (StateTypes.anchor)
    notes: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "carrier_id": self.carrier_id,
            "creator_id": self.creator_id,
            "duration": copy.deepcopy(self.duration),
            "anchor": to_json(self.anchor),
            "notes": self.notes,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], anchor_type: type[Any]) -> Effect:
        values = dict(data)
        values["duration"] = copy.deepcopy(values.get("duration", {}))
        where = f"the end of effect {values.get('name', '?')!r}"
        values["anchor"] = from_json(anchor_type, values.get("anchor"), where)
        return cls(**values)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the encounter's log: when, what, and its kind."""

    when: str
    text: str
    kind: str = "change"  # "turn", "change", "expiry", "action", "start"

    def to_dict(self) -> dict[str, str]:
        """As JSON (what `dataclasses.asdict` gives, without its walk and copies: a
        2,000-turn fight's log of 4,500 entries in 1 ms rather than 12, at each save and
        at the journal's base)."""
        return {"when": self.when, "text": self.text, "kind": self.kind}


@dataclass(frozen=True, slots=True)
class Places:
    """The index of each combatant by id, as the list stood at `shape` with `size` items."""

    index: dict[str, int]
    shape: int
    size: int

    @classmethod
    def of(cls, combatants: list[Combatant], shape: int) -> Places:
        return cls({c.id: i for i, c in enumerate(combatants)}, shape, len(combatants))


@dataclass
class Encounter:
    """The whole fight: its name, ruleset, options, combatants, effects and log."""

    name: str
    ruleset_id: str
    options: dict[str, str] = field(default_factory=dict)
    combatants: list[Combatant] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    clock: Any = None  # the ruleset's record (StateTypes.clock)
    log: list[LogEntry] = field(default_factory=list)
    next_id: int = 1
    secret_fields: list[str] = field(default_factory=list)  # stats the players never see
    # What is worked out from the state, kept until it changes: a `Transaction` sets it
    # to None at its first change (nothing is kept while a command runs) and empties it
    # when it closes, undo and redo too. Never saved, never compared.
    memo: dict[Hashable, Any] | None = field(default_factory=dict, repr=False, compare=False)
    # The combatants' places by id, and a count of the structural changes of the
    # combatants' list (`tracker.engine.changes` moves it on) that tells when they are
    # out of date. Never saved, never compared.
    places: Places = field(
        default_factory=lambda: Places({}, -1, -1), init=False, repr=False, compare=False
    )
    shape: int = field(default=0, init=False, repr=False, compare=False)

    def derived(self, key: Hashable, compute: Callable[[], T]) -> T:
        """`compute()`, worked out once between two changes of the encounter."""
        memo = self.memo
        if memo is None:
            return compute()
        if key not in memo:
            memo[key] = compute()
        value: T = memo[key]
        return value

    def _place(self, combatant_id: str) -> int | None:
        """Where the combatant with this id stands, or None: a look-up in `places`. A
        place is right wherever the list holds the id there (ids are unique), however
        the list changed since it was built; after one insert or removal before it, the
        place beside it is. Else (a move from afar, an id not in the index), the index
        is built anew, unless it is of this very list (`shape`): then the id is not in
        it. Also while a command runs, where a scan per look-up made a pass over the
        order quadratic; and after a removal, where a new index cost a pass per change."""
        places = self.places
        combatants = self.combatants
        index = places.index.get(combatant_id)
        if index is not None:
            for guess in (index, index - 1, index + 1):
                if 0 <= guess < len(combatants) and combatants[guess].id == combatant_id:
                    return guess
        elif places.shape == self.shape and places.size == len(combatants):
            return None
        self.places = places = Places.of(combatants, self.shape)
        return places.index.get(combatant_id)

    def position(self, combatant_id: str) -> int | None:
        """The combatant's index in the list, or None when it is not in the fight."""
        return self._place(combatant_id)

    def combatant(self, combatant_id: str) -> Combatant:
        return self.combatants[self.index_of(combatant_id)]

    def find(self, combatant_id: str | None) -> Combatant | None:
        """The combatant with this id, or None when it is not (or no longer) in the fight;
        a look-up, not a scan."""
        if combatant_id is None:
            return None
        index = self._place(combatant_id)
        return None if index is None else self.combatants[index]

    def index_of(self, combatant_id: str) -> int:
        index = self._place(combatant_id)
        if index is None:
            raise CommandError(f"No combatant with id {combatant_id!r} in this encounter.")
        return index

    def effect(self, effect_id: str) -> Effect:
        if self.memo is not None:  # between changes: a look-up
            found = self.derived("effects_by_id", lambda: {e.id: e for e in self.effects})
            if effect_id in found:
                return found[effect_id]
        else:
            for effect in self.effects:
                if effect.id == effect_id:
                    return effect
        raise CommandError(f"No active effect with id {effect_id!r}.")

    def to_dict(self, *, log: bool = True) -> dict[str, Any]:
        """The encounter as JSON; without its log (an empty list) if `log` is False."""
        return {
            "name": self.name,
            "ruleset_id": self.ruleset_id,
            "options": dict(self.options),
            "combatants": [c.to_dict() for c in self.combatants],
            "effects": [e.to_dict() for e in self.effects],
            "clock": to_json(self.clock),
            "log": [entry.to_dict() for entry in self.log] if log else [],
            "next_id": self.next_id,
            "secret_fields": list(self.secret_fields),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], types: StateTypes) -> Encounter:
        """Build the encounter; raises `RecordError` when the ruleset's records are
        damaged (the caller checks the core structure first)."""
        return cls(
            name=data["name"],
            ruleset_id=data["ruleset_id"],
            options=dict(data.get("options", {})),
            combatants=[Combatant.from_dict(c, types.runtime) for c in data.get("combatants", [])],
            effects=[Effect.from_dict(e, types.anchor) for e in data.get("effects", [])],
            clock=from_json(types.clock, data.get("clock"), "the clock"),
            log=[LogEntry(**entry) for entry in data.get("log", [])],
            next_id=int(data.get("next_id", 1)),
            secret_fields=list(data.get("secret_fields", [])),
        )
