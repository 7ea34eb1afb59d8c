"""Issue 26 (End Turn at 30 + 10 within the table-speed budget): at each move of the
clock `Summaries.follow` worked out anew the summary of every creature carrying an
effect (a badge may end soon now), at every End Turn of War scroll and Stamina battle
some ten summaries for the one or two that changed. It now compares the carrier's
badges first. Counts, no timings; the summaries kept stay those the session makes
(short effects end soon, count down and expire through the steps), in every ruleset
whose view keeps them."""

from __future__ import annotations

import random

import pytest

from benchmarks.fights import add_effects, build, next_step
from tracker.engine.session import Session, SessionEvent
from tracker.engine.state import Combatant
from tracker.qt.models.combatant_summary import CombatantSummary, Summaries, summarize

RULESETS = ("war_scroll", "stamina_battle", "initiative_ticks", "ap_countdown")
MOVING = ("stamina_battle", "initiative_ticks")  # effects' badges that change in 40 steps


def _followed(
    ruleset_id: str, lasting: bool
) -> tuple[Session, Summaries, list[str], list[set[str]]]:
    """A fight of 30 with 10 effects, its summaries all read and followed; the ids of
    each summary made from now on, and the ids each change said look different."""
    session = build(ruleset_id, 30)
    add_effects(session, session.apply, 10, random.Random(30), lasting=lasting)
    made: list[str] = []

    def make(combatant: Combatant) -> CombatantSummary:
        made.append(combatant.id)
        return summarize(session, combatant)

    summaries = Summaries(lambda: session, make)
    told: list[set[str]] = []

    def follow(event: SessionEvent) -> None:
        told.append(summaries.follow(event))

    session.subscribe(follow)
    for combatant in session.encounter.combatants:
        summaries.get(combatant)
    session.apply(next_step(session))  # each carrier's badges compared once
    made.clear()
    told.clear()
    return session, summaries, made, told


@pytest.mark.parametrize("ruleset_id", ["war_scroll", "stamina_battle"])
def test_end_turn_makes_the_summaries_that_changed_not_every_carriers(ruleset_id):
    session, _summaries, made, told = _followed(ruleset_id, lasting=True)
    assert len({e.carrier_id for e in session.encounter.effects}) >= 6
    for _ in range(10):
        session.apply(next_step(session))
    # Before: every carrier's summary at every step (some 10 a step for 1 or 2 told).
    assert len(made) <= sum(len(ids) for ids in told) + 10, (len(made), told)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_summaries_kept_follow_the_badges_through_the_steps(ruleset_id):
    session, summaries, _made, _told = _followed(ruleset_id, lasting=False)
    seen: set[tuple[str, object]] = set()
    for _ in range(40):
        session.apply(next_step(session))
        for combatant in session.encounter.combatants:
            kept = summaries.get(combatant)
            assert kept == summarize(session, combatant), combatant.name
            seen.add((combatant.id, kept.badges))
    if ruleset_id in MOVING:  # the badges moved on (ending soon, counting down): the
        carriers = {key for key, badges in seen if badges}  # compare mattered
        assert len([key for key, badges in seen if badges]) > len(carriers)
