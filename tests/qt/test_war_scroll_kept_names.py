"""War Scroll's names down the left are drawn once and put back from the grid's `kept`
(issue 26): a repaint of unchanged names draws no block anew, and what is put back
looks as the blocks drawn straight, light and dark (the turn's marker moving, a
selected name, a rename, a character added and removed)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.fights import build, next_step
from tests.qt.conftest import shown_window
from tests.qt.table_size import far_apart, settle
from tracker.engine import AddCombatant, EditCombatant
from tracker.qt.appearance import appearance
from tracker.qt.main_window import MainWindow
from tracker.qt.rulesets.war_scroll.grid import WarScrollGrid


@pytest.fixture
def window(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    yield from shown_window(qtbot, build("war_scroll", 8), tmp_path / "journal", (1366, 768))


def grid_of(window: MainWindow) -> WarScrollGrid:
    grid = window.central_view
    assert isinstance(grid, WarScrollGrid)
    return grid


def test_a_repaint_of_unchanged_names_draws_no_block_anew(window, qtbot):
    grid = grid_of(window)
    names = grid.verticalHeader().viewport()
    settle(qtbot)
    names.grab()  # every name in sight drawn (and kept)
    drawn = grid.kept.drawn
    assert len(grid.kept) >= grid.grid_model.rowCount()

    names.grab()

    assert grid.kept.drawn == drawn


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_kept_names_look_as_the_names_drawn_straight(window, qtbot, scheme):
    grid = grid_of(window)
    names = grid.verticalHeader().viewport()
    document = window.document
    someone = document.encounter.combatants[3]  # every name in sight
    window.select_combatant(someone.id)
    try:
        appearance().choose(scheme)
        settle(qtbot)
        steps = (
            next_step(document.session),
            EditCombatant(someone.id, {"name": "Someone of the Longer Name"}),
            AddCombatant("Late Knight", "party", stats={"speed": 12}),
            next_step(document.session),
        )
        for step in steps:
            names.grab()
            assert document.apply(step)
            settle(qtbot)
        document.undo_stack.undo()  # the next step undone, then the knight gone again
        document.undo_stack.undo()
        settle(qtbot)
        kept = names.grab().toImage()
        assert grid.kept.drawn >= grid.grid_model.rowCount()
        grid.kept.keep = False
        straight = names.grab().toImage()
    finally:
        appearance().choose("system")
    assert far_apart(kept, straight) == 0
