"""Test configuration shared by every test: Qt runs offscreen, every user folder (data,
journal, config) points into a temporary folder, never the real ones, and the example
third-party ruleset of docs/rulesets.md is installed."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

from tests.example_ruleset import install_example_ruleset

os.environ["QT_QPA_PLATFORM"] = "offscreen"
os.environ.setdefault("TRACKER_HOME", tempfile.mkdtemp(prefix="tracker-tests-"))
# The example third-party ruleset is installed for every test, as pip would install it.
install_example_ruleset()


@pytest.fixture(autouse=True)
def tracker_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test gets its own data, journal and config folders."""
    home = tmp_path / "tracker-home"
    monkeypatch.setenv("TRACKER_HOME", str(home))
    return home
