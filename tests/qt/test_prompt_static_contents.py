"""The question panel's contents stand at its top left (`WA_StaticContents`): the Add
form opened under AP countdown's tall question squeezes it, and closed gives its height
back; neither repaints the answers that stayed in sight, and what the window shows of
the panel is what a fresh paint of it shows (its border where it now ends included).
The editor does not flash back under the question it has no room beside."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from tests.qt.table_size import painted_by, settle, table_window, widget_as_painted
from tracker.qt.main_window import MainWindow
from tracker.qt.widgets.prompt_panel import PromptPanel


@pytest.fixture
def ap(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """AP countdown at the table's size: its declaration asked, ten answers."""
    yield from table_window(qtbot, tmp_path / "journal", "ap_countdown", selected=3)


def test_the_add_form_squeezes_and_gives_back_the_question_without_repainting_it(ap, qtbot):
    panel = ap.prompt_panel
    assert isinstance(panel, PromptPanel) and panel.isVisible()
    assert len(panel.answer_buttons) >= 8, "the tall declaration"
    tall = panel.height()

    opened = painted_by(qtbot, ap.actions_by_name["add"].trigger)

    form = ap.add_form
    assert form is not None and form.isVisible()
    assert panel.height() < tall, "squeezed by the form"
    widget_as_painted(ap, panel, "the question")
    kept = [b for b in panel.answer_buttons if b.visibleRegion().boundingRect() == b.rect()]
    assert kept, "answers still whole in sight"
    for button in kept:
        assert opened.of(button).isEmpty(), f"{button.text()} repainted as the form opened"

    added = painted_by(qtbot, form.accept)

    assert not form.isVisible()
    assert panel.height() == tall, "its height back"
    assert not ap.editor.isVisible(), "no room for the editor beside the question"
    widget_as_painted(ap, panel, "the question")
    for button in kept:
        assert added.of(button).isEmpty(), f"{button.text()} repainted as the form closed"
    assert QApplication.focusWidget() is not None
    settle(qtbot)
