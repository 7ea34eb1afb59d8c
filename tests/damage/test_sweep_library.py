"""The library sweep at CI size: bad import files and damaged library databases are
refused with a message, or imported so that their exports read back exactly."""

from __future__ import annotations

from pathlib import Path

from tests.damage.sweep_library import sweep


def test_no_import_file_or_damaged_library_goes_wrong(tmp_path: Path) -> None:
    tally = sweep(cases=150, seed=7, workdir=tmp_path)
    assert tally.failures == []
    assert tally.tried == 150 and tally.refused > 0 and tally.accepted > 0
