"""The tick table's name cells are drawn once and put back from `kept` (issue 26): a
repaint of unchanged rows draws none anew, a combatant added draws its own cell only
(the rows it moves are put back), and what is put back looks as a cell drawn straight,
light and dark."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tests.qt.conftest import shown_window
from tracker.engine import AddCombatant, Session, StartEncounter
from tracker.qt.appearance import appearance
from tracker.qt.main_window import MainWindow
from tracker.qt.rulesets.initiative_ticks.track_view import TickTable, TickTrackView

CAST = ("Kaoru", "Bandit", "Archer", "Hauser", "Mina", "Tolan")
SHADES = 8  # of 255: a colour this close is the same paint, smoothed otherwise


@pytest.fixture
def window(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    session = Session.new("Ford", "initiative_ticks")
    for position, name in enumerate(CAST):
        side = "party" if position % 2 == 0 else "enemy"
        session.apply(AddCombatant(name, side, False, stats={"join_battle": "5"}))
    session.apply(StartEncounter())
    yield from shown_window(qtbot, session, tmp_path / "journal", (1366, 768))


def _settle(qtbot) -> None:
    for _ in range(3):
        qtbot.wait(1)


def tick_table(window: MainWindow) -> TickTable:
    view = window.central_view
    assert isinstance(view, TickTrackView)
    return view.table


def test_a_repaint_of_unchanged_rows_draws_no_name_anew(window, qtbot):
    table = tick_table(window)
    table.viewport().grab()  # every row in sight drawn (and kept)
    drawn = table.kept.drawn
    assert drawn >= len(CAST)

    table.viewport().grab()

    assert table.kept.drawn == drawn


def test_a_combatant_added_draws_its_own_name_only(window, qtbot):
    table = tick_table(window)
    table.viewport().grab()
    drawn = table.kept.drawn

    window.document.apply(AddCombatant("Zed", "enemy", False, stats={"join_battle": "5"}))
    _settle(qtbot)
    table.viewport().grab()

    assert table.model().rowCount() == len(CAST) + 1
    assert table.kept.drawn - drawn == 1


def _far_apart(one: QImage, other: QImage) -> int:
    """How many pixels differ by more than `SHADES` in a channel."""
    assert one.size() == other.size()
    first = one.convertToFormat(QImage.Format.Format_RGB32)
    second = other.convertToFormat(QImage.Format.Format_RGB32)
    count = 0
    for y in range(first.height()):
        a, b = bytes(first.constScanLine(y)), bytes(second.constScanLine(y))
        if a != b:
            count += sum(1 for p, q in zip(a, b, strict=True) if abs(p - q) > SHADES)
    return count


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_kept_names_look_as_the_names_drawn_straight(window, qtbot, scheme):
    table = tick_table(window)
    table.selectRow(1)  # a selected row too
    try:
        appearance().choose(scheme)
        _settle(qtbot)
        kept = table.viewport().grab().toImage()
        assert table.kept.drawn >= len(CAST)
        table.kept.keep = False
        straight = table.viewport().grab().toImage()
    finally:
        appearance().choose("system")
    assert _far_apart(kept, straight) == 0
