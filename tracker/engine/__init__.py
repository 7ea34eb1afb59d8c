"""Roundkeeper's pure-Python engine: rules, state, commands, durations and undo (no Qt).

Its names are imported at their first use (PEP 562): the app's first frame needs only a
few of them, and each module's dataclasses cost start-up time (benchmarks/startup.py)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tracker.engine.add_group import AddCombatants
    from tracker.engine.commands import (
        AddCombatant,
        Command,
        DuplicateCombatant,
        EditCombatant,
        EndTurn,
        MoveCombatant,
        RemoveCombatant,
        RenameEncounter,
        RulesetAction,
        SetOption,
        SetSecretFields,
        StartEncounter,
    )
    from tracker.engine.effect_commands import AddEffect, EditEffect, EndEffect
    from tracker.engine.errors import CommandError, TrackerError
    from tracker.engine.health_commands import ChangeHealth, MarkDefeated, Revive
    from tracker.engine.registry import available_rulesets, get_ruleset
    from tracker.engine.rolls import RolledAction, RolledEdit
    from tracker.engine.session import Session
    from tracker.engine.state import Combatant, Effect, Encounter, LogEntry

# Where each name is defined.
_MODULES = {
    "AddCombatants": "tracker.engine.add_group",
    "AddCombatant": "tracker.engine.commands",
    "AddEffect": "tracker.engine.effect_commands",
    "Command": "tracker.engine.commands",
    "DuplicateCombatant": "tracker.engine.commands",
    "EditCombatant": "tracker.engine.commands",
    "EditEffect": "tracker.engine.effect_commands",
    "EndEffect": "tracker.engine.effect_commands",
    "EndTurn": "tracker.engine.commands",
    "MoveCombatant": "tracker.engine.commands",
    "RemoveCombatant": "tracker.engine.commands",
    "RenameEncounter": "tracker.engine.commands",
    "RulesetAction": "tracker.engine.commands",
    "SetOption": "tracker.engine.commands",
    "SetSecretFields": "tracker.engine.commands",
    "StartEncounter": "tracker.engine.commands",
    "CommandError": "tracker.engine.errors",
    "TrackerError": "tracker.engine.errors",
    "ChangeHealth": "tracker.engine.health_commands",
    "MarkDefeated": "tracker.engine.health_commands",
    "Revive": "tracker.engine.health_commands",
    "available_rulesets": "tracker.engine.registry",
    "get_ruleset": "tracker.engine.registry",
    "RolledAction": "tracker.engine.rolls",
    "RolledEdit": "tracker.engine.rolls",
    "Session": "tracker.engine.session",
    "Combatant": "tracker.engine.state",
    "Effect": "tracker.engine.state",
    "Encounter": "tracker.engine.state",
    "LogEntry": "tracker.engine.state",
}


def __getattr__(name: str) -> Any:
    """A name of the engine, imported from its module at its first use."""
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "AddCombatant",
    "AddCombatants",
    "AddEffect",
    "ChangeHealth",
    "Combatant",
    "Command",
    "CommandError",
    "DuplicateCombatant",
    "EditCombatant",
    "EditEffect",
    "Effect",
    "Encounter",
    "EndEffect",
    "EndTurn",
    "LogEntry",
    "MarkDefeated",
    "MoveCombatant",
    "RemoveCombatant",
    "RenameEncounter",
    "Revive",
    "RolledAction",
    "RolledEdit",
    "RulesetAction",
    "Session",
    "SetOption",
    "SetSecretFields",
    "StartEncounter",
    "TrackerError",
    "available_rulesets",
    "get_ruleset",
]
