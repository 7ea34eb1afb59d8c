"""Decisions the battle waits for: which side goes first (when the option leaves it to a
roll or to the DM), then each charged spell that completed, for the DM to resolve."""

from __future__ import annotations

from tracker.engine.commands import RulesetAction
from tracker.engine.prompts import Prompt, PromptAnswer
from tracker.engine.rulesets.stamina_battle.options import first_side_rule
from tracker.engine.rulesets.stamina_battle.sides import (
    present_sides,
    side_name,
    side_title,
    units_of,
)
from tracker.engine.rulesets.stamina_battle.state import clock, rt
from tracker.engine.state import Encounter


def prompt(encounter: Encounter) -> Prompt | None:
    now = clock(encounter)
    if now.started and now.first is None:
        return first_side(encounter)
    for unit in encounter.combatants:
        completed = rt(unit).completed
        if completed is not None:
            return Prompt(
                key=("spell", unit.id, completed),
                title="Spell complete",
                question=f"{unit.name}'s {completed} is fully charged and cast: resolve it.",
                answers=(PromptAnswer("Resolved", RulesetAction("spell_done", unit.id, {})),),
                asks=None,
                context=(f"{unit.name} is no longer vulnerable.",),
            )
    return None


def first_side(encounter: Encounter) -> Prompt | None:
    sides = present_sides(encounter)
    if not sides:
        return None
    if first_side_rule(encounter) == "roll":
        question = "Each side rolls; the highest goes first. Which side won the roll?"
    else:
        question = "Which side goes first this battle?"
    answers = tuple(
        PromptAnswer(f"{side_title(side)} first", RulesetAction("first_side", None, {"side": side}))
        for side in sides
    )
    context = tuple(
        f"{side_name(side).capitalize()}: "
        + ", ".join(unit.name for unit in units_of(encounter, side) if not unit.hidden)
        for side in sides
    )
    return Prompt(("first_side",), "Who goes first", question, answers, None, context)
