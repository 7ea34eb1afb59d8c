"""Issue 26: moving the selection (a click on another row, a combatant added and
selected, one removed) laid out the main window, docks and all: the selected caption
("On Goblin:") and each Roll button ("Roll for Goblin") asked their layouts up to the
window at every new name. They are of a fixed size now, the widest yet, and a name that
fits lays nothing out (counts of events, not timings)."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

from tests.qt.test_chrome_steps import LayoutRequests, close, open_window
from tracker.engine import EditCombatant
from tracker.qt.widgets.roll_button import WIDEST, RollButton


def _select_each(window, qtbot, ids: list[str]) -> None:
    for combatant_id in ids:
        window.select_combatant(combatant_id)
        qtbot.wait(1)


def test_moving_the_selection_lays_out_neither_the_palette_nor_the_window(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path, "classic_d20")
    try:
        fighters = [c.id for c in window.document.encounter.combatants]
        document = window.document
        # Names of every length, the longest first: each is as wide as one seen before.
        names = ["Gorthak the Unrelenting", "Bo", "Fighter of the Hills"]
        for fighter, name in zip(fighters, names, strict=False):
            document.apply(EditCombatant(fighter, {"name": name}))
        _select_each(window, qtbot, fighters[:6] * 2)  # every name shown once
        qtbot.wait(600)  # the docks animated into place after the last layout
        counter = LayoutRequests()
        app = QApplication.instance()
        app.installEventFilter(counter)
        try:
            _select_each(window, qtbot, fighters[:6])
        finally:
            app.removeEventFilter(counter)
        palette = window.turn_panel.palette_widget
        assert palette.selected_caption is not None
        assert (
            palette.selected_caption.text()
            == f"On {window.document.encounter.combatant(fighters[5]).name}:"
        )
        assert counter.counts["MainWindow"] == 0, counter.named
        assert counter.counts["ActionChip"] == 0, counter.named
        assert counter.counts["ActionPalette"] == 0, counter.named
    finally:
        close(window, qtbot)


def test_a_roll_button_keeps_its_widest_text_and_elides_a_long_name(qtbot):
    button = RollButton("Roll for the selected")
    qtbot.addWidget(button)
    button.set_text("Roll for Gorthak")
    wide = button.width()
    assert button.sizeHint().width() <= wide

    button.set_text("Roll for Bo")

    assert button.text() == "Roll for Bo"
    assert (button.minimumWidth(), button.maximumWidth()) == (wide, wide)  # kept
    long_name = "Roll for " + "Gorthak the Unrelenting, Warlord of the Seven Hills " * 3
    button.set_text(long_name)
    assert button.text().endswith("…")
    assert button.fontMetrics().horizontalAdvance(button.text()) <= WIDEST
    assert wide < button.width() <= button.sizeHint().width() + 1


def test_a_roll_button_fits_its_text_again_in_another_font(qtbot):
    button = RollButton("Roll for the selected")
    qtbot.addWidget(button)
    button.set_text("Roll for Gorthak")
    before = button.width()
    font = QFont(button.font())
    font.setPointSizeF(font.pointSizeF() * 2)

    button.setFont(font)

    assert button.width() == button.sizeHint().width() > before
