"""The ruleset's actions (`Priority.actions` declares them): each name leads to the
function of its concern. Actions a creature takes on its own turn find the creature
whose turn it is first (`turns.actor`, which begins a turn that is only up); actions are
only taken on the creature's own turn except reactions and entering Conflict by choice
("any time")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.rulesets.priority import conflict, order, pools, reactions, turns
from tracker.engine.state import Encounter

Handler = Callable[[Transaction, Encounter, str | None, dict[str, Any]], None]


def _major(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    combatant = turns.actor(tx, encounter, combatant_id)
    pools.take_major(tx, combatant, params["what"])


def _minor(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    combatant = turns.actor(tx, encounter, combatant_id)
    pools.take_minor(tx, combatant, params["what"])


def _trick(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    name = params["name"].strip()
    if not name:
        raise CommandError("Name the Trick.", "name")
    combatant = turns.actor(tx, encounter, combatant_id)
    pools.use_trick(tx, combatant, name)


def _prepare(
    tx: Transaction, encounter: Encounter, combatant_id: str | None, params: dict[str, Any]
) -> None:
    trigger = params["trigger"].strip()
    if not trigger:
        raise CommandError("Name the event that triggers the prepared action.", "trigger")
    combatant = turns.actor(tx, encounter, combatant_id)
    reactions.prepare(tx, combatant, trigger)


HANDLERS: dict[str, Handler] = {
    "begin_turn": turns.do_begin_turn,
    "wait": turns.do_wait,
    "major": _major,
    "minor": _minor,
    "trick": _trick,
    "prepare": _prepare,
    "fire_prepared": reactions.fire_prepared,
    "raise_trigger": reactions.raise_trigger,
    "react": reactions.react,
    "pass": reactions.pass_,
    "resolve": reactions.resolve,
    "act_now": turns.do_act_now,
    "no_one_acts": turns.do_no_one_acts,
    "enter_conflict": conflict.enter,
    "leave_conflict": conflict.leave,
    "roll_zeal": order.roll_zeal,
    "reroll_tie": order.reroll_tie,
    "overexertion": conflict.overexertion,
}


def perform(
    tx: Transaction,
    encounter: Encounter,
    action: str,
    combatant_id: str | None,
    params: dict[str, Any],
    ruleset_name: str,
) -> None:
    handler = HANDLERS.get(action)
    if handler is None:
        raise CommandError(f"{ruleset_name} has no action {action!r}.")
    handler(tx, encounter, combatant_id, params)
