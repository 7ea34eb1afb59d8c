"""Classic d20 durations: anchored to a creature's turn (the start or end of its next
turn), rounds and minutes (10 rounds), 5e concentration with its save prompt, PF2e
valued conditions counting down, persistent damage with its DC 15 flat check, and
sustained effects."""

from __future__ import annotations

from tests.engine.classic_d20_helpers import act, by_id, end, fight, hp, refused, whose_turn
from tracker.engine import AddEffect, RulesetAction

CAST = [
    ("Wizard", "party", {"initiative": 18, "hp_max": 30}),
    ("Orc", "enemy", {"initiative": 12, "hp_max": 15}),
    ("Bren", "party", {"initiative": 6, "hp_max": 20}),
]


def _effect(session, name, carrier, creator, **duration):
    session.apply(AddEffect(name, carrier, creator, duration))
    return session.encounter.effects[-1].id


def _names(session):
    return [e.name for e in session.encounter.effects]


def test_until_the_start_and_end_of_the_casters_next_turn():
    session, ids = fight(CAST)
    _effect(session, "Shield", ids["Wizard"], ids["Wizard"], until="start_of_turn")
    _effect(session, "Faerie Fire", ids["Orc"], ids["Wizard"], until="end_of_turn")
    end(session, 3)  # round 2, the Wizard's turn starts: Shield ends
    assert _names(session) == ["Faerie Fire"]
    end(session)  # the end of the Wizard's next turn
    assert _names(session) == []


def test_rounds_end_as_the_casters_nth_next_turn_starts_and_a_minute_is_10_rounds():
    session, ids = fight(CAST)
    _effect(session, "Bless", ids["Bren"], ids["Wizard"], until="rounds", amount=2)
    _effect(session, "Shield of Faith", ids["Bren"], ids["Wizard"], until="minutes", amount=1)
    end(session, 3)  # round 2 starts
    assert _names(session) == ["Bless", "Shield of Faith"]
    end(session, 3)  # round 3, the Wizard's turn: 2 rounds are over
    assert _names(session) == ["Shield of Faith"]
    end(session, 3 * 8)  # round 11: 10 rounds from its casting
    assert session.current_turn().round == 11 and _names(session) == []


def test_an_effect_anchored_to_a_creature_still_to_act_ends_at_its_turn_this_round():
    session, ids = fight(CAST)
    _effect(session, "Hex", ids["Bren"], ids["Bren"], until="end_of_turn", of="carrier")
    end(session)
    assert _names(session) == ["Hex"]
    end(session, 2)  # Bren's turn in round 1 ends
    assert _names(session) == []


def test_concentration_one_spell_per_caster_and_the_save_prompt_after_damage():
    session, ids = fight(CAST)
    _effect(session, "Bless", ids["Bren"], ids["Wizard"], until="minutes", concentration=True)
    _effect(session, "Bless", ids["Wizard"], ids["Wizard"], until="minutes", concentration=True)
    refused(
        session,
        AddEffect("Haste", ids["Bren"], ids["Wizard"], {"until": "minutes", "concentration": True}),
        "one spell at a time",
    )
    act(session, "damage", ids["Wizard"], amount=26)  # DC 13: half of 26
    prompt = session.prompt()
    assert prompt.title == "Concentration" and "DC 13" in prompt.question
    session.apply(prompt.answers[0].command)  # made it
    assert _names(session) == ["Bless", "Bless"]
    act(session, "damage", ids["Wizard"], amount=3)  # DC 10: 10 or half, whichever higher
    assert "DC 10" in session.prompt().question
    session.apply(session.prompt().answers[1].command)  # failed: the spell ends
    assert _names(session) == [] and session.prompt() is None


def test_falling_to_0_hp_ends_concentration():
    session, ids = fight(CAST)
    _effect(session, "Hold Person", ids["Orc"], ids["Wizard"], until="minutes", concentration=True)
    act(session, "damage", ids["Wizard"], amount=40)
    assert _names(session) == []
    assert session.prompt() is None or session.prompt().title != "Concentration"


def test_pf2e_frightened_lowers_by_one_at_the_end_of_each_of_its_turns():
    session, ids = fight(CAST, flavour="pf2e")
    _effect(session, "Frightened", ids["Orc"], None, until="countdown", of="carrier", amount=2)
    end(session)
    assert _names(session) == ["Frightened"]
    end(session)  # the Orc's turn ends: 2 → 1
    assert _names(session) == ["Frightened 1"]
    end(session, 3)  # its next turn ends: gone
    assert _names(session) == []


def test_persistent_damage_at_the_end_of_the_turn_then_a_dc_15_flat_check():
    session, ids = fight(CAST, flavour="pf2e")
    _effect(session, "Bleed", ids["Orc"], None, until="persistent", of="carrier", amount=4)
    end(session, 2)  # the Orc's turn ends
    assert hp(session, ids["Orc"]) == 11
    prompt = session.prompt()
    assert prompt.title == "Persistent damage" and "DC 15" in prompt.question
    act(session, "flat_check", None, d20=14)
    assert _names(session) == ["Bleed"] and session.prompt() is None
    end(session, 3)
    assert hp(session, ids["Orc"]) == 7
    act(session, "flat_check", None, d20=15)
    assert _names(session) == []


def test_a_sustained_effect_ends_at_the_end_of_the_casters_turn_unless_sustained():
    session, ids = fight(CAST, flavour="pf2e")
    effect = _effect(session, "Spiritual Weapon", ids["Orc"], ids["Wizard"], until="sustained")
    end(session, 3)  # round 1's turn (cast) does not end it
    assert whose_turn(session) == "Wizard" and _names(session) == ["Spiritual Weapon"]
    act(session, "sustain", None, effect=effect)
    refused(session, RulesetAction("sustain", None, {"effect": effect}), "already sustained")
    end(session, 3)
    assert _names(session) == ["Spiritual Weapon"]
    end(session)  # round 3: not sustained
    assert _names(session) == []


def test_ends_soon_follows_the_rule_that_expires():
    session, ids = fight(CAST)
    soon = _effect(session, "Shield", ids["Wizard"], ids["Wizard"], until="start_of_turn")
    later = _effect(session, "Bless", ids["Bren"], ids["Wizard"], until="rounds", amount=3)
    assert not session.ends_soon(soon)
    end(session, 2)  # Bren's turn: the next is the Wizard's
    assert session.ends_soon(soon) and not session.ends_soon(later)


def test_delaying_happens_after_the_end_of_turn_effects(  # PF2e: "end-of-turn effects happen then"
):
    session, ids = fight(CAST, flavour="pf2e")
    _effect(session, "Frightened", ids["Wizard"], None, until="countdown", of="carrier", amount=2)
    act(session, "delay")
    assert _names(session) == ["Frightened 1"]


def test_one_concentration_save_per_source_of_damage():
    session, ids = fight(CAST)
    _effect(session, "Bless", ids["Bren"], ids["Wizard"], until="minutes", concentration=True)
    act(session, "damage", ids["Wizard"], amount=4)
    act(session, "damage", ids["Wizard"], amount=24)  # 2 HP left
    prompt = session.prompt()
    assert "DC 10" in prompt.question and prompt.context == ("Then DC 12 (another source).",)
    session.apply(prompt.answers[0].command)
    assert "DC 12" in session.prompt().question


def test_the_gm_ends_concentration_and_its_effects_go():
    session, ids = fight(CAST)
    _effect(session, "Bless", ids["Bren"], ids["Wizard"], until="minutes", concentration=True)
    assert session.ruleset.concentrating_on(session.encounter, by_id(session, ids["Wizard"]))
    act(session, "end_concentration", ids["Wizard"])
    assert _names(session) == []
    refused(session, RulesetAction("end_concentration", ids["Wizard"], {}), "nothing")


def test_with_initiative_rolled_each_round_nothing_of_the_next_round_ends_soon():
    """Re-rolled each round, the next round's order is not known before its rolls: the
    start of the Wizard's turn in round 2 is not "soon" at Bren's turn (the last of
    round 1), as it is with the order kept (the case above)."""
    session, ids = fight(CAST, reroll="yes")
    shield = _effect(session, "Shield", ids["Wizard"], ids["Wizard"], until="start_of_turn")
    fire = _effect(session, "Faerie Fire", ids["Orc"], ids["Bren"], until="end_of_turn")
    end(session)  # the Orc's turn: Bren's turn comes next, in this round
    assert session.ends_soon(fire) and not session.ends_soon(shield)
    end(session)  # Bren's turn, the last of round 1
    assert not session.ends_soon(shield)
    end(session)  # round 2 waits for its rolls: Shield is still there
    assert _names(session) == ["Shield"]
