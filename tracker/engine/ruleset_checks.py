"""What a ruleset declares, checked when it is loaded (`ruleset_problems`).

A third-party ruleset is a package Roundkeeper did not write: before it is offered, its
declarations are checked against what the core and the GUI rely on (an id to file
encounters under, a name, its records, fields whose defaults their own checks accept,
options with a default, actions with a known `on` and parameters, dice to roll from,
health naming int stats, conditions its own fields and actions accept). Each problem is
one sentence for Help → Rulesets; a ruleset with any is not offered (see `registry`).
"""

from __future__ import annotations

import dataclasses
import re
import typing
from collections.abc import Iterable
from typing import Any

from tracker.engine.conditions import check_conditions
from tracker.engine.errors import CommandError
from tracker.engine.fields import Choice, Field
from tracker.engine.ruleset import ActionSpec, AnyRuleset
from tracker.engine.state import StateTypes

ID_PATTERN = re.compile(r"[a-z][a-z0-9_]*")
ACTION_ON = ("current", "any", "effect", "prompt")
FIELD_KINDS = ("int", "text", "choice", "bool")


def ruleset_problems(ruleset: AnyRuleset, registered_as: str) -> list[str]:
    """Every inconsistency of what `ruleset` declares (registered under the entry-point
    name `registered_as`); empty when it can be used."""
    problems = _identity(ruleset, registered_as)
    problems += _records(ruleset)
    stats = tuple(getattr(ruleset, "stat_fields", ()))
    problems += _fields(stats, "stat")
    problems += _fields(tuple(getattr(ruleset, "duration_fields", ())), "duration field")
    problems += _options(tuple(getattr(ruleset, "options", ())))
    problems += _actions(tuple(getattr(ruleset, "actions", ())), stats)
    problems += _health(ruleset, stats)
    if not problems:  # conditions are checked against fields and actions that hold
        try:
            check_conditions(ruleset)
        except CommandError as error:
            problems.append(error.message)
        except Exception as error:  # a plugin's own code may fail in any way
            problems.append(f"its conditions cannot be checked: {_said(error)}")
    return problems


def _identity(ruleset: AnyRuleset, registered_as: str) -> list[str]:
    ruleset_id = getattr(ruleset, "id", None)
    name = getattr(ruleset, "name", None)
    problems: list[str] = []
    if not isinstance(ruleset_id, str) or not ID_PATTERN.fullmatch(ruleset_id):
        problems.append(f"its id {ruleset_id!r} is not lower-case letters, digits and underscores.")
    elif ruleset_id != registered_as:
        problems.append(f"it is registered as {registered_as!r} but its id is {ruleset_id!r}.")
    if not isinstance(name, str) or not name.strip():
        problems.append("it has no name to show.")
    return problems


def _records(ruleset: AnyRuleset) -> list[str]:
    types = getattr(ruleset, "state_types", None)
    if not isinstance(types, StateTypes):
        return ["its state_types is not a StateTypes(Clock, Runtime, Anchor)."]
    problems = [
        f"its {role} record {kind!r} is not a dataclass."
        for role, kind in (
            ("clock", types.clock),
            ("runtime", types.runtime),
            ("anchor", types.anchor),
        )
        if not _records_type(kind)
    ]
    if not problems:
        try:
            ruleset.new_clock()
        except Exception as error:
            problems.append(f"a new encounter's clock cannot be made: {_said(error)}")
    return problems


def _records_type(kind: Any) -> bool:
    """A dataclass, or a union of dataclasses (an anchor of several kinds)."""
    members = typing.get_args(kind) or (kind,)
    return all(isinstance(member, type) and dataclasses.is_dataclass(member) for member in members)


def _fields(fields: tuple[Any, ...], what: str) -> list[str]:
    problems: list[str] = []
    for spec in fields:
        if not isinstance(spec, Field):
            problems.append(f"a {what} is not a Field: {spec!r}.")
            continue
        if spec.kind not in FIELD_KINDS:
            problems.append(f"the {what} {spec.name!r} has the unknown kind {spec.kind!r}.")
            continue
        try:
            spec.clean(spec.default)
        except CommandError as error:
            problems.append(f"the default of the {what} {spec.name!r} is refused: {error.message}")
        except Exception as error:
            problems.append(f"the {what} {spec.name!r} cannot check a value: {_said(error)}")
    problems += _repeated((f.name for f in fields if isinstance(f, Field)), what)
    return problems


def _options(options: tuple[Any, ...]) -> list[str]:
    problems: list[str] = []
    for option in options:
        if not isinstance(option, Choice):
            problems.append(f"an option is not a Choice: {option!r}.")
        elif not option.values:
            problems.append(f"the option {option.name!r} has no values (the first is its default).")
        else:
            problems += _repeated((value for value, _ in option.values), f"{option.name} value")
    problems += _repeated((o.name for o in options if isinstance(o, Choice)), "option")
    return problems


def _actions(actions: tuple[Any, ...], stats: tuple[Any, ...]) -> list[str]:
    dice = {
        f.name for f in stats if isinstance(f, Field) and f.kind == "text" and f.check is not None
    }
    problems: list[str] = []
    for action in actions:
        if not isinstance(action, ActionSpec):
            problems.append(f"an action is not an ActionSpec: {action!r}.")
            continue
        if action.on not in ACTION_ON:
            problems.append(
                f"the action {action.name!r} is on {action.on!r}, "
                f"not one of {', '.join(ACTION_ON)}."
            )
        problems += _fields(tuple(action.params), f"parameter of {action.name}")
        for param in action.params:
            if isinstance(param, Field) and param.roll_from and param.roll_from not in dice:
                problems.append(
                    f"the parameter {param.name!r} of {action.name!r} rolls from "
                    f"{param.roll_from!r}, which is not a text stat checked as dice "
                    "(check=check_dice)."
                )
    problems += _repeated((a.name for a in actions if isinstance(a, ActionSpec)), "action")
    return problems


def _health(ruleset: AnyRuleset, stats: tuple[Any, ...]) -> list[str]:
    spec = getattr(ruleset, "health", None)
    if spec is None:
        return []
    ints = {f.name for f in stats if isinstance(f, Field) and f.kind == "int"}
    return [
        f"its health names {name!r}, which is not an int stat."
        for name in (getattr(spec, "maximum", None), getattr(spec, "taken", None))
        if name not in ints
    ]


def _repeated(names: Iterable[str], what: str) -> list[str]:
    seen: set[str] = set()
    repeated: list[str] = []
    for name in names:
        if name in seen and name not in repeated:
            repeated.append(name)
        seen.add(name)
    return [f"the {what} name {name!r} is declared twice." for name in repeated]


def _said(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"
