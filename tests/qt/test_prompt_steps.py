"""A prompt of another shape (an answer more or fewer) lays out the prompt panel's rows,
not its context: the context's rich text is laid out again only when its own height
changes (counts of events, not timings: the machine is shared)."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget

from benchmarks.fights import an_action, next_step
from tests.qt.test_chrome_steps import close, open_window
from tracker.qt.widgets.prompt_panel import PromptPanel
from tracker.qt.widgets.prompt_sizes import context_lines, wrapped_lines


def wrapped(panel: PromptPanel) -> int:
    """The lines the panel's context takes at its width (a line that wraps, two)."""
    if panel.prompt is None:
        return -1
    metrics, room = panel.context.fontMetrics(), panel.context_width()
    return sum(wrapped_lines(metrics, text, room) for text in panel.prompt.context)


class Resizes(QObject):
    def __init__(self, watched: QWidget) -> None:
        super().__init__()
        self.watched = watched
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.watched and event.type() == QEvent.Type.Resize:
            self.count += 1
        return False


def test_an_answer_more_or_fewer_leaves_the_context_alone(qtbot, tmp_path):
    """Initiative ticks alternates "acts" (delay or end: two answers) and "start of
    turn" (one answer), each with a context of its checklist. The context's height
    follows its count of lines alone (wrapped at the panel's width): a step resizes it
    once at most, and only when that count changed; an answer more or fewer never
    squeezes it (its rich text laid out twice)."""
    window = open_window(qtbot, tmp_path, "initiative_ticks")
    qtbot.wait(1)  # laid out, before the first step
    try:
        document, panel = window.document, window.prompt_panel
        area = panel.context_area
        app = QApplication.instance()
        seen: Counter[str] = Counter()
        for number in range(60):
            session = document.session
            command = (an_action(session) if number % 2 else None) or next_step(session)
            if session.refusal(command) is not None:
                continue
            answers = len(panel.answer_rows)
            lines = (wrapped(panel), len(panel.prompt.answers)) if panel.prompt else None
            shown = area.isVisible()
            resizes = Resizes(area)
            app.installEventFilter(resizes)
            try:
                document.apply(command)
                qtbot.wait(1)
            finally:
                app.removeEventFilter(resizes)
            if not panel.isVisible() or not area.isVisible():
                continue
            now = wrapped(panel)
            shape = (now, len(panel.prompt.answers)) if panel.prompt is not None else None
            if len(panel.answer_rows) != answers:
                seen["more" if len(panel.answer_rows) > answers else "fewer"] += 1
            assert resizes.count <= (1 if shape != lines or not shown else 0)
            line = panel.context.fontMetrics().lineSpacing()
            answers_now = len(panel.prompt.answers)
            assert area.height() == context_lines(now, answers_now) * line + 8
        assert seen["fewer"] >= 5, seen
        assert seen["more"] >= 5, seen
    finally:
        close(window, qtbot)
