"""Issue 8, item 6: wounds per Unit as a counter, with the damage helper: damage above
Armor inflicts 1 wound; 20 or more excess 2; 30 or more 3; and so on. A Critical Hit is
entered as such and its extra die added."""

from __future__ import annotations

import pytest

from tests.engine.stamina_helpers import (
    act,
    add,
    battle,
    refused_action,
    undo_all_checks,
    wounds,
)
from tracker.engine import Session
from tracker.engine.health import is_defeated
from tracker.engine.rulesets.stamina_battle.wounds import wounds_for
from tracker.persistence.files import encounter_from_document, envelope


@pytest.mark.parametrize(
    ("excess", "inflicted"),
    [(-3, 0), (0, 0), (1, 1), (19, 1), (20, 2), (29, 2), (30, 3), (39, 3), (40, 4), (55, 5)],
)
def test_wounds_by_excess(excess: int, inflicted: int):
    assert wounds_for(excess) == inflicted


def test_the_rules_worked_example_23_against_armor_3_is_two_wounds():
    session, _ = battle()
    add(session, "Thug", "enemy", armor=3, health=3)
    # The greatsword's 2d8 rolled 8 + 7 = 15, a Crit: the extra 1d8 rolled 8 → 23;
    # 23 - Armor 3 = 20 excess → 2 wounds.
    act(session, "damage", "Thug", amount=15, hit="critical hit", extra=8, reduction=0)
    assert wounds(session, "Thug") == 2
    assert session.encounter.log[-1].text == (
        "Thug takes Critical Hit: 15 + 8 = 23 damage against Armor 3: excess 20, 2 wounds "
        "(2 in all)."
    )


def test_damage_equal_to_armor_or_reduced_away_inflicts_none():
    session, _ = battle()
    act(session, "damage", "Grub", amount=3, hit="normal", extra=0, reduction=0)
    # Bran blocks: 12 damage - Armor 4 - Block 8 = 0 → no wound.
    act(session, "damage", "Bran", amount=12, hit="normal", extra=0, reduction=8)
    assert wounds(session, "Grub") == 0 and wounds(session, "Bran") == 0


def test_a_strength_guard_raises_armor_against_damage():
    session, _ = battle()
    act(session, "guard", stat="strength", roll=5)
    act(session, "damage", "Mira", amount=32, hit="normal", extra=0, reduction=0)
    # 32 - 7 = 25 → 2 wounds (without the Guard: 32 - 2 = 30 → 3 wounds).
    assert wounds(session, "Mira") == 2


def test_a_critical_hit_needs_its_die_and_only_a_critical_hit_has_one():
    session, _ = battle()
    assert refused_action(
        session, "damage", "Grub", amount=9, hit="critical hit", extra=0, reduction=0
    ) == ("A Critical Hit adds its extra die: enter the die's result.")
    assert refused_action(
        session, "damage", "Grub", amount=9, hit="normal", extra=4, reduction=0
    ) == ("Only a Critical Hit adds an extra die.")


def test_wounds_counter_is_set_by_hand_and_undoes():
    session, _ = battle()
    undo_all_checks(session, lambda: act(session, "set_wounds", "Orc", wounds=3))
    assert wounds(session, "Orc") == 3
    assert refused_action(session, "set_wounds", "Orc", wounds=3) == "Orc already has 3 wounds."
    undo_all_checks(
        session,
        lambda: act(session, "damage", "Orc", amount=40, hit="normal", extra=0, reduction=0),
    )
    # 40 - 3 = 37 → 3 more: 6.
    assert wounds(session, "Orc") == 6


def test_a_file_of_before_keeps_its_wounds_as_stats_and_health_unset(tmp_path):
    """Schema 2 kept wounds in a Unit's state and had no Health: they move to the stats,
    Health 0 ("not set"), so the Unit counts on as before and nobody falls."""
    session, _ = battle()
    act(session, "set_wounds", "Orc", wounds=3)
    document = envelope(session.encounter)
    for entry in document["encounter"]["combatants"]:
        stats = entry["stats"]
        entry["runtime"]["wounds"] = stats.pop("wounds")
        del stats["health"]
    document["schema_version"] = 2
    encounter = encounter_from_document(document, tmp_path / "old.json")
    orc = next(c for c in encounter.combatants if c.name == "Orc")
    assert (orc.stats["wounds"], orc.stats["health"]) == (3, 0)
    again = Session(encounter)
    assert not is_defeated(again.ruleset, orc)
    act(again, "damage", "Orc", amount=40, hit="normal", extra=0, reduction=0)
    assert wounds(again, "Orc") == 6
