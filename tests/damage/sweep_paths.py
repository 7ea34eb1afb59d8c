"""The paths sweep: every special path (a named pipe, /dev/zero, /dev/urandom, /dev/null,
a socket, a folder, a link to a device, a huge file, an unreadable file) through every
entry point that reads a file (`path_entry_points`). Each path runs in a child process
with a memory limit and a time-out, so a read that never ends is a failure counted, not
a sweep that never ends. A case passes when Roundkeeper refused the path with a message
saying what it is (or, for a journal's line, resumed without taking it as saved)."""

from __future__ import annotations

import random
from pathlib import Path

from tests.damage.path_entry_points import ENTRY_POINTS
from tests.damage.special_paths import last_json, make_special_paths, run_limited
from tests.damage.tally import Tally

CHILD_SECONDS = 90


def sweep(cases: int, seed: int, workdir: Path) -> Tally:
    tally = Tally("paths")
    made = make_special_paths(workdir / "special")
    kinds = sorted(made)
    random.Random(seed).shuffle(kinds)
    entries = sorted(ENTRY_POINTS)
    for kind in kinds[: max(1, cases // len(entries))]:
        home = workdir / "homes" / kind.strip("/").replace("/", "-").replace(" ", "-")
        code = (
            "from tests.damage.path_entry_points import child_main\n"
            f"child_main({str(made[kind])!r}, {kind!r}, {str(home)!r}, {entries!r})"
        )
        env = {"TRACKER_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
        output, problem = run_limited(code, env, CHILD_SECONDS)
        tally.tried += len(entries)
        if problem:
            tally.fail(f"{kind}: {problem}")
            continue
        outcomes = last_json(output)
        assert isinstance(outcomes, list)
        for outcome in outcomes:
            if outcome["result"] == "refused":
                tally.refused += 1
            elif outcome["result"] == "accepted":
                tally.accepted += 1
            else:
                tally.fail(f"{kind} through {outcome['entry']}: {outcome['detail']}")
    return tally
