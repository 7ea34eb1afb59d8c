"""Tracker's pure-Python engine: rules, state, commands, durations and undo (no Qt)."""

from tracker.engine.add_group import AddCombatants
from tracker.engine.commands import (
    AddCombatant,
    AddEffect,
    Command,
    DuplicateCombatant,
    EditCombatant,
    EditEffect,
    EndEffect,
    EndTurn,
    MoveCombatant,
    RemoveCombatant,
    RenameEncounter,
    RulesetAction,
    SetOption,
    SetSecretFields,
    StartEncounter,
)
from tracker.engine.errors import CommandError, TrackerError
from tracker.engine.registry import available_rulesets, get_ruleset
from tracker.engine.session import Session
from tracker.engine.state import Combatant, Effect, Encounter, LogEntry

__all__ = [
    "AddCombatant",
    "AddCombatants",
    "AddEffect",
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
    "MoveCombatant",
    "RemoveCombatant",
    "RenameEncounter",
    "RulesetAction",
    "Session",
    "SetOption",
    "SetSecretFields",
    "StartEncounter",
    "TrackerError",
    "available_rulesets",
    "get_ruleset",
]
