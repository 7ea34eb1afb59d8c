"""Roundkeeper's pure-Python engine: rules, state, commands, durations and undo (no Qt)."""

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
from tracker.engine.health_commands import ChangeHealth, MarkDefeated, Revive
from tracker.engine.registry import available_rulesets, get_ruleset
from tracker.engine.rolls import RolledAction, RolledEdit
from tracker.engine.session import Session
from tracker.engine.state import Combatant, Effect, Encounter, LogEntry

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
