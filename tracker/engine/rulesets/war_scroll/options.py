"""The choices the rules leave to the table (shared/rules/war-scroll.md, "Choices the
tracker must offer"), default first, and how the rules read them."""

from __future__ import annotations

from tracker.engine.fields import Choice
from tracker.engine.state import Encounter

OPTIONS: tuple[Choice, ...] = (
    Choice(
        "late_joiner",
        "Late joiner",
        (
            (
                "next_segment",
                "enters at their Swiftness place, acting from the next Segment they have AP in",
            ),
            ("next_cycle", "enters at their Swiftness place, acting from the next Cycle"),
        ),
    ),
    Choice(
        "speed_change",
        "Speed change mid-Cycle",
        (
            ("redeal", "re-deal the whole Cycle's AP and keep Turns already played as played"),
            ("trim", "trim the last unplayed Turns first"),
        ),
    ),
    Choice(
        "lost_turn_duration",
        "Effect whose ending Turn no longer exists",
        (("last_turn", "ends at the end of that character's last Turn of that Cycle"),),
    ),
    Choice(
        "carry_target",
        "Carry Over target",
        (
            ("next_turn", "the next Turn in play order (only if it has fewer than 7 AP)"),
            ("next_below_7", "the next Turn that has fewer than 7 AP"),
        ),
    ),
    Choice(
        "columns_on_defeat",
        "Segment columns when the fastest character is gone",
        (
            ("keep_cycle", "keep for this Cycle and shrink at the next"),
            ("shrink", "shrink at once"),
        ),
    ),
)


def option(encounter: Encounter, name: str) -> str:
    """The encounter's choice for option `name` (its default when not set)."""
    for choice in OPTIONS:
        if choice.name == name:
            return encounter.options.get(name, choice.default)
    raise KeyError(name)
