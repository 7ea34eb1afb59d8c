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

from tests.qt.conftest import shown_window
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
    yield from shown_window(qtbot, SESSIONS[request.param](), tmp_path / "journal", (1366, 768))


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


def _chip_places(window: MainWindow) -> dict[str, QRect]:
    palette = window.turn_panel.palette_widget
    return {name: chip.geometry() for name, chip in palette.chips.items()}


def test_the_chips_stay_where_they_are_as_the_selection_moves(qtbot, tmp_path: Path):
    """The caption "On Grub:" names the selected combatant: another one picked, or the
    selected renamed, does not move the chips after it (each move repainted them all);
    a name too long for the caption is elided, in full in its tooltip."""
    session = _stamina()
    session.apply(AddCombatant("Ab", "enemy"))
    session.apply(AddCombatant("Sir Reginald the Unusually Long-Winded Knight", "party"))
    ids = {c.name: c.id for c in session.encounter.combatants}
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        _selections_move_no_chip(window, qtbot, ids)


def _selections_move_no_chip(window: MainWindow, qtbot, ids: dict[str, str]) -> None:
    palette = window.turn_panel.palette_widget
    caption = palette.selected_caption
    assert caption is not None
    window.select_combatant(ids["Mira"])
    qtbot.waitUntil(lambda: caption.text() == "On Mira:")
    window.select_combatant(ids["Grub"])
    qtbot.waitUntil(lambda: caption.text() == "On Grub:")
    qtbot.wait(1)
    places = _chip_places(window)

    for name in ("Ab", "Mira", "Grub"):
        window.select_combatant(ids[name])
        qtbot.waitUntil(lambda n=name: caption.text() == f"On {n}:")
        qtbot.wait(1)
        assert _chip_places(window) == places, f"the chips moved for {name}"

    window.select_combatant(ids["Sir Reginald the Unusually Long-Winded Knight"])
    qtbot.waitUntil(lambda: caption.text().startswith("On Sir"))
    assert caption.text().endswith("…:")
    assert "Long-Winded Knight" in caption.toolTip()
    assert caption.width() <= caption.WIDEST


def test_the_keyboard_in_a_chip_points_at_its_action(laptop, qtbot):
    """Tab into an action's button says what it does on the reason line, as the mouse
    over it does; the keyboard gone from the chips, the line says what is out again."""
    window = laptop
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    panel = window.turn_panel
    palette = panel.palette_widget
    window.select_combatant(window.document.encounter.combatants[0].id)
    name = next(n for n, b in panel.action_buttons.items() if n not in panel.unavailable)
    chip = palette.chips[name]
    before = palette.reason_label.full_text()
    chip.button.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(chip.button.hasFocus)
    assert palette.reason_label.full_text().startswith(f"{chip.spec.label}: ")
    window.central_view.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(window.central_view.hasFocus)
    assert palette.reason_label.full_text() == before
