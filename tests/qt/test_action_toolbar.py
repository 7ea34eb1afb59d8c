"""The action palette for every ruleset: it fits a 1,366 × 768 window, every action has
a labelled button (parameters inline or in its popup), what is not allowed is greyed
out with its reason in the tooltip and on the one-line reason label, which never
changes the layout's height."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, QRect, Qt
from PySide6.QtGui import QEnterEvent
from PySide6.QtWidgets import QApplication

from tracker.engine import AddCombatant, Session, StartEncounter
from tracker.persistence.files import load_encounter
from tracker.qt.app import sample_path
from tracker.qt.main_window import MainWindow


def _stamina() -> Session:
    session = Session.new("Bridge", "stamina_battle")
    session.apply(AddCombatant("Mira", "party", stats={"stamina_max": 6}))
    session.apply(AddCombatant("Grub", "enemy", stats={"stamina_max": 4}))
    session.apply(StartEncounter())
    return session


def _ticks() -> Session:
    session = Session.new("Ford", "initiative_ticks")
    session.apply(AddCombatant("Kaoru", "party", stats={"stamina": 3}))
    session.apply(AddCombatant("Bandit", "enemy", stats={"stamina": 3}))
    return session


SESSIONS = {
    "war_scroll": lambda: Session(load_encounter(sample_path("war_scroll_sample.json"))),
    "priority": lambda: Session(load_encounter(sample_path("priority_sample.json"))),
    "ap_countdown": lambda: Session(load_encounter(sample_path("ap_countdown_sample.json"))),
    "stamina_battle": _stamina,
    "initiative_ticks": _ticks,
}


@pytest.fixture(params=list(SESSIONS))
def laptop(request, qtbot, tmp_path: Path) -> MainWindow:
    """Each ruleset's window on a 1,366 × 768 laptop screen."""
    window = MainWindow(SESSIONS[request.param](), None, tmp_path / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.document.undo_stack.setClean()
    window.close()
    window.deleteLater()


def test_the_window_and_its_actions_fit_a_laptop_screen(laptop, qtbot):
    window = laptop
    assert window.minimumSizeHint().width() <= 1366
    assert window.width() == 1366
    palette = window.turn_panel.palette_widget
    assert palette.minimumSizeHint().width() < 600
    qtbot.waitUntil(lambda: palette.height() >= palette.heightForWidth(palette.width()))
    area = palette.rect()
    for name, chip in palette.chips.items():
        top_left = chip.mapTo(palette, QPoint(0, 0))
        assert chip.isVisible(), name
        assert area.contains(QRect(top_left, chip.size())), f"{name} is cut off"
    # Chips never overlap one another.
    rects = [QRect(c.mapTo(palette, QPoint(0, 0)), c.size()) for c in palette.chips.values()]
    for i, first in enumerate(rects):
        assert not any(first.intersects(other) for other in rects[i + 1 :])


def test_every_action_is_a_labelled_button_with_its_parameters(laptop):
    panel = laptop.turn_panel
    specs = [s for s in laptop.document.ruleset.actions if s.on not in ("effect", "prompt")]
    assert list(panel.action_buttons) == [s.name for s in specs]
    for spec in specs:
        chip = panel.palette_widget.chips[spec.name]
        assert chip.button.text() == spec.label
        assert set(panel.action_inputs[spec.name]) == {f.name for f in spec.params}
        if len(spec.params) == 1 and spec.params[0].kind == "int":
            assert chip.popup is None  # a lone number sits in the chip
            assert panel.action_inputs[spec.name][spec.params[0].name].parent() is chip
        elif spec.params:
            assert chip.popup is not None and chip.more_button is not None
            assert all(w.parent() is chip.popup for w in panel.action_inputs[spec.name].values())


def _point_at(widget) -> None:
    center = widget.rect().center()
    QApplication.sendEvent(
        widget, QEnterEvent(center, widget.mapToGlobal(center), widget.mapToGlobal(center))
    )


def test_what_is_not_allowed_is_greyed_out_with_its_reason_and_nothing_jumps(laptop, qtbot):
    window = laptop
    panel = window.turn_panel
    palette = panel.palette_widget
    window.roster_view.selectionModel().clearCurrentIndex()  # "on the selected": none
    panel.refresh()
    assert panel.unavailable, "some action must be out of reach with nobody selected"
    height = palette.reason_label.height()
    palette_height = palette.height()
    for name, reason in panel.unavailable.items():
        chip = palette.chips[name]
        assert not chip.button.isEnabled()
        assert chip.button.toolTip() == f"Not now: {reason}"
        assert all(not w.isEnabled() for w in chip.inputs.values())
        _point_at(chip)
        assert palette.reason_label.full_text() == f"{chip.spec.label}: {reason}"
        QApplication.sendEvent(chip, QEvent(QEvent.Type.Leave))
        assert palette.reason_label.height() == height
        assert palette.height() == palette_height
    assert palette.reason_label.full_text().startswith("Not now")
    first = window.document.encounter.combatants[0]
    window.select_combatant(first.id)
    assert palette.selected_caption is None or first.name in palette.selected_caption.text()
    assert palette.height() == palette_height


def test_tab_reaches_every_allowed_action_button(laptop, qtbot):
    window = laptop
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    panel = window.turn_panel
    window.select_combatant(window.document.encounter.combatants[0].id)
    allowed = [b for n, b in panel.action_buttons.items() if n not in panel.unavailable]
    assert allowed
    reached = set()
    panel.setFocus(Qt.FocusReason.OtherFocusReason)
    for _ in range(200):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        focus = QApplication.focusWidget()
        if focus in allowed:
            reached.add(focus)
    assert reached == set(allowed)
