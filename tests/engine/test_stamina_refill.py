"""Issue 8, item 7: Stamina refills per the option (at the start of the Unit's side phase
/ of its own turn / of each round), unused Stamina lost or carried over up to the
maximum per the option; every choice of the rules file's Roundkeeper notes is an option,
the first listed the default."""

from __future__ import annotations

from tests.engine.stamina_helpers import act, acting, battle, end_turns, pool
from tracker.engine import EndTurn, SetOption
from tracker.engine.registry import get_ruleset


def test_every_choice_of_the_tracker_notes_is_an_option_first_listed_the_default():
    ruleset = get_ruleset("stamina_battle")
    assert [(c.name, [v for v, _ in c.values]) for c in ruleset.options] == [
        ("refill", ["phase", "turn", "round"]),
        ("first_side", ["party", "roll", "dm"]),
        ("side_order", ["free", "fixed"]),
        ("unused", ["lost", "carried"]),
    ]
    assert ruleset.default_options() == {
        "refill": "phase",
        "first_side": "party",
        "side_order": "free",
        "unused": "lost",
    }


def _spend_round_one(session) -> None:
    """Round 1: Mira spends 4 (6 → 2), Grub 3 (4 → 1) on their turns."""
    act(session, "technique", name="Cleave", cost=4)
    end_turns(session, 2)
    assert acting(session) == "Grub"
    act(session, "technique", name="Bite", cost=3)


def test_refill_at_the_start_of_the_side_phase_by_default():
    session, _ = battle()
    _spend_round_one(session)
    end_turns(session, 2)  # round 2, the party's phase: the party refills
    assert (pool(session, "Mira"), pool(session, "Grub")) == (6, 1)
    end_turns(session, 2)  # the enemies' phase: Grub refills
    assert pool(session, "Grub") == 4


def test_refill_at_the_start_of_the_units_own_turn():
    session, _ = battle(refill="turn")
    _spend_round_one(session)
    act(session, "react", "Bran", reaction="parry")  # Bran 5 - 2 = 3
    end_turns(session, 2)  # round 2, Mira's turn: only she refills
    assert (pool(session, "Mira"), pool(session, "Bran")) == (6, 3)
    session.apply(EndTurn())  # Bran's turn
    assert pool(session, "Bran") == 5 and pool(session, "Grub") == 1


def test_refill_at_the_start_of_each_round():
    session, _ = battle(refill="round")
    _spend_round_one(session)
    end_turns(session, 2)  # round 2 begins: everyone refills
    assert (pool(session, "Mira"), pool(session, "Grub")) == (6, 4)


def test_unused_stamina_carried_over_up_to_the_maximum():
    session, _ = battle(unused="carried")
    _spend_round_one(session)
    end_turns(session, 2)
    # Mira: 2 unused + a full 6 = 8; the unused part is at most the maximum.
    assert pool(session, "Mira") == 8
    end_turns(session, 4)  # round 3: 8 unused, only 6 of it carried → 6 + 6 = 12
    assert pool(session, "Mira") == 12


def test_round_one_starts_with_the_pools_as_set_up():
    session, _ = battle(start=False, refill="round", unused="carried")
    act(session, "set_stamina", "Mira", stamina=3)
    from tracker.engine import StartEncounter

    session.apply(StartEncounter())
    assert pool(session, "Mira") == 3  # no refill in round 1


def test_changing_the_refill_option_mid_battle_takes_effect_at_the_next_refill():
    session, _ = battle()
    _spend_round_one(session)
    session.apply(SetOption("refill", "round"))
    end_turns(session, 2)  # round 2 begins: everyone refills now
    assert (pool(session, "Mira"), pool(session, "Grub")) == (6, 4)


def test_a_unit_that_blocks_before_its_sides_first_phase_refills_at_that_phase():
    """Issue 24, item 5: the party goes first; on Mira's turn Grub, of the
    enemies, parries (4 → 2) in round 1 before the enemies' phase has begun. The enemies'
    phase is the start of Grub's side phase: its pool refills (default option)."""
    session, _ = battle()
    act(session, "react", "Grub", reaction="parry")
    assert pool(session, "Grub") == 2
    end_turns(session, 2)  # the party's phase ends; round 1, the enemies' phase begins
    assert acting(session) == "Grub"
    assert pool(session, "Grub") == 4
    act(session, "technique", name="Bite", cost=3)  # 4 → 1: one refill a round
    end_turns(session, 1)
    assert pool(session, "Grub") == 1


def test_with_the_own_turn_option_round_one_refills_at_the_units_turn():
    session, _ = battle(refill="turn")
    act(session, "react", "Orc", reaction="parry")  # 5 → 3 on Mira's turn
    act(session, "react", "Bran", reaction="block")  # 5 → 4 on Mira's turn
    end_turns(session, 1)  # Bran's own turn: he refills, the Orc not yet
    assert (pool(session, "Bran"), pool(session, "Orc")) == (5, 3)
    end_turns(session, 2)  # Grub's turn, then the Orc's
    assert acting(session) == "Orc" and pool(session, "Orc") == 5


def test_round_ones_refill_carries_nothing_over_and_keeps_the_pool_as_set_up():
    session, _ = battle(start=False, unused="carried")
    act(session, "set_stamina", "Grub", stamina=3)  # the DM sets Grub up tired
    from tracker.engine import StartEncounter

    session.apply(StartEncounter())
    assert pool(session, "Mira") == 6  # the party's phase: no doubling of a full pool
    act(session, "react", "Grub", reaction="evade")  # 3 → 2
    end_turns(session, 2)  # the enemies' phase: back to the pool as set up
    assert pool(session, "Grub") == 3
    session.undo()
    assert pool(session, "Grub") == 2  # the refill is part of the End Turn, undone with it
