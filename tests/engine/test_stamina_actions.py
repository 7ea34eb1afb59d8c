"""Issue 8, item 3: every action spends from the pool (Attack 1, or 2 two-handed; Move 1
at most 3 times a turn; Guard 1 once, with the boost as an effect until the start of the
Unit's next turn; Item 1 or more once; each Technique once; Hide once). A refused
action says why, changes nothing and uses up no limit; every step undoes."""

from __future__ import annotations

import pytest

from tests.engine.stamina_helpers import (
    act,
    acting,
    battle,
    end_turns,
    pool,
    refused_action,
    state,
    undo_all_checks,
    unit,
)
from tracker.engine import EndTurn


@pytest.mark.parametrize(
    ("weapon", "cost"),
    [
        ("one-handed", 1),
        ("two-handed", 2),
        ("versatile, two hands", 2),
        ("versatile, one hand", 1),
        ("unarmed", 1),
    ],
)
def test_attack_costs_one_or_two_with_two_hands(weapon: str, cost: int):
    session, _ = battle()
    act(session, "attack", weapon=weapon)
    assert pool(session, "Mira") == 6 - cost


def test_meter_shows_the_pool_and_its_maximum():
    session, _ = battle()
    act(session, "attack", weapon="two-handed")
    meters = session.ruleset.meters(session.encounter, unit(session, "Mira"))
    assert (meters[0].name, meters[0].value, meters[0].maximum) == ("stamina", 4, 6)


def test_move_three_times_then_refused_without_using_anything():
    session, _ = battle()
    for _ in range(3):
        act(session, "move")
    # 6 - 3 × 1 = 3 left; a fourth Move is refused and costs nothing.
    assert pool(session, "Mira") == 3
    message = refused_action(session, "move")
    assert message == "Mira has already moved 3 times this turn."
    assert state(session, "Mira").turn.count("move") == 3


def test_an_action_the_pool_cannot_pay_is_refused_and_uses_up_no_limit():
    session, _ = battle()
    act(session, "set_stamina", "Mira", stamina=0)
    assert refused_action(session, "hide") == "Mira's Hide needs 1 Stamina; none left."
    assert state(session, "Mira").turn.count("hide") == 0
    act(session, "set_stamina", "Mira", stamina=1)
    act(session, "hide")  # the limit was not used up by the refusal
    assert refused_action(session, "hide") == "Mira already hid this turn."
    act(session, "set_stamina", "Mira", stamina=1)
    message = refused_action(session, "item", cost=2, what="push the statue")
    assert message == "Mira's Item action needs 2 Stamina; only 1 left."
    act(session, "item", cost=1, what="potion")
    assert pool(session, "Mira") == 0


def test_guard_once_a_turn_its_boost_an_effect_until_the_start_of_the_next_turn():
    session, _ = battle()
    act(session, "guard", stat="strength", roll=4)
    # Armor 2 + the Strength roll 4 = 6 until the start of Mira's next turn.
    assert pool(session, "Mira") == 5
    [effect] = session.encounter.effects
    assert effect.name == "Guard: Armor +4"
    assert session.ruleset.readout(session.encounter, unit(session, "Mira")).armor == 6
    assert refused_action(session, "guard", stat="agility", roll=3) == (
        "Mira already guarded this turn."
    )
    assert session.remaining(effect.id) == "until the start of its carrier's next turn (round 2)"
    end_turns(session, 3)  # Bran, Grub, Orc act: the Guard holds through the enemy phase
    assert session.ends_soon(effect.id)
    assert [e.name for e in session.encounter.effects] == ["Guard: Armor +4"]
    session.apply(EndTurn())  # Mira's next turn begins: the Guard ends
    assert acting(session) == "Mira" and session.encounter.effects == []


def test_agility_guard_boosts_evasion():
    session, _ = battle()
    act(session, "guard", stat="agility", roll=5)
    # Evasion 3 + 5 = 8.
    assert session.ruleset.readout(session.encounter, unit(session, "Mira")).evasion == 8


def test_each_technique_once_a_turn_different_ones_while_stamina_lasts():
    session, _ = battle()
    act(session, "technique", name="Cleave", cost=2)
    act(session, "technique", name="Shove", cost=1)
    # 6 - 2 - 1 = 3.
    assert pool(session, "Mira") == 3
    assert refused_action(session, "technique", name="cleave", cost=2) == (
        "Mira already used the Technique “cleave” this turn."
    )
    assert refused_action(session, "technique", name="Whirl", cost=4) == (
        "Mira's Technique “Whirl” needs 4 Stamina; only 3 left."
    )
    end_turns(session, 4)  # a new turn: the Technique can be used again
    act(session, "technique", name="Cleave", cost=2)


def test_limits_clear_at_the_units_next_turn():
    session, _ = battle()
    for _ in range(3):
        act(session, "move")
    act(session, "hide")
    end_turns(session, 4)
    assert acting(session) == "Mira"
    assert state(session, "Mira").turn.used == {}
    act(session, "move")


@pytest.mark.parametrize(
    ("action", "params"),
    [
        ("attack", {"weapon": "two-handed"}),
        ("move", {}),
        ("guard", {"stat": "will", "roll": 2}),
        ("item", {"cost": 2, "what": "lever"}),
        ("technique", {"name": "Cleave", "cost": 2}),
        ("hide", {}),
        ("spell", {"name": "Spark", "cost": 2}),
        ("spell", {"name": "Fireball", "cost": 9}),
    ],
)
def test_each_action_undoes_and_redoes(action: str, params: dict):
    session, _ = battle()
    undo_all_checks(session, lambda: act(session, action, **params))
