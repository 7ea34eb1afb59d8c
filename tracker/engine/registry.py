"""Finding rulesets: every ruleset, built-in ones included, registers through the
entry-point group `tracker.rulesets`, named by its id.

Opening an encounter loads only its own ruleset (the entry point named by its id);
listing them all (`available_rulesets`) loads every one."""

from __future__ import annotations

from functools import cache

from tracker.engine.entry_points import EntryPoint
from tracker.engine.entry_points import entry_points as entry_points  # tests replace it
from tracker.engine.errors import RulesetNotFoundError
from tracker.engine.ruleset import AnyRuleset

GROUP = "tracker.rulesets"

_loaded: dict[str, AnyRuleset] = {}  # by entry point value: one instance per ruleset
_found: dict[str, AnyRuleset] = {}  # by id, once found: later look-ups read no metadata


def _load(entry: EntryPoint) -> AnyRuleset:
    if entry.value not in _loaded:
        ruleset_class = entry.load()
        _loaded[entry.value] = ruleset_class()
    return _loaded[entry.value]


@cache
def available_rulesets() -> dict[str, AnyRuleset]:
    """Installed rulesets by id, in the order of their display names."""
    found: dict[str, AnyRuleset] = {}
    for entry in entry_points(group=GROUP):
        ruleset = _load(entry)
        found[ruleset.id] = ruleset
    return dict(sorted(found.items(), key=lambda item: item[1].name))


def get_ruleset(ruleset_id: str) -> AnyRuleset:
    if ruleset_id in _found:
        return _found[ruleset_id]
    for entry in entry_points(group=GROUP):
        if entry.name == ruleset_id and _load(entry).id == ruleset_id:
            _found[ruleset_id] = _load(entry)
            return _found[ruleset_id]
    # An entry point not named by its ruleset's id: look through them all.
    rulesets = available_rulesets()
    if ruleset_id not in rulesets:
        installed = ", ".join(rulesets) or "none"
        raise RulesetNotFoundError(
            f"This encounter uses the ruleset {ruleset_id!r}, which is not installed "
            f"(installed: {installed})."
        )
    _found[ruleset_id] = rulesets[ruleset_id]
    return _found[ruleset_id]
