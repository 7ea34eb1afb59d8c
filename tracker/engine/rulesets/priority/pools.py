"""Action pools: Major 1 and Minor N (the `minor_pool` stat) pips, paid per action (the
Major pays a Minor when none is left), and Tricks, each once per turn (`kit.counters`);
all clear when the creature's own turn begins. The actions here act on a creature
already known to be taking its own turn (see `turns.actor`). The readings: the package
notes, "Action pools"."""

from __future__ import annotations

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.kit.counters import Counters
from tracker.engine.rulesets.priority.creatures import minor_pool
from tracker.engine.rulesets.priority.state import (
    MAJOR_POOL,
    CreatureState,
    state_of,
    touch_state,
)
from tracker.engine.state import Combatant

ONCE = 1  # each Trick once per turn


def major_left(combatant: Combatant) -> int:
    return max(0, MAJOR_POOL - state_of(combatant).major)


def minor_left(combatant: Combatant) -> int:
    return max(0, minor_pool(combatant) - state_of(combatant).minor)


def pools_text(major: int, minor: int) -> str:
    return f"Major {major} · Minor {minor}"


def left_text(combatant: Combatant) -> str:
    """ "Major 1 · Minor 0 left"."""
    return pools_text(major_left(combatant), minor_left(combatant)) + " left"


def tricks_used(combatant: Combatant) -> list[str]:
    """The Tricks used this turn, as first named, in order."""
    return list(state_of(combatant).tricks.used)


def clear(state: CreatureState) -> bool:
    """The creature's own turn begins: all pips and Tricks clear. Returns whether any pip
    was marked (by reactions before it)."""
    marked = bool(state.major or state.minor)
    state.major = 0
    state.minor = 0
    state.tricks.reset()
    return marked


# --- paying ----------------------------------------------------------------------------
def pay_minor(tx: Transaction, combatant: Combatant, what: str) -> str:
    """Mark a Minor pip, or the Major when no Minor is left; says how it was paid ("a
    Minor" / "with the Major") for "… paying …"."""
    if minor_left(combatant) > 0:
        touch_state(tx, combatant).minor += 1
        return "a Minor"
    if major_left(combatant) > 0:
        touch_state(tx, combatant).major += 1
        return "with the Major"
    raise CommandError(
        f"{combatant.name} has no Minor or Major Action left for {what} ({pools_text(0, 0)})."
    )


def pay_major(tx: Transaction, combatant: Combatant, refusal: str) -> None:
    """Mark the Major pip, or refuse with `refusal` when it is spent."""
    if major_left(combatant) == 0:
        raise CommandError(refusal)
    touch_state(tx, combatant).major += 1


# --- the creature's own actions --------------------------------------------------------
def _said(what: str) -> str:
    return f": {what}" if what.strip() else ""


def take_major(tx: Transaction, combatant: Combatant, what: str) -> None:
    pay_major(tx, combatant, f"{combatant.name} has no Major Action left ({left_text(combatant)}).")
    tx.log(
        f"{combatant.name} takes a Major Action{_said(what)} ({left_text(combatant)}).", "action"
    )


def take_minor(tx: Transaction, combatant: Combatant, what: str) -> None:
    paid = pay_minor(tx, combatant, "a Minor Action")
    tx.log(
        f"{combatant.name} takes a Minor Action{_said(what)}, paying {paid} "
        f"({left_text(combatant)}).",
        "action",
    )


def _trick_key(tricks: Counters, name: str) -> str:
    """The Trick's name as first used this turn (names match case-insensitively)."""
    return next((used for used in tricks.used if used.casefold() == name.casefold()), name)


def use_trick(tx: Transaction, combatant: Combatant, name: str) -> None:
    """Use the Trick `name` (a Minor), once this turn."""
    refusal = f"{combatant.name} already used the Trick “{name}” this turn."
    key = _trick_key(state_of(combatant).tricks, name)
    state_of(combatant).tricks.check(key, ONCE, refusal)
    paid = pay_minor(tx, combatant, f"the Trick “{name}”")
    touch_state(tx, combatant).tricks.use(key, ONCE, refusal)
    tx.log(
        f"{combatant.name} uses the Trick “{name}”, paying {paid} ({left_text(combatant)}).",
        "action",
    )
