"""Start-up does only what the first window needs (benchmarks/startup.py measures it)."""

from __future__ import annotations

import linecache
import sys
from pathlib import Path

import pytest

import tracker.qt


@pytest.fixture
def fresh_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A module never imported before, whose source names PySide6."""
    source = tmp_path / "tracker_probe_module.py"
    source.write_text("import PySide6  # PySide6 used here\nVALUE = 1\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield source
    sys.modules.pop("tracker_probe_module", None)
    linecache.checkcache()


def test_pyside_reads_no_source_of_the_modules_imported_after_it(fresh_module: Path) -> None:
    # PySide's import hook (which every `import` statement goes through) would read the
    # whole source of each new module, keeping it in linecache; with Tracker's Qt layer
    # imported, the module is imported and its source is never read.
    assert "PySide6.support.feature" in sys.modules
    tracker.qt.skip_feature_source_scan()
    exec("import tracker_probe_module", {})
    assert sys.modules["tracker_probe_module"].VALUE == 1
    assert str(fresh_module) not in linecache.cache
