"""The question panel's contents stand at its top left (`WA_StaticContents`): the Add
form opened under AP countdown's tall question squeezes it, and closed gives its height
back; neither repaints the answers that stayed in sight, and what the window shows of
the panel is what a fresh paint of it shows (its border where it now ends included).
The editor does not flash back under the question it has no room beside."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QWidget

from tests.qt.table_size import SHADES, painted_by, settle, table_window
from tracker.qt.main_window import MainWindow
from tracker.qt.widgets.prompt_panel import PromptPanel


@pytest.fixture
def ap(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """AP countdown at the table's size: its declaration asked, ten answers."""
    yield from table_window(qtbot, tmp_path / "journal", "ap_countdown", selected=3)


def _shown_as_painted(window: MainWindow, widget: QWidget) -> None:
    screen = widget.screen().grabWindow(window.winId()).toImage()
    form = QImage.Format.Format_RGB32
    shown = screen.copy(QRect(widget.mapTo(window, QPoint(0, 0)), widget.size()))
    fresh = widget.grab().toImage().convertToFormat(form)
    pixels = zip(shown.convertToFormat(form).constBits(), fresh.constBits(), strict=True)
    assert max((abs(a - b) for a, b in pixels), default=0) <= SHADES, "the question is stale"


def test_the_add_form_squeezes_and_gives_back_the_question_without_repainting_it(ap, qtbot):
    panel = ap.prompt_panel
    assert isinstance(panel, PromptPanel) and panel.isVisible()
    assert len(panel.answer_buttons) >= 8, "the tall declaration"
    tall = panel.height()

    opened = painted_by(qtbot, ap.actions_by_name["add"].trigger)

    form = ap.add_form
    assert form is not None and form.isVisible()
    assert panel.height() < tall, "squeezed by the form"
    _shown_as_painted(ap, panel)
    kept = [b for b in panel.answer_buttons if b.visibleRegion().boundingRect() == b.rect()]
    assert kept, "answers still whole in sight"
    for button in kept:
        assert opened.of(button).isEmpty(), f"{button.text()} repainted as the form opened"

    added = painted_by(qtbot, form.accept)

    assert not form.isVisible()
    assert panel.height() == tall, "its height back"
    assert not ap.editor.isVisible(), "no room for the editor beside the question"
    _shown_as_painted(ap, panel)
    for button in kept:
        assert added.of(button).isEmpty(), f"{button.text()} repainted as the form closed"
    assert QApplication.focusWidget() is not None
    settle(qtbot)
