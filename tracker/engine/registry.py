"""Finding rulesets: every ruleset, built-in ones included, registers through the
entry-point group `tracker.rulesets`."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from tracker.engine.errors import RulesetNotFoundError
from tracker.engine.ruleset import AnyRuleset

GROUP = "tracker.rulesets"


@cache
def available_rulesets() -> dict[str, AnyRuleset]:
    """Installed rulesets by id, in the order of their display names."""
    found: dict[str, AnyRuleset] = {}
    for entry in entry_points(group=GROUP):
        ruleset_class = entry.load()
        ruleset = ruleset_class()
        found[ruleset.id] = ruleset
    return dict(sorted(found.items(), key=lambda item: item[1].name))


def get_ruleset(ruleset_id: str) -> AnyRuleset:
    rulesets = available_rulesets()
    if ruleset_id not in rulesets:
        installed = ", ".join(rulesets) or "none"
        raise RulesetNotFoundError(
            f"This encounter uses the ruleset {ruleset_id!r}, which is not installed "
            f"(installed: {installed})."
        )
    return rulesets[ruleset_id]
