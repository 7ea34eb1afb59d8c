"""A combo box's list is made quiet (`quiet_focus`) as it first opens, once."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from tracker.qt.views.quiet_combo import QuietCombo
from tracker.qt.views.quiet_focus import QuietFocus


def _quiet_filters(combo: QComboBox) -> int:
    return len(combo.view().findChildren(QuietFocus))


def test_a_combo_boxs_list_is_made_quiet_as_it_first_opens(qtbot):
    combo = QuietCombo()
    qtbot.addWidget(combo)
    combo.addItems(["Enemy", "Ally", "Neutral"])
    combo.show()
    qtbot.waitExposed(combo)
    assert _quiet_filters(combo) == 0  # a hidden list hears of no change of focus
    combo.showPopup()
    qtbot.waitUntil(combo.view().isVisible)
    assert _quiet_filters(combo) == 1
    combo.hidePopup()
    combo.showPopup()  # opened again: left as it is
    assert _quiet_filters(combo) == 1
    combo.hidePopup()
