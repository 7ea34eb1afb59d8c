"""Checks on the shape of the code base: layering, registration, style."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tomllib
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


@pytest.mark.parametrize("layer", ["engine", "persistence", "library"])
def test_engine_persistence_and_library_never_import_qt(layer):
    offenders: dict[str, list[str]] = {}
    for path in (ROOT / "tracker" / layer).rglob("*.py"):
        gui = sorted(m for m in _imported_modules(path) if _is_gui(m))
        if gui:
            offenders[str(path.relative_to(ROOT))] = gui
    assert offenders == {}


def test_engine_runs_without_qt_loaded():
    script = (
        "import sys, tracker.engine, tracker.persistence.files, tracker.persistence.journal\n"
        "import tracker.library.store, tracker.library.transfer\n"
        "from tracker.engine.registry import available_rulesets\n"
        "available_rulesets()\n"
        f"loaded = [m for m in sys.modules if m.split('.')[0] in {QT_MODULES!r}]\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, cwd=ROOT)


def test_every_ruleset_registers_through_the_entry_point_group():
    from tracker.engine.registry import available_rulesets
    from tracker.qt.ruleset_ui import DEFAULT_UI, RulesetUi, available_uis, ui_for

    entries = {entry.name: entry.value for entry in entry_points(group="tracker.rulesets")}
    assert "war_scroll" in entries
    assert set(available_rulesets()) == set(entries)
    # The built-ins register like any installed ruleset: every package under
    # tracker/engine/rulesets/ (the tests install a third-party one too).
    modules = {p.parent.name for p in (ROOT / "tracker/engine/rulesets").glob("*/__init__.py")}
    built_in = {name for name, value in entries.items() if value.startswith("tracker.engine.")}
    assert built_in == modules
    # Their Qt side too: every package under tracker/qt/rulesets/, named by its ruleset's
    # id; a ruleset without one gets the generic UI.
    qt_entries = {entry.name: entry.value for entry in entry_points(group="tracker.qt_rulesets")}
    qt_modules = {p.parent.name for p in (ROOT / "tracker/qt/rulesets").glob("*/__init__.py")}
    qt_built_in = {name for name, value in qt_entries.items() if value.startswith("tracker.qt.")}
    assert {"war_scroll", "priority"} <= qt_built_in == qt_modules <= modules
    assert set(qt_entries) <= set(entries)
    assert set(available_uis()) == set(qt_entries)
    for ruleset_id, ruleset in available_rulesets().items():
        ui = ui_for(ruleset)
        assert isinstance(ui, RulesetUi)
        assert (ui is not DEFAULT_UI) == (ruleset_id in qt_entries), ruleset_id
    assert ui_for("no_such_ruleset") is DEFAULT_UI


# --- import contracts (import-linter, configured in pyproject.toml) ---------------------
def _lint_imports() -> str:
    """lint-imports comes with the test extra, next to the interpreter running the tests."""
    local = Path(sys.executable).parent / "lint-imports"
    command = str(local) if local.exists() else shutil.which("lint-imports")
    assert command is not None, "lint-imports is missing: install the test extra"
    return command


def _contracts() -> list[dict]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return config["tool"]["importlinter"]["contracts"]


def _run_lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """lint-imports on the package `tracker` found first on the path from `root`."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [_lint_imports(), "--no-cache"], cwd=root, env=env, capture_output=True, text=True
    )


def _verdicts(output: str) -> dict[str, str]:
    """Contract name → "KEPT" or "BROKEN", from lint-imports' summary."""
    verdicts = {}
    for contract in _contracts():
        for verdict in ("KEPT", "BROKEN"):
            if f"{contract['name']} {verdict}" in output:
                verdicts[contract["id"]] = verdict
    return verdicts


def test_the_import_contracts_are_kept():
    result = _run_lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    contracts = _contracts()
    assert len(contracts) >= 5
    assert _verdicts(result.stdout) == {c["id"]: "KEPT" for c in contracts}, result.stdout


def test_the_generic_qt_contract_lists_every_generic_module():
    """Every module and package of tracker/qt but `rulesets` is held by the contract."""
    contract = next(c for c in _contracts() if c["id"] == "generic-qt-knows-no-ruleset")
    qt = ROOT / "tracker" / "qt"
    present = {p.stem for p in qt.glob("*.py") if p.stem != "__init__"}
    present |= {p.parent.name for p in qt.glob("*/__init__.py")}
    assert {m.removeprefix("tracker.qt.") for m in contract["source_modules"]} == present - {
        "rulesets"
    }


BAD_IMPORTS = {
    # case: ({new module in a copy of the tree: its one import}, contracts it must break)
    "engine-imports-qt": (
        {"tracker/engine/bad.py": "import PySide6.QtCore"},
        {"no-qt-below-the-gui"},
    ),
    "library-imports-qt": (
        {"tracker/library/bad.py": "from PySide6.QtWidgets import QMessageBox"},
        {"no-qt-below-the-gui"},
    ),
    "persistence-imports-the-gui": (
        {"tracker/persistence/bad.py": "import tracker.qt.document"},
        {"no-qt-below-the-gui"},
    ),
    "ruleset-imports-another": (
        {"tracker/engine/rulesets/war_scroll/bad.py": "import tracker.engine.rulesets.priority"},
        {"rulesets-independent"},
    ),
    "new-ruleset-imports-another": (  # a new ruleset package is held at once
        {"tracker/engine/rulesets/new/__init__.py": "import tracker.engine.rulesets.priority"},
        {"rulesets-independent"},
    ),
    "qt-side-imports-another-engine-side": (
        {"tracker/qt/rulesets/priority/bad.py": "import tracker.engine.rulesets.war_scroll"},
        {"rulesets-independent"},
    ),
    "generic-qt-imports-a-ruleset-ui": (
        {"tracker/qt/players/bad.py": "import tracker.qt.rulesets.war_scroll"},
        {"generic-qt-knows-no-ruleset", "rulesets-imported-by-rulesets-only"},
    ),
    "generic-qt-imports-a-ruleset-indirectly": (
        {
            "tracker/qt/views/bad.py": "import tracker.qt.bad_helper",
            "tracker/qt/bad_helper.py": "import tracker.engine.rulesets.war_scroll",
        },
        {"generic-qt-knows-no-ruleset", "rulesets-imported-by-rulesets-only"},
    ),
    "engine-core-imports-a-ruleset": (
        {"tracker/engine/bad.py": "import tracker.engine.rulesets.war_scroll"},
        {"engine-core-knows-no-ruleset", "rulesets-imported-by-rulesets-only"},
    ),
}


@pytest.mark.parametrize("case", BAD_IMPORTS)
def test_a_bad_import_breaks_the_contracts(tmp_path, case):
    """The contracts are checked on a copy of the package with bad imports added."""
    modules, broken = BAD_IMPORTS[case]
    shutil.copytree(
        ROOT / "tracker",
        tmp_path / "tracker",
        ignore=shutil.ignore_patterns("__pycache__", "assets"),
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    for module, statement in modules.items():
        path = tmp_path / module
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(statement + "\n", encoding="utf-8")
    result = _run_lint_imports(tmp_path)
    assert result.returncode != 0, result.stdout
    verdicts = _verdicts(result.stdout)
    assert {c for c, verdict in verdicts.items() if verdict == "BROKEN"} >= broken, result.stdout


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


def test_tracker_and_benchmarks_pass_a_strict_type_check():
    """mypy --strict over the whole package, the Qt layer included, and the benchmarks
    ([tool.mypy])."""
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
