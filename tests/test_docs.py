"""The runnable examples in docs/ run as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"


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
