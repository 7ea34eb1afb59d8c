"""Classic d20 initiative: typed or rolled (5e advantage), Roll all in one step, the
order and its ties per flavour and option, groups of identical monsters, a late joiner,
re-rolling each round. Hand-computed cases of shared/rules/classic-d20.md."""

from __future__ import annotations

from tests.engine.classic_d20_helpers import (
    act,
    add,
    by_id,
    end,
    fight,
    names,
    refused,
    state,
    whose_turn,
)
from tracker.engine import EditCombatant, MoveCombatant, RulesetAction, StartEncounter
from tracker.engine.rolls import RolledAction


def test_typed_initiative_orders_highest_first_and_stays_every_round():
    session, _ = fight(
        [
            ("Bren", "party", {"initiative": 12}),
            ("Ayla", "party", {"initiative": 18}),
            ("Orc", "enemy", {"initiative": 15}),
        ]
    )
    assert names(session) == ["Ayla", "Orc", "Bren"]
    seen = []
    for _ in range(6):
        seen.append((session.current_turn().round, whose_turn(session)))
        end(session)
    assert seen == [(1, "Ayla"), (1, "Orc"), (1, "Bren"), (2, "Ayla"), (2, "Orc"), (2, "Bren")]


def test_roll_all_is_suggested_with_one_face_per_d20_still_to_roll_and_they_apply():
    """`plausible_params` gives Roll all the faces it wants (two for advantage); other
    actions, and a fight with nothing left to roll, get none."""
    session, ids = fight(
        [
            ("Ayla", "party", {"init_mod": 3}),
            ("Orc", "enemy", {"init_mod": 1}),
            ("Ogre", "enemy", {"init_mod": -1, "advantage": True}),
        ]
    )
    ruleset, encounter = session.ruleset, session.encounter
    suggested = ruleset.plausible_params(encounter, "roll_all", ids["Orc"])
    assert suggested == ({"faces": "10 10 10"}, {"faces": "20 19 18"})
    assert ruleset.plausible_params(encounter, "roll_initiative", ids["Orc"]) == ()
    for params in suggested:
        assert session.refusal(RulesetAction("roll_all", ids["Orc"], params)) is None
    act(session, "roll_all", faces=suggested[1]["faces"])
    assert ruleset.plausible_params(session.encounter, "roll_all", ids["Orc"]) == ()


def test_a_fight_waits_for_initiative_and_says_who_still_rolls():
    session, ids = fight([("Ayla", "party", {"initiative": 15}), ("Orc", "enemy", {"init_mod": 2})])
    assert session.current_turn() is None
    assert session.ruleset.no_turn_reason(session.encounter) == (
        "Waiting for initiative: Orc still to roll."
    )
    prompt = session.prompt()
    assert prompt.title == "Roll initiative" and prompt.key == ("roll", 1, ids["Orc"])
    # d20 14 + 2 = 16: the Orc goes before Ayla, and the round begins with it.
    session.apply(
        RolledAction(
            "roll_initiative",
            ids["Orc"],
            {"d20": 14, "second": 0},
            rolls={"d20": {"dice": "1d20", "faces": [14]}},
        )
    )
    assert by_id(session, ids["Orc"]).stats["initiative"] == 16
    assert names(session) == ["Orc", "Ayla"]
    assert whose_turn(session) == "Orc"
    assert session.prompt() is None


def test_advantage_keeps_the_higher_of_two_d20():
    session, ids = fight([("Rogue", "party", {"init_mod": 4, "advantage": True})])
    refused(session, RulesetAction("roll_initiative", ids["Rogue"], {"d20": 7}), "both d20s")
    act(session, "roll_initiative", ids["Rogue"], d20=7, second=15)
    assert by_id(session, ids["Rogue"]).stats["initiative"] == 19  # 15 + 4


def test_no_advantage_refuses_a_second_die_and_pf2e_has_no_advantage():
    session, ids = fight([("Rogue", "party", {"init_mod": 4, "advantage": True})], flavour="pf2e")
    refused(
        session, RulesetAction("roll_initiative", ids["Rogue"], {"d20": 7, "second": 15}), "one d20"
    )


def test_roll_all_rolls_the_gm_creatures_in_one_undoable_step():
    session, ids = fight(
        [
            ("Ayla", "party", {"init_mod": 3}),
            ("Orc", "enemy", {"init_mod": 1}),
            ("Ogre", "enemy", {"init_mod": -1, "advantage": True}),
        ]
    )
    refused(session, RulesetAction("roll_all", None, {"faces": "14 3"}), "needs 3 d20 faces")
    refused(session, RulesetAction("roll_all", None, {"faces": "14 3 21"}), "not a d20 face")
    act(session, "roll_all", faces="14 3 17")
    assert by_id(session, ids["Orc"]).stats["initiative"] == 15
    assert by_id(session, ids["Ogre"]).stats["initiative"] == 16  # max(3, 17) - 1
    assert not state(session, ids["Ayla"]).rolled  # the players roll their own
    session.undo()
    assert not state(session, ids["Orc"]).rolled and not state(session, ids["Ogre"]).rolled


def test_a_late_joiner_rolls_and_takes_its_place():
    session, ids = fight(
        [("Ayla", "party", {"initiative": 18}), ("Bren", "party", {"initiative": 8})]
    )
    end(session)  # Bren's turn
    wolf = add(session, "Wolf", "enemy", init_mod=2)
    assert not state(session, wolf).rolled and names(session)[-1] == "Wolf"
    assert session.prompt().key == ("roll", 1, wolf)
    act(session, "roll_initiative", wolf, d20=10)  # 12: between Ayla and Bren
    assert names(session) == ["Ayla", "Wolf", "Bren"]
    assert whose_turn(session) == "Bren"  # the turn stays with its holder
    end(session)
    assert (session.current_turn().round, whose_turn(session)) == (2, "Ayla")
    end(session)
    assert whose_turn(session) == "Wolf"


def test_5e_ties_go_to_the_higher_dexterity_modifier_then_the_gm():
    session, ids = fight(
        [
            ("Orc", "enemy", {"initiative": 14, "dex_mod": 1}),
            ("Ayla", "party", {"initiative": 14, "dex_mod": 3}),
            ("Bren", "party", {"initiative": 14, "dex_mod": 3}),
        ],
        start=False,
    )
    assert names(session) == ["Ayla", "Bren", "Orc"]
    refused(session, MoveCombatant(ids["Orc"], 0), "cannot pass")
    session.apply(MoveCombatant(ids["Bren"], 0))  # a full tie: the GM's
    assert names(session) == ["Bren", "Ayla", "Orc"]


def test_5e_gm_decides_every_tie():
    session, ids = fight(
        [
            ("Orc", "enemy", {"initiative": 14, "dex_mod": 1}),
            ("Ayla", "party", {"initiative": 14, "dex_mod": 3}),
            ("Bren", "party", {"initiative": 9}),
        ],
        start=False,
        ties="gm",
    )
    assert names(session) == ["Orc", "Ayla", "Bren"]  # order of entry
    session.apply(MoveCombatant(ids["Ayla"], 0))
    assert names(session) == ["Ayla", "Orc", "Bren"]
    refused(session, MoveCombatant(ids["Bren"], 0), "cannot pass")


def test_5e_tied_creatures_roll_a_d20_each_once_before_anyone_again():
    session, ids = fight(
        [
            ("Orc", "enemy", {"initiative": 14}),
            ("Ayla", "party", {"initiative": 14}),
            ("Bren", "party", {"initiative": 14}),
            ("Cleric", "party", {"initiative": 3}),
        ],
        ties="roll",
    )
    assert session.current_turn() is None
    assert session.prompt().title == "Tie"
    act(session, "tie_roll", ids["Orc"], d20=9)
    act(session, "tie_roll", ids["Ayla"], d20=9)  # equal to the Orc's: both again
    act(session, "tie_roll", ids["Bren"], d20=17)
    assert session.prompt().key[0] == "tie"
    act(session, "tie_roll", ids["Orc"], d20=4)
    act(session, "tie_roll", ids["Ayla"], d20=12)
    assert names(session) == ["Bren", "Ayla", "Orc", "Cleric"]
    assert whose_turn(session) == "Bren"


def test_pf2e_ties_put_the_gm_creature_first():
    session, _ = fight(
        [
            ("Ayla", "party", {"initiative": 20}),
            ("Goblin", "enemy", {"initiative": 20}),
            ("Bren", "party", {"initiative": 5}),
        ],
        flavour="pf2e",
    )
    assert names(session) == ["Goblin", "Ayla", "Bren"]


def test_identical_monsters_roll_once_and_act_together():
    session, ids = fight(
        [
            ("Ayla", "party", {"initiative": 12}),
            ("Goblin", "enemy", {"init_mod": 2}),
            ("Goblin 2", "enemy", {"init_mod": 2}),
            ("Goblin 3", "enemy", {"init_mod": 2}),
        ],
        groups="group",
    )
    assert [c.name for c, _ in session.ruleset.roll_all_needs(session.encounter)] == ["Goblin"]
    act(session, "roll_all", faces="13")
    assert {
        by_id(session, ids[n]).stats["initiative"] for n in ("Goblin", "Goblin 2", "Goblin 3")
    } == {15}
    turn = session.current_turn()
    assert whose_turn(session) == "Goblin"
    assert turn.values["members"] == [ids["Goblin"], ids["Goblin 2"], ids["Goblin 3"]]
    act(session, "action", ids["Goblin 2"], what="Shortbow")  # each member acts
    act(session, "action", ids["Goblin 3"], what="Scimitar")
    end(session)
    assert whose_turn(session) == "Ayla"
    end(session)
    assert (session.current_turn().round, whose_turn(session)) == (2, "Goblin")


def test_each_monster_rolls_by_default():
    session, _ = fight([("Goblin", "enemy", {}), ("Goblin 2", "enemy", {})], start=False)
    assert len(session.ruleset.roll_all_needs(session.encounter)) == 2


def test_initiative_typed_in_the_editor_counts_as_rolled_and_places():
    session, ids = fight([("Ayla", "party", {"initiative": 10}), ("Orc", "enemy", {})])
    session.apply(EditCombatant(ids["Orc"], {"initiative": 11}))
    assert names(session) == ["Orc", "Ayla"] and whose_turn(session) == "Orc"


def test_reroll_each_round_waits_for_new_rolls():
    session, ids = fight(
        [
            ("Ayla", "party", {"initiative": 15, "init_mod": 0}),
            ("Orc", "enemy", {"initiative": 10}),
        ],
        reroll="yes",
    )
    end(session, 2)
    assert session.current_turn() is None and session.encounter.clock.round == 2
    act(session, "roll_all", faces="18")  # Orc: 18
    act(session, "roll_initiative", ids["Ayla"], d20=5)
    assert names(session) == ["Orc", "Ayla"] and whose_turn(session) == "Orc"


def test_surprised_creature_cannot_act_or_react_on_its_first_turn():
    session, ids = fight(
        [("Ayla", "party", {"initiative": 15}), ("Orc", "enemy", {"initiative": 10})], start=False
    )
    act(session, "surprise", ids["Orc"])
    session.apply(StartEncounter())
    refused(
        session, RulesetAction("reaction", ids["Orc"], {"what": "Opportunity attack"}), "surprised"
    )
    end(session)
    refused(session, RulesetAction("action", None, {"what": "Attack"}), "surprised")
    end(session)  # its first turn over: it may react
    act(session, "reaction", ids["Orc"], what="Opportunity attack")
    end(session)
    act(session, "action", None, what="Attack")


def test_pf2e_has_no_surprise():
    session, ids = fight([("Orc", "enemy", {"initiative": 10})], start=False, flavour="pf2e")
    refused(session, RulesetAction("surprise", ids["Orc"], {}), "no surprise")


def test_the_roll_prompt_says_roll_all_rolls_the_gm_creatures():
    session, ids = fight([("Orc", "enemy", {"init_mod": 1}), ("Wolf", "enemy", {"init_mod": 2})])
    prompt = session.prompt()
    assert prompt.context == (
        "Still to roll: Wolf",
        "Roll all (an action) rolls the GM's creatures at once: 2 d20.",
    )
    act(session, "roll_all", faces="5 19")
    assert names(session) == ["Wolf", "Orc"] and whose_turn(session) == "Wolf"


def test_an_advantaged_roll_prompt_asks_both_dice():
    session, ids = fight([("Rogue", "party", {"init_mod": 1, "advantage": True})])
    [answer] = session.prompt().answers
    assert [f.name for f in answer.fields] == ["d20", "second"]
    assert answer.fields[1].minimum == 1


def test_with_rerolls_the_next_rounds_turns_are_not_foretold():
    session, ids = fight(
        [("Ayla", "party", {"initiative": 15}), ("Orc", "enemy", {"initiative": 10})],
        reroll="yes",
    )
    assert [whose for whose in (t.combatant_id for t in session.upcoming_turns(6))] == [
        ids["Ayla"],
        ids["Orc"],
    ]


def test_a_group_turn_is_shown_as_its_first_member_still_standing():
    session, ids = fight(
        [
            ("Goblin", "enemy", {"initiative": 12, "hp_max": 7}),
            ("Goblin 2", "enemy", {"initiative": 12, "hp_max": 7}),
            ("Ayla", "party", {"initiative": 5}),
        ],
        groups="group",
        skip_defeated="skip",
    )
    act(session, "damage", ids["Goblin"], amount=7)
    assert whose_turn(session) == "Goblin 2"
    assert session.current_turn().key == ("turn", 1, ids["Goblin"])
    end(session, 2)
    assert (session.current_turn().round, whose_turn(session)) == (2, "Goblin 2")
