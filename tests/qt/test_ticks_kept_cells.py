"""The tick table's cells are drawn once and put back from `kept` (issue 26): a
repaint of unchanged rows draws none anew, a combatant added draws its own row only
(the rows it moves are put back), a change draws the cells it changed, and what is put
back looks as the cells drawn straight, light and dark (the turn's gold, a pill, a
selected row, acted and Crashed rows)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.qt.conftest import shown_window
from tests.qt.table_size import far_apart, settle
from tracker.engine import AddCombatant, RulesetAction, Session, StartEncounter
from tracker.qt.appearance import appearance
from tracker.qt.main_window import MainWindow
from tracker.qt.rulesets.initiative_ticks.model import TickModel
from tracker.qt.rulesets.initiative_ticks.track_view import TickTable, TickTrackView

CAST = ("Kaoru", "Bandit", "Archer", "Hauser", "Mina", "Tolan")


@pytest.fixture
def window(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    session = Session.new("Ford", "initiative_ticks")
    for position, name in enumerate(CAST):
        side = "party" if position % 2 == 0 else "enemy"
        session.apply(AddCombatant(name, side, False, stats={"join_battle": "5"}))
    session.apply(StartEncounter())
    for successes, combatant in enumerate(session.encounter.combatants[:-1]):
        session.apply(RulesetAction("join_battle", combatant.id, {"successes": successes}))
    yield from shown_window(qtbot, session, tmp_path / "journal", (1366, 768))


def tick_table(window: MainWindow) -> TickTable:
    view = window.central_view
    assert isinstance(view, TickTrackView)
    return view.table


def test_a_repaint_of_unchanged_rows_draws_no_cell_anew(window, qtbot):
    table = tick_table(window)
    table.viewport().grab()  # every row in sight drawn (and kept)
    drawn = table.kept.drawn
    assert len(table.kept) >= len(CAST) + len(CAST) - 1  # the names, the pills

    table.viewport().grab()

    assert table.kept.drawn == drawn


def test_a_repaint_asks_the_font_its_key_once_not_once_a_cell(window, qtbot, monkeypatch):
    """Each cell put back is looked up by its look, the font's key in it: a string Qt
    builds anew at each call. Asked once for the view's font, not once per cell."""
    from PySide6.QtGui import QFont

    table = tick_table(window)
    table.viewport().grab()  # every row in sight drawn (and kept)
    other = QFont(table.font())
    other.setPointSize(other.pointSize() + 7)
    other.key()  # (a font before: the next repaint's asks again, once)
    asked: list[str] = []
    original = QFont.key

    def key(font: QFont) -> str:
        asked.append(font.family())
        return original(font)

    monkeypatch.setattr(QFont, "key", key)
    from tracker.qt.views import kept_pixmaps

    monkeypatch.setattr(kept_pixmaps, "_LAST_FONT", [(other, original(other))], raising=False)
    drawn = table.kept.drawn
    table.viewport().grab()

    assert table.kept.drawn == drawn  # every cell put back (looked up by its look)
    assert len(asked) == 1


def test_a_combatant_added_draws_its_own_row_only(window, qtbot):
    table = tick_table(window)
    table.viewport().grab()
    drawn = table.kept.drawn

    window.document.apply(AddCombatant("Zed", "enemy", False, stats={"join_battle": "5"}))
    settle(qtbot)
    table.viewport().grab()

    assert table.model().rowCount() == len(CAST) + 1
    assert 1 <= table.kept.drawn - drawn <= len(TickModel.COLUMNS)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_kept_cells_look_as_the_cells_drawn_straight(window, qtbot, scheme):
    table = tick_table(window)
    table.selectRow(len(CAST) - 1)  # a selected row too (not the one acting)
    try:
        appearance().choose(scheme)
        settle(qtbot)
        # Each step's cells kept, then the next step: the last one joins (rows move,
        # ties), the free actions begin (the turn's gold), one is taken (the gold moves).
        last = window.document.encounter.combatants[-1]
        steps = (
            RulesetAction("join_battle", last.id, {"successes": 2}),
            RulesetAction("begin_free"),
            RulesetAction("free_action", None, {"note": "draws"}),
        )
        for step in steps:
            table.viewport().grab()
            assert window.document.apply(step)
            settle(qtbot)
        kept = table.viewport().grab().toImage()
        assert table.kept.drawn >= len(CAST)
        table.kept.keep = False
        straight = table.viewport().grab().toImage()
    finally:
        appearance().choose("system")
    assert far_apart(kept, straight) == 0
