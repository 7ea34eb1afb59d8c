"""Every installed ruleset with the window open: end a turn (or advance the count), and
take one action, in a fight of 10 and of 1,000 combatants.

Run by hand (never in the test suite; this machine is shared and noisy):

    .venv/bin/python benchmarks/rulesets_turns.py [--sizes 10 1000] [--steps 100]
        [--rulesets war_scroll priority ap_countdown]

For each ruleset and size it prints the median wall time of one step (the command,
the views' updates and a synchronous repaint of the window). Compare the 1,000 / 10
ratio measured in the same run rather than absolute times: the cost must follow what
changed, not the size of the fight.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("TRACKER_HOME", tempfile.mkdtemp(prefix="tracker-bench-"))

from PySide6.QtCore import QEvent  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from tracker.engine import (  # noqa: E402
    AddCombatant,
    Command,
    EndTurn,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.engine.registry import available_rulesets  # noqa: E402
from tracker.qt.main_window import MainWindow  # noqa: E402


def stats_for(session: Session, rng: random.Random) -> dict[str, Any]:
    """Random valid stats from the ruleset's declared fields."""
    stats: dict[str, Any] = {}
    for field in session.ruleset.stat_fields:
        if field.kind == "int":
            low = field.minimum if field.minimum is not None else 0
            high = field.maximum if field.maximum is not None else low + 30
            stats[field.name] = rng.randint(low, min(high, low + 40))
        elif field.kind == "choice":
            stats[field.name] = rng.choice(field.choices)
    return stats


def build(ruleset_id: str, size: int, seed: int = 7) -> Session:
    rng = random.Random(seed)
    session = Session.new(f"{ruleset_id} of {size}", ruleset_id)
    for number in range(size):
        side = rng.choice(["party", "enemy"])
        session.apply(AddCombatant(f"Fighter {number}", side, stats=stats_for(session, rng)))
    session.apply(StartEncounter())
    for _ in range(3 * size):  # past the set-up (bases entered, ...): a combatant acts
        turn = session.current_turn()
        if turn is not None and turn.combatant_id is not None:
            break
        session.apply(next_step(session))
    return session


def next_step(session: Session) -> Command:
    """What the GM does next: answer the open prompt (its first answer the rules take,
    typed fields at their defaults), or end the turn."""
    prompt = session.prompt()
    if prompt is not None:
        for answer in prompt.answers:
            command = answer.command
            if answer.fields and isinstance(command, RulesetAction):
                params = {f.name: (f.default if f.kind != "text" else "x") for f in answer.fields}
                command = RulesetAction(command.action, command.combatant_id, params)
            if session.refusal(command) is None:
                return command
    return EndTurn()


def an_action(session: Session) -> Command | None:
    """The first action of the current turn the state allows, with default parameters."""
    for spec in session.ruleset.actions:
        if spec.on != "current":
            continue
        params = {f.name: (f.default if f.kind != "text" else "x") for f in spec.params}
        command = RulesetAction(spec.name, None, params)
        if session.refusal(command) is None:
            return command
    return None


def settle(app: QApplication, window: MainWindow) -> None:
    """Paint, handle every posted event and delete what was deleted later, as the
    running app's event loop does (`processEvents` alone never deletes)."""
    window.repaint()
    app.processEvents()
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def measure(ruleset_id: str, size: int, steps: int, folder: Path) -> dict[str, float]:
    app = QApplication.instance() or QApplication([])
    window = MainWindow(build(ruleset_id, size), None, folder / f"journal-{ruleset_id}-{size}")
    window.show()
    app.processEvents()
    document = window.document
    turn_times: list[float] = []
    action_times: list[float] = []
    for _ in range(steps):
        command = next_step(document.session)
        started = time.perf_counter()
        applied = document.apply(command)
        settle(app, window)
        if applied:
            turn_times.append(time.perf_counter() - started)
        action = an_action(document.session)
        if action is not None:
            started = time.perf_counter()
            document.apply(action)
            settle(app, window)
            action_times.append(time.perf_counter() - started)
    document.undo_stack.setClean()
    window.close()
    window.deleteLater()
    app.processEvents()
    return {
        "step (ms)": statistics.median(turn_times) * 1000 if turn_times else float("nan"),
        "action (ms)": statistics.median(action_times) * 1000 if action_times else float("nan"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10, 1000])
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--rulesets", nargs="+", default=sorted(available_rulesets()))
    arguments = parser.parse_args()
    small, large = min(arguments.sizes), max(arguments.sizes)
    print(f"{'ruleset':16}{'size':>7}{'step (ms)':>12}{'action (ms)':>13}")
    with tempfile.TemporaryDirectory() as folder:
        for ruleset_id in arguments.rulesets:
            results = {
                size: measure(ruleset_id, size, arguments.steps, Path(folder))
                for size in arguments.sizes
            }
            for size, figures in results.items():
                print(
                    f"{ruleset_id:16}{size:>7}{figures['step (ms)']:>12.2f}"
                    f"{figures['action (ms)']:>13.2f}"
                )
            if len(results) > 1:
                for name in ("step (ms)", "action (ms)"):
                    ratio = results[large][name] / results[small][name]
                    print(f"{'':23}{name} ratio {large} / {small}: {ratio:.2f}×")


if __name__ == "__main__":
    main()
