"""Attacks as commands, each shown as a delta in the log (issue 9, item 3), in both
flavours; refused commands change nothing; every step undoes."""

from __future__ import annotations

import pytest

from tests.engine.ticks_helpers import (
    act,
    acting,
    fight,
    init,
    log,
    refused,
    state,
    undo_restores,
    who,
)
from tracker.engine import EndTurn, RulesetAction

CAST = [("Kaoru", "party", 6), ("Bandit", "enemy", 2), ("Wolf", "enemy", 1)]
STATS = {"Kaoru": {"stamina": 3}, "Bandit": {"stamina": 2, "hardness": 2}}


def test_a_withering_miss_gives_the_target_one_onslaught_only():
    s, _ = fight(CAST, STATS)
    act(s, "withering", "Bandit", hit=False, damage=0, shift=0)
    assert (init(s, "Kaoru"), init(s, "Bandit"), state(s, "Bandit").onslaught) == (9, 5, 1)
    assert "misses" in log(s) and "Onslaught 1" in log(s)


def test_a_withering_hit_moves_initiative_and_shows_the_deltas():
    s, ids = fight(CAST, STATS)
    # Kaoru 9, Bandit 5. Hit with 2 successes: Kaoru 9 + 1 + 2 = 12, Bandit 5 − 2 = 3.
    undo_restores(
        s, RulesetAction("withering", ids["Bandit"], {"hit": True, "damage": 2, "shift": 0})
    )
    assert (init(s, "Kaoru"), init(s, "Bandit")) == (12, 3)
    assert "Kaoru 9 → 12 (+3)" in log(s) and "Bandit 5 → 3 (−2)" in log(s)
    assert state(s, "Bandit").onslaught == 1


def test_crashing_the_target_brings_the_break_bonus():
    s, _ = fight(CAST, STATS)
    # Bandit 5 − 5 = 0: Crashed. Kaoru 9 + 1 + 5 + 5 (Break) = 20.
    act(s, "withering", "Bandit", hit=True, damage=5, shift=0)
    assert (init(s, "Kaoru"), init(s, "Bandit")) == (20, 0)
    assert state(s, "Bandit").crash is not None
    assert "Break bonus: Kaoru +5i." in log(s)
    ruleset = s.ruleset
    assert ruleset.hardness(s.encounter, who(s, "Bandit")) == 0  # shown: Hardness 0


def test_shift_adds_the_join_battle_reroll_when_crashing_who_crashed_you():
    s, _ = fight([("Bandit", "enemy", 6), ("Kaoru", "party", 2)], STATS)
    # The Bandit (9) crashes Kaoru (5): 5 − 6 = −1; Bandit 9 + 1 + 6 + 5 = 21.
    act(s, "withering", "Kaoru", hit=True, damage=6, shift=0)
    s.apply(EndTurn())
    assert acting(s) == "Kaoru" and init(s, "Kaoru") == -1
    # Kaoru hits back for 20: Kaoru −1 + 1 + 20 = 20 (out of Crash), Bandit 21 − 20 = 1.
    act(s, "withering", "Bandit", hit=True, damage=20, shift=0)
    assert state(s, "Kaoru").crash is None and init(s, "Bandit") == 1
    s.apply(EndTurn())  # the Bandit acted first: round 2 begins
    assert (s.current_turn().round, acting(s)) == (2, "Kaoru")  # Kaoru 20 first
    # Kaoru crashes the Bandit: Shift. 20 + 1 + 3 = 24, + 5 Break = 29, + 4 re-roll = 33.
    act(s, "withering", "Bandit", hit=True, damage=3, shift=4)
    assert init(s, "Kaoru") == 33
    assert "Shifts" in log(s) and state(s, "Kaoru").shifted


def test_exalted_gives_no_break_bonus_against_someone_just_out_of_crash():
    s, _ = fight(
        [("Kaoru", "party", 6), ("Bandit", "enemy", 2), ("Wolf", "enemy", 0)],
        STATS,
        flavour="exalted3e",
    )
    # Kaoru crashes the Bandit (5 − 5 = 0): +1 +5 +5 = 20.
    act(s, "withering", "Bandit", hit=True, damage=5, shift=0)
    act(s, "adjust", "Bandit", amount=3, reason="a Charm")  # 3: out of Crash this round
    assert state(s, "Bandit").crash is None and state(s, "Bandit").left_crash == 1
    act(s, "flurry")
    act(s, "withering", "Bandit", hit=True, damage=3, shift=0)  # 3 − 3 = 0 again
    assert state(s, "Bandit").crash is not None
    assert "No Break bonus" in log(s)
    assert init(s, "Kaoru") == 20 + 1 + 3  # no +5


def test_decisive_miss_costs_three_at_eleven_or_more_else_two():
    s, _ = fight(CAST, STATS)
    act(s, "adjust", "Kaoru", amount=2)  # 11
    act(s, "decisive", "Bandit", hit=False)
    assert init(s, "Kaoru") == 8 and "−3i" in log(s)
    s2, _ = fight(CAST, STATS)
    act(s2, "decisive", "Bandit", hit=False)  # 9: below 11
    assert init(s2, "Kaoru") == 7 and state(s2, "Bandit").onslaught == 1


def test_decisive_hit_rolls_initiative_in_dice_then_resets_to_base():
    s, _ = fight(CAST, STATS)
    # Kaoru 9 against Hardness 2: roll 9 dice; base 2 + ⌈3 / 2⌉ = 4.
    act(s, "decisive", "Bandit", hit=True)
    assert "roll 9 dice of damage (Hardness 2)" in log(s)
    assert init(s, "Kaoru") == 4


def test_decisive_hit_not_above_hardness_deals_nothing():
    s, _ = fight([("Kaoru", "party", 0), ("Troll", "enemy", 0)], {"Troll": {"hardness": 5}})
    act(s, "decisive", "Troll", hit=True)  # Kaoru 3, Hardness 5
    assert "no damage: Initiative 3 is not above Hardness 5" in log(s)


@pytest.mark.parametrize(
    ("gambit", "succeeds", "cost", "spent"),
    [("disarm", True, 2, 3), ("disarm", False, 2, 2), ("disable", True, 2, 5)],
)
def test_gambits_spend_their_rank_and_one_less_when_they_fail(gambit, succeeds, cost, spent):
    s, _ = fight(CAST, STATS)
    act(s, "gambit", "Bandit", gambit=gambit, established=succeeds, cost=cost)
    assert init(s, "Kaoru") == 9 - spent
    assert state(s, "Bandit").onslaught == 1


def test_distract_gives_the_ally_the_spent_initiative_less_one():
    cast = [("Kaoru", "party", 6), ("Mirelle", "party", 1), ("Wolf", "enemy", 0)]
    s, _ = fight(cast)
    act(s, "gambit", "Mirelle", gambit="distract", established=True, cost=4)
    # Kaoru 9 − 4 = 5; Mirelle 4 + (4 − 1) = 7.
    assert (init(s, "Kaoru"), init(s, "Mirelle")) == (5, 7)


def test_a_gambit_costing_more_than_the_initiative_is_refused():
    s, ids = fight([("Kaoru", "party", 0), ("Wolf", "enemy", 0)])
    params = {"gambit": "disable", "established": True, "cost": 2}
    assert "costs 5i" in refused(s, RulesetAction("gambit", ids["Wolf"], params))


def test_a_clash_costs_both_three_and_a_tie_goes_to_the_player_character():
    s, _ = fight([("Wolf", "enemy", 4), ("Kaoru", "party", 4), ("Bandit", "enemy", 0)])
    assert acting(s) == "Kaoru"  # player characters first at tick 7
    act(s, "clash", "Wolf", mine=2, theirs=2)
    assert (init(s, "Kaoru"), init(s, "Wolf")) == (4, 4)
    assert "Kaoru wins (tied at 2: the player character wins)" in log(s)
    assert state(s, "Wolf").acted  # its turn went into the clash
    s.apply(EndTurn())
    assert acting(s) == "Bandit"


def test_a_clash_with_someone_not_on_the_tick_is_refused():
    s, ids = fight(CAST, STATS)
    command = RulesetAction("clash", ids["Bandit"], {"mine": 1, "theirs": 0})
    assert "same tick" in refused(s, command)


def test_attacks_outside_a_turn_or_on_oneself_are_refused():
    s, ids = fight(CAST, STATS)
    params = {"hit": True, "damage": 1, "shift": 0}
    assert "itself" in refused(s, RulesetAction("withering", ids["Kaoru"], params))
    assert "Select" in refused(s, RulesetAction("withering", None, params))
    miss = {"hit": False, "damage": 2, "shift": 0}
    assert "A miss deals no damage" in refused(s, RulesetAction("withering", ids["Wolf"], miss))


def test_flurry_puts_minus_three_on_the_second_action_and_the_first_next_turn():
    s, _ = fight(CAST, STATS)
    act(s, "flurry")
    assert "second action is at −3" in log(s)
    act(s, "withering", "Bandit", hit=False, damage=0, shift=0)
    assert "at −3 (flurry)" in log(s)
    assert "already flurried" in refused(s, RulesetAction("flurry"))
    for _ in range(3):
        s.apply(EndTurn())
    assert acting(s) == "Kaoru"  # round 2
    s.apply(RulesetAction("apply_start"))
    assert state(s, "Kaoru").first_penalty == -3
    assert "first action −3" in s.ruleset.markers(s.encounter, who(s, "Kaoru"))
    act(s, "withering", "Bandit", hit=False, damage=0, shift=0)
    assert "at −3 from last turn's flurry" in log(s)
    assert state(s, "Kaoru").first_penalty == 0
