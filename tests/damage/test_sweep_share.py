"""The share server's sweep at CI size: random bent requests, none hangs it, none gets
the page without the token or more than its own assets."""

from __future__ import annotations

from pathlib import Path

from tests.damage.sweep_share import sweep


def test_no_bent_request_hangs_the_server_or_passes_the_token(tmp_path: Path) -> None:
    tally = sweep(cases=150, seed=1, workdir=tmp_path)
    assert tally.failures == []
    assert tally.tried == 150
    assert tally.accepted >= 2 and tally.refused >= 100  # a few are whole GETs of its own
