"""Decisions the rules ask of someone, as data.

When the rules need a person to decide (does this creature react, in reverse
Priority; does a waiting creature act now), the ruleset returns a `Prompt` from
`Ruleset.prompt`. The GUI shows it and answers with one of its answers' commands;
the engine never opens a window and never waits. A prompt stays pending until a
command changes the state so that the ruleset no longer asks it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tracker.engine.commands import Command


@dataclass(frozen=True)
class PromptAnswer:
    """One answer to a prompt: its label and the command it applies."""

    label: str
    command: Command
    # Parameters the person fills in before answering (e.g. "what reaction"): their
    # values go into `command.params` under the field names (RulesetAction only).
    fields: tuple[Any, ...] = ()  # tracker.engine.fields.Field


@dataclass(frozen=True)
class Prompt:
    """A question the rules ask the table (a reaction, a choice), with its answers."""

    key: tuple[Any, ...]  # identifies this decision; a new key is a new question
    title: str
    question: str
    answers: tuple[PromptAnswer, ...]
    asks: str | None = None  # id of the combatant whose controller decides
    context: tuple[str, ...] = ()  # lines shown with the question (e.g. the reaction stack)
