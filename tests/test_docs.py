"""The runnable examples in docs/ run as written, and the ruleset written in
docs/rulesets.md passes `mypy --strict` and Roundkeeper's own checks, and plays."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.DOTALL)


@pytest.mark.parametrize("page", ["engine.md"])
def test_examples_run(page, capsys):
    blocks = _python_blocks(DOCS / page)
    assert blocks, f"{page} has no example"
    for block in blocks:
        exec(compile(block, f"{page} example", "exec"), {"__name__": "docs_example"})
    printed = capsys.readouterr().out
    assert "Speed must be between 0 and 60" in printed


def _ruleset_example(folder: Path) -> tuple[Path, str]:
    """The ruleset of docs/rulesets.md as a module, and the code that plays it."""
    ruleset, play = _python_blocks(DOCS / "rulesets.md")
    module = folder / "taking_turns_doc.py"
    module.write_text(ruleset, encoding="utf-8")
    return module, play


def test_the_ruleset_of_the_docs_plays_as_written(tmp_path, capsys, monkeypatch):
    from tracker.engine.ruleset import Ruleset

    module, play = _ruleset_example(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        scope = dict(vars(importlib.import_module(module.stem)))
        exec(compile(play, "rulesets.md example", "exec"), scope)
    finally:
        sys.modules.pop(module.stem, None)
    assert isinstance(scope["rules"], Ruleset)
    assert capsys.readouterr().out == "Bob aids Cid (3).\n"


def test_the_rulesets_of_the_docs_and_the_example_plugin_pass_a_strict_type_check(tmp_path):
    module, _play = _ruleset_example(tmp_path)
    plugin = ROOT / "examples" / "roundkeeper-example-ruleset" / "highest_roll" / "__init__.py"
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(module), str(plugin)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_docs_example_uses_what_the_docs_recommend():
    text = (DOCS / "rulesets.md").read_text(encoding="utf-8")
    ruleset, _play = _python_blocks(DOCS / "rulesets.md")
    records = re.findall(r"@dataclass\((.*?)\)\nclass", ruleset)
    assert records and all("slots=True" in args for args in records)
    assert "check=check_dice" in ruleset and "roll_from=" in ruleset
    assert 'on="any"' in ruleset and "def on_removed" in ruleset and "def on_moved" in ruleset
    for needed in ("typed_access", "no_turn_reason", "ignore_imports", "roundkeeper"):
        assert needed in text, needed
