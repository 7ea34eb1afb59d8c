"""The encounter as plain data: combatants, effects, the ruleset's clock, options and log.

Everything here is JSON-friendly (`to_dict` / `from_dict`). Rulesets keep their own
per-combatant data in `Combatant.runtime` and their position in time in
`Encounter.clock`; the core never interprets either.
"""

from __future__ import annotations

import copy
from dataclasses import asdict, dataclass, field
from typing import Any

SIDES: tuple[str, ...] = ("party", "ally", "enemy", "neutral")


@dataclass
class Combatant:
    id: str
    name: str
    side: str = "enemy"
    hidden: bool = False
    notes: str = ""
    stats: dict[str, Any] = field(default_factory=dict)
    runtime: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return copy.deepcopy(asdict(self))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Combatant:
        return cls(**copy.deepcopy(data))


@dataclass
class Effect:
    """An effect carried by a combatant. `duration` is what the GM asked for (ruleset
    fields); `anchor` is the ruleset's record of the moment that ends it."""

    id: str
    name: str
    carrier_id: str
    creator_id: str | None = None
    duration: dict[str, Any] = field(default_factory=dict)
    anchor: dict[str, Any] = field(default_factory=dict)
    notes: str = ""

    def to_dict(self) -> dict[str, Any]:
        return copy.deepcopy(asdict(self))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Effect:
        return cls(**copy.deepcopy(data))


@dataclass(frozen=True)
class LogEntry:
    when: str
    text: str
    kind: str = "change"  # "turn", "change", "expiry", "action", "start"


@dataclass
class Encounter:
    name: str
    ruleset_id: str
    options: dict[str, str] = field(default_factory=dict)
    combatants: list[Combatant] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    clock: dict[str, Any] = field(default_factory=dict)
    log: list[LogEntry] = field(default_factory=list)
    next_id: int = 1
    secret_fields: list[str] = field(default_factory=list)  # stats the players never see

    def combatant(self, combatant_id: str) -> Combatant:
        for combatant in self.combatants:
            if combatant.id == combatant_id:
                return combatant
        from tracker.engine.errors import CommandError

        raise CommandError(f"No combatant with id {combatant_id!r} in this encounter.")

    def index_of(self, combatant_id: str) -> int:
        for index, combatant in enumerate(self.combatants):
            if combatant.id == combatant_id:
                return index
        from tracker.engine.errors import CommandError

        raise CommandError(f"No combatant with id {combatant_id!r} in this encounter.")

    def effect(self, effect_id: str) -> Effect:
        for effect in self.effects:
            if effect.id == effect_id:
                return effect
        from tracker.engine.errors import CommandError

        raise CommandError(f"No active effect with id {effect_id!r}.")

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "ruleset_id": self.ruleset_id,
            "options": dict(self.options),
            "combatants": [c.to_dict() for c in self.combatants],
            "effects": [e.to_dict() for e in self.effects],
            "clock": copy.deepcopy(self.clock),
            "log": [asdict(entry) for entry in self.log],
            "next_id": self.next_id,
            "secret_fields": list(self.secret_fields),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Encounter:
        return cls(
            name=data["name"],
            ruleset_id=data["ruleset_id"],
            options=dict(data.get("options", {})),
            combatants=[Combatant.from_dict(c) for c in data.get("combatants", [])],
            effects=[Effect.from_dict(e) for e in data.get("effects", [])],
            clock=copy.deepcopy(data.get("clock", {})),
            log=[LogEntry(**entry) for entry in data.get("log", [])],
            next_id=int(data.get("next_id", 1)),
            secret_fields=list(data.get("secret_fields", [])),
        )
