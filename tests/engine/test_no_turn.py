"""End Turn when nobody has a turn says why in the fight's own terms: before the start,
to start it; once started, not "start the encounter first" (issue 24) but what the
fight waits for, as the ruleset says (`Ruleset.no_turn_reason`)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tracker.engine import (
    AddCombatant,
    EndTurn,
    RemoveCombatant,
    Session,
    StartEncounter,
)
from tracker.engine.registry import available_rulesets
from tracker.engine.rulesets.war_scroll import WarScroll
from tracker.engine.state import Encounter


@pytest.mark.parametrize("ruleset_id", sorted(available_rulesets()))
def test_before_the_start_end_turn_asks_to_start(ruleset_id: str) -> None:
    session = Session.new("x", ruleset_id)
    session.apply(AddCombatant("A", "party"))
    assert str(session.refusal(EndTurn())) == "There is no current turn: start the encounter first."


def _emptied(ruleset_id: str) -> Session:
    session = Session.new("x", ruleset_id)
    for name, side in (("A", "party"), ("B", "enemy")):
        session.apply(AddCombatant(name, side))
    session.apply(StartEncounter())
    for combatant in list(session.encounter.combatants):
        session.apply(RemoveCombatant(combatant.id))
    return session


def test_a_started_fight_left_without_combatants_asks_for_one() -> None:
    session = _emptied("war_scroll")
    assert session.current_turn() is None
    assert str(session.refusal(EndTurn())) == "Nobody has a turn: add a combatant."


@dataclass
class _Waiting(WarScroll):
    """A ruleset whose started fight waits for something of its own."""

    def no_turn_reason(self, encounter: Encounter) -> str:
        return "Roll initiative first (see the question above)."


def test_the_ruleset_says_what_a_started_fight_waits_for() -> None:
    session = _emptied("war_scroll")
    session.ruleset = _Waiting()
    assert str(session.refusal(EndTurn())) == "Roll initiative first (see the question above)."
