"""Issue 26: the action chips are drawn without a style sheet (a sheet hands every widget
under it to Qt's style-sheet style, slower at each size and paint), and look as the
sheet made them: compact buttons, a framed chip, bold captions."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QWidget

from tests.qt.test_chrome_steps import close, open_window
from tracker.qt.widgets.action_palette import ActionChip
from tracker.qt.widgets.chip_style import BUTTON_ROOM, CompactButtons


def _sheets_above(widget: QWidget) -> list[str]:
    found = []
    while widget is not None:
        if widget.styleSheet():
            found.append(widget.objectName() or type(widget).__name__)
        widget = widget.parentWidget()
    return found


def test_the_chips_are_styled_without_a_sheet_and_stay_compact(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path, "classic_d20")
    try:
        palette = window.turn_panel.palette_widget
        chips = list(palette.chips.values())
        assert chips
        buttons: list[QPushButton] = []
        for chip in chips:
            assert isinstance(chip, ActionChip)
            assert _sheets_above(chip) == [], "a style sheet above the chips"
            assert chip.frameShape() == QFrame.Shape.Box
            buttons += [chip.button, *chip.roll_buttons.values()]
        assert any(chip.roll_buttons for chip in chips), "Classic d20 has Roll buttons"
        for button in buttons:
            assert isinstance(button.style(), CompactButtons), button.objectName()
            text = button.fontMetrics().size(0, button.text())
            # As small as its text allows: Fusion's least width of 80 pixels is not kept
            # ("Action" is a 56-pixel button, as the sheet made it).
            assert button.sizeHint().width() == text.width() + BUTTON_ROOM.width()
            assert button.sizeHint().height() == text.height() + BUTTON_ROOM.height()
        short = palette.chips["action"].button
        assert short.sizeHint().width() < 80
        captions = [
            label
            for label in palette.findChildren(QLabel)
            if label.objectName() == "action_caption"
        ]
        assert len(captions) == 2
        assert all(label.font().bold() for label in captions)
        # The captions' family and size still follow the application's font.
        assert all(label.font().pointSize() == window.font().pointSize() for label in captions)
    finally:
        close(window, qtbot)


def test_a_compact_style_gone_with_its_application_is_made_anew(qtbot):
    import shiboken6
    from PySide6.QtWidgets import QPushButton

    from tracker.qt.widget_style import shared_style
    from tracker.qt.widgets import chip_style

    first = QPushButton("Action")
    qtbot.addWidget(first)
    chip_style.compact(first)
    shiboken6.delete(shared_style(CompactButtons))  # as when its application is deleted
    second = QPushButton("Action")
    qtbot.addWidget(second)
    chip_style.compact(second)  # no dead style handed over
    assert isinstance(second.style(), CompactButtons)
    assert second.sizeHint().width() < 80
