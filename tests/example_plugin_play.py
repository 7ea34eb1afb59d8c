"""Run by tests/test_example_plugin.py with the Python of a fresh virtual environment into
which pip installed Roundkeeper and the example plugin: the installed app lists the
plugin, plays a few turns of it headless, and its self-test sees it. Prints one JSON
object. Standard library and Roundkeeper only: nothing of the checkout is importable."""

from __future__ import annotations

import io
import json
import os
import sys


def main() -> None:
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    import highest_roll

    import tracker
    from tracker.engine import AddCombatant, EndTurn, Session, StartEncounter
    from tracker.engine.registry import installed_rulesets
    from tracker.qt.ruleset_ui import DEFAULT_UI, ui_for

    installed = {item.registered_as: item for item in installed_rulesets()}
    example = installed["highest_roll"]
    session = Session.new("Installed", "highest_roll")
    for name, roll in (("Ann", 15), ("Bob", 9), ("Cid", 12)):
        session.apply(AddCombatant(name, "party", stats={"roll": roll}))
    session.apply(StartEncounter())
    turns = []
    for _ in range(4):
        turn = session.current_turn()
        turns.append(session.encounter.combatant(turn.combatant_id).name)
        session.apply(EndTurn())

    from tracker.qt.self_test import run_self_test

    out = io.StringIO()
    status = run_self_test(out=out, turns=1)
    print(
        json.dumps(
            {
                "tracker": tracker.__file__,
                "plugin": highest_roll.__file__,
                "example": [example.distribution, example.version, example.usable],
                "built_in": sorted(i.registered_as for i in installed.values() if i.built_in),
                "own_views": ui_for("highest_roll") is not DEFAULT_UI,
                "turns": turns,
                "round": session.current_turn().round,
                "self_test": status,
                "self_test_output": out.getvalue(),
                "path": sys.path,
            }
        )
    )


if __name__ == "__main__":
    main()
