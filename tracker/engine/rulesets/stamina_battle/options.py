"""The encounter options: every choice of the rules file's Roundkeeper notes, in its order and
words, the first value of each being the default."""

from __future__ import annotations

from tracker.engine.fields import Choice
from tracker.engine.state import Encounter

REFILL = Choice(
    "refill",
    "When Stamina refills to its maximum",
    (
        ("phase", "at the start of the Unit's side phase"),
        ("turn", "at the start of the Unit's own turn"),
        ("round", "at the start of each round"),
    ),
)
FIRST_SIDE = Choice(
    "first_side",
    "Which side goes first",
    (
        ("party", "the party"),
        ("roll", "a roll (the DM enters which side won)"),
        ("dm", "the DM picks each battle"),
    ),
)
SIDE_ORDER = Choice(
    "side_order",
    "Order inside a side",
    (
        ("free", "free choice each phase"),
        ("fixed", "fixed order set once (before the battle)"),
    ),
)
UNUSED = Choice(
    "unused",
    "Unused Stamina at refill",
    (
        ("lost", "lost (pool set to maximum)"),
        ("carried", "carried over up to the maximum (on top of the refill)"),
    ),
)
OPTIONS: tuple[Choice, ...] = (REFILL, FIRST_SIDE, SIDE_ORDER, UNUSED)


def chosen(encounter: Encounter, choice: Choice) -> str:
    """The encounter's value of the option (its default when unset or unknown)."""
    value = encounter.options.get(choice.name, choice.default)
    return value if any(value == known for known, _ in choice.values) else choice.default


def refill_at(encounter: Encounter) -> str:
    """ "phase", "turn" or "round"."""
    return chosen(encounter, REFILL)


def first_side_rule(encounter: Encounter) -> str:
    """ "party", "roll" or "dm"."""
    return chosen(encounter, FIRST_SIDE)


def order_fixed(encounter: Encounter) -> bool:
    return chosen(encounter, SIDE_ORDER) == "fixed"


def carries_over(encounter: Encounter) -> bool:
    return chosen(encounter, UNUSED) == "carried"
