"""Priority order: stat fields, Zeal, ties (drag / re-roll), sides from Social Opinion,
rounds with the Soulweaver last, late joiners (append / slot) and NPCs (own slot /
inside the Soulweaver's turn)."""

from __future__ import annotations

from tests.engine.test_priority_helpers import (
    act,
    add,
    answer,
    assert_refused,
    combatant,
    current,
    do,
    end,
    grant,
    logs,
    markers,
    new_session,
    order,
    play_round,
    refused_action,
    started,
    upcoming,
)
from tracker.engine import (
    AddCombatant,
    EditCombatant,
    EndTurn,
    MoveCombatant,
    SetOption,
    StartEncounter,
    get_ruleset,
)
from tracker.engine.rulesets.priority import Priority


# --- declarations ------------------------------------------------------------------------
def test_identity_and_registration():
    ruleset = get_ruleset("priority")
    assert isinstance(ruleset, Priority)
    assert (ruleset.id, ruleset.name, ruleset.round_name) == (
        "priority",
        "Soulshards — Priority",
        "Round",
    )


def test_stat_fields_types_ranges_and_defaults():
    fields = {f.name: f for f in Priority.stat_fields}
    assert list(fields) == [
        "zeal",
        "zeal_dice",
        "minor_pool",
        "grit_pool",
        "grit_pips",
        "social_tier",
        "conflict",
    ]
    shape = {n: (f.kind, f.minimum, f.maximum, f.default) for n, f in fields.items()}
    assert shape == {
        "zeal": ("int", 0, 99, 0),
        "zeal_dice": ("text", None, None, ""),
        "minor_pool": ("int", 0, 9, 1),
        "grit_pool": ("int", 0, 99, 0),
        "grit_pips": ("int", 0, 99, 0),
        "social_tier": ("int", 0, 12, 5),
        "conflict": ("bool", None, None, True),
    }


def test_the_four_choices_are_declared_default_first():
    declared = [(c.name, [value for value, _ in c.values]) for c in Priority.options]
    assert declared == [
        ("ties", ["drag", "reroll"]),
        ("late_joiners", ["append", "slot"]),
        ("waiting_at_soulweaver", ["keep_waiting", "lose_turn"]),
        ("npc_turns", ["own_slot", "soulweaver_turn"]),
    ]
    assert new_session().encounter.options == {
        "ties": "drag",
        "late_joiners": "append",
        "waiting_at_soulweaver": "keep_waiting",
        "npc_turns": "own_slot",
    }


def test_duration_fields():
    fields = {f.name: (f.kind, f.minimum, f.maximum, f.default) for f in Priority.duration_fields}
    assert fields == {"amount": ("int", 1, 999, 1), "ritual": ("bool", None, None, False)}


def test_out_of_range_or_malformed_stats_are_refused():
    session = new_session()
    add(session, "Ayla", 20)
    for stats in (
        {"zeal": 100},
        {"zeal": -1},
        {"minor_pool": 10},
        {"grit_pips": 100},
        {"social_tier": 13},
        {"zeal_dice": "3x12"},
        {"zeal_dice": "3d12+"},
        {"zeal": "fast"},
    ):
        assert_refused(session, AddCombatant("Bad", "enemy", stats=stats))
    ayla = combatant(session, "Ayla").id
    assert_refused(session, EditCombatant(ayla, {"zeal_dice": "d1"}), "sides")
    do(session, EditCombatant(ayla, {"zeal_dice": "2d12 + 3"}))
    assert combatant(session, "Ayla").stats["zeal_dice"] == "2d12 + 3"


# --- Zeal sets the order -----------------------------------------------------------------
def test_priority_is_highest_zeal_first_and_ties_keep_the_order_of_entry():
    session = new_session()
    for name, zeal in (("Dara", 8), ("Ayla", 20), ("Cato", 12), ("Bren", 15), ("Eli", 15)):
        add(session, name, zeal)
    # 20, 15, 15 (Bren entered before Eli), 12, 8.
    assert order(session) == ["Ayla", "Bren", "Eli", "Cato", "Dara"]
    # The setup view lists the order as it will be, the Soulweaver last, round 0.
    assert upcoming(session) == [
        (0, "Ayla"),
        (0, "Bren"),
        (0, "Eli"),
        (0, "Cato"),
        (0, "Dara"),
        (0, "Soulweaver"),
    ]
    assert session.current_turn() is None
    assert session.status() == "Setting up: roll Zeal, then start Priority."


def test_editing_zeal_before_the_start_re_sorts():
    session = new_session()
    for name, zeal in (("Ayla", 20), ("Bren", 15), ("Eli", 15), ("Cato", 12)):
        add(session, name, zeal)
    eli = combatant(session, "Eli").id
    do(session, EditCombatant(eli, {"zeal": 16}))
    assert order(session) == ["Ayla", "Eli", "Bren", "Cato"]
    do(session, EditCombatant(eli, {"zeal": 3}))
    assert order(session) == ["Ayla", "Bren", "Cato", "Eli"]


def test_roll_zeal_records_the_callers_result_and_re_sorts():
    session = new_session()
    add(session, "Ayla", 20)
    add(session, "Bren", 15)
    dara = add(session, "Dara", 0, zeal_dice="2d12+3")
    assert order(session) == ["Ayla", "Bren", "Dara"]
    act(session, "roll_zeal", dara, result=21)
    assert order(session) == ["Dara", "Ayla", "Bren"]
    assert combatant(session, "Dara").stats["zeal"] == 21
    assert logs(session, "action") == ["Dara rolls Zeal (2d12+3): 21."]
    refused_action(session, "roll_zeal", dara, result=100)
    refused_action(session, "roll_zeal", None, result=5)


def test_ties_are_dragged_by_the_gm_before_the_start():
    session = new_session()
    for name, zeal in (("Ayla", 20), ("Bren", 15), ("Eli", 15), ("Cato", 12)):
        add(session, name, zeal)
    eli = combatant(session, "Eli").id
    do(session, MoveCombatant(eli, 1))
    assert order(session) == ["Ayla", "Eli", "Bren", "Cato"]
    # Only ties: Eli (15) cannot pass Ayla (20) or Cato (12).
    assert_refused(session, MoveCombatant(eli, 0), "cannot pass Ayla")
    assert_refused(session, MoveCombatant(eli, 3), "cannot pass Cato")


def test_ties_re_rolled_until_settled():
    session = new_session(ties="reroll")
    ids = {
        name: add(session, name, zeal)
        for name, zeal in (("Ash", 10), ("Bo", 10), ("Cy", 10), ("Dov", 12))
    }
    assert order(session) == ["Dov", "Ash", "Bo", "Cy"]
    prompt = session.prompt()
    assert prompt.key == ("tie", (ids["Ash"], ids["Bo"], ids["Cy"]), ids["Ash"], 1)
    assert prompt.question == "Ash, Bo, Cy tie at Zeal 10: re-roll Zeal for Ash."
    assert prompt.asks == ids["Ash"]
    assert [f.name for f in prompt.answers[0].fields] == ["result"]
    # Nothing starts and nothing is dragged while a tie is unsettled.
    assert_refused(session, StartEncounter(), "tie")
    assert_refused(session, MoveCombatant(ids["Bo"], 1), "re-rolling")
    refused_action(session, "reroll_tie", ids["Dov"], "owes no", result=3)

    answer(session, "Re-roll", result=5)  # Ash [5]
    # Ash no longer owes (no one else has a 5 yet); Bo and Cy do, Bo first.
    refused_action(session, "reroll_tie", ids["Ash"], "owes no", result=3)
    assert session.prompt().asks == ids["Bo"]
    answer(session, "Re-roll", result=5)  # Bo [5]
    answer(session, "Re-roll", result=8)  # Cy [8]
    # Ash [5] and Bo [5] still tie: no sort yet; Ash re-rolls again (level 2).
    assert order(session) == ["Dov", "Ash", "Bo", "Cy"]
    assert session.prompt().key == ("tie", (ids["Ash"], ids["Bo"], ids["Cy"]), ids["Ash"], 2)
    answer(session, "Re-roll", result=3)  # Ash [5, 3]
    answer(session, "Re-roll", result=6)  # Bo [5, 6]
    # Highest first: Cy [8] > Bo [5, 6] > Ash [5, 3].
    assert order(session) == ["Dov", "Cy", "Bo", "Ash"]
    assert session.prompt() is None
    assert logs(session)[-1] == "Tie at Zeal 10 settled: Cy, Bo, Ash."
    do(session, StartEncounter())
    assert current(session) == "Dov"


def test_late_joiners_tied_are_re_rolled_before_play_goes_on():
    session, ids = started(ties="reroll")
    end(session)  # Ayla's turn; Bren is up
    eli = add(session, "Eli", 30)
    fay = add(session, "Fay", 30)
    assert order(session)[-2:] == ["Eli", "Fay"]
    assert session.prompt().asks == eli
    assert_refused(session, EndTurn(), "Zeal tie")
    answer(session, "Re-roll", result=2)
    answer(session, "Re-roll", result=9)
    assert order(session)[-2:] == ["Fay", "Eli"]
    assert combatant(session, "Fay").id == fay
    end(session)
    assert current(session) == "Cato"


# --- sides from Social Opinion -----------------------------------------------------------
def test_side_follows_social_opinion_tier_except_for_the_party():
    session = new_session()
    orc = add(session, "Orc", 5, side="neutral", social_tier=2)
    merchant = add(session, "Merchant", 5, side="neutral", social_tier=5)
    guard = add(session, "Guard", 5, side="enemy", social_tier=7)
    hero = add(session, "Hero", 5, side="party", social_tier=9)
    sides = {c.name: c.side for c in session.encounter.combatants}
    # 2 ≤ 3 → enemy; 5 leaves the GM's side; 7 ≥ 7 → ally; the party stays the party.
    assert sides == {"Orc": "enemy", "Merchant": "neutral", "Guard": "ally", "Hero": "party"}
    assert logs(session)[:2] == [
        "Orc counts as enemy (Social Opinion Tier 2).",
        "Orc joins (enemy).",
    ]
    do(session, EditCombatant(merchant, {"social_tier": 8}))
    assert combatant(session, "Merchant").side == "ally"
    do(session, EditCombatant(merchant, {"social_tier": 4}))
    assert combatant(session, "Merchant").side == "ally"  # 4: left as it was
    do(session, EditCombatant(merchant, {"social_tier": 3}))
    assert combatant(session, "Merchant").side == "enemy"
    session.undo()
    assert combatant(session, "Merchant").side == "ally"
    do(session, EditCombatant(hero, {"social_tier": 0}))
    assert combatant(session, "Hero").side == "party"
    assert {orc, guard}  # ids exist


# --- rounds --------------------------------------------------------------------------------
def test_round_one_runs_in_priority_order_then_the_soulweaver():
    session, ids = started()
    assert session.status() == "Round 1 · 0 s · Ayla: Major 1 · Minor 2 (up: may wait)"
    turn = session.current_turn()
    assert turn.values == {
        "round": 1,
        "elapsed": 0,
        "place": 1,
        "zeal": 20,
        "begun": False,
        "major_left": 1,
        "minor_left": 2,
        "major_pool": 1,
        "minor_pool": 2,
        "tricks": [],
        "leave_dl": 9,
    }
    assert upcoming(session, 7) == [
        (1, "Ayla"),
        (1, "Bren"),
        (1, "Cato"),
        (1, "Dara"),
        (1, "Soulweaver"),
        (2, "Ayla"),
        (2, "Bren"),
    ]
    end(session, 4)
    soulweaver = session.current_turn()
    assert soulweaver.combatant_id is None
    assert soulweaver.title == "Soulweaver"
    assert soulweaver.key == (1, "soulweaver")
    assert soulweaver.values == {"round": 1, "elapsed": 0, "begun": True, "npcs": []}
    assert session.status() == "Round 1 · 0 s · the Soulweaver's turn"
    end(session)
    # One turn from every participant = 1 round = 5 seconds.
    assert session.encounter.clock.round == 2
    assert session.status() == "Round 2 · 5 s · Ayla: Major 1 · Minor 2 (up: may wait)"
    assert session.current_turn().values["elapsed"] == 5
    assert logs(session, "turn")[-4:] == [
        "Round 1: the Soulweaver's turn.",
        "The Soulweaver's turn ends.",
        "Round 2 begins (5 s).",
        "Round 2: Ayla's turn.",
    ]


def test_the_log_of_a_first_turn():
    session, _ = started()
    end(session)
    assert logs(session) == [
        "Ayla joins (party).",
        "Bren joins (party).",
        "Cato joins (enemy).",
        "Dara joins (party).",
        "Priority begins: Round 1 (0 s).",
        "Round 1: Ayla's turn.",
        "Ayla's turn begins: Major 1 · Minor 2.",
        "Ayla's turn ends.",
        "Round 1: Bren's turn.",
    ]
    assert [e.when for e in session.encounter.log][-1] == "R1"


def test_elapsed_time_counts_five_seconds_a_round():
    session, _ = started()
    for _ in range(11):
        play_round(session)
    # Round 12 begins after 11 rounds: 55 s.
    assert session.status().startswith("Round 12 · 55 s · Ayla")
    assert session.current_turn().values["elapsed"] == 55


def test_start_refused_without_creatures_or_twice():
    session = new_session()
    assert_refused(session, StartEncounter(), "Add creatures")
    session, _ = started()
    assert_refused(session, StartEncounter(), "already started")


def test_zeal_is_settled_once_a_creature_has_acted():
    session, ids = started()
    end(session)
    refused_action(session, "roll_zeal", ids["Ayla"], "settled", result=3)
    # Editing Zeal after the start leaves the order alone.
    do(session, EditCombatant(ids["Ayla"], {"zeal": 1}))
    assert order(session) == ["Ayla", "Bren", "Cato", "Dara"]


# --- late joiners ------------------------------------------------------------------------
def test_late_joiners_are_appended_and_sorted_among_themselves():
    session, ids = started()
    end(session)  # Ayla done; Bren up
    add(session, "Fay", 25)
    add(session, "Eli", 30)
    # After everyone there before them; among the Round 1 joiners 30 before 25.
    assert order(session) == ["Ayla", "Bren", "Cato", "Dara", "Eli", "Fay"]
    assert logs(session)[-2:] == [
        "Eli joins Priority at place 5: acts this round.",
        "Eli joins (party).",
    ]
    assert upcoming(session, 13) == [
        (1, "Bren"),
        (1, "Cato"),
        (1, "Dara"),
        (1, "Eli"),
        (1, "Fay"),
        (1, "Soulweaver"),
        (2, "Ayla"),
        (2, "Bren"),
        (2, "Cato"),
        (2, "Dara"),
        (2, "Eli"),
        (2, "Fay"),
        (2, "Soulweaver"),
    ]
    end(session, 6)  # Bren, Cato, Dara, Eli, Fay, the Soulweaver → Round 2
    end(session)  # Ayla
    add(session, "Gus", 40)
    add(session, "Hal", 40)
    # A new batch goes after the earlier joiners, whatever its Zeal; Hal ties Gus.
    assert order(session) == ["Ayla", "Bren", "Cato", "Dara", "Eli", "Fay", "Gus", "Hal"]


def test_a_late_joiner_in_the_soulweavers_turn_acts_from_the_next_round():
    session, _ = started()
    end(session, 4)
    add(session, "Eli", 30)
    assert logs(session)[-2] == "Eli joins Priority at place 5: acts from Round 2."
    assert upcoming(session, 3) == [(1, "Soulweaver"), (2, "Ayla"), (2, "Bren")]


def test_late_joiners_slotted_by_zeal():
    session, ids = started(late_joiners="slot")
    end(session, 2)  # Ayla, Bren done; Cato up
    add(session, "Eli", 18)
    # Before the first creature of lower Zeal (Bren 15): place 2, above Cato: next round.
    assert order(session) == ["Ayla", "Eli", "Bren", "Cato", "Dara"]
    assert logs(session)[-2] == "Eli joins Priority at place 2: acts from Round 2."
    add(session, "Fay", 9)
    # Between Cato (12) and Dara (8), below Cato: this round.
    assert order(session) == ["Ayla", "Eli", "Bren", "Cato", "Fay", "Dara"]
    assert upcoming(session, 11) == [
        (1, "Cato"),
        (1, "Fay"),
        (1, "Dara"),
        (1, "Soulweaver"),
        (2, "Ayla"),
        (2, "Eli"),
        (2, "Bren"),
        (2, "Cato"),
        (2, "Fay"),
        (2, "Dara"),
        (2, "Soulweaver"),
    ]


def test_slotting_skips_creatures_whose_place_changed_by_waiting():
    session, ids = started(late_joiners="slot")
    end(session, 3)  # Ayla, Bren, Cato; Dara up
    act(session, "wait")  # Dara waits; no turn ended, so the Soulweaver's begins at once

    assert current(session) == "Soulweaver"
    end(session)  # Round 2 begins; Dara still waits (default option) and may act now
    answer(session, "Dara acts now")
    assert order(session) == ["Dara", "Ayla", "Bren", "Cato"]
    add(session, "Eli", 18)
    # Dara (8) sits on top by waiting: Zeal no longer orders her. Eli goes before Bren.
    assert order(session) == ["Dara", "Ayla", "Eli", "Bren", "Cato"]
    gus = add(session, "Gus", 0)
    assert order(session)[-1] == "Gus"
    # Rolled Zeal places a late joiner again until its first turn.
    act(session, "roll_zeal", gus, result=30)
    assert order(session) == ["Dara", "Gus", "Ayla", "Eli", "Bren", "Cato"]
    assert logs(session)[-1] == "Gus rolls Zeal: 30."
    # Gus is below Dara, whose turn it is: he acts this round.
    end(session)
    assert current(session) == "Gus"


def test_undo_of_a_late_join_removes_it_and_its_place():
    session, _ = started()
    end(session)
    before = session.encounter.to_dict()
    add(session, "Eli", 30)
    session.undo()
    assert session.encounter.to_dict() == before


# --- NPCs ----------------------------------------------------------------------------------
def test_npcs_with_their_own_slot_by_default():
    session, ids = started()
    assert [c for _, c in upcoming(session, 5)] == ["Ayla", "Bren", "Cato", "Dara", "Soulweaver"]
    assert "acts in the Soulweaver's turn" not in markers(session, "Cato")


def test_npcs_act_inside_the_soulweavers_turn():
    session, ids = started(npc_turns="soulweaver_turn")
    nell = add(session, "Nell", 30, side="neutral")
    # Cato (enemy) and Nell (neutral) are NPCs: no turns of their own.
    assert upcoming(session, 5) == [
        (1, "Ayla"),
        (1, "Bren"),
        (1, "Dara"),
        (1, "Soulweaver"),
        (2, "Ayla"),
    ]
    assert logs(session)[-2] == "Nell joins and acts inside the Soulweaver's turn."
    assert markers(session, "Cato") == ("in Conflict", "acts in the Soulweaver's turn")
    # An NPC's own-turn action is refused on someone else's turn.
    refused_action(session, "major", ids["Cato"], "not Cato's turn")
    end(session, 3)
    turn = session.current_turn()
    # Nell joined late, so she was appended after Cato (default late-joiner option).
    assert turn.grant == "NPCs act: Cato, Nell"
    assert turn.values["npcs"] == ["Cato", "Nell"]
    # Their turns began with the Soulweaver's.
    assert logs(session, "turn")[-3:] == [
        "Round 1: the Soulweaver's turn.",
        "Cato's turn begins: Major 1 · Minor 1.",
        "Nell's turn begins: Major 1 · Minor 1.",
    ]
    act(session, "major", ids["Cato"], what="Axe swing")
    assert logs(session)[-1] == "Cato takes a Major Action: Axe swing (Major 0 · Minor 1 left)."
    refused_action(session, "major", None, "name the NPC")
    refused_action(session, "minor", ids["Bren"], "not Bren's turn")
    assert_refused(session, MoveCombatant(nell, 3), "inside the Soulweaver's turn")
    end(session)
    assert current(session) == "Ayla"


def test_switching_npc_option_mid_encounter_applies_from_the_next_turn_on():
    session, ids = started()
    end(session)  # Ayla
    do(session, SetOption("npc_turns", "soulweaver_turn"))
    assert upcoming(session, 4) == [(1, "Bren"), (1, "Dara"), (1, "Soulweaver"), (2, "Ayla")]
    assert grant(session) == "Major 1 · Minor 1"
