"""A command named by a journal line or an undo record is read whichever engine module
defines it, imported then if need be; only the modules up to the one that defines it
are imported (a resume whose lines name effects only does without the rest)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

READ = textwrap.dedent(
    """
    import sys
    from tracker.engine.commands import COMMAND_MODULES, Command, CommandError

    def loaded():
        return [name for name in COMMAND_MODULES if name in sys.modules]

    effect = Command.from_dict({{"type": "EndEffect", "effect_id": "e1"}})
    print(type(effect).__name__, loaded())
    group = Command.from_dict({group!r})
    print(type(group).__name__, len(loaded()))
    try:
        Command.from_dict({{"type": "Teleport"}})
    except CommandError as error:
        print(error)
    """
)


def test_a_command_is_read_with_the_modules_up_to_its_own() -> None:
    group = {"type": "AddCombatants", "combatants": []}
    result = subprocess.run(
        [sys.executable, "-c", READ.format(group=group)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    effect, last, unknown = result.stdout.splitlines()
    assert effect == "EndEffect ['tracker.engine.effect_commands']"
    assert last == "AddCombatants 4"
    assert unknown == "Unknown command type 'Teleport'."
