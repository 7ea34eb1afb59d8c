"""The migration sweep at CI size: the former user folders move without losing or
overwriting a file, wherever a kill cuts the move off."""

from __future__ import annotations

from pathlib import Path

from tests.damage.sweep_migration import sweep


def test_moving_the_former_folders_loses_and_overwrites_nothing(tmp_path: Path) -> None:
    tally = sweep(cases=150, seed=23, workdir=tmp_path)
    assert tally.tried == 150
    assert tally.failures == []
