"""Resume after a kill: a fight of 2,000 turns (50 combatants, effects coming and going)
is played with its crash journal for every installed ruleset, abandoned without a clean
exit, and recovered; prints the time to read the journal (`pending_journal`, the
"Resume?" question), to rebuild the session (`recover_journal`: from the last checkpoint,
undo and redo history included) and to journal on (`Journal.resume`), and the three
together (the app's path from start-up to the resumed window, without the GM's answer),
median of a few runs, with the journal's size. The resumed session is checked against
the one killed.

Run by hand (never in the test suite; this machine is shared and noisy):

    .venv/bin/python benchmarks/resume.py [--turns 2000] [--size 50] [--runs 3]
        [--rulesets war_scroll priority]

Compare rulesets and figures measured in the same run rather than absolute times.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# Run as a script, the checkout is not on the path: the shared fights module needs it.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.fights import next_step, stats_for  # noqa: E402
from benchmarks.own_home import own_home  # noqa: E402
from tracker.engine import (  # noqa: E402
    AddCombatant,
    AddEffect,
    CommandError,
    EndEffect,
    Session,
    StartEncounter,
)
from tracker.engine.registry import available_rulesets  # noqa: E402
from tracker.persistence.journal import Journal  # noqa: E402
from tracker.persistence.recovery import pending_journal, recover_journal  # noqa: E402


def play(ruleset_id: str, size: int, turns: int, folder: Path) -> Session:
    """The fight, journaled in `folder` from its creation; the journal is left as a kill
    leaves it."""
    rng = random.Random(11)
    session = Session.new(f"{ruleset_id}, {turns} turns", ruleset_id)
    journal = Journal.begin(folder, session)
    for number in range(size):
        side = rng.choice(["party", "enemy"])
        session.apply(AddCombatant(f"Fighter {number}", side, stats=stats_for(session, rng)))
    session.apply(StartEncounter())
    ended, steps = 0, 0
    while ended < turns and steps < 10 * turns:  # a turn: the current turn changes
        before = session.current_turn()
        try:
            session.apply(next_step(session))
        except CommandError:
            break
        steps += 1
        now = session.current_turn()
        ended += (before.key if before else None) != (now.key if now else None)
        ids = [c.id for c in session.encounter.combatants]
        if rng.random() < 0.1:
            session.apply(AddEffect("Blessed", rng.choice(ids), None, {}))
        if session.encounter.effects and rng.random() < 0.08:
            session.apply(EndEffect(rng.choice(session.encounter.effects).id))
        if rng.random() < 0.02:
            session.undo()
    journal.detach()  # killed: no close()
    return session


def view(session: Session) -> tuple[Any, ...]:
    """The state and the undo and redo history, as the GM sees them."""
    texts = [applied.text for applied in session.history]
    return session.encounter.to_dict(), texts, [applied.text for applied in session.undone]


def measure(ruleset_id: str, size: int, turns: int, runs: int, root: Path) -> dict[str, float]:
    folder = root / f"journal-{ruleset_id}"
    session = play(ruleset_id, size, turns, folder)
    expected, changes = view(session), len(session.history)
    del session  # a killed app's session is gone: only the resumed one is in memory
    gc.collect()
    asking: list[float] = []
    rebuilding: list[float] = []
    journaling: list[float] = []
    for _ in range(runs):
        started = time.perf_counter()
        pending_journal(folder)
        asking.append(time.perf_counter() - started)
        started = time.perf_counter()
        recovery = recover_journal(folder)
        rebuilding.append(time.perf_counter() - started)
        started = time.perf_counter()
        Journal.resume(folder, recovery.session).detach()
        journaling.append(time.perf_counter() - started)
        assert recovery.complete
        assert view(recovery.session) == expected
        del recovery
        gc.collect()
    size_kb = sum(p.stat().st_size for p in folder.iterdir() if p.is_file()) / 1024
    return {
        "changes": float(changes),
        "journal (KiB)": size_kb,
        "question (ms)": statistics.median(asking) * 1000,
        "recover (ms)": statistics.median(rebuilding) * 1000,
        "journal on (ms)": statistics.median(journaling) * 1000,
        "total (ms)": statistics.median(map(sum, zip(asking, rebuilding, journaling, strict=True)))
        * 1000,
    }


def main() -> None:
    own_home()  # (`play` is also run by `resume_start`, in the homes it makes)
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--size", type=int, default=50)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rulesets", nargs="+", default=sorted(available_rulesets()))
    arguments = parser.parse_args()
    print(
        f"{'ruleset':18}{'changes':>9}{'journal KiB':>13}{'question ms':>13}{'recover ms':>12}"
        f"{'journal on ms':>15}{'total ms':>10}"
    )
    shm = "/dev/shm" if os.path.isdir("/dev/shm") else None  # fsync costs nothing there
    with tempfile.TemporaryDirectory(dir=shm) as root:
        for ruleset_id in arguments.rulesets:
            figures = measure(
                ruleset_id, arguments.size, arguments.turns, arguments.runs, Path(root)
            )
            print(
                f"{ruleset_id:18}{figures['changes']:>9.0f}{figures['journal (KiB)']:>13.0f}"
                f"{figures['question (ms)']:>13.1f}{figures['recover (ms)']:>12.1f}"
                f"{figures['journal on (ms)']:>15.1f}{figures['total (ms)']:>10.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
