"""`python -m tracker` starts the app on the bundled sample (the `roundkeeper` script is
checked in tests/test_release.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_python_m_tracker_opens_the_sample_encounter(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "TRACKER_HOME": str(tmp_path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "tracker"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = tmp_path / "data" / "journal" / "base.json"
    try:
        deadline = time.monotonic() + 30
        while not base.exists() and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(0.5)
        assert process.poll() is None, process.stdout.read().decode()  # still running
    finally:
        process.kill()
        process.wait()
    journaled = json.loads(base.read_text(encoding="utf-8"))
    assert journaled["encounter"]["name"] == "Ambush at the Ruined Chapel"
