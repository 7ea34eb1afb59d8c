"""Action Points inside the War: spending, bonus AP (12-AP cap and spill), Carry Over,
Stand Ready and Rest."""

from __future__ import annotations

import pytest

from tests.engine.helpers import (
    action,
    cells,
    current,
    cycle_turns,
    end_turns,
    left,
    log_kinds,
    play_until,
    sample_session,
    started,
)
from tracker.engine import CommandError, RulesetAction


def assert_refused(session, command):
    """The command raises CommandError, changes nothing and is not in the history."""
    before = session.encounter.to_dict()
    history = len(session.history)
    with pytest.raises(CommandError):
        session.apply(command)
    assert session.encounter.to_dict() == before
    assert len(session.history) == history


# --- spending ----------------------------------------------------------------------------
def test_spend_ap_counts_down_and_refuses_more_than_left():
    session, ids = started()
    action(session, "spend_ap", amount=3)
    assert left(session) == 4
    assert_refused(session, RulesetAction("spend_ap", None, {"amount": 5}))
    action(session, "spend_ap", ids["Echthra"], amount=4)
    assert left(session) == 0
    assert_refused(session, RulesetAction("spend_ap", None, {"amount": 1}))
    # Spending never ends the Turn by itself.
    assert current(session) == ("Echthra", "1", 7)


def test_spend_ap_for_someone_else_or_out_of_range_is_refused():
    session, ids = started()
    assert_refused(session, RulesetAction("spend_ap", ids["Thomas"], {"amount": 1}))
    assert_refused(session, RulesetAction("spend_ap", None, {"amount": 0}))
    assert_refused(session, RulesetAction("spend_ap", None, {"amount": 13}))
    assert_refused(session, RulesetAction("spend_ap", None, {"amount": "x"}))
    assert_refused(session, RulesetAction("no_such_action", None, {}))


def test_actions_before_the_war_are_refused():
    session, ids = sample_session()
    assert_refused(session, RulesetAction("spend_ap", None, {"amount": 1}))
    assert_refused(session, RulesetAction("carry_over", None, {"amount": 1}))
    assert_refused(session, RulesetAction("stand_ready", None, {}))
    assert_refused(session, RulesetAction("rest", None, {}))
    assert_refused(session, RulesetAction("bonus_ap", ids["Echthra"], {"amount": 1}))


# --- bonus AP ----------------------------------------------------------------------------
def test_bonus_to_current_turn():
    session, ids = started()
    action(session, "spend_ap", amount=5)
    action(session, "bonus_ap", ids["Echthra"], amount=3, turn="current")
    # 7 + 3 = 10 AP this Turn, 5 spent → 5 left.
    assert current(session) == ("Echthra", "1", 10)
    assert left(session) == 5
    assert cells(session, "Echthra")["1"] == (10, "current")
    # Only this Turn: the rest of her Cycle is unchanged.
    assert [t for t in cycle_turns(session) if t[0] == "Echthra"] == [
        ("Echthra", "1", 10),
        ("Echthra", "2", 3),
        ("Echthra", "A", 7),
    ]


def test_bonus_to_own_next_turn_and_to_someone_elses_next_turn():
    session, ids = started()
    # Echthra's next Turn is Segment 2 (3 AP): 3 + 2 = 5.
    action(session, "bonus_ap", ids["Echthra"], amount=2, turn="next")
    # Thomas (not acting) gets bonus AP to his next Turn, Segment 1: 7 + 4 = 11.
    action(session, "bonus_ap", ids["Thomas"], amount=4, turn="next")
    assert current(session) == ("Echthra", "1", 7)
    assert cycle_turns(session) == [
        ("Echthra", "1", 7),
        ("Tirzaiel", "1", 7),
        ("Thomas", "1", 11),
        ("Kandor", "1", 7),
        ("Echthra", "2", 5),
        ("Tirzaiel", "2", 2),
        ("Echthra", "A", 7),
        ("Tirzaiel", "A", 7),
        ("Thomas", "A", 5),
        ("Kandor", "A", 4),
    ]
    # Bonus AP are for this Cycle only: Cycle 2 deals afresh.
    assert cycle_turns(session, 2)[2] == ("Thomas", "1", 7)
    assert cycle_turns(session, 2)[4] == ("Echthra", "2", 3)


def test_bonus_to_current_turn_of_someone_else_is_refused():
    session, ids = started()
    assert_refused(
        session, RulesetAction("bonus_ap", ids["Thomas"], {"amount": 2, "turn": "current"})
    )
    assert_refused(session, RulesetAction("bonus_ap", None, {"amount": 2}))
    assert_refused(session, RulesetAction("bonus_ap", "nobody", {"amount": 2}))


def test_bonus_above_12_spills_into_the_next_turn():
    session, ids = started()
    action(session, "bonus_ap", ids["Echthra"], amount=8, turn="current")
    # Segment 1: 7 + 8 = 15 > 12 → 12, 3 spill into her next Turn (Segment 2): 3 + 3 = 6.
    assert current(session) == ("Echthra", "1", 12)
    echthra = [t for t in cycle_turns(session) if t[0] == "Echthra"]
    assert echthra == [("Echthra", "1", 12), ("Echthra", "2", 6), ("Echthra", "A", 7)]
    assert sum(ap for _, _, ap in echthra) == 17 + 8  # nothing lost


def test_bonus_spill_chains_over_two_turns():
    session, ids = started()
    action(session, "bonus_ap", ids["Echthra"], amount=15, turn="current")
    # 15: Segment 1 7 → 12 (+5), 10 left; Segment 2 3 → 12 (+9), 1 left; Segment A 7 → 8.
    echthra = [t for t in cycle_turns(session) if t[0] == "Echthra"]
    assert echthra == [("Echthra", "1", 12), ("Echthra", "2", 12), ("Echthra", "A", 8)]
    assert cells(session, "Echthra") == {
        "1": (12, "current"),
        "2": (12, "pending"),
        "A": (8, "pending"),
    }
    # The Turns are played with those AP.
    end_turns(session, 4)
    assert current(session) == ("Echthra", "2", 12)
    action(session, "spend_ap", amount=12)
    assert left(session) == 0


def test_bonus_to_next_turn_that_is_full_spills_on():
    session, ids = started()
    action(session, "bonus_ap", ids["Thomas"], amount=5, turn="next")  # Segment 1: 7 → 12
    action(session, "bonus_ap", ids["Thomas"], amount=3, turn="next")
    # Segment 1 is full (12): all 3 go on to Segment A: 5 → 8.
    thomas = [t for t in cycle_turns(session) if t[0] == "Thomas"]
    assert thomas == [("Thomas", "1", 12), ("Thomas", "A", 8)]


def test_bonus_spills_into_the_next_cycle():
    session, ids = started()
    play_until(session, "Kandor", "A")
    action(session, "bonus_ap", ids["Kandor"], amount=10, turn="current")
    # Segment A: 4 → 12 (+8); 2 spill into his next Turn, Cycle 2 Segment 1: 7 → 9.
    assert current(session) == ("Kandor", "A", 12)
    assert [t for t in cycle_turns(session, 2) if t[0] == "Kandor"] == [
        ("Kandor", "1", 9),
        ("Kandor", "A", 4),
    ]
    end_turns(session, 1)
    assert session.encounter.clock.cycle == 2
    play_until(session, "Kandor", "1")
    assert current(session) == ("Kandor", "1", 9)
    assert cells(session, "Kandor") == {"1": (9, "current"), "2": (0, "none"), "A": (4, "pending")}
    # And only that Cycle: Cycle 3 is dealt from Speed again.
    assert [t for t in cycle_turns(session, 3) if t[0] == "Kandor"] == [
        ("Kandor", "1", 7),
        ("Kandor", "A", 4),
    ]


def test_bonus_spill_chain_across_the_cycle_boundary():
    session, ids = started()
    play_until(session, "Thomas", "A")
    action(session, "bonus_ap", ids["Thomas"], amount=14, turn="current")
    # A: 5 → 12 (+7), 7 left; Cycle 2 Segment 1: 7 → 12 (+5), 2 left; Cycle 2 A: 5 → 7.
    assert current(session) == ("Thomas", "A", 12)
    assert [t for t in cycle_turns(session, 2) if t[0] == "Thomas"] == [
        ("Thomas", "1", 12),
        ("Thomas", "A", 7),
    ]
    end_turns(session, 2)  # Thomas A, Kandor A → Cycle 2
    assert [t for t in cycle_turns(session) if t[0] == "Thomas"] == [
        ("Thomas", "1", 12),
        ("Thomas", "A", 7),
    ]
    text = log_kinds(session, "action")[-1]
    assert text == (
        "Thomas gains 14 bonus AP: 7 to Segment A, 5 to Segment 1 next Cycle, "
        "2 to Segment A next Cycle."
    )


# --- Carry Over --------------------------------------------------------------------------
def test_carry_over_into_a_next_turn_below_7():
    session, _ = started()
    # Echthra Segment 1 (7 AP); her next Turn is Segment 2 with 3: at most 7 - 3 = 4.
    action(session, "carry_over", amount=3)
    assert left(session) == 4
    action(session, "carry_over", amount=1)  # 3 + 3 + 1 = 7
    assert left(session) == 3
    assert_refused(session, RulesetAction("carry_over", None, {"amount": 1}))
    assert [t for t in cycle_turns(session) if t[0] == "Echthra"] == [
        ("Echthra", "1", 7),
        ("Echthra", "2", 7),
        ("Echthra", "A", 7),
    ]
    end_turns(session, 4)
    assert current(session) == ("Echthra", "2", 7)


def test_carry_over_never_raises_a_turn_above_7():
    session, _ = started()
    play_until(session, "Thomas", "1")
    # Thomas's next Turn is A with 5: 3 would make 8.
    assert_refused(session, RulesetAction("carry_over", None, {"amount": 3}))
    action(session, "carry_over", amount=2)
    assert [t for t in cycle_turns(session) if t[0] == "Thomas"] == [
        ("Thomas", "1", 7),
        ("Thomas", "A", 7),
    ]


def test_carry_over_more_than_left_is_refused():
    session, _ = started()
    action(session, "spend_ap", amount=5)  # 2 left; Segment 2 could take 4
    assert_refused(session, RulesetAction("carry_over", None, {"amount": 3}))
    assert_refused(session, RulesetAction("carry_over", None, {"amount": 8}))
    action(session, "carry_over", amount=2)
    assert left(session) == 0


@pytest.mark.parametrize("carry_target", ["next_turn", "next_below_7"])
def test_carry_over_when_the_next_turn_already_has_7(carry_target):
    session, _ = started(carry_target=carry_target)
    play_until(session, "Echthra", "2")
    # Echthra's Segment 2 Turn (3 AP); her next Turn is Segment A with 7.
    if carry_target == "next_turn":
        assert_refused(session, RulesetAction("carry_over", None, {"amount": 1}))
        return
    # next_below_7 skips A (7) and Cycle 2 Segment 1 (7): Cycle 2 Segment 2, 3 → 6.
    action(session, "carry_over", amount=3)
    assert left(session) == 0
    assert [t for t in cycle_turns(session) if t[0] == "Echthra"] == [
        ("Echthra", "2", 3),
        ("Echthra", "A", 7),
    ]
    assert [t for t in cycle_turns(session, 2) if t[0] == "Echthra"] == [
        ("Echthra", "1", 7),
        ("Echthra", "2", 6),
        ("Echthra", "A", 7),
    ]
    end_turns(session, 6)  # rest of Cycle 1
    play_until(session, "Echthra", "2")
    assert current(session) == ("Echthra", "2", 6)


@pytest.mark.parametrize("carry_target", ["next_turn", "next_below_7"])
def test_carry_over_into_the_next_cycle(carry_target):
    session, _ = started(carry_target=carry_target)
    play_until(session, "Kandor", "A")
    # Kandor's A Turn (4 AP) is his last; his next Turn is Cycle 2 Segment 1 (7).
    if carry_target == "next_turn":
        assert_refused(session, RulesetAction("carry_over", None, {"amount": 2}))
        return
    # next_below_7: Cycle 2 Segment A (4) → 4 + 3 = 7; 4 would be 8.
    assert_refused(session, RulesetAction("carry_over", None, {"amount": 4}))
    action(session, "carry_over", amount=3)
    assert [t for t in cycle_turns(session, 2) if t[0] == "Kandor"] == [
        ("Kandor", "1", 7),
        ("Kandor", "A", 7),
    ]


def test_carry_over_next_turn_option_targets_the_very_next_turn():
    session, _ = started(carry_target="next_turn")
    play_until(session, "Tirzaiel", "2")
    # Tirzaiel's Segment 2 Turn (2 AP); next is A (7): nothing can be carried.
    assert_refused(session, RulesetAction("carry_over", None, {"amount": 1}))
    session2, _ = started(carry_target="next_below_7")
    play_until(session2, "Tirzaiel", "2")
    # The first later Turn below 7 is Cycle 2 Segment 2 (2 AP): 2 + 2 = 4.
    action(session2, "carry_over", amount=2)
    assert [t for t in cycle_turns(session2, 2) if t[0] == "Tirzaiel"][1] == ("Tirzaiel", "2", 4)


# --- Stand Ready and Rest ----------------------------------------------------------------
def test_stand_ready_keeps_unspent_ap_in_reserve_until_the_next_turn():
    session, ids = started()
    action(session, "spend_ap", amount=3)
    action(session, "stand_ready")
    # 7 - 3 = 4 AP held; the Turn has nothing left but is still hers to end.
    assert left(session) == 0
    assert current(session) == ("Echthra", "1", 7)
    echthra = session.encounter.combatant(ids["Echthra"])
    assert echthra.runtime.reserve == 4
    assert_refused(session, RulesetAction("stand_ready", None, {}))
    end_turns(session, 1)
    # During Tirzaiel's Turn, Echthra reacts with 3 of them.
    action(session, "use_reserve", ids["Echthra"], amount=3)
    assert session.encounter.combatant(ids["Echthra"]).runtime.reserve == 1
    assert_refused(session, RulesetAction("use_reserve", ids["Echthra"], {"amount": 2}))
    assert_refused(session, RulesetAction("use_reserve", ids["Thomas"], {"amount": 1}))
    assert_refused(session, RulesetAction("use_reserve", None, {"amount": 1}))
    end_turns(session, 2)  # Tirzaiel 1, Thomas 1
    assert session.encounter.combatant(ids["Echthra"]).runtime.reserve == 1
    end_turns(session, 1)  # Kandor 1 → Echthra's Segment 2 Turn: the reserve lapses
    assert current(session) == ("Echthra", "2", 3)
    assert session.encounter.combatant(ids["Echthra"]).runtime.reserve == 0
    assert log_kinds(session, "action")[-1] == "Echthra's 1 reserved AP lapse unused."


def test_reserve_survives_the_cycle_boundary_until_the_characters_turn():
    session, ids = started()
    play_until(session, "Kandor", "A")
    action(session, "stand_ready")  # 4 AP
    end_turns(session, 1)
    assert session.encounter.clock.cycle == 2
    assert current(session) == ("Echthra", "1", 7)
    assert session.encounter.combatant(ids["Kandor"]).runtime.reserve == 4
    action(session, "use_reserve", ids["Kandor"], amount=2)
    play_until(session, "Kandor", "1")
    assert session.encounter.combatant(ids["Kandor"]).runtime.reserve == 0


def test_rest_ends_the_turn_and_unspent_ap_are_gone():
    session, ids = started()
    action(session, "spend_ap", amount=2)
    action(session, "rest")
    assert current(session) == ("Tirzaiel", "1", 7)
    assert cells(session, "Echthra")["1"] == (7, "played")
    assert "Echthra Rests." in log_kinds(session, "action")
    # Nothing carried: her Segment 2 Turn still has 3.
    assert [t for t in cycle_turns(session) if t[0] == "Echthra"] == [
        ("Echthra", "2", 3),
        ("Echthra", "A", 7),
    ]
    assert session.encounter.combatant(ids["Echthra"]).runtime.reserve == 0


# --- which input a refusal is about -------------------------------------------------------
def refusal(session, name, combatant_id=None, **params) -> CommandError:
    error = session.refusal(RulesetAction(name, combatant_id, params))
    assert error is not None
    return error


def test_a_refusal_about_an_amount_or_a_turn_names_that_input():
    """The GUI keeps an action available when only the value asked for is refused."""
    session, ids = started()
    error = refusal(session, "bonus_ap", ids["Thomas"], amount=1, turn="current")
    assert error.field == "turn"
    assert error.message.startswith("It is not Thomas's Turn")
    assert refusal(session, "spend_ap", amount=8).field == "amount"  # 7 left
    assert refusal(session, "carry_over", amount=5).field == "amount"  # Segment 2 has 3
    assert refusal(session, "use_reserve", ids["Echthra"], amount=1).field is None  # none held
    action(session, "spend_ap", amount=2)
    action(session, "stand_ready")
    assert refusal(session, "use_reserve", ids["Echthra"], amount=6).field == "amount"
    # Nothing left to spend or carry: the action itself is refused, not its amount.
    play_until(session, "Tirzaiel", "1")
    action(session, "spend_ap", amount=7)
    assert refusal(session, "spend_ap", amount=1).field is None
    assert refusal(session, "carry_over", amount=1).field is None
