"""A step of the fight (End Turn, an action, an edit, an undo) repaints the window's
chrome where it changed and lays none of it out: the turn panel, the action palette,
the status bar, the toolbar and the prompt panel keep their sizes while their texts
change, and nothing they do lays out the main window (counts of events and calls, not
timings: the machine is shared)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QRect
from PySide6.QtGui import QHelpEvent, QPaintEvent
from PySide6.QtWidgets import QApplication, QStatusBar, QToolButton, QToolTip, QWidget

from benchmarks.fights import add_effects, an_action, build, next_step
from benchmarks.idle_timer import IdleClock
from tracker.engine import EditCombatant
from tracker.engine.session import Session
from tracker.qt.main_window import MainWindow
from tracker.qt.ruleset_ui import ui_for
from tracker.qt.widgets.action_palette import ActionPalette
from tracker.qt.widgets.turn_panel import TurnPanel

RULESETS = ["ap_countdown", "initiative_ticks", "priority", "stamina_battle", "war_scroll"]


class LayoutRequests(QObject):
    """Counts the layout requests each widget of a kind receives, while installed."""

    def __init__(self) -> None:
        super().__init__()
        self.counts: Counter[str] = Counter()
        self.named: Counter[str] = Counter()  # by class and name, to say which

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest and isinstance(watched, QWidget):
            self.counts[type(watched).__name__] += 1
            self.named[f"{type(watched).__name__}:{watched.objectName()}"] += 1
        return False


def open_window(qtbot, tmp_path: Path, ruleset_id: str) -> MainWindow:
    session = build(ruleset_id, 30)
    add_effects(session, session.apply, 10, random.Random(5))
    window = MainWindow(session, None, Path(tmp_path) / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    return window


def window_and_large_file(
    qtbot, tmp_path: Path, ruleset_id: str, size: int
) -> tuple[MainWindow, Path]:
    """A window showing a small fight of `ruleset_id`, and a saved one of `size`
    combatants to open in it."""
    window = open_window(qtbot, tmp_path, ruleset_id)
    large = MainWindow(build(ruleset_id, size), None, Path(tmp_path) / "journal-large")
    path = Path(tmp_path) / "large.json"
    assert large.save_to(path)
    large.document.undo_stack.set_clean()
    large.deleteLater()
    return window, path


def open_when_idle(window: MainWindow, path: Path) -> None:
    """`path` opened in `window` once every earlier event has run, and what the open
    left (its worker's hand-back, the views following) run to the end."""
    clock = IdleClock()
    clock.settle()
    assert window.open_path(path)
    clock.settle()


def close(window: MainWindow, qtbot) -> None:
    window.document.undo_stack.set_clean()
    window.close()
    window.deleteLater()
    qtbot.wait(1)


def steps(window: MainWindow, qtbot, count: int) -> None:
    """End Turns and actions, an edit of a name and its undo, each followed by its
    repaint."""
    document = window.document
    for number in range(count):
        session = document.session
        command = an_action(session) if number % 2 else None
        command = command or next_step(session)
        if session.refusal(command) is None:
            document.apply(command)
            qtbot.wait(1)
        fighter = session.encounter.combatants[15]
        document.apply(EditCombatant(fighter.id, {"name": f"{fighter.name}{number % 2}"}))
        qtbot.wait(1)
        document.undo_stack.undo()
        qtbot.wait(1)


def counted_steps(window: MainWindow, qtbot, count: int) -> LayoutRequests:
    """The layout requests of `count` rounds of steps, after two rounds (a widget
    greyed out or given a tooltip for the first time is polished once) and a pause (a
    main window laid out then animates its docks into place, and asks once more)."""
    steps(window, qtbot, 2)
    qtbot.wait(600)
    counter = LayoutRequests()
    app = QApplication.instance()
    app.installEventFilter(counter)
    try:
        steps(window, qtbot, count)
    finally:
        app.removeEventFilter(counter)
    return counter


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_step_lays_out_none_of_the_chrome(ruleset_id, qtbot, tmp_path):
    window = open_window(qtbot, tmp_path, ruleset_id)
    try:
        requests = counted_steps(window, qtbot, 4)
        toolbar = type(window.findChild(QWidget, "play_toolbar"))
        for chrome in (TurnPanel, ActionPalette, QStatusBar, toolbar):
            assert requests.counts[chrome.__name__] == 0, requests.named
    finally:
        close(window, qtbot)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_chrome_never_lays_out_the_main_window(ruleset_id, qtbot, tmp_path, monkeypatch):
    """With a central view that keeps its size (the ruleset's own views are theirs to
    keep steady), no step lays out the main window: not its status line, turn panel,
    toolbar or prompt."""
    monkeypatch.setattr(type(ui_for(ruleset_id)), "central_view", lambda _self, _doc: QWidget())
    window = open_window(qtbot, tmp_path, ruleset_id)
    try:
        requests = counted_steps(window, qtbot, 4)
        assert requests.counts["MainWindow"] == 0, requests.named
    finally:
        close(window, qtbot)


def test_a_prompt_of_the_same_shape_keeps_its_rows_and_lays_out_no_more_than_its_column(
    qtbot, tmp_path
):
    """AP countdown asks at nearly every step, often the same question for someone else
    with other numbers: the panel keeps its rows, and whatever its texts need (in the
    inspector's narrow column a title or an answer may take another line) lays out the
    inspector's column, never the window nor the fight beside it."""
    window = open_window(qtbot, tmp_path, "ap_countdown")
    panel = window.prompt_panel
    counter = LayoutRequests()
    app = QApplication.instance()
    try:
        for _ in range(3):
            window.document.apply(next_step(window.document.session))
            qtbot.wait(1)
        same_shape = 0
        for _ in range(10):
            rows = list(panel.answer_rows)
            before = (panel.isVisible(), [row.shape for row in rows])
            counter.counts.clear()
            app.installEventFilter(counter)
            window.document.apply(next_step(window.document.session))
            qtbot.wait(1)
            app.removeEventFilter(counter)
            if (panel.isVisible(), [row.shape for row in panel.answer_rows]) != before:
                continue
            same_shape += 1
            assert panel.answer_rows == rows  # the same widgets, given the new answers
            assert counter.counts[type(window.central_view).__name__] == 0, counter.named
        assert same_shape >= 5
    finally:
        close(window, qtbot)


class RefusalsAsked:
    """Records every `Session.refusal` question: (command type, action, target, params)."""

    def __init__(self, monkeypatch) -> None:
        self.asked: list[tuple[object, ...]] = []
        original = Session.refusal

        def refusal(session, command):
            params = tuple(sorted(getattr(command, "params", {}).items()))
            target = getattr(command, "combatant_id", None)
            self.asked.append(
                (type(command).__name__, getattr(command, "action", ""), target, params)
            )
            return original(session, command)

        monkeypatch.setattr(Session, "refusal", refusal)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_turn_panel_asks_the_rules_once_per_change(ruleset_id, qtbot, tmp_path, monkeypatch):
    """What is allowed is asked once per change of the encounter, whatever else asks the
    panel to refresh (the selection, a signal), and a question is never asked twice."""
    window = open_window(qtbot, tmp_path, ruleset_id)
    refusals = RefusalsAsked(monkeypatch)
    panel = window.turn_panel
    try:
        for _ in range(4):
            command = next_step(window.document.session)
            refusals.asked.clear()
            window.document.apply(command)
            asked = list(refusals.asked)
            assert len(asked) == len(set(asked)), f"asked twice: {asked}"
            panel.refresh()
            panel.refresh()
            assert refusals.asked == asked, "asked again with nothing changed"
            qtbot.wait(1)
    finally:
        close(window, qtbot)


def test_tooltips_and_greying_are_set_only_when_they_change(qtbot, tmp_path, monkeypatch):
    window = open_window(qtbot, tmp_path, "war_scroll")
    calls: Counter[str] = Counter()
    for method in ("setToolTip", "setEnabled"):
        original = getattr(QWidget, method)

        def counted(widget, value, _original=original, _method=method):
            calls[_method] += 1
            return _original(widget, value)

        monkeypatch.setattr(QWidget, method, counted)
    try:
        window.document.apply(next_step(window.document.session))
        qtbot.wait(1)
        calls.clear()
        window.turn_panel.refresh()  # the same state again: nothing to set
        assert calls == Counter(), calls
    finally:
        close(window, qtbot)


def test_the_keyboard_filter_lets_other_events_go_without_a_look(window):
    """On the application, the filter sees every paint and layout of every widget: it
    lets them go without even asking their type."""

    class Looked(QPaintEvent):
        asked = 0

        def type(self) -> QEvent.Type:
            Looked.asked += 1
            return super().type()

    assert window.keys.eventFilter(window.turn_panel, Looked(QRect(0, 0, 5, 5))) is False
    assert Looked.asked == 0


def test_the_undo_button_keeps_its_word_and_tells_the_step_in_full(window, qtbot):
    from tests.qt.conftest import by_name

    toolbar = window.findChild(QWidget, "play_toolbar")
    button = toolbar.widgetForAction(window.actions_by_name["undo"])
    assert isinstance(button, QToolButton)
    size = button.size()
    shade = by_name(window.document, "Shade")
    window.document.apply(EditCombatant(shade.id, {"name": "A very long name indeed, truly"}))
    qtbot.wait(1)
    assert (button.text(), button.size()) == ("Undo", size)
    point = QPoint(4, 4)
    QApplication.sendEvent(
        button, QHelpEvent(QEvent.Type.ToolTip, point, button.mapToGlobal(point))
    )
    assert QToolTip.text() == "Undo Edit Shade"
    QToolTip.hideText()


def test_a_name_needing_another_line_still_lays_the_turn_panel_out(qtbot, tmp_path):
    """Steady, not stuck: the turn label takes the lines its text needs, and gives them
    back; the status line widens for a longer text."""
    window = open_window(qtbot, tmp_path, "war_scroll")
    panel, label = window.turn_panel, window.turn_panel.turn_label
    try:
        height = panel.height()
        turn = window.document.session.current_turn()
        assert turn is not None and turn.combatant_id is not None
        old = window.document.encounter.combatant(turn.combatant_id).name
        long_name = "Sir Bartholomew Long-Named, Knight of the Western Marches"
        window.document.apply(EditCombatant(turn.combatant_id, {"name": long_name}))
        qtbot.waitUntil(lambda: panel.height() > height)
        assert label.height() >= label.heightForWidth(label.width())
        status = window.status_label
        assert long_name in status.text()
        qtbot.waitUntil(lambda: status.width() >= status.sizeHint().width())  # all of it
        window.document.apply(EditCombatant(turn.combatant_id, {"name": old}))
        qtbot.waitUntil(lambda: panel.height() == height)
    finally:
        close(window, qtbot)


def test_a_kept_answer_row_forgets_what_was_typed_for_the_last_prompt(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path, "ap_countdown")
    panel = window.prompt_panel
    try:
        for _ in range(12):
            typed = [row for row in panel.answer_rows if row.form is not None]
            editors = [
                e for row in typed for e in row.form.editors.values() if e.field.kind == "int"
            ]
            if editors:
                break
            window.document.apply(next_step(window.document.session))
            qtbot.wait(1)
        editor = editors[0]
        editor.input.setText("99")
        window.document.apply(next_step(window.document.session))
        qtbot.wait(1)
        assert editor.isVisible()  # kept for the next prompt's answer
        assert editor.raw_value() == str(editor.field.default)
    finally:
        close(window, qtbot)


def test_a_message_or_a_question_coming_and_going_leaves_the_view_alone(window, qtbot):
    """The banner and the prompt take their place in the inspector: showing or hiding
    them neither moves nor lays out the ruleset's view, nor the turn panel above it."""
    counter = LayoutRequests()
    app = QApplication.instance()
    qtbot.wait(600)  # the window settled
    view = window.central_view
    before = view.mapTo(window, view.rect().topLeft()), view.size()
    app.installEventFilter(counter)
    try:
        for panel in (window.banner, window.prompt_panel):
            for _ in range(2):
                panel.show()
                qtbot.wait(1)
                assert panel.isVisible() and window.inspector.isAncestorOf(panel)
                assert (view.mapTo(window, view.rect().topLeft()), view.size()) == before
                panel.hide()
                qtbot.wait(1)
    finally:
        app.removeEventFilter(counter)
    assert counter.counts[type(view).__name__] == 0, counter.named
    assert counter.counts["TurnPanel"] == 0, counter.named
