"""Plain text shown as itself in Qt's rich text."""

from __future__ import annotations

import html

import pytest

from tracker.qt.rich_text import escape


@pytest.mark.parametrize(
    "text", ["Goblin <3>", "Tom & Jerry", 'say "hi"', "it's", "<b>bold</b>", "plain", ""]
)
def test_escape_gives_what_html_escape_gives(text: str) -> None:
    assert escape(text) == html.escape(text)
