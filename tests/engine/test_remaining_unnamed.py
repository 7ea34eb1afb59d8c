"""Durations said without naming anyone, for the players when a name must stay hidden."""

from __future__ import annotations

from tracker.engine import AddCombatant, AddEffect, Session, StartEncounter


def test_war_scroll_says_the_cycle_only():
    session = Session.new("T", "war_scroll")
    session.apply(AddCombatant("Echthra", "party", stats={"speed": 14, "swiftness": 5}))
    echthra = session.encounter.combatants[0].id
    session.apply(StartEncounter())  # Cycle 1, Echthra's Segment 1 Turn
    session.apply(AddEffect("Blessed", echthra, None, {"cycles": 2}))
    blessed = session.encounter.effects[0]
    assert "Echthra" in session.remaining(blessed.id)
    assert session.ruleset.remaining_unnamed(session.encounter, blessed) == "until Cycle 3"
    session.apply(AddEffect("Song", echthra, echthra, {"ongoing_song": True}))
    song = session.encounter.effects[1]
    assert session.ruleset.remaining_unnamed(session.encounter, song) == ""


def test_priority_says_how_many_turns_are_left():
    session = Session.new("T", "priority")
    session.apply(AddCombatant("Ayla", "party", stats={"zeal": 9}))
    ayla = session.encounter.combatants[0].id
    session.apply(AddEffect("Ward", ayla, ayla, {"amount": 3}))
    ward = session.encounter.effects[0]
    assert session.ruleset.remaining_unnamed(session.encounter, ward) == (
        "3 more of its creator's turns"
    )
    session.apply(AddEffect("Circle", ayla, ayla, {"amount": 1, "ritual": True}))
    circle = session.encounter.effects[1]
    assert session.ruleset.remaining_unnamed(session.encounter, circle) == ""
