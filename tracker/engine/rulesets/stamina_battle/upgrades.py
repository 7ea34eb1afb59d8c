"""Stamina battle's records in files of older schema versions, brought up to date (see
`Ruleset.upgrade`)."""

from __future__ import annotations

from typing import Any


def upgrade(data: dict[str, Any], version: int) -> dict[str, Any]:
    """The encounter data of a version-`version` file, as the next version writes it."""
    return _wounds_in_stats(data) if version == 2 else data


def _wounds_in_stats(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 → 3: a Stamina battle Unit's wounds leave its state for its stats (the
    "wounds" stat, beside the new "health", the wounds it can take). Health was not
    counted before, so a Unit read from an older file gets 0, "not set": its wounds
    count as they did and nobody falls."""
    combatants = data.get("combatants")
    if not isinstance(combatants, list):
        return data
    return {**data, "combatants": [_unit(entry) for entry in combatants]}


def _unit(entry: Any) -> Any:
    if not isinstance(entry, dict):
        return entry
    runtime, stats = entry.get("runtime"), entry.get("stats", {})
    if not isinstance(runtime, dict) or not isinstance(stats, dict):
        return entry
    runtime = dict(runtime)
    wounds = runtime.pop("wounds", 0)
    return {**entry, "runtime": runtime, "stats": {"health": 0, **stats, "wounds": wounds}}
