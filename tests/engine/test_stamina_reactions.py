"""Issue 8, item 4: reactions at any time, also on the other side's turn, paid from the
same pool: Evade, Block (1), Parry (2), custom ones with their cost, per-round limits
(Warrior's Prowess once per round); the reactions a Unit can still afford."""

from __future__ import annotations

from tests.engine.stamina_helpers import (
    act,
    acting,
    battle,
    end_turns,
    pool,
    refused_action,
    undo_all_checks,
    unit,
)
from tracker.engine import EditCombatant


def affordable(session, name: str) -> list[tuple[str, int]]:
    return list(session.ruleset.readout(session.encounter, unit(session, name)).reactions)


def test_reactions_on_the_other_sides_turn_pay_from_the_same_pool():
    session, _ = battle()
    assert acting(session) == "Mira"
    act(session, "react", "Grub", reaction="parry")  # the enemy parries on Mira's turn
    act(session, "react", "Grub", reaction="evade")
    # Grub: 4 - Parry 2 - Evade 1 = 1.
    assert pool(session, "Grub") == 1
    message = refused_action(session, "react", "Grub", reaction="parry")
    assert message == "Grub's Parry needs 2 Stamina; only 1 left."


def test_block_needs_a_shield_and_costs_one():
    session, _ = battle()
    act(session, "react", "Bran", reaction="block")
    assert pool(session, "Bran") == 4
    message = refused_action(session, "react", "Grub", reaction="block")
    assert message == "Grub has no shield equipped: Block needs one."


def test_warriors_prowess_once_per_round_and_back_next_round():
    session, _ = battle()
    act(session, "react", "Orc", reaction="warrior's prowess")
    assert pool(session, "Orc") == 4
    assert refused_action(session, "react", "Orc", reaction="warrior's prowess") == (
        "Orc already used Warrior's Prowess once this round."
    )
    assert ("Warrior's Prowess", 1) not in affordable(session, "Orc")
    end_turns(session, 4)  # round 2
    assert ("Warrior's Prowess", 1) in affordable(session, "Orc")
    act(session, "react", "Orc", reaction="warrior's prowess")


def test_custom_reactions_with_their_cost_and_limit():
    session, ids = battle()
    session.apply(EditCombatant(ids["Mira"], {"reactions": "Riposte 2, Shield Wall 1/round"}))
    assert affordable(session, "Mira") == [
        ("Evade", 1),
        ("Parry", 2),
        ("Riposte", 2),
        ("Shield Wall", 1),
    ]
    act(session, "react", "Mira", reaction="custom", name="riposte", cost=0)  # listed cost 2
    act(session, "react", "Mira", reaction="custom", name="Shield Wall")
    # 6 - 2 - 1 = 3; Shield Wall is once a round.
    assert pool(session, "Mira") == 3
    assert refused_action(session, "react", "Mira", reaction="custom", name="Shield Wall") == (
        "Mira already used Shield Wall once this round."
    )
    act(session, "react", "Mira", reaction="custom", name="Taunt", cost=3)  # typed, not listed
    assert pool(session, "Mira") == 0
    assert affordable(session, "Mira") == []


def test_affordable_follows_the_pool():
    session, _ = battle()
    act(session, "set_stamina", "Bran", stamina=1)
    # 1 Stamina: Evade 1 and Block 1, not Parry 2.
    assert affordable(session, "Bran") == [("Evade", 1), ("Block", 1)]


def test_reactions_undo():
    session, _ = battle()
    undo_all_checks(session, lambda: act(session, "react", "Orc", reaction="warrior's prowess"))


def test_a_custom_reaction_needs_a_name():
    session, _ = battle()
    assert refused_action(session, "react", "Mira", reaction="custom", name=" ") == (
        "Name the reaction."
    )
