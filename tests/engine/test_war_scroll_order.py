"""War Scroll order: Swiftness high to low, holy elohim first among ties, the Host's
order among other ties, and no re-sorting once the War has begun."""

from __future__ import annotations

import pytest

from tests.engine.helpers import add, cycle_turns, end_turns, new_session, order, sample_session
from tracker.engine import (
    CommandError,
    DuplicateCombatant,
    EditCombatant,
    Encounter,
    MoveCombatant,
    Session,
    StartEncounter,
)


def test_sorted_by_swiftness_high_to_low_whatever_the_adding_order():
    session = new_session()
    add(session, "Kandor", 11, swiftness=5)
    add(session, "Echthra", 17, swiftness=9)
    add(session, "Thomas", 12, swiftness=6)
    add(session, "Tirzaiel", 16, swiftness=8)
    assert order(session) == ["Echthra", "Tirzaiel", "Thomas", "Kandor"]


def test_holy_elohim_go_first_among_ties():
    session = new_session()
    add(session, "Other", 7, swiftness=5, allegiance="other")
    add(session, "Fallen", 7, swiftness=5, allegiance="fallen")
    add(session, "Holy", 7, swiftness=5, allegiance="holy")
    add(session, "Faster", 7, swiftness=6, allegiance="fallen")
    add(session, "Slower holy", 7, swiftness=4, allegiance="holy")
    # 6 first; among the 5s the holy one, then the others in the order they came; then 4.
    assert order(session) == ["Faster", "Holy", "Other", "Fallen", "Slower holy"]
    session.apply(StartEncounter())
    assert [name for name, _, _ in cycle_turns(session)] == order(session)


def test_host_orders_same_class_ties_and_the_order_is_kept():
    session = new_session()
    a = add(session, "Alpha", 7, swiftness=5)
    add(session, "Beta", 7, swiftness=5, allegiance="fallen")  # fallen ties other
    add(session, "Gamma", 7, swiftness=5)
    session.apply(MoveCombatant(a, 2))
    assert order(session) == ["Beta", "Gamma", "Alpha"]
    # A later tie joins after the existing ties; the Host's order stays.
    add(session, "Delta", 7, swiftness=5)
    add(session, "Quick", 7, swiftness=6)
    assert order(session) == ["Quick", "Beta", "Gamma", "Alpha", "Delta"]
    session.apply(StartEncounter())
    assert [name for name, _, _ in cycle_turns(session)] == order(session)
    # ... also across save and load.
    reloaded = Session(
        Encounter.from_dict(session.encounter.to_dict(), session.ruleset.state_types)
    )
    assert order(reloaded) == order(session)
    assert cycle_turns(reloaded) == cycle_turns(session)


def test_moving_a_tie_during_the_war_changes_who_acts_first_in_a_segment():
    session = new_session()
    add(session, "Alpha", 14, swiftness=5)
    b = add(session, "Beta", 14, swiftness=5)
    session.apply(StartEncounter())
    # During Alpha's Segment 1 Turn the Host puts Beta first: Alpha finishes her Turn,
    # Beta still has his Segment 1 Turn, and from Segment A on Beta goes first.
    session.apply(MoveCombatant(b, 0))
    assert cycle_turns(session) == [
        ("Alpha", "1", 7),
        ("Beta", "1", 7),
        ("Beta", "A", 7),
        ("Alpha", "A", 7),
    ]
    assert cycle_turns(session, 2) == [
        ("Beta", "1", 7),
        ("Alpha", "1", 7),
        ("Beta", "A", 7),
        ("Alpha", "A", 7),
    ]


@pytest.mark.parametrize(
    ("mover", "to_index"),
    [
        ("Kandor", 2),  # Swiftness 5 past Thomas (6)
        ("Echthra", 1),  # Swiftness 9 past Tirzaiel (8)
        ("Thomas", 0),  # past two
    ],
)
def test_moving_past_a_non_tied_character_is_refused(mover, to_index):
    session, ids = sample_session()
    before = session.encounter.to_dict()
    history = len(session.history)
    with pytest.raises(CommandError):
        session.apply(MoveCombatant(ids[mover], to_index))
    assert session.encounter.to_dict() == before
    assert len(session.history) == history


def test_holy_cannot_be_moved_behind_a_tied_non_holy():
    session = new_session()
    holy = add(session, "Holy", 7, swiftness=5, allegiance="holy")
    other = add(session, "Other", 7, swiftness=5, allegiance="other")
    before = session.encounter.to_dict()
    with pytest.raises(CommandError):
        session.apply(MoveCombatant(holy, 1))
    with pytest.raises(CommandError):
        session.apply(MoveCombatant(other, 0))
    assert session.encounter.to_dict() == before


def test_move_to_same_place_or_outside_is_refused():
    session, ids = sample_session()
    before = session.encounter.to_dict()
    for to_index in (0, 4, -1):
        with pytest.raises(CommandError):
            session.apply(MoveCombatant(ids["Echthra"], to_index))
    assert session.encounter.to_dict() == before


def test_editing_swiftness_before_the_war_re_places_the_character():
    session, ids = sample_session()
    session.apply(EditCombatant(ids["Kandor"], {"swiftness": 10}))
    assert order(session) == ["Kandor", "Echthra", "Tirzaiel", "Thomas"]
    # A tie with Tirzaiel (8, holy): Kandor is fallen, so after her.
    session.apply(EditCombatant(ids["Kandor"], {"swiftness": 8}))
    assert order(session) == ["Echthra", "Tirzaiel", "Kandor", "Thomas"]
    # Becoming holy ties him with holy Tirzaiel (8, holy): he joins that tie last.
    session.apply(EditCombatant(ids["Kandor"], {"allegiance": "holy"}))
    assert order(session) == ["Echthra", "Tirzaiel", "Kandor", "Thomas"]
    session.apply(EditCombatant(ids["Echthra"], {"swiftness": 1}))
    assert order(session) == ["Tirzaiel", "Kandor", "Thomas", "Echthra"]
    session.apply(StartEncounter())
    assert [name for name, segment, _ in cycle_turns(session) if segment == "1"] == order(session)


def test_swiftness_change_during_the_war_never_re_sorts():
    session, ids = sample_session()
    session.apply(StartEncounter())
    end_turns(session, 1)
    # Kandor Weakened (Swiftness 5 → 2); Thomas climbs to 30, holy: nobody moves.
    session.apply(EditCombatant(ids["Kandor"], {"swiftness": 2}))
    session.apply(EditCombatant(ids["Thomas"], {"swiftness": 30, "allegiance": "holy"}))
    assert order(session) == ["Echthra", "Tirzaiel", "Thomas", "Kandor"]
    # Nothing else changed: Speeds are the same, so are the Turns.
    assert cycle_turns(session) == [
        ("Tirzaiel", "1", 7),
        ("Thomas", "1", 7),
        ("Kandor", "1", 7),
        ("Echthra", "2", 3),
        ("Tirzaiel", "2", 2),
        ("Echthra", "A", 7),
        ("Tirzaiel", "A", 7),
        ("Thomas", "A", 5),
        ("Kandor", "A", 4),
    ]
    end_turns(session, 9)
    assert session.encounter.clock.cycle == 2
    assert order(session) == ["Echthra", "Tirzaiel", "Thomas", "Kandor"]


def test_duplicate_joins_after_its_ties():
    session, ids = sample_session()
    session.apply(DuplicateCombatant(ids["Thomas"]))
    assert order(session) == ["Echthra", "Tirzaiel", "Thomas", "Thomas 2", "Kandor"]
    session.apply(DuplicateCombatant(ids["Thomas"]))
    assert order(session) == ["Echthra", "Tirzaiel", "Thomas", "Thomas 2", "Thomas 3", "Kandor"]
