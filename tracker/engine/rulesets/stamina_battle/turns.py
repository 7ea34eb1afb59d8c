"""Turns as the views show them, and each Unit's readout for the side-phase views.

`Turn` of a Unit: `phase` "The party's phase", `grant` its pool ("4/6 Stamina"), `key`
("turn", round, id). `values`: "side", "stamina", "maximum" (ints), "acting" (bool).
Before the first side is chosen the current turn is the DM's (no Unit), titled "Who
goes first?", `values["kind"]` "first".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from tracker.engine.health import defeated_by
from tracker.engine.ruleset import Turn
from tracker.engine.rulesets.stamina_battle.actions import GUARD_BOOSTS
from tracker.engine.rulesets.stamina_battle.reactions import affordable
from tracker.engine.rulesets.stamina_battle.sides import Slot, has_acted, phase_name, slots
from tracker.engine.rulesets.stamina_battle.state import MOVES_PER_TURN, anchor_of, clock, rt
from tracker.engine.rulesets.stamina_battle.wounds import HEALTH, armor_of, evasion_of
from tracker.engine.state import Combatant, Encounter

USED_WORDS = {"guard": "Guard", "item": "Item", "hide": "Hide", "charge": "Charged"}


def turn_of(encounter: Encounter, slot: Slot) -> Turn:
    pool = rt(slot.unit).stamina
    values: dict[str, Any] = {
        "kind": "unit",
        "side": slot.side,
        "stamina": pool.current,
        "maximum": pool.maximum,
        "acting": clock(encounter).current == slot.unit.id,
    }
    key = ("turn", slot.round, slot.unit.id)
    grant = f"{pool.current}/{pool.maximum} Stamina"
    return Turn(slot.unit.id, key, slot.round, phase_name(slot.side), grant, values)


def choosing_turn(encounter: Encounter) -> Turn:
    round_ = clock(encounter).round
    title = "Who goes first?"
    values = {"kind": "first", "side": None, "acting": False}
    return Turn(None, ("first", round_), round_, "Before the first phase", "", values, title)


def _choosing(encounter: Encounter) -> bool:
    now = clock(encounter)
    return now.started and now.first is None


def current_turn(encounter: Encounter) -> Turn | None:
    if _choosing(encounter):
        return choosing_turn(encounter)
    found = slots(encounter, 1)
    return turn_of(encounter, found[0]) if found else None


def upcoming_turns(encounter: Encounter, limit: int) -> list[Turn]:
    if _choosing(encounter):
        return [choosing_turn(encounter)][: max(limit, 0)]
    return [turn_of(encounter, slot) for slot in slots(encounter, limit)]


@dataclass(frozen=True)
class UnitReadout:
    """What the side-phase views show of a Unit (see `StaminaBattle.readout`)."""

    combatant_id: str
    side: str
    acting: bool
    acted: bool
    stamina: int
    maximum: int
    wounds: int
    defeated: bool  # at its Health, or marked so by the DM
    armor: int
    evasion: int
    speed: int
    moves: int  # Moves used this turn (of MOVES_PER_TURN)
    used: tuple[str, ...]  # once-a-turn actions used this turn: "Guard", "Item", "Hide", ...
    reactions: tuple[tuple[str, int], ...]  # reactions it can still afford: (name, cost)
    charging: str | None  # the spell it is charging
    charged: int  # Stamina put into it
    needed: int  # its cost
    completed: str | None  # a charged spell complete and cast, to resolve
    guards: tuple[str, ...]  # "Armor +4": Guard boosts in force


def readout(encounter: Encounter, unit: Combatant) -> UnitReadout:
    state = rt(unit)
    now = clock(encounter)
    acting = now.current == unit.id
    used: list[str] = []
    for key in state.turn.used:
        if key in USED_WORDS:
            used.append(USED_WORDS[key])
        elif key.startswith("technique:"):
            used.append(key.split(":", 1)[1])
    guards = tuple(
        f"{GUARD_BOOSTS.get(anchor.guard, anchor.guard)} +{anchor.boost}"
        for effect in encounter.effects
        if effect.carrier_id == unit.id
        and (anchor := anchor_of(effect)) is not None
        and anchor.guard
    )
    charge = state.charge
    return UnitReadout(
        combatant_id=unit.id,
        side=unit.side,
        acting=acting,
        acted=has_acted(encounter, unit),
        stamina=state.stamina.current,
        maximum=state.stamina.maximum or 0,
        wounds=_int(unit.stats.get("wounds")),
        defeated=defeated_by(HEALTH, unit.stats, unit.defeated),
        armor=armor_of(encounter, unit),
        evasion=evasion_of(encounter, unit),
        speed=_int(unit.stats.get("speed")),
        moves=state.turn.count("move") if acting else 0,
        used=tuple(used) if acting else (),
        reactions=tuple((r.name, r.cost) for r in affordable(unit)),
        charging=charge.name if charge is not None else None,
        charged=charge.done if charge is not None else 0,
        needed=charge.needed if charge is not None else 0,
        completed=state.completed,
        guards=guards,
    )


class UnitTally(NamedTuple):
    """The few fields of a Unit's readout a view keeps for every Unit (`tallies`): cheap
    beside the whole readout, which a view works out only for the Units it shows."""

    side: str
    acted: bool
    stamina: int


def tallies(encounter: Encounter, units: Sequence[Combatant]) -> list[UnitTally]:
    """Of each Unit, `readout(...).side`, `.acted` (as `has_acted`) and `.stamina`,
    without the rest: thousands at a time, the clock read once."""
    round_ = clock(encounter).round
    found = []
    for unit in units:
        state = rt(unit)
        found.append(UnitTally(unit.side, state.acted >= round_ > 0, state.stamina.current))
    return found


def readout_basis(encounter: Encounter) -> tuple[int, str | None]:
    """What `readout` reads of the battle besides the Unit itself and the effects it
    carries: the round (a new one changes who acted, for every Unit) and the Unit acting
    (its `acting`, `moves` and `used`). A view keeping readouts recomputes those of the
    Units a change touched, the carriers of the effects it changed, the Units acting
    before and after, and every Unit when the round changes."""
    now = clock(encounter)
    return now.round, now.current


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


__all__ = [
    "MOVES_PER_TURN",
    "UnitReadout",
    "UnitTally",
    "current_turn",
    "readout",
    "readout_basis",
    "tallies",
    "upcoming_turns",
]
