"""Issue 11, part 1 (engine): health as each ruleset declares it, worked out by hand;
the GM's text ("−7", "+3", "=20", dice); several combatants in one step; marking
defeated and reviving; skipping the turns of the defeated."""

from __future__ import annotations

from typing import Any

import pytest

from tracker.engine import (
    AddCombatant,
    ChangeHealth,
    CommandError,
    EditCombatant,
    EndTurn,
    MarkDefeated,
    Revive,
    Session,
    StartEncounter,
)
from tracker.engine.health import band_of, health_of, is_defeated, parse_change
from tracker.engine.rulesets.priority import Priority
from tracker.engine.state import Combatant


def session_with(ruleset_id: str, *cast: tuple[str, str, dict[str, Any]], **options: str):
    session = Session.new("Test", ruleset_id, options or None)
    for name, side, stats in cast:
        session.apply(AddCombatant(name, side, stats=stats))
    return session


def who(session: Session, name: str) -> Combatant:
    return next(c for c in session.encounter.combatants if c.name == name)


def ids(session: Session, *names: str) -> tuple[str, ...]:
    return tuple(who(session, name).id for name in names)


def change(session: Session, text: str, *names: str, faces: tuple[int, ...] = ()) -> str:
    session.apply(ChangeHealth(ids(session, *names), text, faces))
    return session.encounter.log[-1].text


def refused(session: Session, command: Any) -> str:
    before = session.encounter.to_dict()
    with pytest.raises(CommandError) as error:
        session.apply(command)
    assert session.encounter.to_dict() == before
    return error.value.message


def shown(session: Session, name: str) -> tuple[int, int, str]:
    health = health_of(session.ruleset, who(session, name))
    assert health is not None
    return health.shown, health.maximum, health.band


# --- the GM's text ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "kind", "amount", "dice"),
    [
        ("-7", "harm", 7, ""),
        ("−7", "harm", 7, ""),  # the minus sign
        ("–7", "harm", 7, ""),  # an en dash
        (" - 7 ", "harm", 7, ""),
        ("+3", "heal", 3, ""),
        ("=20", "set", 20, ""),
        ("=0", "set", 0, ""),
        ("=−5", "set", -5, ""),
        ("-2d6+1", "harm", None, "2d6+1"),
        ("+d4", "heal", None, "d4"),
    ],
)
def test_the_gms_text_is_read(text, kind, amount, dice):
    parsed = parse_change(text)
    assert (parsed.kind, parsed.amount, parsed.dice) == (kind, amount, dice)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("abc", "“abc” is not a change of health: type −7 to harm, +3 to heal or =20 to set"),
        ("", "Type a change: type −7 to harm"),
        ("   ", "Type a change"),
        ("-", "After − comes a number or dice, e.g. −7 or −2d6+1."),
        ("=", "After = comes a number or dice"),
        ("7", "Say what 7 does: −7 harms, +7 heals, =7 sets."),
        ("-0", "−0 changes nothing."),
        ("-10000", "−10000 is out of range: at most 9999 at once."),
        ("--7", "is not a change of health"),
        ("-7x", "is not a change of health"),
        ("-2d1", "is not a change of health"),
    ],
)
def test_bad_text_gets_a_clear_message(text, message):
    with pytest.raises(CommandError) as error:
        parse_change(text)
    assert message in error.value.message
    assert error.value.field == "change"


def test_bad_text_changes_nothing_in_a_session():
    session = session_with("ap_countdown", ("Orc", "enemy", {"hits": 12}))
    assert "not a change of health" in refused(session, ChangeHealth(ids(session, "Orc"), "abc"))
    assert not session.can_undo or session.undo_text == "Add Orc"


# --- each ruleset's health, by hand ----------------------------------------------------------
def test_ap_countdown_hits_count_down_and_go_on_below_zero():
    session = session_with("ap_countdown", ("Orc", "enemy", {"hits": 12, "hits_taken": 2}))
    assert shown(session, "Orc") == (10, 12, "hurt")
    assert change(session, "-4", "Orc") == "Orc −4 (Hits 10 → 6)."
    assert shown(session, "Orc") == (6, 12, "bloodied")  # 6 of 12 lost: half
    assert change(session, "−9", "Orc") == "Orc −9 (Hits 6 → -3; unconscious)."
    assert who(session, "Orc").stats["hits_taken"] == 15
    assert shown(session, "Orc") == (-3, 12, "down")
    assert session.ruleset.shown_markers(session.encounter, who(session, "Orc"))[0] == (
        "unconscious"
    )
    assert change(session, "+5", "Orc") == "Orc +5 (Hits -3 → 2; no longer unconscious)."
    assert change(session, "+20", "Orc") == "Orc +20 (Hits 2 → 12; stops at 12, the most)."
    assert change(session, "=7", "Orc") == "Orc =7 (Hits 12 → 7)."


def test_ap_countdown_without_hits_is_not_tracked():
    session = session_with("ap_countdown", ("Orc", "enemy", {}))
    assert refused(session, ChangeHealth(ids(session, "Orc"), "-3")) == (
        "Orc has no Hits set: give it in the editor first."
    )
    assert session.ruleset.shown_meters(session.encounter, who(session, "Orc"))[0].name == "ap"


def test_stamina_damage_above_armor_becomes_wounds_up_to_health():
    session = session_with(
        "stamina_battle",
        ("Thug", "enemy", {"armor": 3, "health": 3}),
        ("Grub", "enemy", {"armor": 1}),  # a Minion: Health 1
    )
    # The rules' example: 23 against Armor 3, excess 20 → 2 wounds.
    assert change(session, "-23", "Thug") == ("Thug −23 (Wounds 0 → 2; vs Armor 3: 2 wounds).")
    assert change(session, "-3", "Thug", "Grub") == (
        "Thug −3 (Wounds stays 2; vs Armor 3: no wound), "
        "Grub −3 (Wounds 0 → 1; vs Armor 1: 1 wound; defeated)."
    )
    assert change(session, "-40", "Thug") == (
        "Thug −40 (Wounds 2 → 3; vs Armor 3: 3 wounds, stops at 3; defeated)."
    )
    assert shown(session, "Thug") == (3, 3, "down")
    assert change(session, "+1", "Thug") == "Thug +1 (Wounds 3 → 2; no longer defeated)."
    assert change(session, "=0", "Thug") == "Thug =0 (Wounds 2 → 0)."
    assert refused(session, ChangeHealth(ids(session, "Thug"), "-2")).startswith(
        "Nothing changes: Thug −2 (Wounds stays 0; vs Armor 3: no wound)"
    )


def test_stamina_wounds_without_health_just_count():
    session = session_with("stamina_battle", ("Ogre", "enemy", {"health": 0}))
    assert change(session, "-30", "Ogre") == "Ogre −30 (Wounds 0 → 3; vs Armor 0: 3 wounds)."
    assert not is_defeated(session.ruleset, who(session, "Ogre"))
    meter = session.ruleset.shown_meters(session.encounter, who(session, "Ogre"))[0]
    assert (meter.label, meter.value, meter.maximum) == ("Wounds", 3, None)


def test_initiative_ticks_fill_health_levels_with_their_penalties():
    session = session_with("initiative_ticks", ("Yeddim", "enemy", {}))  # 7 levels
    markers = lambda: session.ruleset.shown_markers(session.encounter, who(session, "Yeddim"))  # noqa: E731
    assert change(session, "-1", "Yeddim") == "Yeddim −1 (Levels filled 0 → 1)."
    assert "wounds −0" in markers()
    change(session, "-2", "Yeddim")
    assert "wounds −1" in markers() and shown(session, "Yeddim")[2] == "hurt"
    change(session, "-1", "Yeddim")
    assert "wounds −2" in markers() and shown(session, "Yeddim")[2] == "bloodied"
    change(session, "-2", "Yeddim")
    assert "wounds −4" in markers()
    assert change(session, "-5", "Yeddim") == (
        "Yeddim −5 (Levels filled 6 → 7; stops at 7; Incapacitated)."
    )
    assert markers()[0] == "Incapacitated"


def test_priority_grit_pips_fill_the_grit_pool():
    session = session_with(
        "priority", ("Cato", "enemy", {"zeal": 9, "grit_pool": 5, "grit_pips": 1})
    )
    assert change(session, "-3", "Cato") == "Cato −3 (Grit 1 → 4)."
    assert change(session, "-3", "Cato") == "Cato −3 (Grit 4 → 5; stops at 5; Unconscious)."
    assert session.ruleset.summary  # the Poise DL still reads the Grit Pips
    assert who(session, "Cato").stats["grit_pips"] == 5


def test_war_scroll_endurance_goes_down_to_minus_forty():
    session = session_with(
        "war_scroll", ("Brakk", "enemy", {"speed": 10, "swiftness": 5, "endurance": 20})
    )
    assert change(session, "-25", "Brakk") == "Brakk −25 (Endurance 20 → -5; Defeated)."
    assert change(session, "-50", "Brakk") == ("Brakk −50 (Endurance -5 → -40; stops at -40).")
    assert refused(session, ChangeHealth(ids(session, "Brakk"), "=-41")) == (
        "Brakk's Endurance goes down to -40; =-41 is out of range."
    )
    assert refused(session, ChangeHealth(ids(session, "Brakk"), "=21")) == (
        "Brakk's Endurance goes up to 20; =21 is out of range."
    )


# --- several at once, undo, dice -------------------------------------------------------------
def test_area_damage_is_one_step_and_undoes_at_once():
    session = session_with(
        "ap_countdown",
        ("Goblin 1", "enemy", {"hits": 12}),
        ("Goblin 2", "enemy", {"hits": 6}),
    )
    before = session.encounter.to_dict()
    text = change(session, "-7", "Goblin 1", "Goblin 2")
    assert text == "Goblin 1 −7 (Hits 12 → 5), Goblin 2 −7 (Hits 6 → -1; unconscious)."
    assert session.undo_text == "Harm Goblin 1 and Goblin 2 (−7)"
    after = session.encounter.to_dict()
    session.undo()
    assert session.encounter.to_dict() == before
    session.redo()
    assert session.encounter.to_dict() == after


def test_one_untracked_target_refuses_the_whole_change():
    session = session_with("ap_countdown", ("Goblin", "enemy", {"hits": 12}), ("Wisp", "enemy", {}))
    assert refused(session, ChangeHealth(ids(session, "Goblin", "Wisp"), "-3")) == (
        "Wisp has no Hits set: give it in the editor first."
    )


def test_a_change_by_dice_uses_the_faces_stored_in_the_command():
    session = session_with(
        "ap_countdown", ("Goblin 1", "enemy", {"hits": 12}), ("Goblin 2", "enemy", {"hits": 9})
    )
    text = change(session, "-2d6+1", "Goblin 1", "Goblin 2", faces=(4, 2))
    assert text == (
        "Rolled 2d6+1: [4, 2] + 1 = 7. Goblin 1 −7 (Hits 12 → 5), Goblin 2 −7 (Hits 9 → 2)."
    )
    assert session.undo_text == "Harm Goblin 1 and Goblin 2 (−2d6+1)"
    for faces, message in (((), "rolls 2 dice, not 0"), ((7, 1), "A d6 shows 1 to 6")):
        command = ChangeHealth(ids(session, "Goblin 1"), "-2d6+1", faces)
        assert message in refused(session, command)
    assert "Only a change by dice" in refused(
        session, ChangeHealth(ids(session, "Goblin 1"), "-3", (2,))
    )


def test_nothing_to_change_and_no_health_are_refused():
    session = session_with("ap_countdown", ("Orc", "enemy", {"hits": 5}))
    assert refused(session, ChangeHealth((), "-3")) == "Select the combatants to change first."
    assert refused(session, ChangeHealth(ids(session, "Orc"), "+2")) == (
        "Nothing changes: Orc +2 (Hits stays 5; stops at 5, the most)."
    )
    example = Session.new("Test", "war_scroll")
    example.apply(AddCombatant("Aurel", "party", stats={"speed": 7}))
    assert "has no Endurance set" in refused(example, ChangeHealth(ids(example, "Aurel"), "-1"))


# --- marking defeated and reviving -----------------------------------------------------------
def test_mark_defeated_and_revive_to_one_or_a_given_value():
    session = session_with("ap_countdown", ("Orc", "enemy", {"hits": 12}), ("Imp", "enemy", {}))
    session.apply(MarkDefeated(ids(session, "Imp")[0]))
    assert session.encounter.log[-1].text == "Imp is marked unconscious by the GM."
    assert band_of(session.ruleset, who(session, "Imp")) == "down"
    assert refused(session, MarkDefeated(ids(session, "Imp")[0])) == "Imp is already unconscious."
    assert refused(session, Revive(ids(session, "Imp")[0], 5)) == "Imp has no Hits to revive to."
    session.apply(Revive(ids(session, "Imp")[0]))
    assert session.encounter.log[-1].text == "Imp is no longer unconscious."
    assert not who(session, "Imp").defeated

    change(session, "-15", "Orc")
    assert refused(session, Revive(ids(session, "Orc")[0], 13)) == (
        "Revived, Orc's Hits is 1 to 12, not 13."
    )
    session.apply(Revive(ids(session, "Orc")[0]))
    assert session.encounter.log[-1].text == "Orc is no longer unconscious (Hits -3 → 1)."
    change(session, "-4", "Orc")
    session.apply(Revive(ids(session, "Orc")[0], 6))
    assert shown(session, "Orc") == (6, 12, "bloodied")
    assert refused(session, Revive(ids(session, "Orc")[0])) == "Orc is not unconscious."


def test_revive_counting_up_leaves_one_short_of_the_threshold():
    session = session_with("initiative_ticks", ("Yeddim", "enemy", {"levels_filled": 7}))
    session.apply(Revive(ids(session, "Yeddim")[0]))
    assert session.encounter.log[-1].text == (
        "Yeddim is no longer Incapacitated (Levels filled 7 → 6)."
    )


def test_a_marked_combatant_stays_marked_when_healed():
    session = session_with("ap_countdown", ("Orc", "enemy", {"hits": 12, "hits_taken": 4}))
    session.apply(MarkDefeated(ids(session, "Orc")[0]))
    assert change(session, "+2", "Orc") == "Orc +2 (Hits 8 → 10; still marked unconscious)."
    assert is_defeated(session.ruleset, who(session, "Orc"))


class _NoHealth(Priority):
    health = None


def test_a_ruleset_without_health_still_marks_defeated():
    session = Session(Session.new("Test", "priority").encounter, _NoHealth())
    session.apply(AddCombatant("Ayla", "party", stats={"zeal": 3}))
    combatant = session.encounter.combatants[0]
    session.apply(MarkDefeated(combatant.id))
    assert session.ruleset.shown_markers(session.encounter, combatant)[0] == "down"
    assert session.ruleset.shown_meters(session.encounter, combatant)[0].name == "major"
    assert "does not track health" in refused(session, ChangeHealth((combatant.id,), "-1"))


def test_a_sixth_ruleset_gets_health_by_declaring_it():
    """The example third-party ruleset declares two stats and a HealthSpec, nothing more."""
    session = session_with("highest_roll", ("Ogre", "enemy", {"hp": 20}))
    assert change(session, "-12", "Ogre") == "Ogre −12 (HP 20 → 8)."
    assert shown(session, "Ogre") == (8, 20, "bloodied")
    assert change(session, "-8", "Ogre") == "Ogre −8 (HP 8 → 0; down)."


# --- skipping the turns of the defeated ------------------------------------------------------
def _priority_fight(skip: str) -> Session:
    session = session_with(
        "priority",
        ("Ayla", "party", {"zeal": 20}),
        ("Bren", "enemy", {"zeal": 15, "grit_pool": 3}),
        ("Cato", "enemy", {"zeal": 10}),
        skip_defeated=skip,
    )
    change(session, "-3", "Bren")
    session.apply(StartEncounter())
    return session


def _holder(session: Session) -> str:
    turn = session.current_turn()
    assert turn is not None
    if turn.combatant_id is None:
        return turn.title
    return session.encounter.combatant(turn.combatant_id).name


def test_the_turns_of_the_defeated_are_played_by_default():
    session = _priority_fight("play")
    session.apply(EndTurn())
    assert _holder(session) == "Bren"


def test_with_the_option_end_turn_skips_the_defeated_in_one_step():
    session = _priority_fight("skip")
    assert _holder(session) == "Ayla"
    session.apply(EndTurn())
    assert _holder(session) == "Cato"
    assert session.encounter.log[-1].text == "Bren is Unconscious: turn skipped."
    assert session.undo_text == "End Ayla's turn"
    session.undo()
    assert _holder(session) == "Ayla"


def test_start_skips_a_defeated_first_combatant():
    session = session_with(
        "priority",
        ("Ayla", "party", {"zeal": 20}),
        ("Bren", "enemy", {"zeal": 15}),
        skip_defeated="skip",
    )
    session.apply(MarkDefeated(ids(session, "Ayla")[0]))
    session.apply(StartEncounter())
    assert _holder(session) == "Bren"


def test_with_everyone_defeated_nothing_is_skipped_and_nothing_loops():
    session = session_with(
        "stamina_battle",
        ("Mira", "party", {}),
        ("Grub", "enemy", {}),
        skip_defeated="skip",
    )
    for name in ("Mira", "Grub"):
        session.apply(MarkDefeated(ids(session, name)[0]))
    session.apply(StartEncounter())
    assert _holder(session) == "Mira"
    session.apply(EndTurn())
    assert _holder(session) == "Grub"
    assert not any("skipped" in entry.text for entry in session.encounter.log)


def test_a_whole_round_of_skips_stops():
    """Only a turn of no combatant (the Soulweaver's) stays: the skips stop there."""
    session = session_with(
        "priority", ("Ayla", "party", {"zeal": 20}), ("Bren", "enemy", {"zeal": 5})
    )
    session.apply(StartEncounter())
    session.apply(MarkDefeated(ids(session, "Bren")[0]))
    session.apply(EditCombatant(ids(session, "Ayla")[0], {"notes": "down soon"}))
    session.apply(MarkDefeated(ids(session, "Ayla")[0]))
    session.apply(EndTurn())  # Ayla's turn ends; everyone is down: no skipping
    assert _holder(session) == "Bren"


# --- War Scroll: the defeated act with Speed 0 -----------------------------------------------
def test_war_scroll_a_defeated_elohim_gets_no_turns_and_columns_follow_the_option():
    session = session_with(
        "war_scroll",
        ("Echthra", "enemy", {"speed": 17, "swiftness": 9, "endurance": 10}),
        ("Kandor", "party", {"speed": 11, "swiftness": 3}),
        columns_on_defeat="shrink",
    )
    session.apply(StartEncounter())
    ruleset = session.ruleset
    assert ruleset.columns(session.encounter) == [0, 2, 1]  # Segments 1, 2, A
    change(session, "-10", "Echthra")
    assert session.encounter.log[-1].text == "Echthra −10 (Endurance 10 → 0; Defeated)."
    assert "re-dealt for Speed 0 (Defeated): none" in session.encounter.log[-2].text
    assert ruleset.columns(session.encounter) == [0, 1]  # shrunk at once
    names = [session.encounter.combatant(t.combatant_id).name for t in session.upcoming_turns()]
    assert "Echthra" not in names[1:]
    session.apply(Revive(ids(session, "Echthra")[0]))
    assert "re-dealt for Speed 17" in session.encounter.log[-2].text


def test_war_scroll_marking_defeated_before_the_war_deals_nothing():
    session = session_with(
        "war_scroll",
        ("Echthra", "enemy", {"speed": 17, "swiftness": 9}),
        ("Kandor", "party", {"speed": 11, "swiftness": 3}),
    )
    session.apply(MarkDefeated(ids(session, "Echthra")[0]))
    assert session.ruleset.columns(session.encounter) == [0, 1]
    session.apply(Revive(ids(session, "Echthra")[0]))
    assert session.ruleset.columns(session.encounter) == [0, 2, 1]
