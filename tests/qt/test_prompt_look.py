"""Issue 26: the prompt panel stands out by colours it paints itself, with no style sheet
over its answers (a sheet hands every widget under it to Qt's style-sheet style), in the
light and the dark scheme."""

from __future__ import annotations

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QWidget

from tests.qt.test_chrome_steps import close, open_window
from tracker.engine import AddCombatant
from tracker.qt.widgets.prompt_look import BORDER, prompt_colours


def test_the_prompt_panel_paints_its_colours_without_a_sheet(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path, "classic_d20")
    try:
        assert window.document.apply(AddCombatant("Newcomer"))  # to roll initiative for
        qtbot.waitUntil(lambda: window.prompt_panel.isVisible())
        panel = window.prompt_panel
        assert panel.title.text() == "Roll initiative"
        sheets = [w.objectName() for w in (panel, *panel.findChildren(QWidget)) if w.styleSheet()]
        assert sheets == []
        for dark in (False, True):
            panel.set_scheme(dark)
            colours = prompt_colours(dark)
            image = panel.grab().toImage()
            assert image.pixelColor(0, image.height() // 2) == colours.border
            assert image.pixelColor(BORDER - 1, image.height() - 1) == colours.border
            # Blank room inside (under the answers, the height kept to spare).
            inside = image.pixelColor(BORDER + 2, image.height() - BORDER - 3)
            assert inside == colours.background
            role = QPalette.ColorRole.WindowText
            assert panel.title.palette().color(role) == colours.ink
            assert panel.question.palette().color(role) == colours.body
            assert panel.context.palette().color(role) == colours.body
            # The answers keep the application's colours (no tint of the panel's).
            field_label = panel.answer_rows[0].findChild(QWidget)
            assert field_label is not None
            assert field_label.palette().color(QPalette.ColorRole.Window) == (
                window.palette().color(QPalette.ColorRole.Window)
            )
        assert panel.title.font().bold() and panel.title.font().pointSize() == 13
        assert panel.context.font().styleHint() == panel.context.font().StyleHint.Monospace
    finally:
        close(window, qtbot)
