"""The decisions the rules wait for, one at a time (reactions, tie re-rolls, Overexertion,
the pause for waiting creatures), each answered by one command. The readings: the
package notes, the paragraph on prompts."""

from __future__ import annotations

from tracker.engine.commands import RulesetAction
from tracker.engine.errors import CommandError
from tracker.engine.fields import Field
from tracker.engine.prompts import Prompt, PromptAnswer
from tracker.engine.rulesets.priority.creatures import find, name_of, waiting_creatures, zeal
from tracker.engine.rulesets.priority.order import owing, tie_groups
from tracker.engine.rulesets.priority.pools import minor_left
from tracker.engine.rulesets.priority.reactions import (
    asker,
    item_line,
    reactable,
    stack_lines,
)
from tracker.engine.rulesets.priority.state import (
    MINUTE_ROUNDS,
    SOULWEAVER,
    Exchange,
    Gap,
    PriorityClock,
    clock_of,
    state_of,
)
from tracker.engine.state import Combatant, Encounter

REACTION_TEXT = Field("text", "Reaction", "text", "", help="What the creature does.")
TRIGGER_TEXT = Field("text", "Trigger", "text", "", help="What happened.")
REROLL_RESULT = Field(
    "result", "Re-roll", "int", 0, 0, 99, help="The Zeal re-roll result.", roll_from="zeal_dice"
)
OVEREXERTION_RESULT = Field("result", "Result", "text", "", help="The roll and its outcome.")


def prompt(encounter: Encounter) -> Prompt | None:
    clock = clock_of(encounter)
    if clock.exchange is not None:
        return _reaction_prompt(encounter, clock.exchange)
    groups = tie_groups(encounter)
    if groups:
        return _tie_prompt(groups[0])
    if clock.overexertion:
        return _overexertion_prompt(encounter, clock)
    if clock.gap is not None and not clock.interrupts and waiting_creatures(encounter):
        return _gap_prompt(encounter, clock, clock.gap)
    return None


def require_no_prompt(encounter: Encounter) -> None:
    pending = prompt(encounter)
    if pending is not None:
        raise CommandError(f"First answer: {pending.title} — {pending.question}")


def _reaction_prompt(encounter: Encounter, exchange: Exchange) -> Prompt:
    context = stack_lines(encounter)
    deciding = asker(encounter)
    top = exchange.items[-1]
    if deciding is not None:
        answers = [
            PromptAnswer(
                f"React to #{item.id} ({item.by_name or 'no creature'}: {item.text})",
                RulesetAction("react", deciding.id, {"to": item.id, "text": ""}),
                (REACTION_TEXT,),
            )
            for item in reactable(encounter, deciding)
        ]
        answers.append(PromptAnswer("Pass", RulesetAction("pass", deciding.id)))
        pays = "a Minor" if minor_left(deciding) > 0 else "the Major (no Minor left)"
        return Prompt(
            key=("react", exchange.id, top.id, deciding.id),
            title="Reaction?",
            question=(
                f"Does {deciding.name} react (in reverse Priority)? A reaction costs {pays}."
            ),
            answers=tuple(answers),
            asks=deciding.id,
            context=context,
        )
    source = top.by if find(encounter, top.by) is not None else None
    answers = [
        PromptAnswer("Completed", RulesetAction("resolve")),
        PromptAnswer(
            "It causes a new trigger",
            RulesetAction("raise_trigger", source, {"text": ""}),
            (TRIGGER_TEXT,),
        ),
    ]
    return Prompt(
        key=("resolve", exchange.id, top.id),
        title="Complete the reactions",
        question=f"No one else reacts. Complete the newest first: {item_line(top)}.",
        answers=tuple(answers),
        context=context,
    )


def _tie_prompt(group: list[Combatant]) -> Prompt:
    # Everyone tied re-rolls once before anyone re-rolls again.
    asked = min(owing(group), key=lambda c: len(state_of(c).tiebreak))
    names = ", ".join(c.name for c in group)
    context = tuple(
        f"{c.name}: re-rolls so far {', '.join(map(str, state_of(c).tiebreak)) or 'none'}"
        for c in group
    )
    level = len(state_of(asked).tiebreak) + 1
    return Prompt(
        key=("tie", tuple(c.id for c in group), asked.id, level),
        title="Zeal tie",
        question=f"{names} tie at Zeal {zeal(asked)}: re-roll Zeal for {asked.name}.",
        answers=(
            PromptAnswer(
                "Re-roll result",
                RulesetAction("reroll_tie", asked.id, {"result": 0}),
                (REROLL_RESULT,),
            ),
        ),
        asks=asked.id,
        context=context,
    )


def _overexertion_prompt(encounter: Encounter, clock: PriorityClock) -> Prompt:
    first = clock.overexertion[0]
    combatant_id, minute = first.combatant_id, first.minute
    name = name_of(encounter, combatant_id)
    unit = "minute" if minute == 1 else "minutes"
    return Prompt(
        key=("overexertion", combatant_id, minute),
        title="Overexertion",
        question=(
            f"{name} has been in Conflict for {minute} {unit} "
            f"({minute * MINUTE_ROUNDS} rounds): roll Overexertion."
        ),
        answers=(
            PromptAnswer(
                "Rolled",
                RulesetAction("overexertion", combatant_id, {"result": ""}),
                (OVEREXERTION_RESULT,),
            ),
        ),
        asks=combatant_id,
        context=tuple(
            f"{name_of(encounter, entry.combatant_id)}: minute {entry.minute}"
            for entry in clock.overexertion
        ),
    )


def _gap_prompt(encounter: Encounter, clock: PriorityClock, gap: Gap) -> Prompt:
    after = gap.after
    waiting = waiting_creatures(encounter)
    if after == SOULWEAVER:
        moment = f"Round {clock.round} begins"
    else:
        moment = f"{name_of(encounter, after)}'s turn is over"
    answers = [PromptAnswer(f"{c.name} acts now", RulesetAction("act_now", c.id)) for c in waiting]
    answers.append(PromptAnswer("No one acts now", RulesetAction("no_one_acts")))
    upcoming = name_of(encounter, clock.current)
    return Prompt(
        key=("act_now", clock.round, after, tuple(c.id for c in waiting)),
        title="Waiting creatures",
        question=f"{moment}: does a waiting creature take its turn now?",
        answers=tuple(answers),
        asks=waiting[0].id if len(waiting) == 1 else None,
        context=(
            "Waiting: " + ", ".join(c.name for c in waiting),
            f"Next otherwise: {upcoming}",
        ),
    )
