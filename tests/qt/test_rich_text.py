"""Plain text shown as itself in Qt's rich text."""

from __future__ import annotations

import html

import pytest
from PySide6.QtGui import Qt, QTextDocument

from tracker.qt.rich_text import escape, plain_tip


@pytest.mark.parametrize(
    "text", ["Goblin <3>", "Tom & Jerry", 'say "hi"', "it's", "<b>bold</b>", "plain", ""]
)
def test_escape_gives_what_html_escape_gives(text: str) -> None:
    assert escape(text) == html.escape(text)


@pytest.mark.parametrize(
    "text",
    ["<img src=/dev/zero>", "<b>Bold</b> Goblin\nNote: x", "Goblin &lt; 3", "Plain\n<i>two</i>"],
)
def test_a_tooltip_shows_its_text_as_itself(qapp, text: str) -> None:
    """What a tooltip shows is the text, whatever tags or entities it holds."""
    tip = plain_tip(text)
    if Qt.mightBeRichText(tip):
        document = QTextDocument()
        document.setHtml(tip)
        assert document.toPlainText() == text
        assert "<img" not in tip and "<b>" not in tip
    else:
        assert tip == text


@pytest.mark.parametrize("text", ["<img src=/dev/zero>", "<b>Bold</b> &amp;\nNote: <i>x</i>"])
def test_a_tooltip_passed_on_is_not_escaped_twice(qapp, text: str) -> None:
    """A view passing on its model's tooltip through plain_tip shows the text once."""
    tip = plain_tip(text)
    assert plain_tip(tip) == tip
    document = QTextDocument()
    document.setHtml(plain_tip(tip))
    assert document.toPlainText() == text


def test_a_row_named_like_a_tag_has_a_plain_tooltip(qtbot, tmp_path) -> None:
    """A combatant named "<img src=…>": the fight view's tooltip of its row shows the
    name as text (Qt would load the file as an image)."""
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QStyleOptionViewItem, QToolTip

    from tests.qt.conftest import shown_window
    from tracker.engine import EditCombatant, Session
    from tracker.persistence import load_encounter
    from tracker.qt.app import sample_path

    session = Session(load_encounter(sample_path("priority_sample.json")))
    first = session.encounter.combatants[0]
    session.apply(EditCombatant(first.id, {"name": "<img src=/nowhere.png>"}))
    windows = shown_window(qtbot, session, tmp_path / "journal", (1366, 768))
    window = next(windows)
    try:
        view = window.central_view
        index = view.model().index(0, 0)
        rect = view.visualRect(index)
        option = QStyleOptionViewItem()
        option.initFrom(view.viewport())
        option.rect = rect
        spot = rect.center()
        event = QHelpEvent(QEvent.Type.ToolTip, spot, view.viewport().mapToGlobal(spot))
        view.itemDelegateForColumn(0).helpEvent(event, view, option, index)
        shown = QToolTip.text()
        document = QTextDocument()
        document.setHtml(shown) if Qt.mightBeRichText(shown) else document.setPlainText(shown)
        assert "<img src=/nowhere.png>" in document.toPlainText()
        assert "<img" not in shown
    finally:
        next(windows, None)  # closes the window
