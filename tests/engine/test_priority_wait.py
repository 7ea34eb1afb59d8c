"""Waiting: "wait" as a turn would start, the "act now" prompt after every later turn,
the new place in Priority for good, the choice at the Soulweaver's turn, drags (delay,
act now, tie order) and a save → load round trip while creatures wait."""

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
    order,
    refused_action,
    reloaded,
    started,
    upcoming,
)
from tracker.engine import EndTurn, MoveCombatant, RulesetAction, StartEncounter


def test_wait_then_act_now_moves_the_creature_for_good():
    session, ids = started()
    act(session, "wait")
    assert current(session) == "Bren"
    assert markers(session, "Ayla") == ("in Conflict", "waiting")
    assert logs(session)[-2:] == ["Ayla waits.", "Round 1: Bren's turn."]
    assert session.status() == (
        "Round 1 · 0 s · Bren: Major 1 · Minor 1 (up: may wait) · waiting: Ayla"
    )
    # She keeps waiting (default), so she has no turn of her own in the Round 2 preview.
    assert upcoming(session, 8) == [
        (1, "Bren"),
        (1, "Cato"),
        (1, "Dara"),
        (1, "Soulweaver"),
        (2, "Bren"),
        (2, "Cato"),
        (2, "Dara"),
        (2, "Soulweaver"),
    ]
    assert session.prompt() is None  # nothing to decide until a turn ends
    end(session)  # Bren's turn
    prompt = session.prompt()
    assert prompt.key == ("act_now", 1, ids["Bren"], (ids["Ayla"],))
    assert prompt.title == "Waiting creatures"
    assert prompt.question == "Bren's turn is over: does a waiting creature take its turn now?"
    assert labels(session) == ["Ayla acts now", "No one acts now"]
    assert prompt.asks == ids["Ayla"]
    assert prompt.context == ("Waiting: Ayla", "Next otherwise: Cato")
    # Cato's turn is up but waits for the answer.
    assert current(session) == "Cato"
    assert session.current_turn().values["begun"] is False
    assert_refused(session, EndTurn(), "First answer: Waiting creatures")
    refused_action(session, "wait", None, "First answer")
    refused_action(session, "major", None, "First answer")

    answer(session, "Ayla acts now")
    # Right after Bren, whose turn just ended: place 2, for good.
    assert order(session) == ["Bren", "Ayla", "Cato", "Dara"]
    assert current(session) == "Ayla"
    turn = session.current_turn()
    assert (turn.values["begun"], turn.values["place"], turn.grant) == (
        True,
        2,
        "Major 1 · Minor 2",
    )
    assert logs(session)[-2:] == [
        "Ayla acts now, after Bren's turn: its place in Priority is now 2.",
        "Ayla's turn begins: Major 1 · Minor 2.",
    ]
    assert markers(session, "Ayla") == ("in Conflict",)
    assert session.prompt() is None
    end(session)
    assert current(session) == "Cato"
    assert session.prompt() is None  # nobody waits any more
    assert upcoming(session, 7) == [
        (1, "Cato"),
        (1, "Dara"),
        (1, "Soulweaver"),
        (2, "Bren"),
        (2, "Ayla"),
        (2, "Cato"),
        (2, "Dara"),
    ]


def test_undo_of_act_now_brings_back_the_order_and_the_question():
    session, ids = started()
    act(session, "wait")
    end(session)
    prompt = session.prompt()
    session.apply(RulesetAction("act_now", ids["Ayla"]))
    session.undo()
    assert order(session) == ["Ayla", "Bren", "Cato", "Dara"]
    assert session.prompt() == prompt
    assert markers(session, "Ayla") == ("in Conflict", "waiting")


def test_still_waiting_at_the_soulweavers_turn_keeps_waiting_by_default():
    session, ids = started()
    end(session)  # Ayla
    act(session, "wait")  # Bren
    end(session)  # Cato
    answer(session, "No one acts now")
    assert logs(session)[-2:] == ["No waiting creature acts now.", "Round 1: Dara's turn."]
    end(session)  # Dara: the Soulweaver is next, but first the question again
    assert session.prompt().context == ("Waiting: Bren", "Next otherwise: the Soulweaver")
    assert session.current_turn().values["begun"] is False
    answer(session, "No one acts now")
    assert current(session) == "Soulweaver"
    assert session.current_turn().values["begun"] is True
    since = len(session.encounter.log)
    end(session)  # the Soulweaver's turn
    assert new_logs(session, since) == [
        "The Soulweaver's turn ends.",
        "Bren is still waiting: its effects tick as if its turn had started.",
        "Round 2 begins (5 s).",
        "Waiting (Bren) may act now.",
    ]
    prompt = session.prompt()
    assert prompt.key == ("act_now", 2, "soulweaver", (ids["Bren"],))
    assert prompt.question == "Round 2 begins: does a waiting creature take its turn now?"
    answer(session, "Bren acts now")
    # After the Soulweaver's turn: the top of Priority.
    assert order(session) == ["Bren", "Ayla", "Cato", "Dara"]
    assert (
        logs(session)[-2] == "Bren acts now, as the round begins: its place in Priority is now 1."
    )
    end(session)
    assert current(session) == "Ayla"
    assert upcoming(session, 6) == [
        (2, "Ayla"),
        (2, "Cato"),
        (2, "Dara"),
        (2, "Soulweaver"),
        (3, "Bren"),
        (3, "Ayla"),
    ]


def test_keeping_on_waiting_through_a_whole_round():
    session, ids = started()
    end(session)  # Ayla
    act(session, "wait")  # Bren
    end(session)  # Cato → pause
    answer(session, "No one acts now")
    end(session)  # Dara → pause
    answer(session, "No one acts now")
    end(session)  # the Soulweaver → Round 2 → pause
    answer(session, "No one acts now")
    # Round 2: Ayla is up; Bren still waits and gets no normal turn this round.
    assert session.encounter.clock.round == 2
    assert current(session) == "Ayla"
    assert markers(session, "Bren") == ("in Conflict", "waiting")
    assert [name for r, name in upcoming(session, 5)] == [
        "Ayla",
        "Cato",
        "Dara",
        "Soulweaver",
        "Ayla",
    ]
    end(session)
    assert session.prompt().context == ("Waiting: Bren", "Next otherwise: Cato")


def test_still_waiting_at_the_soulweavers_turn_loses_the_turn_with_that_option():
    session, ids = started(waiting_at_soulweaver="lose_turn")
    end(session)  # Ayla
    act(session, "wait")  # Bren
    # With this option he is back at his place next round.
    assert upcoming(session, 5) == [
        (1, "Cato"),
        (1, "Dara"),
        (1, "Soulweaver"),
        (2, "Ayla"),
        (2, "Bren"),
    ]
    end(session)
    answer(session, "No one acts now")
    end(session)
    answer(session, "No one acts now")
    since = len(session.encounter.log)
    end(session)  # the Soulweaver's turn
    assert new_logs(session, since) == [
        "The Soulweaver's turn ends.",
        "Bren is still waiting: its effects tick as if its turn had started.",
        "Bren loses Round 1's turn.",
        "Round 2 begins (5 s).",
        "Round 2: Ayla's turn.",
    ]
    assert session.prompt() is None
    assert order(session) == ["Ayla", "Bren", "Cato", "Dara"]
    assert "waiting" not in markers(session, "Bren")
    end(session)
    assert current(session) == "Bren"


def test_several_waiting_creatures():
    session, ids = started()
    act(session, "wait")  # Ayla
    act(session, "wait")  # Bren
    assert current(session) == "Cato"
    end(session)
    assert labels(session) == ["Ayla acts now", "Bren acts now", "No one acts now"]
    assert session.prompt().asks is None  # two controllers
    answer(session, "Bren acts now")
    # Bren goes right after Cato; Ayla still waits at her old place.
    assert order(session) == ["Ayla", "Cato", "Bren", "Dara"]
    end(session)
    assert labels(session) == ["Ayla acts now", "No one acts now"]
    answer(session, "Ayla acts now")
    assert order(session) == ["Cato", "Bren", "Ayla", "Dara"]
    end(session)
    assert current(session) == "Dara"
    assert session.prompt() is None


def test_wait_refusals():
    session, ids = cast_session()
    refused_action(session, "wait", None, "not started")
    do(session, StartEncounter())
    refused_action(session, "wait", ids["Bren"], "Only Ayla")
    refused_action(session, "act_now", ids["Ayla"], "only after a turn ends")
    refused_action(session, "no_one_acts", None, "only after a turn ends")
    act(session, "minor")  # Ayla's turn begins with her first action
    refused_action(session, "wait", None, "has begun")
    end(session, 4)
    assert current(session) == "Soulweaver"
    refused_action(session, "wait", None, "Soulweaver's turn cannot wait")


def test_act_now_only_for_a_waiting_creature():
    session, ids = started()
    act(session, "wait")
    end(session)
    refused_action(session, "act_now", ids["Dara"], "Dara is not waiting")
    refused_action(session, "act_now", None, "choose the creature")


# --- drags -----------------------------------------------------------------------------
def test_dragging_the_creature_whose_turn_is_up_delays_it():
    session, ids = started()
    do(session, MoveCombatant(ids["Ayla"], 2))
    assert order(session) == ["Bren", "Cato", "Ayla", "Dara"]
    assert current(session) == "Bren"
    assert logs(session)[-3:] == [
        "Ayla delays: its place in Priority is now 3.",
        "Round 1: Bren's turn.",
        "Ayla moved to place 3 in the order.",
    ]
    assert upcoming(session, 9) == [
        (1, "Bren"),
        (1, "Cato"),
        (1, "Ayla"),
        (1, "Dara"),
        (1, "Soulweaver"),
        (2, "Bren"),
        (2, "Cato"),
        (2, "Ayla"),
        (2, "Dara"),
    ]
    end(session, 2)
    assert current(session) == "Ayla"
    assert session.prompt() is None  # a delay is not a wait


def test_drags_that_are_refused_after_the_start():
    session, ids = started()
    act(session, "minor")
    assert_refused(session, MoveCombatant(ids["Ayla"], 2), "has begun")
    end(session)  # Ayla done; Bren up
    assert_refused(session, MoveCombatant(ids["Bren"], 0), "only delay to a later place")
    assert_refused(session, MoveCombatant(ids["Ayla"], 3), "already acted this round")
    assert_refused(session, MoveCombatant(ids["Dara"], 1), "above the current turn")
    # Earlier than its place, past a creature of different Zeal: refused.
    assert_refused(session, MoveCombatant(ids["Dara"], 2), "cannot pass Cato")


def test_dragging_a_creature_still_to_act_later_is_a_delay():
    session, ids = started()
    end(session)  # Bren up
    do(session, MoveCombatant(ids["Cato"], 3))
    assert order(session) == ["Ayla", "Bren", "Dara", "Cato"]
    assert logs(session)[-2] == "Cato delays to place 4 in Priority."
    assert upcoming(session, 4) == [(1, "Bren"), (1, "Dara"), (1, "Cato"), (1, "Soulweaver")]


def test_a_tie_still_to_act_can_be_reordered_both_ways():
    session, ids = cast_session()
    eli = add(session, "Eli", 12)
    assert order(session) == ["Ayla", "Bren", "Cato", "Eli", "Dara"]
    do(session, StartEncounter())
    do(session, MoveCombatant(eli, 2))  # past Cato (12 = 12): a tie, not a delay
    assert order(session) == ["Ayla", "Bren", "Eli", "Cato", "Dara"]
    assert "delays" not in logs(session)[-1]
    assert combatant(session, "Eli").runtime.moved is False
    do(session, MoveCombatant(eli, 3))  # and back
    assert order(session) == ["Ayla", "Bren", "Cato", "Eli", "Dara"]
    assert combatant(session, "Eli").runtime.moved is False


def test_dragging_a_waiting_creature():
    session, ids = started()
    act(session, "wait")  # Ayla; Bren up
    do(session, MoveCombatant(ids["Ayla"], 1))  # final place 2: just below Bren
    assert order(session) == ["Bren", "Ayla", "Cato", "Dara"]
    assert logs(session)[-2] == "Ayla stops waiting and will act at place 2 in Priority."
    assert "waiting" not in markers(session, "Ayla")
    assert current(session) == "Bren"
    end(session)
    assert current(session) == "Ayla"
    assert session.current_turn().values["begun"] is False
    assert session.prompt() is None


def test_a_waiting_creature_cannot_be_dragged_into_a_moment_that_passed():
    session, ids = started()
    act(session, "wait")  # Ayla
    act(session, "wait")  # Bren; Cato up
    # Final place 2 = just above Cato: no turn has ended since they waited.
    assert_refused(session, MoveCombatant(ids["Ayla"], 1), "That place has passed")
    end(session)
    answer(session, "No one acts now")  # after Cato
    assert current(session) == "Dara"
    # The Soulweaver's turn: no place is left this round.
    end(session)
    answer(session, "No one acts now")  # after Dara
    assert current(session) == "Soulweaver"
    assert_refused(session, MoveCombatant(ids["Ayla"], 3), "That place has passed")


def test_dragging_a_waiting_creature_into_the_pause_acts_now():
    session, ids = started()
    act(session, "wait")
    end(session)  # Bren; the pause before Cato
    do(session, MoveCombatant(ids["Ayla"], 1))  # just above Cato, whose turn is up
    assert order(session) == ["Bren", "Ayla", "Cato", "Dara"]
    assert current(session) == "Ayla"
    assert session.current_turn().values["begun"] is True
    assert logs(session)[-3:] == [
        "Ayla acts now, after Bren's turn: its place in Priority is now 2.",
        "Ayla's turn begins: Major 1 · Minor 2.",
        "Ayla moved to place 2 in the order.",
    ]
    assert session.prompt() is None


def test_dragging_a_waiting_creature_below_the_turn_up_during_the_pause():
    session, ids = started()
    act(session, "wait")
    end(session)  # Bren; pause; Cato up
    do(session, MoveCombatant(ids["Ayla"], 3))  # below Cato
    assert order(session) == ["Bren", "Cato", "Dara", "Ayla"]
    assert session.prompt() is None  # nobody waits: the pause is over
    assert current(session) == "Cato"
    assert grant(session) == "Major 1 · Minor 1"
    end(session, 2)
    assert current(session) == "Ayla"


# --- save and load -----------------------------------------------------------------------
def test_save_and_load_while_creatures_wait():
    session, ids = started()
    act(session, "wait")  # Ayla
    act(session, "wait")  # Bren
    end(session)  # Cato
    copy = reloaded(session)
    assert copy.prompt() == session.prompt()
    assert copy.prompt().key == ("act_now", 1, ids["Cato"], (ids["Ayla"], ids["Bren"]))
    assert copy.current_turn() == session.current_turn()
    assert copy.upcoming_turns(12) == session.upcoming_turns(12)
    assert copy.status() == session.status()
    for name in ("Ayla", "Bren"):
        assert copy.ruleset.markers(copy.encounter, combatant(copy, name)) == (
            "in Conflict",
            "waiting",
        )
    for each in (session, copy):
        answer(each, "Bren acts now")
        end(each)
    assert copy.encounter.to_dict() == session.encounter.to_dict()
    assert copy.prompt() == session.prompt()
    assert order(copy) == ["Ayla", "Cato", "Bren", "Dara"]


def test_dragging_a_waiting_creature_to_the_end_in_the_pause_before_the_soulweaver():
    session, ids = started()
    act(session, "wait")  # Ayla
    end(session)  # Bren
    answer(session, "No one acts now")
    end(session)  # Cato
    answer(session, "No one acts now")
    end(session)  # Dara: the pause before the Soulweaver's turn
    assert session.current_turn().title == "Soulweaver"
    do(session, MoveCombatant(ids["Ayla"], 3))  # the end of the list: she acts now
    assert order(session) == ["Bren", "Cato", "Dara", "Ayla"]
    assert current(session) == "Ayla"
    assert logs(session)[-3] == "Ayla acts now, after Dara's turn: its place in Priority is now 4."
    end(session)
    assert current(session) == "Soulweaver"
    assert session.current_turn().values["begun"] is True
