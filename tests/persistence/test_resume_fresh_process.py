"""A journal resumes in a process that has imported nothing but the persistence layer.

At start-up the app resumes the journal before its window imports the editors that use
the health, roll and group-add commands; the replay must find every command type the
journal names all the same (else the lines after the first such change were dropped as
damaged)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tracker.engine import AddCombatant, AddCombatants, ChangeHealth, MarkDefeated, Session
from tracker.engine.commands import Command
from tracker.engine.errors import CommandError
from tracker.persistence.journal import Journal

REPORT = """
import json, sys
from pathlib import Path
from tracker.persistence.resuming import resume_journal
resumed = resume_journal(Path(sys.argv[1]))
encounter = resumed.session.encounter
print(json.dumps({
    "message": resumed.message,
    "stats": {c.name: c.stats["wounds"] for c in encounter.combatants},
    "defeated": sorted(c.name for c in encounter.combatants if c.defeated),
}))
"""


def test_every_command_type_is_found_in_a_process_that_imported_none_of_their_modules(
    tmp_path: Path,
) -> None:
    session = Session.new("Ambush", "stamina_battle")
    journal = Journal.begin(tmp_path / "journal", session)
    session.apply(AddCombatant("Orc", stats={"health": 10}))
    session.apply(AddCombatants([{"name": "Wolf", "stats": {"health": 6}, "count": 2}]))
    orc, wolf = session.encounter.combatants[0].id, session.encounter.combatants[1].id
    session.apply(ChangeHealth((orc,), "-3"))
    session.apply(MarkDefeated(wolf))
    journal.sync()
    named = {json.loads(line).get("command", {}).get("type") for line in _lines(journal)}
    assert {"ChangeHealth", "MarkDefeated", "AddCombatants"} <= named

    found = subprocess.run(
        [sys.executable, "-c", REPORT, str(tmp_path / "journal")],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    report = json.loads(found.stdout)
    assert report["message"] is None  # nothing dropped as damaged
    assert report["stats"] == {c.name: c.stats["wounds"] for c in session.encounter.combatants}
    assert report["defeated"] == ["Wolf 1"]


def test_an_unknown_command_type_is_still_refused() -> None:
    with pytest.raises(CommandError, match="Unknown command type 'Summon'"):
        Command.from_dict({"type": "Summon"})


def _lines(journal: Journal) -> list[str]:
    events = journal.directory / "events.jsonl"
    return [line for line in events.read_text().splitlines() if line.startswith("{")]
