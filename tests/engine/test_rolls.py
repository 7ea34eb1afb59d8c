"""Issue 11, part 5 (engine): a value rolled from dice travels in its command with the
faces shown, so the log says how it came and undo, redo and a replayed journal give the
same numbers."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tracker.engine import (
    AddCombatant,
    ChangeHealth,
    CommandError,
    RolledAction,
    RolledEdit,
    Session,
)
from tracker.engine.commands import Command
from tracker.engine.dice import describe_faces, faces_total, roll, roll_faces
from tracker.persistence.journal import Journal
from tracker.persistence.paths import journal_dir
from tracker.persistence.recovery import recover


class FakeRng:
    """Shows the faces it is given, in order."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        face = self.faces.pop(0)
        assert low <= face <= high
        return face


@pytest.mark.parametrize(
    ("expression", "faces", "total", "told"),
    [
        ("2d6+1", (4, 2), 7, "[4, 2] + 1 = 7"),
        ("d20-2", (8,), 6, "[8] − 2 = 6"),
        ("1d4-1d6+3", (2, 5), 0, "[2] − [5] + 3 = 0"),
        ("5d10>=7!10", (4, 10, 9, 3, 7), 4, "[4, 10, 9, 3, 7] → 4 successes"),
        ("3d10>=7", (1, 7, 2), 1, "[1, 7, 2] → 1 success"),
    ],
)
def test_faces_give_the_result_and_say_how(expression, faces, total, told):
    rolled = roll_faces(expression, FakeRng(*faces))
    assert (rolled.faces, rolled.total) == (faces, total)
    assert faces_total(expression, faces) == total
    assert describe_faces(expression, faces) == told
    assert roll(expression, FakeRng(*faces)) == total


def test_a_seeded_roll_is_the_same_with_or_without_its_faces():
    for seed in range(20):
        assert roll_faces("3d12+2", random.Random(seed)).total == roll(
            "3d12+2", random.Random(seed)
        )


def _priority() -> tuple[Session, str]:
    session = Session.new("Test", "priority")
    session.apply(AddCombatant("Ayla", "party", stats={"zeal_dice": "3d12+2"}))
    return session, session.encounter.combatants[0].id


def test_a_rolled_zeal_logs_its_dice_and_faces():
    session, ayla = _priority()
    rolled = roll_faces("3d12+2", FakeRng(4, 9, 1))
    rolls = {"result": {"dice": rolled.expression, "faces": list(rolled.faces)}}
    session.apply(RolledAction("roll_zeal", ayla, {"result": rolled.total}, rolls))
    texts = [entry.text for entry in session.encounter.log]
    assert "Ayla rolled Zeal dice 3d12+2: [4, 9, 1] + 2 = 16." in texts
    assert session.encounter.combatants[0].stats["zeal"] == 16


def test_a_roll_whose_faces_do_not_give_the_value_is_refused():
    session, ayla = _priority()
    rolls = {"result": {"dice": "3d12+2", "faces": [4, 9, 1]}}
    for params, message in (
        ({"result": 17}, re.escape("Result: 3d12+2 came to 16, not 17.")),
        ({}, "no such value"),
    ):
        with pytest.raises(CommandError, match=message):
            session.apply(RolledAction("roll_zeal", ayla, params, rolls))
    with pytest.raises(CommandError, match="rolls 3 dice, not 2"):
        session.apply(
            RolledAction(
                "roll_zeal", ayla, {"result": 5}, {"result": {"dice": "3d12+2", "faces": [1, 2]}}
            )
        )


def test_a_stat_rolled_in_the_editor_logs_how_it_came():
    session, ayla = _priority()
    rolls = {"zeal": {"dice": "3d12+2", "faces": [12, 12, 1]}}
    session.apply(RolledEdit(ayla, {"zeal": 27}, rolls))
    assert session.encounter.log[-2].text == "Ayla rolled Zeal dice 3d12+2: [12, 12, 1] + 2 = 27."
    assert session.encounter.combatants[0].stats["zeal"] == 27


def test_commands_with_rolls_survive_the_journal_as_data():
    for command in (
        ChangeHealth(("c1", "c2"), "-2d6+1", (4, 2)),
        RolledAction(
            "roll_zeal", "c1", {"result": 16}, {"result": {"dice": "3d12+2", "faces": [4, 9, 1]}}
        ),
        RolledEdit("c1", {"zeal": 27}, {"zeal": {"dice": "3d12+2", "faces": [12, 12, 1]}}),
    ):
        again = Command.from_dict(command.to_dict())
        assert type(again) is type(command)
        assert again.to_dict() == command.to_dict()


def test_a_journal_replays_rolled_damage_and_zeal_exactly(tmp_path: Path) -> None:
    session = Session.new("Test", "ap_countdown")
    folder = journal_dir()
    journal = Journal.begin(folder, session)
    session.apply(AddCombatant("Goblin", "enemy", stats={"hits": 30}, count=3))
    ids = tuple(c.id for c in session.encounter.combatants)
    rng = random.Random(11)
    for text in ("-2d6+1", "-1d8", "+1d4"):
        rolled = roll_faces(text[1:], rng)
        session.apply(ChangeHealth(ids[:2], text, rolled.faces))
    session.undo()  # the heal goes; the journal keeps the undo too
    journal.detach()
    recovered, _ = recover(folder)
    assert recovered.encounter.to_dict() == session.encounter.to_dict()
    assert [c.stats for c in recovered.encounter.combatants] == [
        c.stats for c in session.encounter.combatants
    ]
    recovered.redo()
    session.redo()
    assert recovered.encounter.to_dict() == session.encounter.to_dict()
