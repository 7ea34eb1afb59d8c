"""Durations in Cycles ("ends at the end of the exact same Turn during the following
Cycle"), lost Turns, and Ongoing Songs."""

from __future__ import annotations

import pytest

from tests.engine.helpers import (
    action,
    current,
    effect_names,
    end_turns,
    log_kinds,
    play_until,
    sample_session,
    started,
)
from tracker.engine import (
    AddEffect,
    CommandError,
    EditCombatant,
    EndEffect,
    EndTurn,
    RemoveCombatant,
    RulesetAction,
    StartEncounter,
)
from tracker.engine.records import to_json
from tracker.engine.rulesets.war_scroll import CycleAnchor, SongAnchor, TurnAnchor


def add_effect(session, name, carrier_id, creator_id=None, **duration):
    changes = session.apply(AddEffect(name, carrier_id, creator_id, duration=duration))
    return changes.edits_of("effects")[0].item.id


def end_until_gone(session, effect_id, limit=80):
    """End Turns one by one until the effect expires. Returns the Cycle and the Turn
    whose end expired it, and how many Turns were ended (that one included)."""
    for count in range(1, limit + 1):
        cycle = session.encounter.clock.cycle
        ended = current(session)
        changes = session.apply(EndTurn())
        if all(e.id != effect_id for e in session.encounter.effects):
            assert [e.id for e in changes.expired] == [effect_id]
            return cycle, ended, count
        assert changes.expired == []
    raise AssertionError("the effect never expired")


# --- Cycles ------------------------------------------------------------------------------
def test_one_cycle_ends_at_the_end_of_the_same_turn_next_cycle():
    session, ids = started()
    play_until(session, "Tirzaiel", "2")
    bless = add_effect(session, "Bless", ids["Kandor"], ids["Tirzaiel"], cycles=1)
    anchor = session.encounter.effect(bless).anchor
    assert anchor == TurnAnchor(owner=ids["Tirzaiel"], slot=2, cycle=2)
    assert to_json(anchor) == {"owner": ids["Tirzaiel"], "slot": 2, "cycle": 2}
    # Turns from here: Tirzaiel 2 (C1), Echthra A, Tirzaiel A, Thomas A, Kandor A,
    # Echthra 1 (C2), Tirzaiel 1, Thomas 1, Kandor 1, Echthra 2, Tirzaiel 2 (C2): the 11th.
    assert end_until_gone(session, bless) == (2, ("Tirzaiel", "2", 2), 11)
    assert log_kinds(session, "expiry") == ["Bless on Kandor expired."]
    # The expiry is logged right after the Turn's end.
    texts = [entry.text for entry in session.encounter.log]
    assert (
        texts[texts.index("Bless on Kandor expired.") - 1] == "Tirzaiel's Turn ends, 2 AP unspent."
    )


def test_the_turn_is_whoevers_turn_it_is_not_the_carrier_or_creator():
    session, ids = started()
    end_turns(session, 2)  # Thomas's Segment 1 Turn
    ward = add_effect(session, "Ward", ids["Echthra"], ids["Kandor"], cycles=1)
    # Ends at the end of Thomas's Segment 1 Turn of Cycle 2: 10 Turns later, the 11th end.
    assert end_until_gone(session, ward) == (2, ("Thomas", "1", 7), 11)


def test_two_cycles():
    session, ids = started()
    haste = add_effect(session, "Haste", ids["Thomas"], cycles=2)  # Echthra's Turn, Seg 1
    # Echthra's Segment 1 Turn of Cycle 3: 2 × 10 Turns later, the 21st end.
    assert end_until_gone(session, haste) == (3, ("Echthra", "1", 7), 21)


def test_effect_added_before_the_war_lasts_whole_cycles():
    session, ids = sample_session()
    one = add_effect(session, "One", ids["Kandor"], cycles=1)
    two = add_effect(session, "Two", ids["Kandor"], cycles=2)
    assert session.encounter.effect(one).anchor == CycleAnchor(cycle=1)
    assert to_json(session.encounter.effect(one).anchor) == {"cycle": 1}
    session.apply(StartEncounter())
    # No Turn started it: it lasts through Cycle 1 and ends with its last Turn (Kandor A).
    assert end_until_gone(session, one) == (1, ("Kandor", "A", 4), 10)
    assert end_until_gone(session, two) == (2, ("Kandor", "A", 4), 10)


def test_effect_ends_even_if_added_on_the_last_turn_of_a_cycle():
    session, ids = started()
    play_until(session, "Kandor", "A")
    mark = add_effect(session, "Mark", ids["Echthra"], cycles=1)
    assert end_until_gone(session, mark) == (2, ("Kandor", "A", 4), 11)


# --- the same Turn no longer exists ------------------------------------------------------
def test_speed_dropped_before_that_cycle_ends_at_the_last_turn():
    session, ids = started()
    play_until(session, "Echthra", "2")
    aura = add_effect(session, "Aura", ids["Thomas"], cycles=1)  # Echthra's Segment 2 Turn
    play_until(session, "Thomas", "A")
    session.apply(EditCombatant(ids["Echthra"], {"speed": 8}))  # Weakened: 17 → 8
    # Cycle 2: Echthra has 1 (7) and A (1), no Segment 2. The effect outlives her
    # Segment 1 Turn and ends at the end of her last Turn, A.
    # From Thomas A: Thomas A, Kandor A, Echthra 1, Tirzaiel 1, Thomas 1, Kandor 1,
    # Tirzaiel 2, Echthra A → the 8th end.
    assert end_until_gone(session, aura) == (2, ("Echthra", "A", 1), 8)


def test_speed_dropped_during_that_cycle_redeal():
    session, ids = started()
    play_until(session, "Echthra", "2")
    aura = add_effect(session, "Aura", ids["Thomas"], cycles=1)
    end_turns(session, 6)  # to Cycle 2, Echthra's Segment 1 Turn
    end_turns(session, 1)
    session.apply(EditCombatant(ids["Echthra"], {"speed": 8}))
    # Re-deal 8: her Segment 2 Turn is gone, A has 1: the effect ends after A.
    # From Tirzaiel 1: Tirzaiel 1, Thomas 1, Kandor 1, Tirzaiel 2, Echthra A → 5th.
    assert end_until_gone(session, aura) == (2, ("Echthra", "A", 1), 5)


def test_speed_dropped_during_that_cycle_trim_keeps_the_turn():
    session, ids = started(speed_change="trim")
    play_until(session, "Echthra", "2")
    aura = add_effect(session, "Aura", ids["Thomas"], cycles=1)
    end_turns(session, 7)
    session.apply(EditCombatant(ids["Echthra"], {"speed": 8}))
    # Trim 9: A 7 → 0, then Segment 2: 3 → 1. Her Segment 2 Turn still exists, so the
    # effect ends there: Tirzaiel 1, Thomas 1, Kandor 1, Echthra 2 → 4th.
    assert end_until_gone(session, aura) == (2, ("Echthra", "2", 1), 4)


def test_speed_dropped_after_the_last_turn_was_played_ends_it_at_once():
    session, ids = started(speed_change="trim")
    play_until(session, "Echthra", "A")
    veil = add_effect(session, "Veil", ids["Kandor"], cycles=1)  # anchored: Echthra A, C2
    play_until(session, "Echthra", "1")  # Cycle 2
    end_turns(session, 5)  # Echthra 1, Tirzaiel 1, Thomas 1, Kandor 1, Echthra 2
    assert current(session) == ("Tirzaiel", "2", 2)
    changes = session.apply(EditCombatant(ids["Echthra"], {"speed": 8}))
    # Trim 9: A 7 → 0 (her Segment 1 and 2 Turns are played). Her A Turn no longer
    # exists and her last Turn of the Cycle (Segment 2) is over: the effect has ended.
    assert [e.id for e in changes.expired] == [veil]
    assert effect_names(session) == []
    assert log_kinds(session, "expiry") == ["Veil on Kandor expired."]


def test_anchor_turn_missed_ends_at_the_last_turn_played():
    session, ids = started()
    session.apply(EditCombatant(ids["Thomas"], {"speed": 16}))  # 1: 7, A: 7, 2: 2
    play_until(session, "Thomas", "2")
    song = add_effect(session, "Chant", ids["Kandor"], cycles=1)  # Thomas's Segment 2
    play_until(session, "Kandor", "A")
    session.apply(EditCombatant(ids["Thomas"], {"speed": 12}))  # Cycle 2: 1, A
    play_until(session, "Echthra", "A")  # Cycle 2, Segment A
    session.apply(EditCombatant(ids["Thomas"], {"speed": 16}))
    # His Segment 2 Turn is back, but Segment 2 is past: missed, never played. His
    # last Turn of Cycle 2 is A: Echthra A, Tirzaiel A, Thomas A → 3rd.
    assert end_until_gone(session, song) == (2, ("Thomas", "A", 7), 3)


# --- Ongoing Songs -----------------------------------------------------------------------
def test_maintained_song_never_expires_and_stopped_song_ends_after_first_turn():
    session, ids = started()
    play_until(session, "Thomas", "1")
    song = add_effect(session, "Song of Valor", ids["Echthra"], ids["Thomas"], ongoing_song=True)
    assert session.encounter.effect(song).anchor == SongAnchor("maintained")
    assert to_json(session.encounter.effect(song).anchor) == {"song": "maintained"}
    end_turns(session, 30)  # three whole Cycles
    assert session.encounter.clock.cycle == 4
    assert effect_names(session) == ["Song of Valor"]
    play_until(session, "Thomas", "A")  # Cycle 4, after his first Turn
    action(session, "stop_song", effect=song)
    assert session.remaining(song) == "ends at the end of Thomas's first Turn of a Cycle"
    # Not at the end of this A Turn: at the end of his first Turn of Cycle 5 (Segment 1).
    # Thomas A, Kandor A, Echthra 1, Tirzaiel 1, Thomas 1 → 5th.
    assert end_until_gone(session, song) == (5, ("Thomas", "1", 7), 5)


def test_song_stopped_before_the_minstrels_first_turn_ends_this_cycle():
    session, ids = started()
    song = add_effect(session, "Dirge", ids["Kandor"], ids["Thomas"], ongoing_song=True)
    action(session, "stop_song", effect=song)  # Echthra's Segment 1 Turn, Cycle 1
    # Echthra 1, Tirzaiel 1, Thomas 1 → 3rd.
    assert end_until_gone(session, song) == (1, ("Thomas", "1", 7), 3)


def test_song_stopped_during_the_minstrels_first_turn_ends_with_it():
    session, ids = started()
    song = add_effect(session, "Dirge", ids["Kandor"], ids["Thomas"], ongoing_song=True)
    end_turns(session, 12)  # Cycle 2, Thomas's Segment 1 Turn
    assert current(session) == ("Thomas", "1", 7)
    action(session, "stop_song", effect=song)
    assert end_until_gone(session, song) == (2, ("Thomas", "1", 7), 1)


def test_song_ignores_other_characters_first_turns_and_the_cycle_end():
    session, ids = started()
    play_until(session, "Kandor", "1")
    song = add_effect(session, "Hymn", ids["Echthra"], ids["Kandor"], ongoing_song=True)
    end_turns(session, 1)  # Kandor's first Turn of Cycle 1 is over
    action(session, "stop_song", effect=song)
    # Kandor A (not first), Cycle end, Echthra 1, Tirzaiel 1, Thomas 1 (others' first
    # Turns), then Kandor 1 of Cycle 2. From Echthra 2: Echthra 2, Tirzaiel 2, Echthra A,
    # Tirzaiel A, Thomas A, Kandor A, Echthra 1, Tirzaiel 1, Thomas 1, Kandor 1 → 10th.
    assert end_until_gone(session, song) == (2, ("Kandor", "1", 7), 10)


def test_stop_song_refusals_change_nothing():
    session, ids = started()
    bless = add_effect(session, "Bless", ids["Kandor"], cycles=1)
    song = add_effect(session, "Hymn", ids["Echthra"], ids["Thomas"], ongoing_song=True)
    action(session, "stop_song", effect=song)
    before = session.encounter.to_dict()
    history = len(session.history)
    for effect_id in (bless, song, "e999"):
        with pytest.raises(CommandError):
            session.apply(RulesetAction("stop_song", None, {"effect": effect_id}))
    assert session.encounter.to_dict() == before
    assert len(session.history) == history


def test_ongoing_song_needs_its_minstrel():
    session, ids = started()
    before = session.encounter.to_dict()
    with pytest.raises(CommandError):
        session.apply(AddEffect("Hymn", ids["Echthra"], None, duration={"ongoing_song": True}))
    # The effect id had already been drawn: rolled back too.
    assert session.encounter.to_dict() == before
    assert session.encounter.next_id == before["next_id"]


@pytest.mark.parametrize("duration", [{"cycles": 0}, {"cycles": 100}, {"rounds": 1}])
def test_bad_durations_are_refused(duration):
    session, ids = started()
    before = session.encounter.to_dict()
    with pytest.raises(CommandError):
        session.apply(AddEffect("Bad", ids["Echthra"], None, duration=duration))
    assert session.encounter.to_dict() == before


# --- expiry and undo ---------------------------------------------------------------------
def test_undo_of_the_end_turn_that_expired_an_effect_brings_it_back():
    session, ids = started()
    bless = add_effect(session, "Bless", ids["Kandor"], cycles=1)
    end_turns(session, 10)
    before = session.encounter.to_dict()
    changes = session.apply(EndTurn())  # Echthra's Segment 1 Turn of Cycle 2
    assert [e.name for e in changes.expired] == ["Bless"]
    after = session.encounter.to_dict()
    assert effect_names(session) == []
    session.undo()
    assert session.encounter.to_dict() == before
    assert session.encounter.effect(bless).anchor == TurnAnchor(
        owner=ids["Echthra"], slot=0, cycle=2
    )
    assert current(session) == ("Echthra", "1", 7)
    session.redo()
    assert session.encounter.to_dict() == after
    assert effect_names(session) == []
    # Undone again and played again, it expires again at the same point.
    session.undo()
    changes = session.apply(EndTurn())
    assert [e.name for e in changes.expired] == ["Bless"]


def test_remove_carrier_and_end_effect():
    session, ids = started()
    add_effect(session, "Bless", ids["Kandor"], cycles=3)
    ward = add_effect(session, "Ward", ids["Thomas"], cycles=3)
    session.apply(RemoveCombatant(ids["Kandor"]))
    assert effect_names(session) == ["Ward"]
    assert log_kinds(session, "expiry") == ["Bless on Kandor ends: its carrier left."]
    session.apply(EndEffect(ward))
    assert effect_names(session) == []
    with pytest.raises(CommandError):
        session.apply(EndEffect(ward))


def test_effect_whose_turn_owner_left_ends_with_that_cycle():
    session, ids = started()
    play_until(session, "Thomas", "1")
    ward = add_effect(session, "Ward", ids["Echthra"], cycles=1)  # Thomas's Segment 1
    session.apply(RemoveCombatant(ids["Thomas"]))
    # The anchoring Turn will never come; the effect does not outlive Cycle 2.
    # From Kandor 1 (C1): Kandor 1, Echthra 2, Tirzaiel 2, Echthra A, Tirzaiel A,
    # Kandor A, then Cycle 2's 8 Turns; the last one (Kandor A) ends Cycle 2 → 14th.
    assert end_until_gone(session, ward) == (2, ("Kandor", "A", 4), 14)
