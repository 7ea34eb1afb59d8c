"""A question that comes and goes takes its place from the editor, never from the
effects (issue 26): the effects keep the height they have when nothing is asked, so
they neither move nor repaint when a question shows or is answered (an End Turn that
asked a death save painted the whole effects' list, its header and buttons anew).
Under a question too tall for the editor's share the effects shrink, then step aside;
they come back to their height once it is answered. Counts of events and heights, not
timings: the machine is shared."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget

from tests.qt.table_size import settle, table_window
from tests.qt.test_prompt_panel_paints import watched
from tracker.engine import AddCombatant
from tracker.engine.commands import RemoveCombatant
from tracker.qt.inspector_column import EDITOR_LEAST
from tracker.qt.main_window import MainWindow


@pytest.fixture
def d20(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """Classic d20 at the table's size, a combatant selected, no question asked."""
    windows = table_window(qtbot, tmp_path / "journal", "classic_d20", selected=2)
    window = next(windows)
    assert window.document.session.prompt() is None
    yield window
    next(windows, None)


def _editor_area(window: MainWindow) -> QWidget:
    area = window.editor.parentWidget()
    while area is not None and area.objectName() != "editor_scroller":
        area = area.parentWidget()
    assert area is not None
    return area


def test_a_question_shown_and_answered_leaves_the_effects_where_they_are(d20, qtbot):
    document, effects = d20.document, d20.effects_panel
    editor = _editor_area(d20)
    place, editor_height = effects.geometry(), editor.height()
    for step in range(3):
        # A latecomer mid-fight: the rules ask for its initiative.
        events = watched(qtbot, lambda n=step: document.apply(AddCombatant(f"Late {n}", "enemy")))
        panel = d20.prompt_panel
        assert panel.isVisible() and panel.prompt is not None
        assert effects.geometry() == place
        assert events.resizes[id(effects)] == events.moves[id(effects)] == 0
        assert events.painted(effects) == 0
        assert EDITOR_LEAST <= editor.height() < editor_height  # the editor gave it room
        latecomer = document.encounter.combatants[-1].id
        events = watched(qtbot, lambda c=latecomer: document.apply(RemoveCombatant(c)))
        assert not panel.isVisible()
        assert effects.geometry() == place
        assert events.painted(effects) == 0
        assert editor.height() == editor_height


def test_the_editor_gives_its_room_up_first_then_the_effects(d20, qtbot):
    """The window made shorter step by step, a question asked and answered at each
    height: the effects keep their height while the editor has more than its least,
    then they shrink, then step aside; answered, they have their height back."""
    effects, editor = d20.effects_panel, _editor_area(d20)
    document = d20.document
    seen = {"kept": 0, "shrunk": 0, "aside": 0}
    for height in range(768, 459, -40):
        d20.resize(d20.width(), height)
        settle(qtbot)
        own, roomy = effects.height(), editor.height()
        document.apply(AddCombatant(f"Late {height}", "enemy"))
        settle(qtbot)
        assert d20.prompt_panel.isVisible()
        if effects.isHidden():  # no room for their least beside the editor's
            seen["aside"] += 1
        elif editor.height() > EDITOR_LEAST:
            seen["kept"] += 1
            assert effects.height() == own
        else:
            seen["shrunk"] += 1
            assert effects.height() < own
        document.apply(RemoveCombatant(document.encounter.combatants[-1].id))
        settle(qtbot)
        assert effects.isVisible() and effects.height() == own
        assert editor.height() == roomy
    assert seen["kept"] >= 2 and seen["shrunk"] >= 1 and seen["aside"] >= 1, seen


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_the_effects_take_two_fifths_of_what_the_editor_and_they_share(
    qtbot, tmp_path: Path, size: tuple[int, int]
):
    windows = table_window(qtbot, tmp_path / "journal", "classic_d20", selected=2)
    window = next(windows)
    try:
        window.resize(*size)
        settle(qtbot)
        effects, editor = window.effects_panel.height(), _editor_area(window).height()
        assert 0.38 <= effects / (effects + editor) <= 0.42
    finally:
        next(windows, None)
