"""Adding several alike combatants in one step ("Goblin × 5")."""

from __future__ import annotations

import pytest

from tracker.engine import AddCombatant, CommandError, Session


def names(session: Session) -> list[str]:
    return [c.name for c in session.encounter.combatants]


def test_five_goblins_are_numbered_and_undo_as_one_step():
    session = Session.new("Cave", "war_scroll")
    session.apply(AddCombatant("Echthra", "party", stats={"speed": 7}))
    session.apply(AddCombatant("Goblin", "enemy", True, stats={"speed": 5}, count=5))
    assert names(session) == ["Echthra", *(f"Goblin {n}" for n in range(1, 6))]
    goblins = session.encounter.combatants[1:]
    assert all(g.hidden and g.side == "enemy" and g.stats["speed"] == 5 for g in goblins)
    assert len({g.id for g in goblins}) == 5
    session.undo()
    assert names(session) == ["Echthra"]


def test_numbers_continue_after_the_highest_taken():
    session = Session.new("Cave", "war_scroll")
    session.apply(AddCombatant("Goblin 3", stats={"speed": 5}))
    session.apply(AddCombatant("Goblin", stats={"speed": 5}, count=2))
    assert names(session) == ["Goblin 3", "Goblin 4", "Goblin 5"]


def test_one_keeps_its_name_unnumbered():
    session = Session.new("Cave", "war_scroll")
    session.apply(AddCombatant("Goblin", stats={"speed": 5}))
    assert names(session) == ["Goblin"]


@pytest.mark.parametrize("count", [0, -1, 51])
def test_a_count_out_of_range_is_refused_and_changes_nothing(count: int):
    session = Session.new("Cave", "war_scroll")
    with pytest.raises(CommandError, match="between 1 and 50") as refused:
        session.apply(AddCombatant("Goblin", stats={"speed": 5}, count=count))
    assert refused.value.field == "count"
    assert names(session) == []
