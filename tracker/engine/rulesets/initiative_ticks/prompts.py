"""The decisions the rules wait for, one at a time:

1. Join Battle for a combatant that has not joined (once the fight has begun): key
   ("join", id); answer: its successes (typed or rolled);
2. everyone has joined: key ("free_begins",); answer: begin the free actions;
3. a free action: key ("free", id); the free actions still to take in the context;
   answer: taken (with a note);
4. the formal start of a turn not applied yet: key ("start", round, id, turns ended);
   the checklist in the context; answer: apply it;
5. the middle of a turn: key ("acting", round, id, turns ended); the end-of-turn
   checklist in the context; answers: delay (when allowed), end the turn;
6. the round's end while delayed turns are held: key ("round_end", round); answers:
   act now (each), end the round.
"""

from __future__ import annotations

from tracker.engine.commands import EndTurn, RulesetAction
from tracker.engine.prompts import Prompt, PromptAnswer
from tracker.engine.rulesets.initiative_ticks.options import UNUSED_DELAY, chosen
from tracker.engine.rulesets.initiative_ticks.order import current, holding
from tracker.engine.rulesets.initiative_ticks.specs import NOTE, SUCCESSES
from tracker.engine.rulesets.initiative_ticks.state import DELAY_COST, clock, rt
from tracker.engine.rulesets.initiative_ticks.turns import end_checklist, start_checklist
from tracker.engine.state import Combatant, Encounter

SHOWN = 8  # context lines listing combatants, at most


def prompt(encounter: Encounter) -> Prompt | None:
    now = clock(encounter)
    if not now.started:
        return None
    waiting = first_waiting(encounter)
    if waiting is not None:
        return join_prompt(encounter, waiting)
    if now.phase == "join":
        return Prompt(
            key=("free_begins",),
            title="Join Battle",
            question="Everyone has joined battle. Each may now take one free non-damaging "
            "action, from the highest Initiative to the lowest.",
            answers=(PromptAnswer("Begin the free actions", RulesetAction("begin_free")),),
            context=_standings(encounter),
        )
    who = current(encounter)
    if now.phase == "free" and who is not None:
        return Prompt(
            key=("free", who.id),
            title="Free action",
            question=f"{who.name} (Initiative {rt(who).value}) may take one unopposed "
            "non-damaging action: draw or ready a weapon, enter a Form, take cover, "
            "activate a Charm…",
            answers=(PromptAnswer("Free action taken", RulesetAction("free_action"), (NOTE,)),),
            asks=who.id,
            context=_free_to_go(encounter, who),
        )
    if now.phase != "round":
        return None
    if who is None:
        return round_end_prompt(encounter)
    runtime = rt(who)
    if not runtime.started:
        steps = start_checklist(encounter, who)
        return Prompt(
            key=("start", now.round, who.id, runtime.turns_ended),
            title=f"Tick {now.tick}: {steps.title}",
            question=f"Tick {now.tick}: {who.name}'s turn. The tracker applies these steps, "
            "in this order.",
            answers=(PromptAnswer("Apply the start of turn", RulesetAction("apply_start")),),
            asks=who.id,
            context=steps.lines(),
        )
    return acting_prompt(encounter, who)


def first_waiting(encounter: Encounter) -> Combatant | None:
    """The first combatant in the list that has not joined battle: those that have not
    all stand at the end of the list (sorted after every change, they rank lowest), so
    it is read from the end back to the last that has, not through the whole list (a
    pass over 5,000 at every change)."""
    first = None
    for combatant in reversed(encounter.combatants):
        if rt(combatant).joined:
            break
        first = combatant
    return first


def join_prompt(encounter: Encounter, combatant: Combatant) -> Prompt:
    pool = str(combatant.stats.get("join_battle", "")).strip() or "its pool"
    return Prompt(
        key=("join", combatant.id),
        title="Join Battle",
        question=f"{combatant.name} joins battle: roll {pool} (7+ a success, a 10 counts "
        "twice) or enter the successes. Initiative = 3 + successes.",
        answers=(
            PromptAnswer(
                "Enter the successes", RulesetAction("join_battle", combatant.id), (SUCCESSES,)
            ),
        ),
        asks=combatant.id,
        context=_standings(encounter),
    )


def _standings(encounter: Encounter) -> tuple[str, ...]:
    lines = []
    for combatant in encounter.combatants[:SHOWN]:
        runtime = rt(combatant)
        shown = f"Initiative {runtime.value}" if runtime.joined else "not joined yet"
        lines.append(f"{combatant.name}: {shown}")
    more = len(encounter.combatants) - SHOWN
    if more > 0:
        lines.append(f"… and {more} more on the tick track")
    return tuple(lines)


def _free_to_go(encounter: Encounter, who: Combatant) -> tuple[str, ...]:
    """The free actions still to take, in their order (highest Initiative first), the
    one taking its own now first: as many lines as Join Battle's standings, so the
    prompt panel keeps its height from one to the other."""
    to_go: list[Combatant] = []
    count = 0  # one pass, each runtime read once (5,000 at every change)
    for combatant in encounter.combatants:
        runtime = rt(combatant)
        if runtime.joined and not runtime.free_done:
            count += 1
            if count <= SHOWN:
                to_go.append(combatant)
    lines = []
    for combatant in to_go:
        now = " — now" if combatant.id == who.id else ""
        lines.append(f"{combatant.name}: Initiative {rt(combatant).value}{now}")
    more = count - SHOWN
    if more > 0:
        lines.append(f"… and {more} more to take theirs")
    return tuple(lines)


def acting_prompt(encounter: Encounter, who: Combatant) -> Prompt:
    now = clock(encounter)
    runtime = rt(who)
    steps = end_checklist(encounter, who)
    answers = []
    if runtime.hold is None and not runtime.uses.count("delay") and runtime.value >= DELAY_COST:
        answers.append(
            PromptAnswer(
                f"Delay ({DELAY_COST}i, until it says so)",
                RulesetAction("delay", who.id, {"until": 0}),
            )
        )
    answers.append(PromptAnswer("End the turn", EndTurn()))
    context = [
        "Take its combatant action: select the target, then Withering, Decisive, Gambit "
        "or Clash; Flurry for a second action at −3.",
        f"{steps.title}:",
        *(f"  {line}" for line in steps.lines()),
    ]
    return Prompt(
        key=("acting", now.round, who.id, runtime.turns_ended),
        title=f"Tick {now.tick}: {who.name} acts",
        question=f"Tick {now.tick}: {who.name} acts (Initiative {runtime.value}).",
        answers=tuple(answers),
        asks=who.id,
        context=tuple(context),
    )


def round_end_prompt(encounter: Encounter) -> Prompt | None:
    now = clock(encounter)
    holders = [c for c in encounter.combatants if rt(c).joined and holding(rt(c))]
    if not holders:
        return None
    fate = "carried into the next round" if chosen(encounter, UNUSED_DELAY) == "carried" else "lost"
    answers = [PromptAnswer(f"{c.name} acts now", RulesetAction("act_now", c.id)) for c in holders]
    answers.append(PromptAnswer("End the round", EndTurn()))
    return Prompt(
        key=("round_end", now.round),
        title=f"End of round {now.round}",
        question=f"Round {now.round}: the ticks have run down. Delayed turns not taken now are "
        f"{fate}.",
        answers=tuple(answers[:SHOWN] + answers[-1:] if len(answers) > SHOWN + 1 else answers),
        context=tuple(f"{c.name} holds a delayed turn" for c in holders[:SHOWN]),
    )
