"""Classic d20 turns: what a turn grants (5e action, bonus, one reaction a round; PF2e
3 actions and a reaction, changed by quickened, slowed and stunned), legendary pools,
the lair's turn, Ready and Delay."""

from __future__ import annotations

from tests.engine.classic_d20_helpers import (
    act,
    by_id,
    end,
    fight,
    names,
    refused,
    state,
    whose_turn,
)
from tracker.engine import AddEffect, EndTurn, RulesetAction, StartEncounter
from tracker.engine.rulesets.classic_d20 import order

FIVE_E = [
    ("Ayla", "party", {"initiative": 18}),
    ("Orc", "enemy", {"initiative": 12}),
    ("Bren", "party", {"initiative": 6}),
]


def test_5e_turn_grants_one_action_one_bonus_action():
    session, ids = fight(FIVE_E)
    act(session, "action", None, what="Attack")
    refused(session, RulesetAction("action", None, {"what": "Dash"}), "already taken its action")
    act(session, "bonus", None, what="Second Wind")
    refused(session, RulesetAction("bonus", None, {"what": "Again"}), "bonus action")
    refused(session, RulesetAction("action", None, {"cost": 2}), "one action")
    assert session.current_turn().grant == "reaction"
    end(session)
    assert session.current_turn().grant == "action · bonus · reaction"


def test_an_action_is_taken_on_ones_own_turn():
    session, ids = fight(FIVE_E)
    refused(session, RulesetAction("action", ids["Orc"], {"what": "Attack"}), "Ayla's turn")


def test_one_reaction_a_round_regained_at_the_start_of_its_own_turn():
    session, ids = fight(FIVE_E)
    act(session, "reaction", ids["Bren"], what="Shield")  # on Ayla's turn
    end(session)
    refused(session, RulesetAction("reaction", ids["Bren"], {"what": "Again"}), "used its reaction")
    end(session)  # Bren's turn begins: its reaction comes back
    assert state(session, ids["Bren"]).reaction.current == 1


def test_pf2e_three_actions_and_a_reaction():
    session, ids = fight(FIVE_E, flavour="pf2e")
    act(session, "action", None, what="Strike", cost=2)
    act(session, "action", None, what="Step")
    refused(session, RulesetAction("action", None, {"what": "Stride"}), "needs 1 action")
    refused(session, RulesetAction("bonus", None, {"what": "x"}), "no bonus action")
    assert session.current_turn().grant == "0 of 3 actions · reaction"


def _condition(session, carrier, name, amount, until="until_ended"):
    session.apply(
        AddEffect(name, carrier, None, {"until": until, "of": "carrier", "amount": amount})
    )


def test_pf2e_quickened_slowed_and_stunned_change_the_actions():
    session, ids = fight(FIVE_E, flavour="pf2e", start=False)
    _condition(session, ids["Orc"], "Quickened", 1)
    _condition(session, ids["Bren"], "Slowed", 1)
    _condition(session, ids["Ayla"], "Stunned", 2)
    session.apply(StartEncounter())
    # Ayla: stunned 2 takes 2 of her 3 actions and falls to 0 (it ends).
    assert state(session, ids["Ayla"]).actions.maximum == 1
    assert not any(e.carrier_id == ids["Ayla"] for e in session.encounter.effects)
    end(session)
    assert state(session, ids["Orc"]).actions.maximum == 4  # quickened
    end(session)
    assert state(session, ids["Bren"]).actions.maximum == 2  # slowed 1


def test_pf2e_stunned_counts_down_by_the_actions_it_took():
    session, ids = fight(FIVE_E, flavour="pf2e", start=False)
    _condition(session, ids["Ayla"], "Stunned", 5)
    session.apply(StartEncounter())
    assert state(session, ids["Ayla"]).actions.maximum == 0
    [effect] = session.encounter.effects
    assert effect.name == "Stunned 2" and effect.anchor.value == 2
    end(session, 3)
    assert state(session, ids["Ayla"]).actions.maximum == 1
    assert session.encounter.effects == []


def test_legendary_actions_spent_on_others_turns_refill_at_its_own():
    session, ids = fight(
        [
            ("Dragon", "enemy", {"initiative": 20, "legendary": 3}),
            ("Ayla", "party", {"initiative": 15}),
        ]
    )
    refused(session, RulesetAction("legendary", ids["Dragon"], {"cost": 1}), "another creature")
    end(session)
    act(session, "legendary", ids["Dragon"], cost=2, what="Wing Attack")
    refused(session, RulesetAction("legendary", ids["Dragon"], {"cost": 2}), "only 1 left")
    act(session, "legendary", ids["Dragon"], cost=1, what="Detect")
    refused(session, RulesetAction("legendary", ids["Ayla"], {"cost": 1}), "no legendary")
    end(session)
    assert state(session, ids["Dragon"]).legendary.current == 3


def test_the_lair_acts_on_count_20_losing_ties():
    session, ids = fight(
        [
            ("Dragon", "enemy", {"initiative": 20}),
            ("Ayla", "party", {"initiative": 23}),
            ("Bren", "party", {"initiative": 11}),
        ],
        lair="yes",
    )
    turns = [whose_turn(session)]
    for _ in range(3):
        end(session)
        turns.append(whose_turn(session))
    assert turns == ["Ayla", "Dragon", "Lair", "Bren"]
    assert session.current_turn().round == 1


def test_no_lair_without_the_option_or_in_pf2e():
    session, _ = fight(FIVE_E, lair="yes", flavour="pf2e")
    assert all(t.title != "Lair" for t in session.upcoming_turns(6))


def test_ready_holds_a_trigger_until_its_next_turn_and_does_not_move_it():
    session, ids = fight(FIVE_E)
    act(session, "ready", None, trigger="the orc steps through the door")
    assert "ready: the orc steps through the door" in session.ruleset.markers(
        session.encounter, by_id(session, ids["Ayla"])
    )
    assert state(session, ids["Ayla"]).actions.current == 0  # its action
    end(session)
    act(session, "use_ready", ids["Ayla"])
    assert state(session, ids["Ayla"]).ready is None
    assert state(session, ids["Ayla"]).reaction.current == 0
    assert names(session) == ["Ayla", "Orc", "Bren"]


def test_an_unused_readied_action_lapses_at_the_start_of_the_next_turn():
    session, ids = fight(FIVE_E, flavour="pf2e")
    act(session, "ready", None, trigger="a goblin appears")
    assert state(session, ids["Ayla"]).actions.current == 1  # PF2e: 2 actions
    end(session, 3)
    assert state(session, ids["Ayla"]).ready is None
    assert "lapses" in session.encounter.log[-2].text or any(
        "lapses" in entry.text for entry in session.encounter.log[-4:]
    )


def test_delay_is_not_allowed_in_5e_by_default():
    session, _ = fight(FIVE_E)
    refused(session, RulesetAction("delay", None, {}), "not a 5e action")


def test_pf2e_delay_then_act_now_after_another_turn_moves_initiative_for_good():
    session, ids = fight(FIVE_E, flavour="pf2e")
    act(session, "delay")
    assert whose_turn(session) == "Orc"
    end(session)  # the Orc's turn ends: Ayla may act now
    prompt = session.prompt()
    assert prompt.title == "Delaying" and [a.label for a in prompt.answers] == [
        "Ayla acts now",
        "No one acts now",
    ]
    refused(session, RulesetAction("action", ids["Bren"], {"what": "x"}), "nobody has a turn")
    session.apply(prompt.answers[0].command)
    assert whose_turn(session) == "Ayla"
    assert by_id(session, ids["Ayla"]).stats["initiative"] == 12
    assert names(session) == ["Orc", "Ayla", "Bren"]
    end(session, 2)
    assert (session.current_turn().round, whose_turn(session)) == (2, "Orc")


def test_no_one_acts_now_goes_on_to_the_next_turn():
    session, ids = fight(FIVE_E, delay_5e="yes")
    act(session, "delay")
    end(session)
    act(session, "no_one_acts")
    assert whose_turn(session) == "Bren"


def test_a_delay_through_a_whole_round_loses_the_turn_and_keeps_the_place():
    session, ids = fight(FIVE_E, flavour="pf2e")
    act(session, "delay")
    end(session)  # Orc
    act(session, "no_one_acts")
    end(session)  # Bren
    act(session, "no_one_acts")
    assert (session.current_turn().round, whose_turn(session)) == (2, "Ayla")
    assert state(session, ids["Ayla"]).delay is None
    assert by_id(session, ids["Ayla"]).stats["initiative"] == 18


def test_no_delay_after_acting():
    session, _ = fight(FIVE_E, flavour="pf2e")
    act(session, "action", None, what="Stride")
    refused(session, RulesetAction("delay", None, {}), "already acted")


def test_in_the_pause_the_next_turn_is_up_but_not_begun():
    session, ids = fight(FIVE_E, flavour="pf2e")
    act(session, "delay")
    end(session)  # the Orc's turn ends: Bren is up, paused
    turn = session.current_turn()
    assert whose_turn(session) == "Bren" and turn.values["paused"]
    assert [t.key for t in session.upcoming_turns(2)] == [
        ("turn", 1, ids["Bren"]),
        ("turn", 2, ids["Ayla"]),
    ]
    refused(session, EndTurn(), "answer first")
    act(session, "no_one_acts")
    assert not session.current_turn().values["paused"]
    act(session, "action", None, what="Stride")


def test_acting_now_after_the_last_turn_of_a_round_takes_the_top_of_the_order():
    session, ids = fight(FIVE_E, flavour="pf2e")
    end(session)  # Ayla
    act(session, "delay")  # the Orc delays
    end(session)  # Bren's turn ends, the last of round 1: Ayla is up in round 2
    assert (session.current_turn().round, whose_turn(session)) == (2, "Ayla")
    act(session, "act_now", ids["Orc"])
    assert names(session) == ["Orc", "Ayla", "Bren"]
    assert by_id(session, ids["Orc"]).stats["initiative"] == 18  # Ayla's: the same point
    assert (session.current_turn().round, whose_turn(session)) == (2, "Orc")
    end(session)
    assert (session.current_turn().round, whose_turn(session)) == (2, "Ayla")


def test_a_group_turn_tells_the_players_only_the_members_they_see():
    session, ids = fight(
        [("Goblin", "enemy", {"initiative": 12}), ("Goblin 2", "enemy", {"initiative": 12})],
        groups="group",
    )
    turn = session.current_turn()
    assert turn.grant.startswith("2 act together")
    shown = session.ruleset.public_turn(session.encounter, turn, {ids["Goblin"]})
    assert shown.values["members"] == [ids["Goblin"]] and "together" not in shown.grant


def test_a_round_is_six_seconds_and_the_pause_says_what_it_waits_for():
    session, ids = fight(FIVE_E, delay_5e="yes")
    end(session, 3)
    turn = session.current_turn()
    assert session.ruleset.round_text(session.encounter, turn) == "Round 2 · 6 s"
    act(session, "delay")
    end(session)
    assert session.status() == ("Round 2 · after Orc's turn: does a delaying creature act now?")


def test_acting_now_when_its_own_place_is_up_acts_there_having_lost_the_delayed_turn():
    session, ids = fight(FIVE_E, flavour="pf2e")
    act(session, "delay")
    end(session)  # Orc
    act(session, "no_one_acts")
    end(session)  # Bren, the last: Ayla's own place is up in round 2
    assert (session.current_turn().round, whose_turn(session)) == (2, "Ayla")
    act(session, "act_now", ids["Ayla"])
    assert state(session, ids["Ayla"]).delay is None and names(session) == ["Ayla", "Orc", "Bren"]
    assert by_id(session, ids["Ayla"]).stats["initiative"] == 18
    act(session, "action", None, what="Stride")


def test_the_turns_to_come_ask_the_groups_option_once_not_turn_by_turn(monkeypatch):
    """The page's round of turns (~35 at 30 combatants) is worked out at every change:
    with the groups option off, each creature acts alone, read once for the ask (not
    once a turn through `members`); the turns are those of grouped fights' path (see
    `test_classic_d20_legal._turns_one_by_one`)."""
    cast = [(f"Orc {n}", "enemy", {"initiative": 30 - n}) for n in range(1, 9)]
    session, ids = fight(cast, groups="each")
    asked = []
    original = order.grouped
    monkeypatch.setattr(order, "grouped", lambda e: asked.append(1) or original(e))
    turns = session.upcoming_turns(12)
    assert [t.combatant_id for t in turns[:9]] == [*ids.values(), ids["Orc 1"]]
    assert [t.values["members"] for t in turns[:2]] == [[ids["Orc 1"]], [ids["Orc 2"]]]
    assert len(asked) <= 1  # the order's slots, once; before: once a turn (12)
