"""Classic d20 health: HP with temporary HP (absorbed first, not stacking), 5e death
saves (nat 20, nat 1, damage at 0 HP, healing, who makes them), PF2e dying and wounded
with the recovery check at the start of the turn."""

from __future__ import annotations

from tests.engine.classic_d20_helpers import act, by_id, end, fight, hp, refused, state
from tracker.engine import ChangeHealth, EndTurn, RulesetAction

CAST = [
    ("Ayla", "party", {"initiative": 18, "hp_max": 20}),
    ("Orc", "enemy", {"initiative": 12, "hp_max": 15}),
]


def test_temporary_hp_absorb_damage_first_and_do_not_stack():
    session, ids = fight(CAST)
    act(session, "temp_hp", ids["Ayla"], amount=5)
    refused(session, RulesetAction("temp_hp", ids["Ayla"], {"amount": 3}), "do not stack")
    act(session, "temp_hp", ids["Ayla"], amount=8)  # the higher is kept
    act(session, "damage", ids["Ayla"], amount=6)
    assert (by_id(session, ids["Ayla"]).stats["temp_hp"], hp(session, ids["Ayla"])) == (2, 20)
    act(session, "damage", ids["Ayla"], amount=7)
    assert (by_id(session, ids["Ayla"]).stats["temp_hp"], hp(session, ids["Ayla"])) == (0, 15)


def _temp(session, combatant_id):
    return by_id(session, combatant_id).stats["temp_hp"]


def test_the_gms_minus_takes_temporary_hp_first_then_hp():
    session, ids = fight(CAST)
    act(session, "temp_hp", ids["Ayla"], amount=5)
    session.apply(ChangeHealth((ids["Ayla"],), "-7"))  # 5 from temporary HP, 2 from HP
    assert (_temp(session, ids["Ayla"]), hp(session, ids["Ayla"])) == (0, 18)
    assert session.encounter.log[-1].text == "Ayla −7 (5 from temporary HP; HP 20 → 18)."
    session.undo()
    assert (_temp(session, ids["Ayla"]), hp(session, ids["Ayla"])) == (5, 20)


def test_the_gms_minus_smaller_than_temporary_hp_leaves_hp_whole():
    session, ids = fight(CAST)
    act(session, "temp_hp", ids["Ayla"], amount=8)
    session.apply(ChangeHealth((ids["Ayla"],), "-3"))
    assert (_temp(session, ids["Ayla"]), hp(session, ids["Ayla"])) == (5, 20)


def test_area_damage_takes_each_ones_temporary_hp_in_one_step():
    session, ids = fight(CAST)
    act(session, "temp_hp", ids["Ayla"], amount=5)
    session.apply(ChangeHealth((ids["Ayla"], ids["Orc"]), "-7"))
    assert (_temp(session, ids["Ayla"]), hp(session, ids["Ayla"])) == (0, 18)
    assert hp(session, ids["Orc"]) == 8  # 15 − 7, no temporary HP
    assert session.encounter.log[-1].text == (
        "Ayla −7 (5 from temporary HP; HP 20 → 18), Orc −7 (HP 15 → 8)."
    )
    session.undo()
    assert (_temp(session, ids["Ayla"]), hp(session, ids["Ayla"]), hp(session, ids["Orc"])) == (
        5,
        20,
        15,
    )


def test_healing_leaves_temporary_hp_alone():
    session, ids = fight(CAST)
    session.apply(ChangeHealth((ids["Ayla"],), "-4"))
    act(session, "temp_hp", ids["Ayla"], amount=5)
    session.apply(ChangeHealth((ids["Ayla"],), "+3"))
    assert (_temp(session, ids["Ayla"]), hp(session, ids["Ayla"])) == (5, 19)


def test_a_monster_dies_at_0_hp_and_a_character_makes_death_saves():
    session, ids = fight(CAST)
    session.apply(ChangeHealth((ids["Orc"],), "-20"))
    assert state(session, ids["Orc"]).dead
    act(session, "damage", ids["Ayla"], amount=25)
    assert not state(session, ids["Ayla"]).dead
    markers = session.ruleset.markers(session.encounter, by_id(session, ids["Ayla"]))
    assert "death saves 0✓ 0✗" in markers


def test_every_creature_makes_death_saves_with_the_option():
    session, ids = fight(CAST, death_saves="all")
    act(session, "damage", ids["Orc"], amount=15)
    assert not state(session, ids["Orc"]).dead


def _down(session, ids):
    act(session, "damage", ids["Ayla"], amount=20)
    end(session, 2)  # round 2: Ayla's turn, her death save is due
    assert session.prompt().title == "Death saving throw"


def test_death_saves_three_successes_make_her_stable():
    session, ids = fight(CAST)
    _down(session, ids)
    refused(session, EndTurn(), "death saving")
    for _ in range(3):
        act(session, "death_save", ids["Ayla"], d20=10)
        end(session, 2)
        if state(session, ids["Ayla"]).death.stable:
            break
    assert state(session, ids["Ayla"]).death.stable
    assert session.prompt() is None


def test_a_natural_1_is_two_failures_and_three_kill():
    session, ids = fight(CAST)
    _down(session, ids)
    act(session, "death_save", ids["Ayla"], d20=1)
    assert state(session, ids["Ayla"]).death.failures == 2
    act(session, "damage", ids["Ayla"], amount=1)  # damage at 0 HP: a failure
    assert state(session, ids["Ayla"]).dead


def test_a_critical_hit_at_0_hp_is_two_failures():
    session, ids = fight(CAST)
    act(session, "damage", ids["Ayla"], amount=30)
    act(session, "damage", ids["Ayla"], amount=2, critical=True)
    assert state(session, ids["Ayla"]).death.failures == 2 and not state(session, ids["Ayla"]).dead


def test_a_natural_20_regains_1_hp_and_healing_ends_the_saves():
    session, ids = fight(CAST)
    _down(session, ids)
    act(session, "death_save", ids["Ayla"], d20=20)
    assert hp(session, ids["Ayla"]) == 1 and state(session, ids["Ayla"]).death.successes == 0
    act(session, "damage", ids["Ayla"], amount=1)
    act(session, "death_save", ids["Ayla"], d20=4)
    assert state(session, ids["Ayla"]).death.failures == 1
    session.apply(ChangeHealth((ids["Ayla"],), "+5"))
    assert hp(session, ids["Ayla"]) == 5
    assert state(session, ids["Ayla"]).death.failures == 0


def test_pf2e_dying_1_plus_wounded_and_2_on_a_critical_hit():
    session, ids = fight(CAST, flavour="pf2e")
    act(session, "set_dying", ids["Ayla"], dying=0, wounded=1, doomed=0)
    act(session, "damage", ids["Ayla"], amount=20, critical=True)
    assert state(session, ids["Ayla"]).dying == 3  # 2 (critical) + wounded 1
    act(session, "damage", ids["Ayla"], amount=1)  # damage while dying: +1
    assert state(session, ids["Ayla"]).dead  # dying 4


def test_pf2e_doomed_lowers_the_dying_value_that_kills():
    session, ids = fight(CAST, flavour="pf2e")
    act(session, "set_dying", ids["Ayla"], dying=0, wounded=0, doomed=2)
    act(session, "damage", ids["Ayla"], amount=20, critical=True)
    assert state(session, ids["Ayla"]).dead  # dying 2 = 4 − doomed 2


def test_pf2e_recovery_check_at_the_start_of_the_turn():
    session, ids = fight(CAST, flavour="pf2e")
    act(session, "damage", ids["Ayla"], amount=20)  # dying 1
    end(session, 2)
    prompt = session.prompt()
    assert prompt.title == "Recovery check" and "DC 11" in prompt.question
    act(session, "recovery", ids["Ayla"], d20=11)  # success: dying 0, wounded 1
    assert (state(session, ids["Ayla"]).dying, state(session, ids["Ayla"]).wounded) == (0, 1)


def test_pf2e_recovery_degrees_and_natural_rolls():
    session, ids = fight(CAST, flavour="pf2e")
    act(session, "damage", ids["Ayla"], amount=20, critical=True)  # dying 2, DC 12
    end(session, 2)
    act(session, "recovery", ids["Ayla"], d20=5)  # failure (5 < 12): dying 3
    assert state(session, ids["Ayla"]).dying == 3
    assert not state(session, ids["Ayla"]).dead
    end(session, 2)
    act(session, "recovery", ids["Ayla"], d20=1)  # natural 1: critical failure, +2
    assert state(session, ids["Ayla"]).dead


def test_pf2e_recovery_critical_success_and_critical_failure_by_ten():
    session, ids = fight(CAST, flavour="pf2e")
    act(session, "damage", ids["Ayla"], amount=20, critical=True)  # dying 2, DC 12
    end(session, 2)
    act(session, "recovery", ids["Ayla"], d20=2)  # 2 is DC − 10: critical failure, +2
    assert state(session, ids["Ayla"]).dead
    session.undo()
    act(session, "recovery", ids["Ayla"], d20=19)  # natural 19 < 22, success: dying 1
    assert state(session, ids["Ayla"]).dying == 1
    session.undo()
    act(session, "recovery", ids["Ayla"], d20=20)  # natural 20: success → critical, −2
    assert (state(session, ids["Ayla"]).dying, state(session, ids["Ayla"]).wounded) == (0, 1)


def test_pf2e_healing_ends_dying_and_raises_wounded():
    session, ids = fight(CAST, flavour="pf2e")
    act(session, "damage", ids["Ayla"], amount=20)
    session.apply(ChangeHealth((ids["Ayla"],), "+4"))
    assert (state(session, ids["Ayla"]).dying, state(session, ids["Ayla"]).wounded) == (0, 1)


def test_the_gms_minus_at_0_hp_is_a_failed_death_save_and_three_kill():
    session, ids = fight(CAST)
    act(session, "damage", ids["Ayla"], amount=20)
    session.apply(ChangeHealth((ids["Ayla"],), "-3"))
    assert state(session, ids["Ayla"]).death.failures == 1
    assert session.encounter.log[-1].text == "Ayla −3 (HP stays 0)."
    session.apply(ChangeHealth((ids["Ayla"],), "-3"))
    assert not state(session, ids["Ayla"]).dead
    session.apply(ChangeHealth((ids["Ayla"],), "-1"))
    assert state(session, ids["Ayla"]).death.failures == 3 and state(session, ids["Ayla"]).dead
    # Dead, nothing more to count: the box says nothing changes.
    refused(session, ChangeHealth((ids["Ayla"],), "-3"), "Nothing changes")


def test_the_gms_minus_on_a_monster_at_0_hp_changes_nothing():
    session, ids = fight(CAST)
    session.apply(ChangeHealth((ids["Orc"],), "-15"))
    assert state(session, ids["Orc"]).dead
    refused(session, ChangeHealth((ids["Orc"],), "-3"), "Nothing changes")


def test_pf2e_the_gms_minus_at_0_hp_raises_dying():
    session, ids = fight(CAST, flavour="pf2e")
    act(session, "damage", ids["Ayla"], amount=20)
    assert state(session, ids["Ayla"]).dying == 1
    session.apply(ChangeHealth((ids["Ayla"],), "-3"))
    assert state(session, ids["Ayla"]).dying == 2
    session.apply(ChangeHealth((ids["Ayla"],), "+5"))  # healing ends dying: wounded 1
    assert (state(session, ids["Ayla"]).dying, state(session, ids["Ayla"]).wounded) == (0, 1)
    session.apply(ChangeHealth((ids["Ayla"],), "-5"))  # 0 HP again: dying 1 + wounded 1
    assert state(session, ids["Ayla"]).dying == 2
    session.apply(ChangeHealth((ids["Ayla"],), "-1"))
    session.apply(ChangeHealth((ids["Ayla"],), "-1"))  # dying 4 kills
    assert state(session, ids["Ayla"]).dying == 4 and state(session, ids["Ayla"]).dead


def test_the_gms_set_to_0_makes_her_fall_and_heal_wakes_her():
    session, ids = fight(CAST, flavour="pf2e")
    session.apply(ChangeHealth((ids["Ayla"],), "=0"))
    assert state(session, ids["Ayla"]).dying == 1
    session.undo()
    assert state(session, ids["Ayla"]).dying == 0 and hp(session, ids["Ayla"]) == 20


def test_a_stable_creature_hit_again_saves_to_stable_with_at_most_three_successes():
    """Damage ends stability (a failure); the next success makes it stable again, and the
    state stays one a file can hold (found by the conformance suite)."""
    session, ids = fight(CAST)
    _down(session, ids)
    for _ in range(3):
        act(session, "death_save", ids["Ayla"], d20=10)
        end(session, 2)
        if state(session, ids["Ayla"]).death.stable:
            break
    act(session, "damage", ids["Ayla"], amount=1)  # stable no more: a failure
    assert not state(session, ids["Ayla"]).death.stable
    act(session, "death_save", ids["Ayla"], d20=10)
    saves = state(session, ids["Ayla"]).death
    assert saves.stable and saves.successes == 3  # a file holds at most 3
