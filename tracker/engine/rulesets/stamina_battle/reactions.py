"""Reactions: at any time during the battle, on the Unit's own turn or another side's,
paid from the same pool. Evade (its cost is the Unit's `evade_cost` stat: the rules
page gives none), Block (1, with a shield equipped), Parry (2), Warrior's Prowess (1,
once per round, for a Unit that has it) and the Unit's own reactions, listed in its
`reactions` stat ("Riposte 2, Shield Wall 1/round": a cost, and a limit per round), or
named with a cost when taken."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tracker.engine.changes import Transaction
from tracker.engine.errors import CommandError
from tracker.engine.rulesets.stamina_battle.actions import Limit, check, left_text, take
from tracker.engine.rulesets.stamina_battle.state import UNIT, clock, flag, rt, stat
from tracker.engine.state import Combatant, Encounter

REACTION_CHOICES: tuple[str, ...] = ("evade", "block", "parry", "warrior's prowess", "custom")
_LISTED = re.compile(r"^(?P<name>.*?\S)\s+(?P<cost>\d{1,2})(?:\s*/\s*round)?$", re.IGNORECASE)


@dataclass(frozen=True)
class Reaction:
    """A reaction a Unit knows: its cost and how often a round (0: no limit)."""

    name: str
    cost: int
    per_round: int = 0


def parse_reactions(text: str) -> tuple[Reaction, ...]:
    """ "Riposte 2, Shield Wall 1/round" → the reactions; raises on anything else."""
    found: list[Reaction] = []
    for part in re.split(r"[,;]", str(text)):
        part = part.strip()
        if not part:
            continue
        match = _LISTED.match(part)
        if match is None:
            raise CommandError(
                f"{part!r} is not a reaction with its cost (e.g. “Riposte 2” or “Shield Wall "
                "1/round”)."
            )
        once = part.lower().replace(" ", "").endswith("/round")
        found.append(Reaction(match["name"].strip(), int(match["cost"]), 1 if once else 0))
    return tuple(found)


def check_reactions(value: object) -> None:
    parse_reactions(str(value))


def listed(unit: Combatant) -> tuple[Reaction, ...]:
    """The Unit's own reactions (none when its stat cannot be read: queries never raise)."""
    try:
        return parse_reactions(str(unit.stats.get("reactions", "")))
    except CommandError:
        return ()


def known(unit: Combatant) -> tuple[Reaction, ...]:
    """Every reaction the Unit can take, whatever it has left."""
    found = [Reaction("Evade", stat(unit, "evade_cost"))]
    if flag(unit, "shield"):
        found.append(Reaction("Block", 1))
    found.append(Reaction("Parry", 2))
    if flag(unit, "prowess"):
        found.append(Reaction("Warrior's Prowess", 1, 1))
    return (*found, *listed(unit))


def _key(name: str) -> str:
    return f"reaction:{name.strip().casefold()}"


def uses_left(unit: Combatant, reaction: Reaction) -> int | None:
    """Uses left this round (None: no limit)."""
    if not reaction.per_round:
        return None
    return rt(unit).round_uses.left(_key(reaction.name), reaction.per_round)


def affordable(unit: Combatant) -> tuple[Reaction, ...]:
    """The reactions the Unit can still take now: paid for, limit not used up."""
    pool = rt(unit).stamina
    found: list[Reaction] = []
    for reaction in known(unit):
        left = uses_left(unit, reaction)
        if pool.can_pay(reaction.cost) and (left is None or left > 0):
            found.append(reaction)
    return tuple(found)


def resolve(unit: Combatant, choice: str, name: str, cost: int, per_round: int) -> Reaction:
    """The reaction meant by the action's parameters, or a refusal naming the one wrong."""
    if choice == "block" and not flag(unit, "shield"):
        raise CommandError(f"{unit.name} has no shield equipped: Block needs one.")
    if choice == "warrior's prowess" and not flag(unit, "prowess"):
        raise CommandError(
            f"{unit.name} does not have Warrior's Prowess (two levels in the Warrior class)."
        )
    if choice != "custom":
        return next(r for r in known(unit) if r.name.casefold() == choice)
    if not name.strip():
        raise CommandError("Name the reaction.", "name")
    own = next((r for r in listed(unit) if r.name.casefold() == name.strip().casefold()), None)
    return own if own is not None else Reaction(name.strip(), cost, per_round)


def react(
    tx: Transaction,
    encounter: Encounter,
    unit: Combatant,
    choice: str,
    name: str = "",
    cost: int = 0,
    per_round: int = 0,
) -> None:
    if not clock(encounter).started:
        raise CommandError("The battle has not begun.")
    reaction = resolve(unit, choice, name, cost, per_round)
    limits: tuple[Limit, ...] = ()
    if reaction.per_round:
        times = "once" if reaction.per_round == 1 else f"{reaction.per_round} times"
        refusal = f"{unit.name} already used {reaction.name} {times} this round."
        limits = (Limit("round", _key(reaction.name), reaction.per_round, refusal),)
    try:
        check(unit, reaction.cost, reaction.name, limits)
    except CommandError as error:
        if choice == "custom" and reaction not in listed(unit):  # the cost typed: a value
            raise CommandError(error.message, "cost") from None
        raise
    take(tx, encounter, unit, reaction.cost, reaction.name, limits)
    tx.log(
        f"{unit.name} reacts: {reaction.name} ({reaction.cost} {UNIT}; {left_text(unit)}).",
        "action",
    )
