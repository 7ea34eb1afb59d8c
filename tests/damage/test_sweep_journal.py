"""The journal sweep at a CI size: every kind of damage, a few times each, through
start-up; nothing escapes, nothing unreached is resumed, nothing is lost."""

from __future__ import annotations

from pathlib import Path

from tests.damage.sweep_journal import KINDS, sweep


def test_damaged_journals_with_recomputed_checksums(tmp_path: Path) -> None:
    tally = sweep(len(KINDS) * 4, seed=1, workdir=tmp_path)
    assert tally.failures == []
    assert tally.tried == len(KINDS) * 4
    assert tally.accepted > 0 and tally.refused > 0  # some resumed, some set aside
