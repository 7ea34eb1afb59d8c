"""The decisions the fight waits for, one at a time:

1. initiative still to roll (once the fight has begun): key ("roll", round, id);
   answer: the creature rolls (its d20, two with advantage); the context says that
   Roll all (an action: the faces in order) rolls the GM's creatures at once;
2. a tie roll owed (option): key ("tie", id, rolls so far); answer: its d20;
3. a concentration save owed (5e): key ("concentration", id, saves owed); answers:
   made / failed (DC in the question);
4. the death save (5e) or recovery check (PF2e) due as the turn starts: key ("save",
   round, id); answer: the d20;
5. a persistent damage flat check: key ("flat", effect id); answer: the d20;
6. after a turn, while someone delays: key ("gap", round, after); answers: act now
   (each delaying creature), no one acts now.
"""

from __future__ import annotations

from tracker.engine.commands import RulesetAction
from tracker.engine.prompts import Prompt, PromptAnswer
from tracker.engine.rulesets.classic_d20.effects_turn import pending_flat_check
from tracker.engine.rulesets.classic_d20.hit_points import due_check
from tracker.engine.rulesets.classic_d20.initiative import advantage, roll_all_needs
from tracker.engine.rulesets.classic_d20.order import members, unsettled_ties
from tracker.engine.rulesets.classic_d20.specs import D20, SECOND_DIE
from tracker.engine.rulesets.classic_d20.state import (
    FLAT_CHECK_DC,
    census,
    clock,
    is_pc,
    rt,
    stat,
)
from tracker.engine.rulesets.classic_d20.turns import current_members, delaying, unrolled
from tracker.engine.state import Combatant, Encounter


def prompt(encounter: Encounter) -> Prompt | None:
    now = clock(encounter)
    if not now.started:
        return None
    waiting = unrolled(encounter)
    if waiting:
        return roll_prompt(encounter, waiting[0])
    tied = unsettled_ties(encounter)
    if tied:
        who = tied[0]
        return Prompt(
            key=("tie", who.id, tuple(rt(who).tiebreak)),
            title="Tie",
            question=f"{who.name} is tied at initiative {stat(who, 'initiative')}: roll a d20 "
            "(highest first).",
            answers=(PromptAnswer("Tie roll", RulesetAction("tie_roll", who.id, {}), (D20,)),),
            asks=who.id if is_pc(who) else None,
        )
    caster = census(encounter).owing
    if caster is not None:
        checks = rt(caster).concentration_checks
        return Prompt(
            key=("concentration", caster.id, len(checks)),
            title="Concentration",
            question=f"{caster.name} took damage while concentrating: Constitution save, "
            f"DC {checks[0]}.",
            answers=(
                PromptAnswer(
                    "Save made",
                    RulesetAction("concentration_save", caster.id, {"saved": True}),
                ),
                PromptAnswer(
                    "Save failed: concentration ends",
                    RulesetAction("concentration_save", caster.id, {"saved": False}),
                ),
            ),
            asks=caster.id if is_pc(caster) else None,
            context=tuple(f"Then DC {dc} (another source)." for dc in checks[1:]),
        )
    for member in current_members(encounter):
        if due_check(encounter, member) is not None:
            return save_prompt(encounter, member)
    effect = pending_flat_check(encounter)
    if effect is not None:
        carrier = encounter.find(effect.carrier_id)
        name = carrier.name if carrier is not None else "its carrier"
        return Prompt(
            key=("flat", effect.id),
            title="Persistent damage",
            question=f"{effect.name} on {name}: DC {FLAT_CHECK_DC} flat check to end it.",
            answers=(PromptAnswer("Flat check", RulesetAction("flat_check", None, {}), (D20,)),),
            asks=effect.carrier_id if carrier is not None and is_pc(carrier) else None,
        )
    if now.gap_after is not None:
        return gap_prompt(encounter)
    return None


def roll_prompt(encounter: Encounter, who: Combatant) -> Prompt:
    fields = (D20, SECOND_DIE) if advantage(encounter, who) else (D20,)
    answers = [
        PromptAnswer(f"{who.name} rolls", RulesetAction("roll_initiative", who.id, {}), fields)
    ]
    context = [f"Still to roll: {c.name}" for c in unrolled(encounter)[1:7]]
    needs = roll_all_needs(encounter)
    if needs:
        count = sum(n for _, n in needs)
        context.append(f"Roll all (an action) rolls the GM's creatures at once: {count} d20.")
    return Prompt(
        key=("roll", clock(encounter).round, who.id),
        title="Roll initiative",
        question=f"{who.name} rolls initiative: d20 {stat(who, 'init_mod'):+d}"
        + (" with advantage" if advantage(encounter, who) else "")
        + " (or type it in the editor).",
        answers=tuple(answers),
        asks=who.id if is_pc(who) else None,
        context=tuple(context),
    )


def save_prompt(encounter: Encounter, who: Combatant) -> Prompt:
    state = rt(who)
    if due_check(encounter, who) == "recovery":
        action, title = "recovery", "Recovery check"
        question = f"{who.name} is dying {state.dying}: recovery check, flat DC {10 + state.dying}."
        context: tuple[str, ...] = (f"Wounded {state.wounded}, doomed {state.doomed}.",)
    else:
        action, title = "death_save", "Death saving throw"
        question = f"{who.name} is at 0 HP: death saving throw (10 or higher a success)."
        context = (f"Successes {state.death.successes}, failures {state.death.failures}.",)
    return Prompt(
        key=("save", clock(encounter).round, who.id),
        title=title,
        question=question,
        answers=(PromptAnswer(title, RulesetAction(action, who.id, {}), (D20,)),),
        asks=who.id if is_pc(who) else None,
        context=context,
    )


def gap_prompt(encounter: Encounter) -> Prompt:
    now = clock(encounter)
    after = encounter.find(now.gap_after)
    said = f"{after.name}'s turn" if after is not None else "The turn"
    answers = [
        PromptAnswer(f"{c.name} acts now", RulesetAction("act_now", c.id, {}))
        for c in delaying(encounter)
        if len(members(encounter, c)) == 1  # a group (option changed since) acts together
    ]
    answers.append(PromptAnswer("No one acts now", RulesetAction("no_one_acts", None, {})))
    return Prompt(
        key=("gap", now.round, now.gap_after),
        title="Delaying",
        question=f"{said} ended: does a delaying creature act now?",
        answers=tuple(answers),
    )
