"""Conflict in / out (entering by choice, Conflict Action, hit, GM; leaving aware = Major
+ Poise DL 9 + Grit Pips, unaware = a Minor) and the Overexertion reminder after each
minute (12 rounds) in Conflict."""

from __future__ import annotations

from tests.engine.test_priority_helpers import (
    act,
    add,
    answer,
    assert_refused,
    cast_session,
    combatant,
    current,
    do,
    end,
    grant,
    labels,
    logs,
    markers,
    new_logs,
    play_round,
    refused_action,
    started,
    summary,
)
from tracker.engine import EditCombatant, EndTurn, MoveCombatant, StartEncounter
from tracker.engine.rulesets.priority.state import Reminder


def in_conflict(session, name: str) -> bool:
    return combatant(session, name).stats["conflict"]


# --- Conflict ------------------------------------------------------------------------------
def test_everyone_starts_in_conflict_unless_the_gm_says_otherwise():
    session, ids = cast_session()
    add(session, "Eli", 5, conflict=False)  # rolled Poise DL 6 not to enter
    assert markers(session, "Ayla") == ("in Conflict",)
    assert markers(session, "Eli") == ()
    do(session, StartEncounter())
    # Eli is out of Conflict but still acts in Priority.
    assert [t.values.get("zeal") for t in session.upcoming_turns(5)] == [20, 15, 12, 8, 5]


def test_leaving_aware_of_a_threat_takes_a_major_and_poise_against_9_plus_grit():
    session, ids = started()
    end(session, 2)  # Cato up: Grit Pips 2 → DL 11
    assert session.current_turn().values["leave_dl"] == 11
    act(session, "leave_conflict", ids["Cato"], how="aware", poise=10)
    assert logs(session)[-1] == (
        "Cato tries to leave Conflict (Major Action): Poise 10 against DL 11 "
        "(9 + 2 Grit Pips) fails; it stays in Conflict (Major 0 · Minor 1 left)."
    )
    assert in_conflict(session, "Cato")
    error = refused_action(session, "leave_conflict", ids["Cato"], "DL 11", how="aware", poise=12)
    assert "no Major Action left" in error.message
    act(session, "leave_conflict", ids["Cato"], how="unaware")
    assert logs(session)[-1] == (
        "Cato leaves Conflict, aware of no threat, paying a Minor (Major 0 · Minor 0 left)."
    )
    assert not in_conflict(session, "Cato")
    assert "in Conflict" not in markers(session, "Cato")
    refused_action(session, "leave_conflict", ids["Cato"], "not in Conflict", how="gm")


def test_a_poise_roll_equal_to_the_dl_succeeds():
    session, ids = started()
    act(session, "leave_conflict", ids["Ayla"], how="aware", poise=9)  # DL 9 + 0
    assert logs(session)[-1] == (
        "Ayla leaves Conflict (Major Action): Poise 9 against DL 9 (9 + 0 Grit Pips) "
        "succeeds (Major 0 · Minor 2 left)."
    )
    assert not in_conflict(session, "Ayla")
    assert grant(session) == "Major 0 · Minor 2"


def test_leaving_is_an_action_of_the_creatures_own_turn_unless_the_gm_sets_it():
    session, ids = started()
    refused_action(session, "leave_conflict", ids["Bren"], "not Bren's turn", how="aware", poise=20)
    refused_action(session, "leave_conflict", ids["Bren"], "not Bren's turn", how="unaware")
    act(session, "leave_conflict", ids["Bren"], how="gm")
    assert logs(session)[-1] == "Bren leaves Conflict (set by the Soulweaver)."
    assert current(session) == "Ayla"
    assert session.current_turn().values["begun"] is False  # nothing of Ayla's began


def test_entering_conflict():
    session, ids = started()
    act(session, "leave_conflict", ids["Bren"], how="gm")
    act(session, "leave_conflict", ids["Dara"], how="gm")
    act(session, "leave_conflict", ids["Cato"], how="gm")
    # By choice, any time, as a Minor Action: Bren pays off his turn.
    act(session, "enter_conflict", ids["Bren"], how="minor")
    assert logs(session)[-1] == (
        "Bren enters Conflict (by choice, a Minor Action), paying a Minor (Major 1 · Minor 0 left)."
    )
    assert markers(session, "Bren") == ("in Conflict",)
    assert "Major 1 · Minor 0" in summary(session, "Bren")
    act(session, "enter_conflict", ids["Dara"], how="hit")
    assert logs(session)[-1] == "Dara enters Conflict (an attack succeeded against it)."
    act(session, "enter_conflict", ids["Cato"], how="conflict_action")
    assert logs(session)[-1] == "Cato enters Conflict (by taking a Conflict Action)."
    refused_action(session, "enter_conflict", ids["Cato"], "already in Conflict", how="gm")
    refused_action(session, "enter_conflict", None, "choose the creature", how="gm")


def test_entering_by_choice_on_the_own_turn_begins_it_and_needs_a_pip():
    session, ids = cast_session()
    do(session, EditCombatant(ids["Ayla"], {"conflict": False}))
    do(session, StartEncounter())
    act(session, "enter_conflict", ids["Ayla"], how="minor")
    assert logs(session)[-2:] == [
        "Ayla's turn begins: Major 1 · Minor 2.",
        "Ayla enters Conflict (by choice, a Minor Action), paying a Minor "
        "(Major 1 · Minor 1 left).",
    ]
    assert grant(session) == "Major 1 · Minor 1"
    act(session, "leave_conflict", ids["Ayla"], how="unaware")
    act(session, "enter_conflict", ids["Ayla"], how="minor")  # the Major pays
    act(session, "leave_conflict", ids["Ayla"], how="gm")
    refused_action(session, "enter_conflict", ids["Ayla"], "no Minor or Major", how="minor")


def test_conflict_actions_before_the_start():
    session, ids = cast_session()
    act(session, "leave_conflict", ids["Dara"], how="gm")
    assert not in_conflict(session, "Dara")
    refused_action(session, "enter_conflict", ids["Dara"], "not started", how="minor")
    refused_action(session, "leave_conflict", ids["Ayla"], "not started", how="aware")


# --- Overexertion --------------------------------------------------------------------------
def test_after_a_minute_in_conflict_each_creature_is_reminded_in_turn():
    session, ids = started()
    for _ in range(11):
        play_round(session)
    end(session, 4)  # Round 12: Ayla, Bren, Cato, Dara
    since = len(session.encounter.log)
    end(session)  # the Soulweaver: 12 rounds = 60 s in Conflict
    assert new_logs(session, since) == [
        "The Soulweaver's turn ends.",
        "Ayla has been in Conflict for 1 minute: roll Overexertion.",
        "Bren has been in Conflict for 1 minute: roll Overexertion.",
        "Cato has been in Conflict for 1 minute: roll Overexertion.",
        "Dara has been in Conflict for 1 minute: roll Overexertion.",
        "Round 13 begins (60 s).",
        "Round 13: Ayla's turn.",
    ]
    prompt = session.prompt()
    assert prompt.key == ("overexertion", ids["Ayla"], 1)
    assert prompt.title == "Overexertion"
    assert prompt.question == (
        "Ayla has been in Conflict for 1 minute (12 rounds): roll Overexertion."
    )
    assert prompt.asks == ids["Ayla"]
    assert prompt.context == (
        "Ayla: minute 1",
        "Bren: minute 1",
        "Cato: minute 1",
        "Dara: minute 1",
    )
    assert labels(session) == ["Rolled"]
    assert [f.name for f in prompt.answers[0].fields] == ["result"]
    assert markers(session, "Ayla") == ("in Conflict", "Overexertion due")
    assert_refused(session, EndTurn(), "First answer: Overexertion")
    refused_action(session, "begin_turn", None, "First answer")
    answer(session, "Rolled", result="Tier 2: 1 Fatigue")
    assert logs(session)[-1] == (
        "Ayla rolls Overexertion after 1 minute in Conflict: Tier 2: 1 Fatigue."
    )
    refused_action(session, "overexertion", ids["Ayla"], "owes no Overexertion")
    for name in ("Bren", "Cato", "Dara"):
        assert session.prompt().asks == ids[name]
        answer(session, "Rolled")
    assert logs(session)[-1] == "Dara rolls Overexertion after 1 minute in Conflict."
    assert session.prompt() is None
    end(session)
    assert current(session) == "Bren"


def test_the_minute_is_counted_per_creature_while_it_is_in_conflict():
    session, ids = cast_session()
    do(session, EditCombatant(ids["Bren"], {"conflict": False}))  # never in Conflict
    do(session, StartEncounter())
    for _ in range(4):
        play_round(session)  # Rounds 1-4: Dara counts 4
    act(session, "leave_conflict", ids["Dara"], how="gm")  # Round 5: back to 0
    play_round(session)
    act(session, "enter_conflict", ids["Dara"], how="hit")  # Round 6: from 0 again
    for _ in range(6):
        play_round(session)  # Rounds 6-11
    end(session, 5)  # Round 12 ends
    # Ayla and Cato: 12 rounds. Dara: rounds 6-12 = 7. Bren: none.
    assert session.encounter.clock.overexertion == [
        Reminder(ids["Ayla"], 1),
        Reminder(ids["Cato"], 1),
    ]
    answer(session, "Rolled")
    answer(session, "Rolled")
    for _ in range(5):
        play_round(session)  # Rounds 13-17: Dara reaches 12 at the end of Round 17
    assert session.encounter.clock.round == 18
    assert session.encounter.clock.overexertion == [Reminder(ids["Dara"], 1)]
    assert combatant(session, "Ayla").runtime.conflict_rounds == 17


def test_a_second_minute_asks_again():
    session, ids = cast_session()
    for name in ("Bren", "Cato", "Dara"):
        do(session, EditCombatant(ids[name], {"conflict": False}))
    do(session, StartEncounter())
    for round_ in range(1, 25):
        play_round(session)
        if round_ in (12, 24):
            minute = round_ // 12
            assert session.prompt().key == ("overexertion", ids["Ayla"], minute)
            answer(session, "Rolled", result=f"minute {minute}")
    assert logs(session, "action") == [
        "Ayla rolls Overexertion after 1 minute in Conflict: minute 1.",
        "Ayla rolls Overexertion after 2 minutes in Conflict: minute 2.",
    ]


def test_the_gm_turning_conflict_off_and_on_restarts_the_count():
    session, ids = started()
    for _ in range(3):
        play_round(session)
    assert combatant(session, "Bren").runtime.conflict_rounds == 3
    do(session, EditCombatant(ids["Bren"], {"conflict": False}))
    do(session, EditCombatant(ids["Bren"], {"conflict": True}))
    assert combatant(session, "Bren").runtime.conflict_rounds == 0


def test_overexertion_is_asked_before_the_pause_for_waiting_creatures():
    session, ids = started()
    for _ in range(11):
        play_round(session)
    end(session, 3)  # Round 12: Ayla, Bren, Cato; Dara up
    act(session, "wait")  # Dara waits; the Soulweaver's turn begins at once
    end(session)  # Round 12 ends: four reminders, then Dara may act as Round 13 begins
    assert [session.prompt().title, session.prompt().asks] == ["Overexertion", ids["Ayla"]]
    refused_action(session, "act_now", ids["Dara"], "First answer: Overexertion")
    assert_refused(session, MoveCombatant(ids["Dara"], 0), "First answer: Overexertion")
    for _ in range(4):
        answer(session, "Rolled")
    assert session.prompt().key == ("act_now", 13, "soulweaver", (ids["Dara"],))
    do(session, MoveCombatant(ids["Dara"], 0))  # the top: she acts now
    assert current(session) == "Dara"
    assert session.current_turn().values["begun"] is True
