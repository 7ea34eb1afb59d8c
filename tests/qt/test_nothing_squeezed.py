"""Nothing in the window is squeezed below the height it needs, on the laptop with its
window framed (1,358 x 732 inside): a question taller than the inspector's column can
give scrolls within its panel (AP countdown's ten answers once had their boxes crushed
to half a line, their text cut through), and Tab brings an answer scrolled out of sight
into view; under a tall question the effects give their place up whole (Initiative
ticks' Join Battle once left them their header and buttons a pixel short)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QWidget,
)

from tests.qt.ap_countdown_fixtures import (
    answer,
    answer_labels,
    awindow,  # noqa: F401 - fixture
    start,
)
from tracker.engine import Session, StartEncounter
from tracker.persistence.files import load_encounter
from tracker.qt.app import sample_path
from tracker.qt.main_window import MainWindow
from tracker.qt.widgets.sample_menu import samples_by_ruleset

FRAMED_LAPTOP = (1358, 732)  # the window inside openbox's frame on a 1,366 x 768 screen
SAMPLES = [path.name for _name, path in samples_by_ruleset()]


def _crushed(window: QWidget) -> list[str]:
    """The boxes and buttons shown lower than their least height (a spin box's own
    line edit, sized by its box, left out)."""
    return [
        f"{type(widget).__name__} {widget.objectName()!r} in {widget.parent().objectName()!r}:"
        f" {widget.height()} < {widget.minimumSizeHint().height()}"
        for widget in window.findChildren(QWidget)
        if isinstance(widget, QLineEdit | QAbstractButton | QComboBox | QAbstractSpinBox)
        and not isinstance(widget.parent(), QAbstractSpinBox)
        and widget.isVisibleTo(window)
        and widget.height() < widget.minimumSizeHint().height()
    ]


def _seen(widget: QWidget, panel: QWidget) -> bool:
    """The whole of `widget` shows within the panel's scroll area."""
    viewport = panel.scroller.viewport()
    top = widget.mapTo(viewport, QPoint(0, 0)).y()
    return top >= 0 and top + widget.height() <= viewport.height()


def _declaring(window: MainWindow, qtbot, size: tuple[int, int]):
    window.resize(*size)
    start(qtbot, window)
    answer(qtbot, window, answer_labels(window)[0])  # the countdown begins
    panel = window.prompt_panel
    qtbot.waitUntil(lambda: len(panel.answer_buttons) >= 10)
    qtbot.wait(20)
    assert panel.height() < panel.wanted_height(panel.width())  # the column is short
    return panel


def test_the_ten_answers_scroll_whole_on_the_framed_laptop(awindow: MainWindow, qtbot):  # noqa: F811
    panel = _declaring(awindow, qtbot, FRAMED_LAPTOP)
    assert _crushed(panel) == []
    bar = panel.scroller.verticalScrollBar()
    assert bar.isVisible() and bar.maximum() > 0


@pytest.mark.parametrize("height", [540, 600])
def test_tab_brings_an_answer_out_of_sight_into_view(
    awindow: MainWindow,  # noqa: F811
    qtbot,
    height: int,
):
    """A window made shorter still: the last answers are out of sight; Tab reaches
    them, and each shows whole as it takes the focus (at 540 px a note's box once took
    it with its cursor in sight and its lower edge cut off: the scroll area showed only
    the cursor)."""
    panel = _declaring(awindow, qtbot, (FRAMED_LAPTOP[0], height))
    assert _crushed(panel) == []
    last = panel.key_buttons[-1]
    assert not _seen(last, panel)
    # The window's own focus widget followed (another test's window may be the active
    # one: the application's focus is there).
    first = next(form for form in panel.answer_forms if form is not None)
    next(iter(first.editors.values())).input.setFocus(Qt.FocusReason.TabFocusReason)
    for _ in range(40):
        focus = awindow.focusWidget()
        if focus is last:
            break
        assert focus is not None and panel.isAncestorOf(focus)
        qtbot.keyClick(focus, Qt.Key.Key_Tab)
        focus = awindow.focusWidget()
        assert focus is not None and (not panel.isAncestorOf(focus) or _seen(focus, panel))
    assert awindow.focusWidget() is last
    assert _seen(last, panel)


@pytest.mark.parametrize("sample", SAMPLES)
def test_no_box_or_button_is_squeezed_through_a_fight(qtbot, tmp_path, sample: str):
    """Each sample's fight, its questions answered (the first answer) or its turns
    ended, 25 steps: at every step every box and button has its least height."""
    session = Session(load_encounter(sample_path(sample)))
    window = MainWindow(session, None, tmp_path / "journal")
    qtbot.addWidget(window)
    window.resize(*FRAMED_LAPTOP)
    window.show()
    qtbot.waitExposed(window)
    squeezed = {f"set up: {line}" for line in _crushed(window)}
    window.document.apply(StartEncounter())
    for step in range(25):
        panel = window.__dict__.get("prompt_panel")
        answers = [b for b in getattr(panel, "answer_buttons", []) if b.isEnabled()]
        if panel is not None and panel.isVisible() and answers:
            answers[0].click()
        else:
            window.turn_panel.end_turn_button.click()
        qtbot.wait(5)
        squeezed |= {f"step {step}: {line}" for line in _crushed(window)}
    assert sorted(squeezed) == []
    window.document.undo_stack.set_clean()
