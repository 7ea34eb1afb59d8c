"""Finding rulesets: every ruleset, built-in ones included, registers through the
entry-point group `tracker.rulesets`, named by its id.

A built-in ruleset is one the `roundkeeper` distribution itself registers; any other is
a third-party plugin. Either is loaded the same way and its declarations checked
(`tracker.engine.ruleset_checks`): one that cannot be imported or declares something
inconsistent is recorded with its problems (`installed_rulesets`, Help → Rulesets),
logged, and never offered, and it never stops Roundkeeper.

Opening an encounter loads only its own ruleset (the entry point named by its id);
listing them all (`available_rulesets`) loads every one."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, replace
from functools import cache

from tracker.engine.entry_points import EntryPoint
from tracker.engine.entry_points import entry_points as entry_points  # tests replace it
from tracker.engine.errors import RulesetNotFoundError
from tracker.engine.ruleset import AnyRuleset, Ruleset
from tracker.engine.ruleset_checks import ruleset_problems

GROUP = "tracker.rulesets"
BUILT_IN_DISTRIBUTION = "roundkeeper"
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class InstalledRuleset:
    """One entry point of the group as loaded: its ruleset, or why it cannot be used."""

    registered_as: str  # the entry point's name (the ruleset's id, if it is consistent)
    value: str  # "package.module:Class"
    distribution: str  # the distribution that registers it ("" if unknown)
    version: str
    ruleset: AnyRuleset | None  # None: it could not be loaded
    problems: tuple[str, ...] = ()

    @property
    def built_in(self) -> bool:
        return distribution_key(self.distribution) == BUILT_IN_DISTRIBUTION

    @property
    def usable(self) -> bool:
        return self.ruleset is not None and not self.problems

    @property
    def name(self) -> str:
        """The ruleset's name, or its entry point's when it could not be loaded."""
        name = getattr(self.ruleset, "name", None)
        return name if isinstance(name, str) and name.strip() else self.registered_as


def distribution_key(name: str) -> str:
    """A distribution's name as pip compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


_inspected: dict[tuple[str, str], InstalledRuleset] = {}  # by (name, value): loaded once
_found: dict[str, AnyRuleset] = {}  # by id, once found: later look-ups read no metadata


def _inspect(entry: EntryPoint) -> InstalledRuleset:
    key = (entry.name, entry.value)
    if key not in _inspected:
        _inspected[key] = _load(entry)
        for problem in _inspected[key].problems:
            log.warning("The ruleset %r (%s) cannot be used: %s", entry.name, entry.value, problem)
    return _inspected[key]


def _load(entry: EntryPoint) -> InstalledRuleset:
    def found(ruleset: AnyRuleset | None, *problems: str) -> InstalledRuleset:
        return InstalledRuleset(
            entry.name, entry.value, entry.distribution, entry.version, ruleset, problems
        )

    try:
        ruleset_class = entry.load()
    except Exception as error:  # a broken plugin: reported, never a crash
        return found(None, f"{entry.value} cannot be imported: {type(error).__name__}: {error}")
    if not (isinstance(ruleset_class, type) and issubclass(ruleset_class, Ruleset)):
        return found(None, f"{entry.value} is not a Ruleset subclass.")
    try:
        ruleset: AnyRuleset = ruleset_class()
    except Exception as error:
        return found(None, f"{entry.value}() failed: {type(error).__name__}: {error}")
    return found(ruleset, *ruleset_problems(ruleset, entry.name))


@cache
def installed_rulesets() -> tuple[InstalledRuleset, ...]:
    """Every entry point of the group, loaded and checked, in the order of their names.
    A second one with an id already installed is refused: a built-in keeps its id, else
    the first on the path wins."""
    installed: list[InstalledRuleset] = []
    taken: dict[str, InstalledRuleset] = {}
    for entry in _built_in_first(entry_points(group=GROUP)):
        item = _inspect(entry)
        first = taken.get(entry.name)
        if first is not None:
            taken_by = f"the id {entry.name!r} is taken by {_origin(first)}."
            item = replace(item, problems=(*item.problems, taken_by))
        else:
            taken[entry.name] = item
        installed.append(item)
    return tuple(sorted(installed, key=lambda item: (item.name, item.registered_as)))


def _built_in_first(entries: list[EntryPoint]) -> list[EntryPoint]:
    return sorted(entries, key=lambda e: distribution_key(e.distribution) != BUILT_IN_DISTRIBUTION)


def _named(entries: list[EntryPoint], name: str) -> EntryPoint | None:
    return next((entry for entry in entries if entry.name == name), None)


def _origin(item: InstalledRuleset) -> str:
    return "Roundkeeper itself" if item.built_in else (item.distribution or item.value)


@cache
def available_rulesets() -> dict[str, AnyRuleset]:
    """The rulesets that can be used, by id, in the order of their display names."""
    return {
        item.registered_as: item.ruleset
        for item in installed_rulesets()
        if item.usable and item.ruleset is not None
    }


def get_ruleset(ruleset_id: str) -> AnyRuleset:
    """The ruleset of this id, loading only its own entry point; `RulesetNotFoundError`
    when none is installed or it cannot be used (the message says why)."""
    if ruleset_id in _found:
        return _found[ruleset_id]
    # A built-in keeps its id: Roundkeeper's own entry points are read first, and the
    # other distributions' only for an id it does not register (a plugin's).
    entry = _named(entry_points(group=GROUP, distribution=BUILT_IN_DISTRIBUTION), ruleset_id)
    if entry is None:
        entry = _named(_built_in_first(entry_points(group=GROUP)), ruleset_id)
    if entry is not None:
        item = _inspect(entry)
        if item.usable and item.ruleset is not None:
            _found[ruleset_id] = item.ruleset
            return item.ruleset
        raise RulesetNotFoundError(
            f"This encounter uses the ruleset {ruleset_id!r}, which cannot be used: "
            f"{item.problems[0]} (Help → Rulesets lists what is installed)."
        )
    installed = ", ".join(available_rulesets()) or "none"
    raise RulesetNotFoundError(
        f"This encounter uses the ruleset {ruleset_id!r}, which is not installed "
        f"(installed: {installed})."
    )
