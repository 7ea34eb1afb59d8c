"""Each combatant's meters (health, then AP, Stamina, Initiative, pips: `Ruleset.
shown_meters`) as numbers, with the change the last command made to them ("AP 4/7 (−3)",
"Hits 5/12 (−7)").

An open works every combatant's meters and text out on its worker (`work_out_ahead`),
kept in the encounter's memo until it changes: the order table's width ranking reads
every row's text as the fight is shown (a third of a 1,000 Priority open's GUI time)."""

from __future__ import annotations

from collections.abc import Iterable

from tracker.engine.ruleset import AnyRuleset, Meter
from tracker.engine.state import Combatant, Encounter

Shown = tuple[dict[str, int], str]  # a combatant's meters by name, and their text
AHEAD = "meters.shown"  # the encounter's memo: combatant id → `Shown`, with no change


def _signed(number: int) -> str:
    return f"+{number}" if number > 0 else f"−{-number}"


def meter_text(meter: Meter, delta: int = 0) -> str:
    shown = f"{meter.label} {meter.value}"
    if meter.maximum is not None:
        shown += f"/{meter.maximum}"
    return f"{shown} ({_signed(delta)})" if delta else shown


class MeterMemory:
    """The meters as last seen, per combatant, and the change of the last command."""

    def __init__(self) -> None:
        self._last: dict[str, dict[str, int]] = {}
        self._deltas: dict[str, dict[str, int]] = {}

    def clear(self) -> None:
        self._last.clear()
        self._deltas.clear()

    def text(self, ruleset: AnyRuleset, encounter: Encounter, combatant: Combatant) -> str:
        deltas = self._deltas.get(combatant.id)
        if not deltas:  # as worked out ahead, if it was (never worked out here for all)
            memo = encounter.memo
            ahead: dict[str, Shown] | None = memo.get(AHEAD) if memo is not None else None
            if ahead is not None and (shown := ahead.get(combatant.id)) is not None:
                self._last.setdefault(combatant.id, shown[0])
                return shown[1]
        meters = ruleset.shown_meters(encounter, combatant)
        self._last.setdefault(combatant.id, {m.name: m.value for m in meters})
        deltas = deltas or {}
        return " · ".join(meter_text(m, deltas.get(m.name, 0)) for m in meters)

    def delta(self, combatant_id: str, name: str) -> int:
        """The change the last command made to one meter (0: none)."""
        return self._deltas.get(combatant_id, {}).get(name, 0)

    def follow(self, ruleset: AnyRuleset, encounter: Encounter, ids: Iterable[str]) -> set[str]:
        """A command changed these combatants (or whose turn it is): remember their new
        meters and what changed. Returns the ids whose text changed (the old deltas go)."""
        touched = set(self._deltas)
        self._deltas = {}
        for combatant_id in ids:
            combatant = encounter.find(combatant_id)  # a look-up: no pass over the fight
            if combatant is None:
                self._last.pop(combatant_id, None)
                continue
            now = {m.name: m.value for m in ruleset.shown_meters(encounter, combatant)}
            before = self._last.get(combatant_id)
            self._last[combatant_id] = now
            if before is None:
                touched.add(combatant_id)
                continue
            changed = {
                name: value - before[name]
                for name, value in now.items()
                if name in before and value != before[name]
            }
            if changed:
                self._deltas[combatant_id] = changed
            if changed or now.keys() != before.keys():
                touched.add(combatant_id)
        return touched


def work_out_ahead(ruleset: AnyRuleset, encounter: Encounter) -> None:
    """Every combatant's meters and their text, with no change, kept in the encounter's
    memo until it changes (an open's worker: `MeterMemory.text` reads them)."""

    def shown(combatant: Combatant) -> Shown:
        meters = ruleset.shown_meters(encounter, combatant)
        return {m.name: m.value for m in meters}, " · ".join(map(meter_text, meters))

    encounter.derived(AHEAD, lambda: {c.id: shown(c) for c in encounter.combatants})
