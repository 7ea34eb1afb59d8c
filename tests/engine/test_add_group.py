"""Adding several different combatants in one step (a party, a group from the library)."""

from __future__ import annotations

import json

import pytest

from tracker.engine import AddCombatant, AddCombatants, Command, CommandError, Session


def names(session: Session) -> list[str]:
    return [c.name for c in session.encounter.combatants]


GROUP = [
    {"name": "Goblin", "stats": {"speed": 5}, "count": 3},
    {"name": "Aurel", "side": "party", "stats": {"speed": 17, "swiftness": 9}},
    {"name": "Goblin", "hidden": True, "count": 2},
]


def test_a_group_is_added_in_order_numbered_and_undone_as_one_step():
    session = Session.new("Cave", "war_scroll")
    session.apply(AddCombatant("Goblin 4", stats={"speed": 5}))
    session.apply(AddCombatants(GROUP))
    assert session.undo_text == "Add 3 × Goblin, Aurel, 2 × Goblin"
    assert sorted(names(session)) == sorted(
        ["Goblin 4", "Goblin 5", "Goblin 6", "Goblin 7", "Aurel", "Goblin 8", "Goblin 9"]
    )
    aurel = next(c for c in session.encounter.combatants if c.name == "Aurel")
    assert (aurel.side, aurel.stats["swiftness"]) == ("party", 9)
    hidden = {c.name for c in session.encounter.combatants if c.hidden}
    assert hidden == {"Goblin 8", "Goblin 9"}
    session.undo()
    assert names(session) == ["Goblin 4"]
    session.redo()
    assert len(names(session)) == 7


def test_many_groups_are_counted_in_the_undo_text():
    session = Session.new("Cave", "war_scroll")
    session.apply(AddCombatants([{"name": n} for n in "ABCD"]))
    assert session.undo_text == "Add 4 combatants"


def test_the_command_goes_through_json_and_replays_exactly():
    command = AddCombatants(GROUP)
    data = json.loads(json.dumps(command.to_dict()))
    again = Command.from_dict(data)
    first, second = Session.new("Cave", "war_scroll"), Session.new("Cave", "war_scroll")
    first.apply(command)
    second.apply(again)
    assert first.encounter.to_dict() == second.encounter.to_dict()


@pytest.mark.parametrize(
    ("group", "message"),
    [
        ([], "Choose at least one combatant"),
        ("Goblin", "Choose at least one combatant"),
        (["Goblin"], "a mapping of field to value"),
        ([{"name": "Goblin", "speed": 5}], "takes only: name, side"),
        ([{"name": "Goblin", "count": 30}, {"name": "Orc", "count": 21}], "between 1 and 50"),
        (
            [{"name": "Goblin"}, {"name": "Orc", "stats": {"speed": 99}}],
            "Orc: Speed must be between 0 and 60; 99 is out of range.",
        ),
    ],
)
def test_a_bad_group_is_refused_whole(group, message):
    session = Session.new("Cave", "war_scroll")
    session.apply(AddCombatant("Aurel", "party"))
    with pytest.raises(CommandError, match=message):
        session.apply(AddCombatants(group))
    assert names(session) == ["Aurel"]
    assert session.undo_text == "Add Aurel"
