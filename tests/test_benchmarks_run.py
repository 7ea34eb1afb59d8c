"""The honest benchmark (benchmarks/table_ops.py) still runs: a quick run of one
ruleset prints its table of operations, the ratios, save and open, the long fight's
line and the resumed start's. Its
figures are never asserted (the machine is shared and noisy); that it measures every
operation through the window is."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "table_ops.py"


def test_a_quick_run_prints_the_table_and_the_ratios() -> None:
    command = [sys.executable, str(SCRIPT), "--quick", "--rulesets", "war_scroll"]
    command += ["--repeats", "1", "--memory-steps", "100"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "== war_scroll: CPU ms until idle" in out
    assert "30+10 ÷ yardstick (≤ 4)" in out
    assert "yardstick (bare Qt)" in out
    table = out.split("== war_scroll")[1].split("\nratios")[0]
    for operation in (
        "select",
        "End Turn",
        "undo",
        "redo",
        "action Spend AP",
        "rename",
        "damage",
        "Ctrl+E ready",
        "add effect",
        "remove effect",
        "Add ready",
        "add combatant",
        "remove combatant",
    ):
        row = next((line for line in table.splitlines() if line.startswith(operation)), "")
        cells = row[len(operation) :].split()
        assert cells and cells[0] != "–", f"{operation} was not measured:\n{out}"
    assert "ratio(s) over target" in out
    assert "war_scroll: save and open" in out
    saves = out.split("war_scroll: save and open")[1].splitlines()
    assert any(line.split()[:1] == ["30+10"] for line in saves), out
    assert "war_scroll       step" in out and "B/step kept" in out
    assert "war_scroll       plain" in out and "resumed" in out
    assert "Traceback" not in done.stderr


def test_a_run_with_pages_shares_the_table_and_the_pages_follow_each_step() -> None:
    """Issue 25's figure: the 30+10 window shared with pages from a process of their
    own, every page sent the states of its steps, the GUI thread's part reported."""
    command = [sys.executable, str(SCRIPT), "--quick", "--rulesets", "war_scroll"]
    command += ["--repeats", "1", "--pages", "3", "--no-memory", "--no-files", "--no-resume"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    line = next(line for line in out.splitlines() if line.startswith("30+10 shared with"))
    assert "3 pages (3 connected at the end" in line, line
    received = line.split("each received ")[1].split(" states")[0].split("–")
    assert int(received[0]) >= 10, line  # the first state and one a change, two rounds
    assert "30+10's operations, GUI thread's CPU / process CPU" in out
    assert "Traceback" not in done.stderr


def test_the_start_up_floor_runs_its_children_beside_the_bare_window() -> None:
    """benchmarks/startup_floor.py (issue 23, point 6): the Python model and delegate
    alone, then with the sample read through the engine, each beside the bare window."""
    script = ROOT / "benchmarks" / "startup_floor.py"
    done = subprocess.run(
        [sys.executable, str(script), "--runs", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "qt / bare:" in out and "engine / bare:" in out
    counts = {
        line.split()[0]: line.split()[1:]
        for line in out.splitlines()
        if line.endswith(" dataclasses")
    }
    # Only the engine's child reads the sample through the engine's dataclasses; the
    # Python model makes PySide build more enums than the bare table does.
    assert counts["bare"][4] == counts["qt"][4] == "0", out
    assert int(counts["engine"][4]) > 0, out
    assert int(counts["qt"][2]) > int(counts["bare"][2]), out
