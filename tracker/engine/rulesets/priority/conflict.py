"""Entering and leaving Conflict (the stat `conflict`; these actions apply the costs) and
acknowledging Overexertion rolls (the round count is kept at each round's end, see
`turns`). The readings: the package notes, "Conflict" and "Overexertion"."""

from __future__ import annotations

from typing import Any

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.rulesets.priority.creatures import (
    grit_pips,
    in_conflict,
    leave_dl,
    need,
    require_started,
)
from tracker.engine.rulesets.priority.pools import left_text, pay_major, pay_minor
from tracker.engine.rulesets.priority.prompts import require_no_prompt
from tracker.engine.rulesets.priority.state import clock_of, state_of, touch_clock
from tracker.engine.rulesets.priority.turns import actor, begin_current
from tracker.engine.state import Combatant, Encounter

CONFLICT_ENTRIES = {
    "gm": "set by the Soulweaver",
    "minor": "by choice, a Minor Action",
    "conflict_action": "by taking a Conflict Action",
    "hit": "an attack succeeded against it",
}
LEAVING = ("aware", "unaware", "gm")


def _set_conflict(tx: Transaction, combatant: Combatant, value: bool) -> None:
    tx.touch(combatant).stats["conflict"] = value
    state_of(combatant).conflict_rounds = 0


def enter(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    combatant = need(encounter, combatant_id, "Enter Conflict")
    if in_conflict(combatant):
        raise CommandError(f"{combatant.name} is already in Conflict.")
    how = params["how"]
    paid = ""
    if how == "minor":
        require_started(encounter)
        clock = clock_of(encounter)
        if combatant.id == clock.current and not clock.begun and not clock.interrupts:
            require_no_prompt(encounter)
            begin_current(tx, encounter)
        paid = f", paying {pay_minor(tx, combatant, 'entering Conflict')}"
        paid += f" ({left_text(combatant)})"
    _set_conflict(tx, combatant, True)
    tx.log(f"{combatant.name} enters Conflict ({CONFLICT_ENTRIES[how]}){paid}.", "action")


def leave(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    combatant = need(encounter, combatant_id, "Leave Conflict")
    if not in_conflict(combatant):
        raise CommandError(f"{combatant.name} is not in Conflict.")
    how = params["how"]
    dl = leave_dl(combatant)
    if how == "gm":
        text = f"{combatant.name} leaves Conflict (set by the Soulweaver)."
    else:
        actor(tx, encounter, combatant.id)
        if how == "unaware":
            paid = pay_minor(tx, combatant, "leaving Conflict")
            text = (
                f"{combatant.name} leaves Conflict, aware of no threat, paying {paid} "
                f"({left_text(combatant)})."
            )
        else:
            pay_major(
                tx,
                combatant,
                f"Leaving Conflict while aware of a threat is a Major Action with a Poise "
                f"roll, DL {dl}; {combatant.name} has no Major Action left.",
            )
            poise = params["poise"]
            roll = f"Poise {poise} against DL {dl} (9 + {grit_pips(combatant)} Grit Pips)"
            if poise < dl:
                tx.log(
                    f"{combatant.name} tries to leave Conflict (Major Action): {roll} "
                    f"fails; it stays in Conflict ({left_text(combatant)}).",
                    "action",
                )
                return
            text = (
                f"{combatant.name} leaves Conflict (Major Action): {roll} succeeds "
                f"({left_text(combatant)})."
            )
    _set_conflict(tx, combatant, False)
    tx.log(text, "action")


def overexertion(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    """The GM acknowledges the creature's Overexertion roll."""
    combatant = need(encounter, combatant_id, "Overexertion")
    entry = next(
        (e for e in clock_of(encounter).overexertion if e.combatant_id == combatant.id), None
    )
    if entry is None:
        raise CommandError(f"{combatant.name} owes no Overexertion roll.")
    touch_clock(tx).overexertion.remove(entry)
    result = params["result"].strip()
    shown = f": {result}" if result else ""
    unit = "minute" if entry.minute == 1 else "minutes"
    tx.log(
        f"{combatant.name} rolls Overexertion after {entry.minute} {unit} in Conflict{shown}.",
        "action",
    )
