"""The encounter options: every choice of the rules file's Roundkeeper notes, in its order and
words, the first value of each being the default."""

from __future__ import annotations

from functools import cache

from tracker.engine.fields import Choice
from tracker.engine.state import Encounter

FLAVOUR = Choice(
    "flavour",
    "Rules flavour",
    (
        ("venture", "Venture (recovery tokens, motes per turn)"),
        (
            "exalted3e",
            "Exalted 3e as published (3 turns then reset to 3i, motes per round, no Break "
            "bonus right after Crash)",
        ),
    ),
)
SAME_TICK = Choice(
    "same_tick",
    "Same-tick order",
    (("pcs_first", "player characters first, then the GM decides"), ("gm", "GM decides")),
)
LATE_JOINER = Choice(
    "late_joiner",
    "A late joiner whose tick has passed",
    (("next_round", "acts next round"), ("at_once", "acts at once this round")),
)
UNUSED_DELAY = Choice(
    "unused_delay",
    "A delayed turn not used by the end of the round",
    (("lost", "lost"), ("carried", "carried into the next round")),
)
CRASH_RECOVERY = Choice(
    "crash_recovery",
    "Crash ended by recovery tokens",
    (("unchanged", "Initiative unchanged"), ("base", "set to base"), ("three", "set to 3")),
)
SHIFT_TURN = Choice(
    "shift_turn",
    "Characters who already acted when Initiative changes",
    (("stay_acted", "stay acted"), ("act_again", "may act again if Shifted")),
)
OPTIONS: tuple[Choice, ...] = (
    FLAVOUR,
    SAME_TICK,
    LATE_JOINER,
    UNUSED_DELAY,
    CRASH_RECOVERY,
    SHIFT_TURN,
)


def chosen(encounter: Encounter, choice: Choice) -> str:
    """The encounter's value of the option (its default when unset or unknown): asked
    a few times a turn by the foresight, which plays a round of turns at each change."""
    value = encounter.options.get(choice.name)
    return value if isinstance(value, str) and value in _known(choice) else choice.default


@cache
def _known(choice: Choice) -> frozenset[str]:
    return frozenset(value for value, _ in choice.values)


def exalted(encounter: Encounter) -> bool:
    return chosen(encounter, FLAVOUR) == "exalted3e"


def pcs_first(encounter: Encounter) -> bool:
    return chosen(encounter, SAME_TICK) == "pcs_first"
