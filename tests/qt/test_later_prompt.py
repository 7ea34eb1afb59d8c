"""The prompt panel is made when the rules first ask a question (`window_rest.LaterPrompt`),
not with the window: it then sits, answers, takes its keys and its Tab places as one made
with the window does."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QPushButton, QWidget

from tests.qt.conftest import focus_chain, shown_window
from tracker.engine import EditCombatant, Session, StartEncounter
from tracker.persistence.files import load_encounter
from tracker.qt.app import sample_path
from tracker.qt.main_window import MainWindow
from tracker.qt.reading_order import TABBED

SIZE = (1366, 768)


def ticks_sample(started: bool) -> Session:
    """Initiative Ticks' sample: setting up (no question), or begun (Join Battle asks)."""
    session = Session(load_encounter(sample_path("initiative_ticks_sample.json")))
    if started:
        session.apply(StartEncounter())
    return session


@pytest.fixture
def setting_up(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    yield from shown_window(qtbot, ticks_sample(False), tmp_path / "journal", SIZE)


@pytest.fixture
def asked_at_open(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    yield from shown_window(qtbot, ticks_sample(True), tmp_path / "open", SIZE)


def built(window: MainWindow) -> bool:
    return "prompt_panel" in window.__dict__


def start(qtbot, window: MainWindow) -> None:
    """Start the fight with its key, where the keyboard is (Join Battle asks then)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    target = QApplication.focusWidget() or window
    with qtbot.waitSignal(window.document.changed, timeout=2000):
        qtbot.keyClick(target, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)


def described(widget: QWidget) -> str:
    text = widget.text() if isinstance(widget, (QPushButton, QCheckBox)) else ""
    return f"{type(widget).__name__}:{widget.objectName()}:{text}"


def tab_chain(window: MainWindow) -> list[str]:
    """The inspector's widgets Tab reaches, in the window's Tab order, by what they are."""
    inspector = window.inspector
    return [
        described(widget)
        for widget in focus_chain(window)
        if inspector.isAncestorOf(widget)
        and widget.focusPolicy() in TABBED
        and widget.isVisibleTo(window)
    ]


def tabbed_from(qtbot, window: MainWindow, start: QWidget, presses: int) -> list[str]:
    """The names of the widgets Tab gives the keyboard to, from `start`."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    start.setFocus()
    qtbot.waitUntil(start.hasFocus)
    names = []
    for _ in range(presses):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        names.append(described(QApplication.focusWidget()))
    return names


def place(window: MainWindow, widget: QWidget) -> tuple[int, int, int, int]:
    corner = widget.mapTo(window, QPoint(0, 0))
    return (corner.x(), corner.y(), widget.width(), widget.height())


def test_a_window_whose_rules_ask_nothing_makes_no_prompt_panel(setting_up, qtbot) -> None:
    window = setting_up
    assert not built(window)
    # Neither the keys' list (Help) nor another scheme makes it.
    assert all(not what.startswith("Prompt") for what, _keys in window.shortcut_rows())
    window._on_scheme_changed()
    assert not built(window)
    # Nor a change that brings no question.
    first = window.document.encounter.combatants[0]
    assert window.document.apply(EditCombatant(first.id, {"notes": "limps"}))
    assert not built(window)


def test_the_first_question_makes_the_panel_where_and_as_one_made_with_the_window(
    setting_up, asked_at_open, qtbot
) -> None:
    later, at_once = setting_up, asked_at_open
    assert built(at_once)  # a question waiting at the open: made with the window
    # Tab works before the panel is made (the inspector's fields in order). (Not read by
    # walking the window's Tab chain from Python: wrapping each widget it holds, then
    # starting the fight, crashes PySide 6.11, with or without this change.)
    assert tabbed_from(qtbot, later, later.health_box.input, 4) == [
        "QPushButton:health_apply:Apply",
        "QScrollArea:editor_scroller:",  # (its fields wait for a combatant)
        "QCheckBox::All",
        "FreshRows:effects_view:",
    ]
    start(qtbot, later)
    assert built(later)
    panel = later.prompt_panel
    assert panel.isVisible() and panel.title.text() == "Join Battle — Swift Wind decides"
    assert panel.colours == at_once.prompt_panel.colours  # the scheme's colours
    # Under the message, over the damage box, already placed (no frame shows it elsewhere).
    column = later.inspector.layout()
    assert column is not None and column.indexOf(panel) == 1
    assert column.indexOf(later.banner) == 0 and column.indexOf(later.health_box) == 2
    qtbot.waitUntil(lambda: place(later, later.health_box) == place(at_once, at_once.health_box))
    assert place(later, panel) == place(at_once, at_once.prompt_panel)
    # Tab reaches every answer, in the order shown; a panel made with the window comes
    # first in the inspector (as it reads), one made later after the window's others
    # (as the answers' rows a later question adds always did).
    asked = [
        "QScrollArea:prompt_context_area:",
        "QPushButton:prompt_roll_1_successes:Roll 7d10>=7!10 for Swift Wind  [Ctrl+1]",
        "QLineEdit:field_successes:",
        "AnswerButton:prompt_answer_1:Enter the successes  [Ctrl+2]",
    ]
    rest = [name for name in tab_chain(at_once) if name not in asked]
    assert tab_chain(at_once) == asked + rest
    assert tab_chain(later) == rest + asked
    # Its keys answer: Ctrl+2 ("Enter the successes") answers with what its box holds.
    box = panel.answer_forms[0].editors["successes"].input
    box.setText("3")
    target = QApplication.focusWidget() or later
    with qtbot.waitSignal(later.document.changed, timeout=2000):
        qtbot.keyClick(target, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    swift = next(c for c in later.document.encounter.combatants if c.name == "Swift Wind")
    assert swift.runtime.joined and swift.runtime.successes == 3
    assert panel.title.text() == "Join Battle — Iron Lotus decides"
    # The keys' list names its answers now.
    assert any(what.startswith("Prompt") for what, _keys in later.shortcut_rows())


def test_undoing_the_question_away_keeps_the_panel_hidden_in_its_place(setting_up, qtbot):
    window = setting_up
    start(qtbot, window)
    panel = window.prompt_panel
    window.document.undo_stack.undo()
    assert not window.document.session.prompt() and panel.isHidden()
    window.document.undo_stack.redo()
    assert panel.isVisible() and window.inspector.layout().indexOf(panel) == 1


def test_asking_for_the_panel_makes_it_hidden_when_nothing_is_asked(setting_up) -> None:
    window = setting_up
    panel = window.prompt_panel  # a caller's (a test's, the self-test's)
    assert built(window) and panel.isHidden() and panel.prompt is None
    assert window.inspector.layout().indexOf(panel) == 1
