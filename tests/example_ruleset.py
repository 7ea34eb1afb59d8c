"""Install the example third-party ruleset (examples/roundkeeper-example-ruleset, a
distribution of its own) for the test run the way pip would: a `.dist-info` folder with
its entry points on `sys.path`, next to its package. Roundkeeper then finds it like any
installed ruleset, so the conformance suite and the GUI tests run it with no test code of
its own."""

from __future__ import annotations

import importlib
import sys
import tempfile
import tomllib
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "roundkeeper-example-ruleset"
DISTRIBUTION = "roundkeeper-example-ruleset"


def install_example_ruleset() -> Path:
    """Make the example importable and its entry points visible; returns the folder
    that holds its metadata."""
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == DISTRIBUTION
    version = project["version"]
    site = Path(tempfile.mkdtemp(prefix="tracker-example-site-"))
    info = site / f"{DISTRIBUTION.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {DISTRIBUTION}\nVersion: {version}\n", encoding="utf-8"
    )
    groups = {"tracker.rulesets": "highest_roll = highest_roll:HighestRoll"}
    if (EXAMPLE / "highest_roll" / "ui.py").exists():
        groups["tracker.qt_rulesets"] = "highest_roll = highest_roll.ui:HighestRollUi"
    (info / "entry_points.txt").write_text(
        "".join(f"[{group}]\n{line}\n\n" for group, line in groups.items()), encoding="utf-8"
    )
    for folder in (str(EXAMPLE), str(site)):
        if folder not in sys.path:
            sys.path.append(folder)
    importlib.invalidate_caches()
    return site
