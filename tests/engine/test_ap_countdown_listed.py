"""Between commands the dues are read off the sorted list from the count on: over random
fights (declarations, holds, resolutions, GM drags among ties, edits, late joiners,
removals, options, undo and redo) they are always those a look at every combatant
finds, in the same order; and a view's questions in a large fight read few combatants."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.engine.test_ap_countdown_next_due import _answer, _fight, _random_command
from tracker.engine import EndTurn, Session
from tracker.engine.rulesets.ap_countdown import countdown, listed, turns
from tracker.engine.rulesets.ap_countdown.options import qu_first


def _whole_list(session: Session) -> dict[str, Any]:
    """What the views are told, worked out from every combatant (the list's order unused)."""
    encounter = session.encounter
    with_follow_ups = countdown.ordered(encounter, list(countdown._each_due(encounter, True)))
    plain = countdown.ordered(encounter, list(countdown._each_due(encounter, False)))
    return {
        "dues": plain,
        "ahead": with_follow_ups,
        "first": plain[0] if plain else None,
        "simultaneous": [
            tuple(
                d.combatant.id for d in plain if d.at == due.at and d.combatant is not due.combatant
            )
            for due in with_follow_ups
            if not due.follow_up
        ],
    }


def _read_off_the_list(session: Session) -> dict[str, Any]:
    encounter = session.encounter
    ahead = [slot.due for slot in turns.sequence(encounter, 10**6) if slot.due is not None]
    simultaneous = [turns.simultaneous(encounter, due) for due in ahead if not due.follow_up]
    return {
        "dues": list(countdown.dues(encounter)),
        "ahead": ahead,
        "first": countdown.current_due(encounter),
        "simultaneous": simultaneous,
    }


@pytest.mark.parametrize("seed", range(12))
def test_the_dues_read_off_the_list_are_those_of_every_combatant(seed):
    rng = random.Random(100 + seed)
    ties = "simultaneous" if seed % 2 else "qu_then_gm"
    session = _fight(rng, rng.randint(3, 14), ties)
    compared = 0
    for number in range(160):
        if rng.random() < 0.08 and session.can_undo:
            session.undo()
            if rng.random() < 0.5:
                session.redo()
        else:
            command = _random_command(session, rng, number)
            if command is None or session.refusal(command) is not None:
                continue
            session.apply(command)
        if not listed.sorted_now(session.encounter):
            continue
        found = _read_off_the_list(session)
        expected = _whole_list(session)
        if qu_first(session.encounter):  # ties go by Qu: nobody acts simultaneously
            expected["simultaneous"] = [() for _ in expected["simultaneous"]]
        assert found == expected, f"step {number}"
        compared += 1
    assert compared > 40


def test_the_views_questions_in_a_large_fight_read_few_combatants(monkeypatch):
    """Who is due, the current turn, the next 20 turns and the status, after a step of a
    countdown of 300: the states of the combatants around the count, not of all 300."""
    rng = random.Random(5)
    session = _fight(rng, 300, "simultaneous")
    session.apply(EndTurn())  # the Initiative phase is over: the countdown runs
    read: list[str] = []
    original_listed, original_countdown = listed.rt, countdown.rt

    def counted(original: Any) -> Any:
        def rt(combatant: Any) -> Any:
            read.append(combatant.id)
            return original(combatant)

        return rt

    for _ in range(6):
        session.apply(_answer(session, rng) or EndTurn())
        assert listed.sorted_now(session.encounter)
        read.clear()
        monkeypatch.setattr(listed, "rt", counted(original_listed))
        monkeypatch.setattr(countdown, "rt", counted(original_countdown))
        session.current_turn()
        session.upcoming_turns(20)
        session.status()
        monkeypatch.setattr(listed, "rt", original_listed)
        monkeypatch.setattr(countdown, "rt", original_countdown)
        assert 0 < len(set(read)) < 60, f"{len(set(read))} combatants read"
