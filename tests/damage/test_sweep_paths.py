"""The paths sweep at CI size: every special path through every entry point, each path
in a child process that must answer (no hang, no memory exhausted)."""

from __future__ import annotations

from pathlib import Path

from tests.damage.sweep_paths import sweep


def test_no_special_path_hangs_or_reads_without_end(tmp_path: Path) -> None:
    tally = sweep(cases=50, seed=1, workdir=tmp_path)
    assert tally.failures == []
    assert tally.tried >= 40  # eight kinds at least (nine unless run as root), five entries
    assert tally.refused + tally.accepted == tally.tried
