"""The decisions the rules wait for, one at a time:

1. a base initiative (Initiative phase; a late joiner entering the running countdown):
   key ("base", round, combatant id); answers: the dice result (rolled by the GUI's
   Roll, or typed), or the base typed;
2. the Initiative phase (parries recorded): key ("initiative", round); answer: begin
   the countdown;
3. a declaration at the current count: key ("declare", round, count, combatant id,
   AP left, instantaneous actions taken); answers: from the AP table (at its normal
   cost), each range action at the AP chosen, a free-form action, a multi-round
   free-form action, an instantaneous action, the movement pace, "Hold (declare
   nothing now)", "Done for this round";
4. a resolution: key ("resolve", round, count, combatant id); answers: resolved (with
   an optional note), abandon;
5. Upkeep: key ("upkeep", round); the checklist in the context; answer: apply it.

Every answer's fields only allow what the rules accept now (an AP field's range is the
AP that fit), so any answer filled in is taken.
"""

from __future__ import annotations

from tracker.engine.commands import RulesetAction
from tracker.engine.fields import Field
from tracker.engine.prompts import Prompt, PromptAnswer
from tracker.engine.rulesets.ap_countdown.actions_table import (
    RANGES,
    TABLE,
    choice_labels,
    fits,
    table_lines,
)
from tracker.engine.rulesets.ap_countdown.countdown import (
    active,
    current_due,
    start_value,
    value_of,
)
from tracker.engine.rulesets.ap_countdown.declare import INSTANT, instant_cost, penalty_text
from tracker.engine.rulesets.ap_countdown.initiative import needs_base, penalty_steps
from tracker.engine.rulesets.ap_countdown.listed import Due
from tracker.engine.rulesets.ap_countdown.specs import (
    ACTION_NAME,
    BASE,
    NOTE,
    PACE,
    ROLL,
)
from tracker.engine.rulesets.ap_countdown.state import clock, rt, stat
from tracker.engine.rulesets.ap_countdown.turns import simultaneous
from tracker.engine.rulesets.ap_countdown.upkeep import checklist, plan
from tracker.engine.state import Combatant, Encounter

HOLD = "Hold (declare nothing now)"
DONE = "Done for this round"


def prompt(encounter: Encounter) -> Prompt | None:
    now = clock(encounter)
    if not now.started:
        return None
    waiting = needs_base(encounter)
    if waiting is not None:
        return base_prompt(encounter, waiting)
    if now.phase == "initiative":
        return initiative_prompt(encounter)
    if now.phase == "upkeep":
        return upkeep_prompt(encounter)
    due = current_due(encounter)
    if due is None:
        return None
    if due.kind == "resolve":
        return resolve_prompt(encounter, due)
    return declare_prompt(encounter, due)


SIDES_SHOWN = 8  # lines of the combatants' summary; the track shows every one


def _sides(encounter: Encounter) -> tuple[str, ...]:
    """The combatants as the Initiative phase sees them: those still without a base
    first, then the others in order, at most `SIDES_SHOWN` lines and a count of the rest."""
    waiting: list[str] = []
    ready: list[str] = []
    for combatant in encounter.combatants:
        runtime = rt(combatant)
        if not active(encounter, combatant):
            ready.append(f"{combatant.name}: joins in round {runtime.joins}")
            continue
        if runtime.base is None:
            waiting.append(f"{combatant.name}: no base initiative yet")
            continue
        if len(waiting) + len(ready) > SIDES_SHOWN:
            ready.append("")  # counted, never shown: no need to word it
            continue
        line = f"{combatant.name}: base {runtime.base} → {start_value(encounter, runtime.base)}"
        if runtime.parry is not None:
            line += f" · parry {runtime.parry.amount} against {runtime.parry.against}"
        if runtime.pace:
            line += f" · pace {runtime.pace}"
        if runtime.action is not None:
            declared = runtime.action.declared
            line += f" · {declared.name} {declared.done}/{declared.needed} AP"
        ready.append(line)
    lines = waiting + ready
    if len(lines) <= SIDES_SHOWN:
        return tuple(lines)
    shown = lines[: SIDES_SHOWN - 1]
    return (*shown, f"… and {len(lines) - len(shown)} more on the countdown track")


def base_prompt(encounter: Encounter, combatant: Combatant) -> Prompt:
    now = clock(encounter)
    dice = str(combatant.stats.get("initiative_dice", "")).strip() or "2d10"
    steps = penalty_steps(combatant)
    lost = f" − {steps} (penalty {stat(combatant, 'penalty')})" if steps else ""
    late = ""
    if now.phase == "resolution":
        late = f" It enters now if base + 20 has not passed the count ({now.count})."
    return Prompt(
        key=("base", now.round, combatant.id),
        title="Base initiative",
        question=(
            f"{combatant.name}: base initiative = {dice} + Qu {stat(combatant, 'qu')}{lost}. "
            f"Roll the dice, or enter their result or the base.{late}"
        ),
        answers=(
            PromptAnswer(
                "Enter the dice result", RulesetAction("roll_initiative", combatant.id), (ROLL,)
            ),
            PromptAnswer("Enter the base", RulesetAction("set_initiative", combatant.id), (BASE,)),
        ),
        asks=combatant.id,
        context=_sides(encounter),
    )


def initiative_prompt(encounter: Encounter) -> Prompt:
    number = clock(encounter).round
    return Prompt(
        key=("initiative", number),
        title=f"Round {number}: Initiative phase",
        question=(
            "Every combatant has 4 AP. Record parries (amount and against whom) and "
            "movement paces now, then begin the countdown."
        ),
        answers=(PromptAnswer("Begin the countdown", RulesetAction("begin_countdown")),),
        context=_sides(encounter),
    )


def _due_lines(encounter: Encounter, due: Due) -> list[str]:
    combatant = due.combatant
    runtime = rt(combatant)
    return [f"{combatant.name}: {runtime.ap} AP left, base {runtime.base}."] + _due_details(
        encounter, due
    )


def _due_details(encounter: Encounter, due: Due) -> list[str]:
    """The due combatant's pace, parry and ties, when it has any."""
    runtime = rt(due.combatant)
    lines: list[str] = []
    if runtime.pace:
        lines.append(f"Movement pace {runtime.pace}: every other action this round at it.")
    if runtime.parry is not None:
        lines.append(f"Parry {runtime.parry.amount} against {runtime.parry.against}.")
    others = simultaneous(encounter, due)
    if others:
        names = ", ".join(encounter.combatant(cid).name for cid in others)
        lines.append(f"Simultaneous at {due.at} with {names}: their results land together.")
    return lines


def declare_prompt(encounter: Encounter, due: Due) -> Prompt:
    combatant = due.combatant
    runtime = rt(combatant)
    left = runtime.ap
    who = combatant.id
    fitting = tuple(e.key for e in TABLE if e.kind != "range" and fits(e, left))
    answers = [
        PromptAnswer(
            "From the AP table",
            RulesetAction("declare", who, {"ap": 0}),
            (
                Field(
                    "action",
                    "Action",
                    "choice",
                    fitting[0],
                    choices=fitting,
                    choice_labels=choice_labels(fitting),
                ),
            ),
        )
    ]
    for entry in RANGES:
        if entry.low <= left:
            top = min(entry.high, left)
            ap = Field(
                "ap",
                "AP",
                "int",
                top,
                entry.low,
                top,
                help=f"-25 for each AP below {entry.high}.",
            )
            answers.append(
                PromptAnswer(
                    f"{entry.name} ({entry.cost_text})",
                    RulesetAction("declare", who, {"action": entry.key}),
                    (ap,),
                )
            )
    cost = instant_cost(runtime)
    answers += [
        PromptAnswer(
            "Free-form action",
            RulesetAction("declare_free", who),
            (ACTION_NAME, Field("ap", "AP", "int", 1, 0, left, help="0: instantaneous.")),
        ),
        PromptAnswer(
            "Free-form multi-round action",
            RulesetAction("declare_free", who),
            (ACTION_NAME, Field("ap", "AP", "int", 5, 5, 99, help="More than 4 AP.")),
        ),
        PromptAnswer(
            f"Instantaneous action ({'free' if cost == 0 else '1 AP'})",
            RulesetAction("instant", who),
            (ACTION_NAME, NOTE),
        ),
        PromptAnswer("Movement pace", RulesetAction("pace", who), (PACE,)),
        PromptAnswer(HOLD, RulesetAction("hold", who)),
        PromptAnswer(DONE, RulesetAction("done", who)),
    ]
    # Who, their AP and base in the question, the next instantaneous action's cost on
    # its answer: the context (the AP table, as rich text, laid out anew whenever it
    # changes: ~2 ms) stays the same from one declarer to the next (issue 26).
    lines = _due_details(encounter, due)
    lines.append("AP table:")
    lines.extend(f"  {line}" for line in table_lines())
    return Prompt(
        key=("declare", clock(encounter).round, due.at, who, left, runtime.instants.count(INSTANT)),
        title=f"Count {due.at}: declare",
        question=(
            f"Count {due.at}: {combatant.name} declares ({left} AP left, base "
            f"{runtime.base}; it resolves at {due.at} − 5 × its AP)."
        ),
        answers=tuple(answers),
        asks=who,
        context=tuple(lines),
    )


def resolve_prompt(encounter: Encounter, due: Due) -> Prompt:
    combatant = due.combatant
    runtime = rt(combatant)
    action = runtime.action
    assert action is not None
    declared = action.declared
    penalty = penalty_text(action.haste, runtime.pace)
    lines = _due_lines(encounter, due)
    lines.insert(
        1,
        f"{declared.name}: {declared.needed} AP, declared at {declared.declared_at}"
        + (f" in round {action.since}" if action.since != clock(encounter).round else "")
        + (f"; {penalty}" if penalty else "")
        + ".",
    )
    if runtime.ap:
        value = value_of(encounter, combatant)
        at = due.at if value is None else min(due.at, value)
        lines.append(f"Then {combatant.name} declares again with {runtime.ap} AP (at {at}).")
    else:
        lines.append(f"Then {combatant.name} is done for this round.")
    shown = f" ({penalty})" if penalty else ""
    return Prompt(
        key=("resolve", clock(encounter).round, due.at, combatant.id),
        title=f"Count {due.at}: resolve",
        question=(
            f"Count {due.at}: {combatant.name} resolves {declared.name}{shown}. Roll it; "
            "note the result if you like."
        ),
        answers=(
            PromptAnswer("Resolved", RulesetAction("resolve", combatant.id), (NOTE,)),
            PromptAnswer("Abandon it", RulesetAction("abandon", combatant.id)),
        ),
        asks=combatant.id,
        context=tuple(lines),
    )


def upkeep_prompt(encounter: Encounter) -> Prompt:
    number = clock(encounter).round
    steps = checklist(encounter, plan(encounter))
    return Prompt(
        key=("upkeep", number),
        title=steps.title,
        question="Upkeep: the tracker applies these steps for every combatant, in this order.",
        answers=(
            PromptAnswer(
                f"Apply Upkeep and begin round {number + 1}", RulesetAction("apply_upkeep")
            ),
        ),
        context=steps.lines(),
    )
