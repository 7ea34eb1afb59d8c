"""EditEffect: rename, notes, carrier, creator and duration; a new duration counts from
now (anchored as if the effect were added now); refusals change nothing; undo and redo
are exact.

War Scroll sample (tests.engine.helpers), Cycle 1 in play order: Segment 1: Echthra,
Tirzaiel, Thomas, Kandor · Segment 2: Echthra, Tirzaiel · Segment A: Echthra, Tirzaiel,
Thomas, Kandor.
"""

from __future__ import annotations

import pytest

from tests.engine import helpers as ws
from tests.engine import test_priority_helpers as pr
from tracker.engine import (
    AddEffect,
    Command,
    CommandError,
    EditEffect,
    EndTurn,
    RemoveCombatant,
    Session,
)
from tracker.engine.rulesets.priority import PriorityAnchor
from tracker.engine.rulesets.war_scroll import SongAnchor, TurnAnchor


def do(session: Session, command: Command):
    """Apply, then check that undo restores the whole state and redo the state after."""
    before = session.encounter.to_dict()
    changes = session.apply(command)
    after = session.encounter.to_dict()
    session.undo()
    assert session.encounter.to_dict() == before
    session.redo()
    assert session.encounter.to_dict() == after
    return changes


def refused(session: Session, command: Command) -> CommandError:
    """The command is refused, changes nothing and leaves no history."""
    before = session.encounter.to_dict()
    history = len(session.history)
    with pytest.raises(CommandError) as info:
        session.apply(command)
    assert session.encounter.to_dict() == before
    assert len(session.history) == history
    return info.value


def add_effect(session, name, carrier_id, creator_id=None, **duration) -> str:
    changes = session.apply(AddEffect(name, carrier_id, creator_id, duration=duration))
    return changes.edits_of("effects")[0].item.id


def last_log(session) -> str:
    return session.encounter.log[-1].text


@pytest.fixture
def war():
    """The War begun, Blessed (1 Cycle, by Echthra) on Thomas, added during Echthra's
    Segment 1 Turn of Cycle 1: it ends at the end of that Turn in Cycle 2."""
    session, ids = ws.started()
    bless = add_effect(session, "Blessed", ids["Thomas"], ids["Echthra"], cycles=1)
    return session, ids, bless


def test_rename_keeps_the_anchor(war):
    session, ids, bless = war
    anchor = session.encounter.effect(bless).anchor  # a frozen record
    changes = do(session, EditEffect(bless, {"name": "  Aegis "}))
    effect = session.encounter.effect(bless)
    assert effect.name == "Aegis" and effect.anchor == anchor
    assert changes.effects == {bless} and changes.edits_of("effects") == []
    assert last_log(session) == "Blessed on Thomas: renamed to Aegis."
    assert session.undo_text == "Edit Blessed"


def test_a_new_duration_counts_from_now(war):
    session, ids, bless = war
    ws.end_turns(session, 2)  # now Thomas's Segment 1 Turn of Cycle 1
    do(session, EditEffect(bless, {"duration": {"cycles": 2}}))
    effect = session.encounter.effect(bless)
    assert effect.duration == {"cycles": 2, "ongoing_song": False}
    # As if added now: Thomas's Segment 1 Turn, two Cycles later.
    assert effect.anchor == TurnAnchor(owner=ids["Thomas"], slot=0, cycle=3)
    remaining = "ends at the end of Thomas's Segment 1 Turn in Cycle 3 (2 Cycles left)"
    assert session.remaining(bless) == remaining
    assert last_log(session) == f"Blessed on Thomas: Cycles 2 counted from now: {remaining}."
    # It no longer ends with Echthra's Turn of Cycle 2 ...
    ws.play_until(session, "Tirzaiel", "1")
    assert session.encounter.clock.cycle == 2 and session.encounter.effects
    # ... but with Thomas's Segment 1 Turn of Cycle 3, the 12th Turn from Thomas's
    # Segment 1 Turn of Cycle 2.
    ws.play_until(session, "Thomas", "1")
    ws.end_turns(session, 10)
    assert ws.current(session)[:2] == ("Thomas", "1") and session.encounter.clock.cycle == 3
    changes = session.apply(EndTurn())
    assert [e.id for e in changes.expired] == [bless]


def test_the_same_duration_again_is_no_change_and_is_refused(war):
    session, _ids, bless = war
    error = refused(session, EditEffect(bless, {"duration": {"cycles": 1}}))
    assert error.message == "Nothing to change on Blessed." and error.field is None
    error = refused(session, EditEffect(bless, {}))
    assert error.message == "Nothing to change on Blessed."
    error = refused(session, EditEffect(bless, {"name": "Blessed", "notes": ""}))
    assert error.message == "Nothing to change on Blessed."


def test_carrier_creator_and_notes(war):
    session, ids, bless = war
    anchor = session.encounter.effect(bless).anchor  # a frozen record
    do(
        session,
        EditEffect(
            bless, {"carrier_id": ids["Kandor"], "creator_id": ids["Tirzaiel"], "notes": "+2"}
        ),
    )
    effect = session.encounter.effect(bless)
    assert (effect.carrier_id, effect.creator_id, effect.notes) == (
        ids["Kandor"],
        ids["Tirzaiel"],
        "+2",
    )
    assert effect.anchor == anchor
    assert last_log(session) == (
        "Blessed on Thomas: moved to Kandor, created by Tirzaiel, notes changed."
    )
    do(session, EditEffect(bless, {"creator_id": None}))
    assert session.encounter.effect(bless).creator_id is None
    assert last_log(session) == "Blessed on Kandor: no creator."


def test_every_change_at_once_in_one_undo_step(war):
    session, ids, bless = war
    before = session.encounter.to_dict()
    session.apply(
        EditEffect(
            bless,
            {
                "name": "Aegis",
                "carrier_id": ids["Kandor"],
                "duration": {"cycles": 3},
                "notes": "shield",
            },
        )
    )
    assert last_log(session) == (
        "Blessed on Thomas: renamed to Aegis, moved to Kandor, notes changed, Cycles 3 "
        "counted from now: ends at the end of Echthra's Segment 1 Turn in Cycle 4 "
        "(3 Cycles left)."
    )
    after = session.encounter.to_dict()
    session.undo()
    assert session.encounter.to_dict() == before
    assert session.remaining(bless).startswith("ends at the end of Echthra's Segment 1 Turn")
    session.redo()
    assert session.encounter.to_dict() == after


def test_refusals_name_the_field_and_change_nothing(war):
    session, ids, bless = war
    cases = [
        (EditEffect("e999", {"name": "X"}), "No active effect with id 'e999'.", "effect_id"),
        (EditEffect(bless, {"name": "   "}), "Effect name cannot be empty.", "name"),
        (EditEffect(bless, {"name": "x" * 61}), "longer than 60 characters", "name"),
        (
            EditEffect(bless, {"duration": {"cycles": 0}}),
            "Cycles must be between 1 and 99; 0 is out of range.",
            "cycles",
        ),
        (
            EditEffect(bless, {"duration": {"cycles": "soon"}}),
            "Cycles must be a whole number, not 'soon'.",
            "cycles",
        ),
        (EditEffect(bless, {"duration": {"rounds": 2}}), "Unknown field(s): rounds.", "rounds"),
        (EditEffect(bless, {"duration": 2}), "A duration must be a mapping", "duration"),
        (EditEffect(bless, {"colour": "red"}), "An effect has no colour to change.", "colour"),
        (
            EditEffect(bless, {"carrier_id": "c999"}),
            "No combatant with id 'c999' in this encounter.",
            "carrier_id",
        ),
        (EditEffect(bless, {"carrier_id": None}), "needs a combatant to carry it", "carrier_id"),
        (
            EditEffect(bless, {"creator_id": "c999"}),
            "No combatant with id 'c999' in this encounter.",
            "creator_id",
        ),
        # One bad value among good ones: nothing at all changes.
        (
            EditEffect(bless, {"name": "Aegis", "duration": {"cycles": 100}}),
            "Cycles must be between 1 and 99; 100 is out of range.",
            "cycles",
        ),
    ]
    for command, message, field in cases:
        error = refused(session, command)
        assert message in error.message, command
        assert error.field == field, command


def test_an_ongoing_song_needs_its_minstrel(war):
    session, ids, bless = war
    error = refused(
        session, EditEffect(bless, {"creator_id": None, "duration": {"ongoing_song": True}})
    )
    assert error.message == "An Ongoing Song needs its Minstrel as the creator."
    do(session, EditEffect(bless, {"duration": {"ongoing_song": True}}))
    assert session.encounter.effect(bless).anchor == SongAnchor("maintained")
    assert session.remaining(bless) == "Ongoing Song, while Echthra maintains it"
    error = refused(session, EditEffect(bless, {"creator_id": None}))
    assert error.message == "An Ongoing Song needs its Minstrel as the creator."


def test_a_stopped_song_given_cycles_is_anchored_on_the_current_turn(war):
    session, ids, _bless = war
    song = add_effect(session, "Valour", ids["Kandor"], ids["Tirzaiel"], ongoing_song=True)
    ws.end_turns(session, 2)  # Tirzaiel's first Turn is over: Thomas's Segment 1 Turn
    ws.action(session, "stop_song", None, effect=song)
    ws.end_turns(session, 1)  # Kandor's Segment 1 Turn
    do(session, EditEffect(song, {"duration": {"ongoing_song": False, "cycles": 1}}))
    assert session.encounter.effect(song).anchor == TurnAnchor(owner=ids["Kandor"], slot=0, cycle=2)


def test_a_creator_who_left_may_stay_unchanged(war):
    session, ids, bless = war
    session.apply(RemoveCombatant(ids["Echthra"]))
    do(session, EditEffect(bless, {"name": "Aegis", "creator_id": ids["Echthra"]}))
    effect = session.encounter.effect(bless)
    assert effect.name == "Aegis" and effect.creator_id == ids["Echthra"]


def test_the_command_round_trips_through_its_dict(war):
    _session, ids, bless = war
    command = EditEffect(bless, {"name": "Aegis", "duration": {"cycles": 2}})
    data = command.to_dict()
    assert data == {
        "type": "EditEffect",
        "effect_id": bless,
        "changes": {"name": "Aegis", "duration": {"cycles": 2}},
    }
    assert Command.from_dict(data) == command


def test_priority_a_new_amount_counts_from_now():
    session, ids = pr.started()
    pr.act(session, "begin_turn")  # Ayla, Round 1
    ward = add_effect(session, "Ward", ids["Bren"], ids["Ayla"], amount=1)
    pr.play_round(session)  # Ayla's Round 2 turn is up
    assert session.ends_soon(ward)
    do(session, EditEffect(ward, {"duration": {"amount": 3}}))
    # Set while her turn is up: that turn's beginning does not count.
    assert session.encounter.effect(ward).anchor == PriorityAnchor(left=3, uncounted_round=2)
    assert last_log(session) == (
        "Ward on Bren: Turns 3 counted from now: 3 more of Ayla's turns in Conflict."
    )
    assert not session.ends_soon(ward)
    do(session, EditEffect(ward, {"duration": {"ritual": True}}))
    assert session.encounter.effect(ward).anchor == PriorityAnchor(ritual=True)
    pr.act(session, "begin_turn")
    assert session.encounter.effects  # a Ritual never ticks
