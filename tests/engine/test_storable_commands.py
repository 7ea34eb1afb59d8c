"""Text a file could not hold never enters an encounter: a lone surrogate (which a paste
can carry into a Qt text field) or a number beyond what a file may hold, in any command,
is refused with a CommandError naming the field, and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest

from tracker.engine import (
    AddCombatant,
    AddEffect,
    CommandError,
    EditCombatant,
    RenameEncounter,
    Session,
)
from tracker.engine.commands import Command
from tracker.engine.storable import MAX_NUMBER, unstorable
from tracker.persistence.files import dump, envelope

BROKEN = "Gob\ud800lin"


def _session() -> Session:
    session = Session.new("Ford", "war_scroll")
    session.apply(AddCombatant("Aurel", "party", stats={"speed": 17, "swiftness": 9}))
    return session


COMMANDS: dict[str, tuple[Command, str]] = {
    "combatant's name": (AddCombatant(BROKEN), "name"),
    "combatant's notes": (AddCombatant("Goblin", notes="\udfff"), "notes"),
    "a stat as text": (AddCombatant("Goblin", stats={"speed": "1\ud800"}), "stats"),
    "a stat's name": (AddCombatant("Goblin", stats={"sp\ud800": 1}), "stats"),
    "a huge stat": (AddCombatant("Goblin", stats={"speed": MAX_NUMBER + 1}), "stats"),
    "an infinite stat": (AddCombatant("Goblin", stats={"speed": float("inf")}), "stats"),
    "an edited name": (EditCombatant("c1", {"name": BROKEN}), "changes"),
    "an edited note": (EditCombatant("c1", {"notes": "a\udc80b"}), "changes"),
    "an effect's name": (AddEffect(BROKEN, "c1"), "name"),
    "an effect's note": (AddEffect("Blessed", "c1", notes="\ud800"), "notes"),
    "the encounter's name": (RenameEncounter(BROKEN), "name"),
}


@pytest.mark.parametrize("case", sorted(COMMANDS))
def test_a_command_with_unstorable_values_is_refused(case: str) -> None:
    command, field = COMMANDS[case]
    session = _session()
    before = session.encounter.to_dict()
    assert isinstance(session.refusal(command), CommandError)
    with pytest.raises(CommandError) as caught:
        session.apply(command)
    assert caught.value.field == field
    assert "U+" in caught.value.message or "number" in caught.value.message
    assert session.encounter.to_dict() == before
    assert session.history_size == 1
    dump(envelope(session.encounter))  # still saves


def test_a_number_typed_as_text_beyond_the_limit_is_refused() -> None:
    session = _session()
    with pytest.raises(CommandError, match="far too large") as caught:
        session.apply(EditCombatant("c1", {"speed": str(MAX_NUMBER + 1)}))
    assert caught.value.field == "speed"


def test_a_new_encounter_with_a_broken_name_is_refused() -> None:
    with pytest.raises(CommandError, match="U\\+D800"):
        Session.new("Ford\ud800", "war_scroll")


def test_text_beyond_ascii_is_kept() -> None:
    session = _session()
    session.apply(AddCombatant("Grüne Hexe 🜲", notes="日本語"))
    assert session.encounter.combatants[-1].name == "Grüne Hexe 🜲"


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("ok", None),
        (["a", ("b", {"c": 1})], None),
        ({"deep": [[["\ud800"]]]}, "broken character (U+D800)"),
        ({"k\udfff": 1}, "a name with a broken character (U+DFFF)"),
        ([float("nan")], "an impossible number (nan)"),
        ((-(MAX_NUMBER + 1),), "far too large"),
        (True, None),
    ],
)
def test_unstorable_finds_the_first_problem(value: Any, problem: str | None) -> None:
    found = unstorable(value)
    assert (found is None) if problem is None else (found is not None and problem in found)
