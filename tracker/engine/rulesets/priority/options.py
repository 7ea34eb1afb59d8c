"""The choices the rules leave to the table (shared/rules/priority.md, "Choices the
tracker must offer"), default first, and reading them from an encounter."""

from __future__ import annotations

from typing import Literal

from tracker.engine.fields import Choice
from tracker.engine.state import Encounter

OPTIONS: tuple[Choice, ...] = (
    Choice(
        "ties",
        "Ties in Zeal",
        (
            ("drag", "the GM orders them (drag)"),
            ("reroll", "the tied creatures re-roll"),
        ),
    ),
    Choice(
        "late_joiners",
        "Late joiners",
        (
            (
                "append",
                "appended after existing participants, several at once sorted by their own Zeal",
            ),
            ("slot", "slotted into Priority by their Zeal"),
        ),
    ),
    Choice(
        "waiting_at_soulweaver",
        "A creature still waiting at the Soulweaver's turn",
        (
            ("keep_waiting", "keeps waiting into the next round"),
            ("lose_turn", "loses this round's turn"),
        ),
    ),
    Choice(
        "npc_turns",
        "NPCs",
        (
            ("own_slot", "each has its own Priority slot"),
            ("soulweaver_turn", "they act inside the Soulweaver's turn"),
        ),
    ),
)

OptionName = Literal["ties", "late_joiners", "waiting_at_soulweaver", "npc_turns"]
_DEFAULTS = {choice.name: choice.default for choice in OPTIONS}


def option(encounter: Encounter, name: OptionName) -> str:
    """The encounter's choice for `name` (its default when not set)."""
    return encounter.options.get(name, _DEFAULTS[name])
