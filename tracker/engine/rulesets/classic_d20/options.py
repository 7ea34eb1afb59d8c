"""The encounter options: every choice of the rules file's Tracker notes, in its order
and words (the first value the default), and whether the encounter has a lair."""

from __future__ import annotations

from tracker.engine.fields import Choice
from tracker.engine.state import Encounter

FLAVOUR = Choice(
    "flavour",
    "Flavour",
    (
        ("5e", "fifth edition (5e)"),
        ("pf2e", "Pathfinder 2e"),
    ),
)
TIES = Choice(
    "ties",
    "Ties in 5e",
    (
        ("dex", "the higher Dexterity modifier first, then the GM orders"),
        ("gm", "the GM orders tied creatures"),
        ("roll", "tied creatures roll a d20, highest first"),
    ),
)
GROUPS = Choice(
    "groups",
    "Identical monsters in 5e",
    (
        ("each", "each rolls its own initiative"),
        ("group", "one roll for each group of the same name: the group acts together"),
    ),
)
DELAY_5E = Choice(
    "delay_5e",
    "Delay in 5e",
    (
        ("no", "not allowed (the rules as written)"),
        ("yes", "allowed as in Pathfinder 2e (house rule)"),
    ),
)
REROLL = Choice(
    "reroll",
    "Re-roll initiative each round",
    (
        ("no", "no: the order stays the same every round"),
        ("yes", "yes: everyone rolls again as each new round begins"),
    ),
)
DEATH_SAVES = Choice(
    "death_saves",
    "Who makes death saves in 5e",
    (
        ("pcs", "player characters only (monsters die at 0 HP)"),
        ("all", "every creature"),
    ),
)
LAIR = Choice(
    "lair",
    "Lair actions (5e)",
    (
        ("no", "no lair in this encounter"),
        ("yes", "the lair acts on initiative count 20, losing ties"),
    ),
)
OPTIONS: tuple[Choice, ...] = (FLAVOUR, TIES, GROUPS, DELAY_5E, REROLL, DEATH_SAVES, LAIR)


_KNOWN: dict[str, frozenset[str]] = {
    choice.name: frozenset(known for known, _ in choice.values) for choice in OPTIONS
}


def chosen(encounter: Encounter, choice: Choice) -> str:
    """The encounter's value of the option (its default when unset or unknown)."""
    value = encounter.options.get(choice.name, choice.default)
    known = _KNOWN.get(choice.name)
    if known is None:  # not one of the package's options: asked the long way
        known = frozenset(k for k, _ in choice.values)
    return value if value in known else choice.default


def is_pf2e(encounter: Encounter) -> bool:
    return chosen(encounter, FLAVOUR) == "pf2e"


def ties(encounter: Encounter) -> str:
    """ "dex", "gm" or "roll" (5e); "foe" in Pathfinder 2e (the GM's creature first)."""
    return "foe" if is_pf2e(encounter) else chosen(encounter, TIES)


def grouped(encounter: Encounter) -> bool:
    """Identical monsters roll once per group and act together (5e)."""
    return not is_pf2e(encounter) and chosen(encounter, GROUPS) == "group"


def may_delay(encounter: Encounter) -> bool:
    return is_pf2e(encounter) or chosen(encounter, DELAY_5E) == "yes"


def rerolls(encounter: Encounter) -> bool:
    return chosen(encounter, REROLL) == "yes"


def saves_for_all(encounter: Encounter) -> bool:
    return chosen(encounter, DEATH_SAVES) == "all"


def has_lair(encounter: Encounter) -> bool:
    return not is_pf2e(encounter) and chosen(encounter, LAIR) == "yes"
