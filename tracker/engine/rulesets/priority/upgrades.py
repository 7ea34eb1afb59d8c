"""Priority's records in files of older schema versions, brought up to date (see
`Ruleset.upgrade`)."""

from __future__ import annotations

from typing import Any


def upgrade(data: dict[str, Any], version: int) -> dict[str, Any]:
    """The encounter data of a version-`version` file, as the next version writes it."""
    return _typed_records(data) if version == 1 else data


def _typed_records(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 → 2: Priority keeps typed records. A creature's Tricks used this turn (a
    list of names) become a `Counters` table, {"used": {name: 1}}; an Overexertion
    reminder ([creature id, minute]) becomes {"combatant_id": id, "minute": minute}; a
    missing state or clock (null) becomes an empty table (the records' defaults). What
    does not have the old shape is left as it is, to be refused when the records are
    read. The data given is not changed."""
    data = dict(data)
    combatants = data.get("combatants")
    if isinstance(combatants, list):
        data["combatants"] = [_creature(entry) for entry in combatants]
    clock = data.get("clock")
    if clock is None:
        data["clock"] = {}
    elif isinstance(clock, dict) and isinstance(clock.get("overexertion"), list):
        data["clock"] = {
            **clock,
            "overexertion": [
                {"combatant_id": entry[0], "minute": entry[1]}
                if isinstance(entry, list) and len(entry) == 2
                else entry
                for entry in clock["overexertion"]
            ],
        }
    return data


def _creature(entry: Any) -> Any:
    if not isinstance(entry, dict):
        return entry
    runtime = entry.get("runtime")
    if runtime is None:
        return {**entry, "runtime": {}}
    tricks = runtime.get("tricks") if isinstance(runtime, dict) else None
    if not isinstance(tricks, list) or not all(isinstance(name, str) for name in tricks):
        return entry
    return {**entry, "runtime": {**runtime, "tricks": {"used": dict.fromkeys(tricks, 1)}}}
