"""Declaring: ranges and their penalties, instantaneous actions, multi-round actions,
the movement pace, holding, being done, abandoning. Values are computed by hand."""

from __future__ import annotations

import pytest

from tests.engine.test_ap_countdown_helpers import (
    act,
    answer,
    answer_labels,
    cid,
    count,
    due,
    end_turns_until,
    fight,
    log_texts,
    phase,
    prompt,
    refused,
    ruleset,
    runtime,
    value,
    who,
)
from tracker.engine import EndTurn, RulesetAction


# --- ranges and penalties -------------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "ap", "resolves", "penalty"),
    [
        ("melee attack", 4, 15, 0),
        ("melee attack", 0, 15, 0),  # 0: the normal maximum
        ("melee attack", 3, 20, -25),
        ("melee attack", 2, 25, -50),
        ("ranged attack", 1, 30, -50),
        ("ranged attack", 2, 25, -25),
        ("perception", 1, 30, -25),
        ("perception", 2, 25, 0),
    ],
)
def test_range_actions_done_faster_show_their_penalty(action, ap, resolves, penalty):
    session = fight([("Hauser", 15, 1)])
    act(session, "declare", action=action, ap=ap)
    assert due(session) == ("Hauser", "resolve", resolves)
    assert ruleset(session).penalty_of(session.encounter, who(session, "Hauser")) == penalty
    shown = f"penalty {penalty} for haste"
    turn = session.current_turn()
    assert turn is not None and turn.values["penalty"] == penalty
    if penalty:
        assert shown in log_texts(session)[-1]
        assert shown in turn.grant
        assert shown in prompt(session).question
    else:
        assert "penalty" not in log_texts(session)[-1]


def test_a_range_outside_its_limits_or_the_ap_left_is_refused():
    session = fight([("Hauser", 15, 1)])
    error = refused(session, RulesetAction("declare", None, {"action": "melee attack", "ap": 1}))
    assert error.field == "ap" and "2–4 AP, not 1" in error.message
    error = refused(session, RulesetAction("declare", None, {"action": "dodge", "ap": 3}))
    assert "Dodge takes 4 AP, not 3" in error.message
    act(session, "declare", action="shift item to other hand")  # 1 AP: 3 left, at 30
    answer(session, "Resolved")
    error = refused(session, RulesetAction("declare", None, {"action": "melee attack"}))
    assert error.message == (
        "Melee Attack needs 4 AP; Hauser has 3 left this round (done faster: 2–3 AP, -25 per "
        "AP below 4)."
    )
    error = refused(session, RulesetAction("declare", None, {"action": "movement"}))
    assert error.field == "action"
    act(session, "declare", action="get item from ground")  # 3 AP, fits exactly
    assert due(session) == ("Hauser", "resolve", 15)


def test_the_declare_prompt_offers_only_what_fits():
    session = fight([("Hauser", 15, 1)])
    act(session, "declare", action="eat or drink (herb/potion)")  # 2 AP: 25
    answer(session, "Resolved")
    act(session, "declare", action="draw weapon/ammo/item")  # 1 AP: 20
    answer(session, "Resolved")
    assert due(session) == ("Hauser", "declare", 20)
    labels = answer_labels(session)
    assert "Melee Attack (2–4 AP)" not in labels  # needs 2 at least; 1 left
    assert "Perception (1–2 AP)" in labels and "Ranged Attack (1–3 AP)" in labels
    ranged = next(a for a in prompt(session).answers if a.label.startswith("Ranged"))
    assert (ranged.fields[0].minimum, ranged.fields[0].maximum) == (1, 1)
    table = prompt(session).answers[0].fields[0]
    assert "dodge" not in table.choices and "reload" in table.choices
    assert "drop item" in table.choices and "movement" not in table.choices


# --- movement pace --------------------------------------------------------------------
def test_the_pace_penalty_shows_on_every_other_action_of_the_round():
    session = fight([("Hauser", 15, 1), ("Orc", 10, 0)])
    answer(session, "Movement pace", penalty=-10)
    assert "every other action this round at -10" in log_texts(session)[-1]
    answer(session, "Melee Attack", ap=3)
    expected = "penalty -35 (-25 for haste, -10 for pace)"
    assert expected in log_texts(session)[-1]
    assert ruleset(session).penalty_of(session.encounter, who(session, "Hauser")) == -35
    assert "pace -10" in ruleset(session).markers(session.encounter, who(session, "Hauser"))
    answer(session, "From the AP table", action="dodge")  # the Orc, at 30
    assert due(session) == ("Hauser", "resolve", 20)
    assert expected in prompt(session).question
    turn = session.current_turn()
    assert turn is not None and expected in turn.grant and turn.values["pace"] == -10
    answer(session, "Resolved")
    answer(session, "Instantaneous", name="Drop shield")
    assert "penalty -10 for pace" in log_texts(session)[-1]
    answer(session, "Free-form action", name="Kick", ap=1)
    assert "penalty -10 for pace" in log_texts(session)[-1]
    # A new round has no pace until the GM enters one.
    end_turns_until(session, "initiative")
    assert runtime(session, "Hauser").pace == 0


# --- instantaneous actions --------------------------------------------------------------
def test_the_first_instantaneous_action_of_a_round_is_free_then_1_ap_each():
    session = fight([("Hauser", 15, 1), ("Orc", 10, 0)])
    answer(session, "Instantaneous action (free)", name="Drop item", note="the torch")
    assert runtime(session, "Hauser").ap == 4
    assert due(session) == ("Hauser", "declare", 35)  # still at 35: it took no time
    assert (
        "Drop item (instantaneous, free), declared and resolved at 35: the torch."
        in (log_texts(session)[-1])
    )
    assert "Instantaneous action (1 AP)" in answer_labels(session)
    act(session, "declare", action="use shield in melee")  # from the table: 0 AP
    assert runtime(session, "Hauser").ap == 3
    assert "(instantaneous, 1 AP, 3 left)" in log_texts(session)[-1]
    assert due(session) == ("Hauser", "declare", 30)  # 1 AP of time: 5 lower
    # At another's due, on any combatant (the Orc: base 10 + 20 = 30).
    assert due(session) == ("Hauser", "declare", 30)
    act(session, "instant", "Orc", name="Shout", note="")
    assert runtime(session, "Orc").ap == 4
    # Next round the first is free again (the counter is reset).
    end_turns_until(session, "initiative")
    session.apply(EndTurn())
    act(session, "instant", "Hauser", name="Drop item", note="")
    assert runtime(session, "Hauser").ap == 4


def test_instantaneous_actions_come_at_base_plus_20_or_later_and_need_ap_after_the_first():
    session = fight([("Hauser", 15, 1), ("Orc", 5, 0)])
    error = refused(session, RulesetAction("instant", cid(session, "Orc"), {"name": "Shout"}))
    assert "base + 20 (25) or later; the count is 35" in error.message
    act(session, "declare", action="dodge")  # Hauser: all 4 AP, resolves at 15
    act(session, "instant", "Hauser", name="Drop item")  # free
    error = refused(session, RulesetAction("instant", cid(session, "Hauser"), {"name": "Nod"}))
    assert "no AP left for a further instantaneous action" in error.message
    assert phase(session) == "resolution"


# --- multi-round actions ----------------------------------------------------------------
def test_reload_carries_over_and_resolves_where_its_last_ap_run_out():
    session = fight([("Hauser", 15, 1), ("Orc", 10, 0)])
    act(session, "declare", action="reload")
    hauser = who(session, "Hauser")
    rules = ruleset(session)
    assert runtime(session, "Hauser").ap == 0 and value(session, "Hauser") == 15
    assert (
        "Reload (6 AP, multi-round) at 35: 4 AP this round, 2 still needed"
        in (log_texts(session)[-1])
    )
    assert rules.under_way(session.encounter, hauser).resolves_at is None
    assert rules.markers(session.encounter, hauser) == ("charging Reload 1/6",)  # count 30
    act(session, "declare", action="melee attack")  # the Orc, at 30: resolves at 10
    assert count(session) == 10
    assert rules.progress_of(session.encounter, hauser) == (4, 6)
    answer(session, "Resolved")
    assert phase(session) == "upkeep"
    session.apply(EndTurn())  # Upkeep → round 2
    assert rules.under_way(session.encounter, hauser).done == 4
    session.apply(EndTurn())  # the countdown: 2 AP needed → resolves at 15 + 5 × (4 − 2)
    assert "Hauser carries on with Reload (4/6 AP done): 2 AP this round, resolves at 25." in (
        log_texts(session)
    )
    assert runtime(session, "Hauser").ap == 2
    assert due(session) == ("Orc", "declare", 30)
    assert rules.progress_of(session.encounter, hauser) == (5, 6)
    assert rules.meters(session.encounter, hauser)[1].value == 5
    session.apply(EndTurn())  # the Orc is done for the round
    assert due(session) == ("Hauser", "resolve", 25)
    answer(session, "Resolved")
    assert due(session) == ("Hauser", "declare", 25)  # 2 AP left after it


def test_the_initiative_phase_foresees_the_declaration_after_a_carried_action_resolves():
    session = fight([("Hauser", 15, 1), ("Orc", 10, 0)])
    act(session, "declare", action="reload")  # 6 AP: 4 this round, 2 in round 2
    act(session, "declare", action="melee attack")
    answer(session, "Resolved")
    session.apply(EndTurn())  # Upkeep → round 2's Initiative phase
    assert phase(session) == "initiative"
    # Round 2: the Orc declares at 10 + 20 = 30; Hauser's 2 AP resolve at 15 + 5 × 2 =
    # 25, and the 2 AP left make him declare at 25 right after.
    foreseen = [(t.values["kind"], t.combatant_id) for t in session.upcoming_turns(5)]
    assert foreseen == [
        ("initiative", None),
        ("declare", cid(session, "Orc")),
        ("resolve", cid(session, "Hauser")),
        ("declare", cid(session, "Hauser")),
        ("upkeep", None),
    ]
    assert [t.values.get("count") for t in session.upcoming_turns(4)[1:]] == [30, 25, 25]
    announced = [t.key for t in session.upcoming_turns(4)[1:]]
    session.apply(EndTurn())  # the countdown begins
    assert [t.key for t in session.upcoming_turns(3)] == announced


def test_a_16_ap_action_takes_four_rounds():
    session = fight([("Hauser", 15, 1)])
    act(session, "declare", action="load heavy crossbow")
    rules = ruleset(session)
    for done in (4, 8, 12):
        end_turns_until(session, "upkeep")
        session.apply(EndTurn())  # round's Upkeep
        assert rules.under_way(session.encounter, who(session, "Hauser")).done == done
        session.apply(EndTurn())  # the countdown begins
        if done < 12:
            assert phase(session) == "upkeep"  # nothing to declare: all AP charged
    # Round 4: 4 AP still needed, so it resolves at 15 + 5 × (4 − 4) = 15.
    assert due(session) == ("Hauser", "resolve", 15)
    assert rules.progress_of(session.encounter, who(session, "Hauser")) == (16, 16)


def test_a_multi_round_action_started_late_in_the_round():
    session = fight([("Hauser", 15, 1)])
    act(session, "declare", action="melee attack", ap=3)
    answer(session, "Resolved")
    answer(session, "Free-form multi-round action", name="Pick the lock", ap=6)
    assert "1 AP this round, 5 still needed after it" in log_texts(session)[-2]
    end_turns_until(session, "upkeep")
    session.apply(EndTurn())
    session.apply(EndTurn())  # round 2: 4 of the 5
    assert phase(session) == "upkeep"
    session.apply(EndTurn())
    session.apply(EndTurn())  # round 3: the last 1 → resolves at 15 + 5 × 3 = 30
    assert due(session) == ("Hauser", "resolve", 30)


# --- holding, done, abandoning ----------------------------------------------------------
def test_hold_lets_5_counts_pass_and_done_ends_the_round():
    session = fight([("Hauser", 15, 1), ("Orc", 12, 0)])
    answer(session, "Hold (declare nothing now)")
    assert runtime(session, "Hauser").ap == 3
    assert due(session) == ("Orc", "declare", 32)
    assert "Hauser holds (declares nothing now): 3 AP left, asked again at 30." in log_texts(
        session
    )
    answer(session, "Done for this round")
    assert runtime(session, "Orc").ap == 0
    assert due(session) == ("Hauser", "declare", 30)
    assert "done" in ruleset(session).markers(session.encounter, who(session, "Orc"))


def test_abandoning_gives_back_the_ap_not_yet_spent():
    session = fight([("Hauser", 15, 1), ("Orc", 10, 0)])
    act(session, "declare", action="dodge")  # 4 AP: resolves at 15
    assert due(session) == ("Orc", "declare", 30)
    act(session, "abandon", "Hauser")  # 1 AP has run out
    assert runtime(session, "Hauser").ap == 3
    assert due(session) == ("Hauser", "declare", 30)
    assert "Hauser abandons Dodge (1 of 4 AP spent; 3 AP left)." in log_texts(session)
    error = refused(session, RulesetAction("abandon", cid(session, "Hauser")))
    assert error.message == "Hauser has no action under way."


def test_only_the_combatant_due_declares_resolves_or_holds():
    session = fight([("Hauser", 15, 1), ("Orc", 10, 0)])
    orc = cid(session, "Orc")
    error = refused(session, RulesetAction("declare", orc, {"action": "dodge"}))
    assert error.message == "It is Hauser's moment at count 35, not Orc's."
    error = refused(session, RulesetAction("resolve", None))
    assert "has no action to resolve: they declare at count 35" in error.message
    act(session, "declare", action="dodge")
    act(session, "declare", action="dodge")  # the Orc at 30
    assert due(session) == ("Hauser", "resolve", 15)
    error = refused(session, RulesetAction("hold", None))
    assert error.message == "Hauser must first resolve Dodge (count 15)."
