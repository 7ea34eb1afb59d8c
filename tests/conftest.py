"""Test configuration shared by every test: Qt runs offscreen on a screen the size of
the GM's laptop (1,366 × 768), every user folder (data, journal, config) points into a
temporary folder, never the real ones, and the example third-party ruleset of
docs/rulesets.md is installed."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest

from tests.example_ruleset import install_example_ruleset

LAPTOP = {"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768}


def _offscreen_platform() -> str:
    """The offscreen platform with one screen the size of the GM's laptop (its default
    is an 800 × 800 screen no GM has)."""
    screen = {**LAPTOP, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}
    config = Path(tempfile.mkdtemp(prefix="tracker-qpa-")) / "offscreen.json"
    config.write_text(json.dumps({"windowFrameMargins": False, "screens": [screen]}))
    return f"offscreen:configfile={config}"


os.environ["QT_QPA_PLATFORM"] = _offscreen_platform()
os.environ.setdefault("TRACKER_HOME", tempfile.mkdtemp(prefix="tracker-tests-"))
# The example third-party ruleset is installed for every test, as pip would install it.
install_example_ruleset()


@pytest.fixture(autouse=True)
def tracker_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test gets its own data, journal and config folders."""
    home = tmp_path / "tracker-home"
    monkeypatch.setenv("TRACKER_HOME", str(home))
    monkeypatch.delenv("ROUNDKEEPER_HOME", raising=False)  # it would come first
    return home
