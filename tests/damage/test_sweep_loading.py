"""The loading sweep at a CI size: damaged encounter files of every class and every
ruleset either load and can be played, saved, journaled and reopened, or are refused
with the file error and never saved over unasked."""

from __future__ import annotations

from pathlib import Path

from tests.damage.sweep_loading import CLASSES, sweep
from tracker.engine.registry import available_rulesets


def test_damaged_encounter_files_load_fully_or_are_refused(tmp_path: Path) -> None:
    cases = 2 * len(CLASSES) * len(available_rulesets())  # each class, each ruleset twice
    tally = sweep(cases, 7, tmp_path)
    assert tally.failures == []
    assert tally.tried == cases
    assert tally.refused > cases // 3 and tally.accepted > 0
