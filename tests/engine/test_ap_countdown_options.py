"""The encounter options, each way: base initiative per fight or per round, ties,
initiative below 0, late joiners; and their wording, as in the rules file."""

from __future__ import annotations

from tests.engine.test_ap_countdown_helpers import (
    act,
    add,
    answer,
    cid,
    count,
    due,
    end_turns_until,
    enter,
    fight,
    log_texts,
    new,
    phase,
    prompt,
    refused,
    ruleset,
    runtime,
    value,
    who,
)
from tracker.engine import EndTurn, MoveCombatant, SetOption, StartEncounter
from tracker.engine.registry import get_ruleset


def test_the_five_options_in_the_words_of_the_rules_defaults_first():
    options = get_ruleset("ap_countdown").options
    assert [(c.label, [text for _, text in c.values]) for c in options] == [
        ("Base initiative", ["rolled once per fight", "rolled anew each round"]),
        ("Ties on the countdown", ["higher Qu first, then the GM decides", "simultaneous"]),
        (
            "A multi-round action's resolution value in its last round",
            ["base + 5 × (4 − the AP still needed) — i.e. where its AP run out"],
        ),
        ("Initiative below 0", ["allowed (the count goes on)", "floored at 0"]),
        (
            "A late joiner",
            [
                "enters at the next round's Initiative phase",
                "enters now with base + 5 × 4 if that value has not passed yet",
            ],
        ),
    ]
    assert get_ruleset("ap_countdown").default_options() == {
        "base_initiative": "per_fight",
        "ties": "qu_then_gm",
        "multi_round_value": "where_ap_run_out",
        "below_zero": "allowed",
        "late_joiner": "next_round",
    }


# --- option 1: base initiative --------------------------------------------------------
def test_base_initiative_rolled_once_per_fight():
    session = fight([("Hauser", 15, 1)])
    end_turns_until(session, "upkeep")
    session.apply(EndTurn())
    assert phase(session) == "initiative" and runtime(session, "Hauser").base == 15
    assert prompt(session).key == ("initiative", 2)  # nothing to roll
    session.apply(EndTurn())
    assert due(session) == ("Hauser", "declare", 35)


def test_base_initiative_rolled_anew_each_round():
    session = fight([("Hauser", 15, 1)], base_initiative="per_round")
    end_turns_until(session, "upkeep")
    session.apply(EndTurn())
    assert runtime(session, "Hauser").base is None
    assert prompt(session).key == ("base", 2, cid(session, "Hauser"))
    error = refused(session, EndTurn())
    assert error.message == "Hauser has no base initiative yet: roll or enter it first."
    answer(session, "Enter the dice result", roll=7)
    assert runtime(session, "Hauser").base == 8
    session.apply(EndTurn())
    assert due(session) == ("Hauser", "declare", 28)


# --- option 2: ties -------------------------------------------------------------------
def tied(**options: str):
    return fight([("Aurel", 10, 2), ("Brakk", 10, 5), ("Cira", 10, 5)], **options)


def test_ties_go_to_the_higher_qu_then_the_gm_orders_them_by_drag():
    session = tied()
    assert [c.name for c in session.encounter.combatants] == ["Brakk", "Cira", "Aurel"]
    assert due(session) == ("Brakk", "declare", 30)
    error = refused(session, MoveCombatant(cid(session, "Aurel"), 0))
    assert error.message.startswith("Aurel cannot pass Brakk: the countdown is ordered by value")
    session.apply(MoveCombatant(cid(session, "Cira"), 0))  # Brakk and Cira tie: the GM's
    assert due(session) == ("Cira", "declare", 30)
    act(session, "done")
    assert due(session) == ("Brakk", "declare", 30)
    act(session, "done")
    assert due(session) == ("Aurel", "declare", 30)
    turn = session.current_turn()
    assert turn is not None and turn.values["simultaneous"] == ()


def test_ties_simultaneous():
    session = tied(ties="simultaneous")
    assert [c.name for c in session.encounter.combatants] == ["Aurel", "Brakk", "Cira"]
    assert due(session) == ("Aurel", "declare", 30)  # Qu does not count
    turn = session.current_turn()
    assert turn is not None
    assert turn.values["simultaneous"] == (cid(session, "Brakk"), cid(session, "Cira"))
    assert "Simultaneous at 30 with Brakk, Cira: their results land together." in (
        prompt(session).context
    )
    session.apply(MoveCombatant(cid(session, "Aurel"), 2))  # all three tie: any order
    assert due(session) == ("Brakk", "declare", 30)


def test_switching_ties_to_qu_mid_round_re_orders_the_list_at_once():
    session = tied(ties="simultaneous")
    assert [c.name for c in session.encounter.combatants] == ["Aurel", "Brakk", "Cira"]
    session.apply(SetOption("ties", "qu_then_gm"))
    # All at 10 + 20 = 30: Qu 5, 5, 2 → Brakk and Cira (in their order), then Aurel.
    assert [c.name for c in session.encounter.combatants] == ["Brakk", "Cira", "Aurel"]
    error = refused(session, MoveCombatant(cid(session, "Aurel"), 0))
    assert error.message.startswith("Aurel cannot pass Brakk")
    session.undo()
    assert [c.name for c in session.encounter.combatants] == ["Aurel", "Brakk", "Cira"]


# --- option 4: initiative below 0 -----------------------------------------------------
def test_initiative_below_0_allowed_the_count_goes_on():
    session = fight([("Goblin", -7, 0)])
    assert due(session) == ("Goblin", "declare", 13)
    act(session, "declare", action="dodge")
    assert due(session) == ("Goblin", "resolve", -7)
    assert count(session) == -7 and value(session, "Goblin") == -7


def test_initiative_below_0_floored_at_0():
    session = fight([("Goblin", -7, 0), ("Slug", -25, 0)], below_zero="floored")
    assert value(session, "Slug") == 0  # -25 + 20 = -5
    assert due(session) == ("Goblin", "declare", 13)
    act(session, "declare", action="dodge")  # 13 − 20 = -7 → 0
    assert due(session) == ("Goblin", "resolve", 0)
    assert runtime(session, "Goblin").base == -7  # the base is kept as rolled
    assert ruleset(session).summary(session.encounter, who(session, "Goblin")) == "0 (base -7)"
    answer(session, "Resolved")
    assert due(session) == ("Slug", "declare", 0)
    act(session, "declare", action="shift item to other hand")
    assert due(session) == ("Slug", "resolve", 0)


def test_switching_to_floored_mid_round_never_raises_the_count():
    session = fight([("Goblin", -7, 0), ("Orc", 10, 0)])
    act(session, "declare", action="dodge")  # the Orc: 30 → 10
    act(session, "declare", action="dodge")  # the Goblin: 13 → -7
    assert count(session) == 10
    session.apply(SetOption("below_zero", "floored"))
    answer(session, "Resolved")
    assert due(session) == ("Goblin", "resolve", 0)


# --- option 5: late joiners -----------------------------------------------------------
def test_a_late_joiner_enters_at_the_next_initiative_phase():
    session = fight([("Hauser", 15, 1)])
    add(session, "Wolf", 2, side="enemy")
    assert "Wolf joins late: enters at round 2's Initiative phase." in log_texts(session)
    assert ruleset(session).markers(session.encounter, who(session, "Wolf")) == (
        "joins in round 2",
    )
    assert prompt(session).key[0] == "declare"  # nobody asks for the Wolf's base yet
    enter(session, "Wolf", 12)  # may be rolled ahead
    assert due(session) == ("Hauser", "declare", 35)
    end_turns_until(session, "upkeep")
    session.apply(EndTurn())
    session.apply(EndTurn())
    assert due(session) == ("Hauser", "declare", 35)
    session.apply(EndTurn())
    assert due(session) == ("Wolf", "declare", 32)


def test_a_late_joiner_enters_now_when_base_plus_20_has_not_passed():
    session = fight([("Hauser", 15, 1)], late_joiner="now")
    act(session, "declare", action="melee attack", ap=2)  # Hauser: 35 → 25
    add(session, "Wolf", 2, side="enemy")
    asked = prompt(session)
    assert asked.key == ("base", 1, cid(session, "Wolf"))
    assert "It enters now if base + 20 has not passed the count (25)." in asked.question
    answer(session, "Enter the base", base=3)  # 3 + 20 = 23: not passed
    assert "Wolf enters the countdown at 23." in log_texts(session)
    answer(session, "Resolved")  # Hauser at 25
    act(session, "done")
    assert due(session) == ("Wolf", "declare", 23)


def test_a_late_joiner_whose_base_plus_20_has_passed_waits_for_the_next_round():
    session = fight([("Hauser", 15, 1)], late_joiner="now")
    act(session, "declare", action="melee attack", ap=2)  # the count goes to 25
    add(session, "Wolf", 2, side="enemy")
    answer(session, "Enter the dice result", roll=8)  # 8 + 2 = 10: 30 has passed
    assert runtime(session, "Wolf").joins == 2
    assert "Wolf: 30 has passed (the count is 25); enters at round 2's Initiative phase." in (
        log_texts(session)
    )
    assert prompt(session).key[0] == "resolve"
    end_turns_until(session, "upkeep")
    session.apply(EndTurn())
    session.apply(EndTurn())
    assert due(session) == ("Hauser", "declare", 35)
    session.apply(EndTurn())
    assert due(session) == ("Wolf", "declare", 30)


def test_joining_in_the_initiative_phase_or_before_the_fight_is_not_late():
    session = fight([("Hauser", 15, 1)], countdown=False)
    add(session, "Wolf", 2)
    assert runtime(session, "Wolf").joins == 1
    assert prompt(session).key == ("base", 1, cid(session, "Wolf"))
    session2 = fight([("Hauser", 15, 1)])
    end_turns_until(session2, "upkeep")
    add(session2, "Wolf", 2)  # during Upkeep: the next round
    assert runtime(session2, "Wolf").joins == 2


def test_a_combatant_added_before_the_start_rolls_in_the_first_initiative_phase():
    session = new()
    add(session, "Hauser", 1)
    session.apply(StartEncounter())
    assert prompt(session).key == ("base", 1, cid(session, "Hauser"))


def test_a_base_entered_during_upkeep_counts_for_the_next_round_even_rolled_each_round():
    session = fight([("Hauser", 15, 1)], late_joiner="now", base_initiative="per_round")
    add(session, "Wolf", 2)  # enters now once its base is known; the GM does not enter it
    end_turns_until(session, "upkeep")
    enter(session, "Wolf", 12)
    session.apply(EndTurn())  # round 2: Hauser rolls anew; the Wolf's base is this round's
    assert runtime(session, "Wolf").base == 12
    assert prompt(session).key == ("base", 2, cid(session, "Hauser"))
