"""The names sweep at CI size: markup names through every ruleset's window and the
players' screen are never taken for rich text or mnemonics and never read a file."""

from __future__ import annotations

from pathlib import Path

from tests.damage.sweep_names import sweep


def test_no_markup_name_is_shown_as_rich_text_or_reads_a_file(qapp, tmp_path: Path) -> None:
    tally = sweep(cases=30, seed=7, workdir=tmp_path)
    assert tally.failures == []
    assert tally.tried == 30 and tally.accepted > 0
