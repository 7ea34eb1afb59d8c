"""Checks on the shape of the code base: layering, registration, style."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
QT_MODULES = ("PySide6", "shiboken6", "PyQt5", "PyQt6", "PySide2")


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def _is_gui(module: str) -> bool:
    return module.split(".")[0] in QT_MODULES or module.startswith("tracker.qt")


@pytest.mark.parametrize("layer", ["engine", "persistence"])
def test_engine_and_persistence_never_import_qt(layer):
    offenders: dict[str, list[str]] = {}
    for path in (ROOT / "tracker" / layer).rglob("*.py"):
        gui = sorted(m for m in _imported_modules(path) if _is_gui(m))
        if gui:
            offenders[str(path.relative_to(ROOT))] = gui
    assert offenders == {}


def test_engine_runs_without_qt_loaded():
    script = (
        "import sys, tracker.engine, tracker.persistence.files, tracker.persistence.journal\n"
        "from tracker.engine.registry import available_rulesets\n"
        "available_rulesets()\n"
        f"loaded = [m for m in sys.modules if m.split('.')[0] in {QT_MODULES!r}]\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, cwd=ROOT)


def test_every_ruleset_registers_through_the_entry_point_group():
    from tracker.engine.registry import available_rulesets

    registered = {entry.name for entry in entry_points(group="tracker.rulesets")}
    assert "war_scroll" in registered
    assert set(available_rulesets()) == registered
    modules = {p.parent.name for p in (ROOT / "tracker/engine/rulesets").glob("*/__init__.py")}
    assert registered <= modules


def test_no_relative_imports_anywhere():
    for path in list((ROOT / "tracker").rglob("*.py")) + list((ROOT / "tests").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        relative = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level]
        assert relative == [], path


@pytest.mark.parametrize("arguments", [["check", "."], ["format", "--check", "."]])
def test_ruff_is_clean(arguments):
    """ruff comes with the test extra, next to the interpreter running the tests."""
    local = Path(sys.executable).parent / "ruff"
    ruff = str(local) if local.exists() else shutil.which("ruff")
    assert ruff is not None, "ruff is missing: install the test extra"
    result = subprocess.run([ruff, *arguments], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_and_persistence_pass_a_strict_type_check():
    """mypy --strict over tracker/engine and tracker/persistence ([tool.mypy])."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
