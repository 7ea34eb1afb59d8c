"""The prompt panel repaints only what changed (issue 26): the same prompt again
touches nothing; a new prompt that fits the panel's height lays out and repaints the
panel alone (not the inspector around it); a taller one grows the panel in one pass.
Initiative ticks switches between "Free action" and "Join Battle" as a combatant joins
or leaves the fight: both about as tall, the switch keeps the panel's height. Counts of
events, not timings: the machine is shared."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget

from benchmarks.fights import an_action, next_step
from benchmarks.idle_timer import IdleClock
from tests.qt.test_chrome_steps import close, open_window
from tracker.engine import AddCombatant, EditCombatant, EndTurn
from tracker.engine.commands import RemoveCombatant
from tracker.engine.prompts import Prompt, PromptAnswer
from tracker.qt.main_window import MainWindow
from tracker.qt.widgets.prompt_sizes import KEEP_SPARE


class Events(QObject):
    """Paint, resize and move events, by widget (each held, so that its key, its
    wrapper's `id`, is not taken by a widget made later)."""

    def __init__(self) -> None:
        super().__init__()
        self.paints: Counter[int] = Counter()
        self.resizes: Counter[int] = Counter()
        self.moves: Counter[int] = Counter()
        self._held: dict[int, QObject] = {}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        kind = event.type()
        if kind == QEvent.Type.Paint:
            counts = self.paints
        elif kind == QEvent.Type.Resize:
            counts = self.resizes
        elif kind == QEvent.Type.Move:
            counts = self.moves
        else:
            return False
        self._held.setdefault(id(watched), watched)
        counts[id(watched)] += 1
        return False

    def painted(self, widget: QWidget) -> int:
        """Paint events of `widget` and everything in it."""
        return sum(self.paints[id(each)] for each in (widget, *widget.findChildren(QWidget)))


@pytest.fixture
def ticks(qtbot, tmp_path) -> Iterator[MainWindow]:
    window = open_window(qtbot, tmp_path, "initiative_ticks")
    qtbot.wait(1)
    yield window
    close(window, qtbot)


def watched(qtbot, change: Callable[[], object]) -> Events:
    """What `change` caused until the event loop is idle (what the step before it
    caused was let happen first, not counted)."""
    events = Events()
    app = QApplication.instance()
    assert app is not None
    idle = IdleClock()
    idle.settle()
    app.installEventFilter(events)
    try:
        change()
        idle.settle()
    finally:
        app.removeEventFilter(events)
    return events


def beside_the_panel(window: MainWindow) -> list[QWidget]:
    """The inspector's parts under the prompt: moved, they would repaint."""
    return [window.health_box, window.editor, window.effects_panel]


def test_the_same_prompt_again_touches_nothing(ticks, qtbot):
    panel = ticks.prompt_panel
    prompt, widgets = panel.prompt, panel.findChildren(QWidget)
    assert prompt is not None and panel.isVisible()
    last = ticks.document.encounter.combatants[-1]
    events = watched(qtbot, lambda: ticks.document.apply(EditCombatant(last.id, {"notes": "x"})))
    assert panel.prompt == prompt
    assert panel.findChildren(QWidget) == widgets  # no widget built
    assert events.painted(panel) == 0


def test_a_latecomer_grows_the_panel_once_and_its_leaving_keeps_it(ticks, qtbot):
    """Join Battle (a latecomer: its roll, the standings) is taller than Free action:
    the panel grows in one pass to the height it needs. Free action lists the free
    actions still to take, about as tall: the latecomer removed, the panel keeps its
    height (a little blank under the prompt) and nothing beside it moves or resizes
    (they repaint for the combatant selected next); the next latecomer's Join Battle
    fits it too."""
    document, panel = ticks.document, ticks.prompt_panel
    small = panel.height()
    before = panel.prompt
    events = watched(qtbot, lambda: document.apply(AddCombatant("Latecomer", "enemy")))
    assert panel.prompt is not None and panel.prompt != before
    assert events.resizes[id(panel)] == 1
    tall = panel.height()
    assert tall == panel.wanted_height(panel.width()) > small
    assert all(b.geometry().bottom() < panel.body.height() for b in panel.key_buttons)
    for _ in range(2):
        latecomer = document.encounter.combatants[-1].id
        events = watched(qtbot, lambda cid=latecomer: document.apply(RemoveCombatant(cid)))
        assert panel.prompt is not None and panel.prompt.title == "Free action"
        assert panel.height() == tall and events.resizes[id(panel)] == 0
        column = panel.parentWidget()
        assert column is not None
        assert tall - panel.wanted_height(panel.width()) <= column.height() * KEEP_SPARE
        for widget in beside_the_panel(ticks):  # the selection moves: they show another
            assert events.resizes[id(widget)] == 0, widget  # combatant, where they were
            assert events.moves[id(widget)] == 0, widget
        events = watched(qtbot, lambda: document.apply(AddCombatant("Latecomer", "enemy")))
        assert panel.prompt.title == "Join Battle"
        assert panel.height() == tall and events.resizes[id(panel)] == 0
        for widget in beside_the_panel(ticks):  # the latecomer selected, where they were
            assert events.resizes[id(widget)] == 0, widget
            assert events.moves[id(widget)] == 0, widget


def test_a_prompt_that_fits_repaints_the_panel_alone(ticks, qtbot):
    """Initiative ticks alternates "acts" (delay or end: two answers) and "start of
    turn" (one answer): a prompt with an answer fewer fits the panel's height; it lays
    out and repaints the panel alone, nothing under it moves or repaints. One that
    needs more grows the panel in one pass."""
    document, panel = ticks.document, ticks.prompt_panel
    seen: Counter[str] = Counter()
    for number in range(40):
        session = document.session
        command = (an_action(session) if number % 2 else None) or next_step(session)
        if session.refusal(command) is not None:
            continue
        shown, height = (panel.prompt if panel.isVisible() else None), panel.height()
        events = watched(qtbot, lambda command=command: document.apply(command))
        if shown is None or not panel.isVisible() or panel.prompt == shown:
            continue
        if panel.height() == height:
            seen["kept"] += 1
            assert events.resizes[id(panel)] == 0
            assert events.painted(panel) > 0  # the new prompt shows
            for widget in beside_the_panel(ticks):
                assert events.painted(widget) == 0, widget
        else:
            seen["resized"] += 1
            assert events.resizes[id(panel)] == 1
    assert seen["kept"] >= 5, seen


def test_a_much_shorter_prompt_shrinks_the_panel_once(ticks, qtbot, monkeypatch):
    """Kept, the height of a tall prompt would leave much of the column blank under a
    prompt of a line and a button: the panel shrinks to it, in one pass."""
    document, panel = ticks.document, ticks.prompt_panel
    watched(qtbot, lambda: document.apply(AddCombatant("Latecomer", "enemy")))
    tall = panel.height()
    short = Prompt(("short",), "Short", "Go on?", (PromptAnswer("Go on", EndTurn()),))
    monkeypatch.setattr(document.session, "prompt", lambda: short)
    events = watched(qtbot, panel.refresh)
    assert panel.prompt == short
    assert events.resizes[id(panel)] == 1
    assert panel.height() == panel.wanted_height(panel.width()) < tall
    monkeypatch.undo()  # the fight's own prompt again before the window closes
    watched(qtbot, panel.refresh)
