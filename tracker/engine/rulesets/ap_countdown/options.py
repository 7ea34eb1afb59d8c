"""The encounter options: every choice of the rules file's Roundkeeper notes, in its order and
words, the first value of each being the default."""

from __future__ import annotations

from tracker.engine.fields import Choice
from tracker.engine.state import Encounter

BASE_INITIATIVE = Choice(
    "base_initiative",
    "Base initiative",
    (("per_fight", "rolled once per fight"), ("per_round", "rolled anew each round")),
)
TIES = Choice(
    "ties",
    "Ties on the countdown",
    (("qu_then_gm", "higher Qu first, then the GM decides"), ("simultaneous", "simultaneous")),
)
MULTI_ROUND_VALUE = Choice(
    "multi_round_value",
    "A multi-round action's resolution value in its last round",
    (
        (
            "where_ap_run_out",
            "base + 5 × (4 − the AP still needed) — i.e. where its AP run out",
        ),
    ),
)
BELOW_ZERO = Choice(
    "below_zero",
    "Initiative below 0",
    (("allowed", "allowed (the count goes on)"), ("floored", "floored at 0")),
)
LATE_JOINER = Choice(
    "late_joiner",
    "A late joiner",
    (
        ("next_round", "enters at the next round's Initiative phase"),
        ("now", "enters now with base + 5 × 4 if that value has not passed yet"),
    ),
)
OPTIONS: tuple[Choice, ...] = (BASE_INITIATIVE, TIES, MULTI_ROUND_VALUE, BELOW_ZERO, LATE_JOINER)


def chosen(encounter: Encounter, choice: Choice) -> str:
    """The encounter's value of the option (its default when unset or unknown)."""
    return encounter.derived(
        ("ap_countdown.option", choice.name), lambda: _chosen(encounter, choice)
    )


def _chosen(encounter: Encounter, choice: Choice) -> str:
    value = encounter.options.get(choice.name, choice.default)
    return value if any(value == known for known, _ in choice.values) else choice.default


def per_round(encounter: Encounter) -> bool:
    """Base initiative is rolled anew every round."""
    return chosen(encounter, BASE_INITIATIVE) == "per_round"


def qu_first(encounter: Encounter) -> bool:
    """Ties on the countdown go to the higher Qu (else they are simultaneous)."""
    return chosen(encounter, TIES) == "qu_then_gm"


def floored(encounter: Encounter) -> bool:
    return chosen(encounter, BELOW_ZERO) == "floored"


def joins_now(encounter: Encounter) -> bool:
    """A late joiner may enter the running countdown."""
    return chosen(encounter, LATE_JOINER) == "now"


def floor(encounter: Encounter, value: int) -> int:
    """An initiative value as the fight counts it: never below 0 when floored."""
    return max(value, 0) if floored(encounter) else value
