"""Valued conditions (PF2e: frightened 2, slowed 1, stunned 3, ...) are effects whose
anchor holds the value; the effect's name shows it ("Frightened 2"). The condition is
the first word of the name ("Frightened (PF2e)", "frightened 1": frightened)."""

from __future__ import annotations

import re

from tracker.engine.changes import Transaction
from tracker.engine.rulesets.classic_d20.state import anchor_of
from tracker.engine.state import Combatant, Effect, Encounter

_VALUE = re.compile(r"\s*(\((5e|PF2e)\))?(\s+\d+)?$", re.IGNORECASE)
VALUED_KINDS = ("countdown", "until_ended")
VALUED_WORDS = frozenset(
    ("frightened", "sickened", "clumsy", "enfeebled", "stupefied", "drained", "doomed")
    + ("slowed", "stunned", "exhaustion")
)


def condition_word(effect: Effect) -> str:
    words = effect.name.split()
    return words[0].casefold() if words else ""


def base_name(effect: Effect) -> str:
    """The name without its flavour mark or value: "Frightened"."""
    return _VALUE.sub("", effect.name) or effect.name


def valued(encounter: Encounter, carrier: Combatant, word: str) -> list[Effect]:
    """The carrier's effects of that condition that carry a value."""
    found: list[Effect] = []
    for effect in encounter.effects:
        anchor = anchor_of(effect)
        if (
            effect.carrier_id == carrier.id
            and anchor is not None
            and anchor.kind in VALUED_KINDS
            and anchor.value > 0
            and condition_word(effect) == word
        ):
            found.append(effect)
    return found


def value_of(encounter: Encounter, carrier: Combatant, word: str) -> int:
    """The highest value of that condition on the carrier (0: none)."""
    values = [a.value for e in valued(encounter, carrier, word) if (a := anchor_of(e)) is not None]
    return max(values, default=0)


def has(encounter: Encounter, carrier: Combatant, word: str) -> bool:
    """Whether the carrier has that condition, valued or not."""
    return any(e.carrier_id == carrier.id and condition_word(e) == word for e in encounter.effects)


def set_value(tx: Transaction, effect: Effect, value: int, why: str) -> None:
    """Give a valued effect a new value (renamed to show it); at 0 it ends."""
    if value <= 0:
        tx.remove_effect(effect)
        tx.log(f"{base_name(effect)} ends ({why}).", "expiry")
        return
    touched = tx.touch_effect(effect)
    anchor = anchor_of(touched)
    if anchor is not None:
        anchor.value = value
    touched.name = f"{base_name(effect)} {value}"
    tx.log(f"{base_name(effect)} is now {value} ({why}).", "change")
