"""Issue 26 (each GM operation at 30 + 10 within four times the bare-Qt yardstick): the d20
view drew every cell of every row in sight anew at each repaint (half a millisecond a
row), Qt repainted the whole view twice for a creature added or removed, and a removal
forgot every cell's width, so the next step measured every row in sight. Its cells are
now drawn once per look and kept (`painted_cells`), a creature come or gone repaints
the view from its row down (`FreshRows`), and only the removed rows' widths go. Counts
and regions, no timings."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QRect, QSize
from PySide6.QtGui import (
    QColor,
    QImage,
    QPainter,
    QPaintEvent,
    QPalette,
    QRegion,
    QStandardItemModel,
)
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionViewItem

from benchmarks.fights import add_effects, build
from tests.qt.classic_d20_view_helpers import d20_view, ids_by_name, sample
from tests.qt.conftest import shown_window
from tests.qt.table_size import far_apart, settle
from tracker.engine import (
    AddCombatant,
    EditCombatant,
    EndTurn,
    RemoveCombatant,
    RulesetAction,
    StartEncounter,
)
from tracker.qt.appearance import appearance
from tracker.qt.main_window import MainWindow
from tracker.qt.rulesets.classic_d20 import painted_cells, row_paint
from tracker.qt.rulesets.classic_d20.order_model import STATES, TURN, WHO
from tracker.qt.rulesets.classic_d20.painted_cells import CellPixmaps
from tracker.qt.rulesets.classic_d20.row_paint import InitDelegate, PillsDelegate, WhoDelegate
from tracker.qt.rulesets.classic_d20.rows import D20Row, make_row
from tracker.qt.rulesets.classic_d20.view import STATES_ROOM
from tracker.qt.views import combatant_cell


class Painted(QObject):
    """The region a widget painted (united over its paint events)."""

    def __init__(self, watched: QObject) -> None:
        super().__init__()
        self.region = QRegion()
        self.events = 0
        self._watched = watched

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if watched is self._watched and isinstance(event, QPaintEvent):
            self.region = self.region.united(event.region())
            self.events += 1
        return False


@pytest.fixture
def window(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    session = sample()
    session.apply(StartEncounter())
    for shown in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        settle(qtbot)
        yield shown


def test_a_repaint_of_unchanged_rows_draws_no_cell_anew(window, qtbot):
    view = d20_view(window)
    view.viewport().grab()  # every row in sight drawn (and kept)
    drawn = view.kept.drawn
    assert len(view.kept) >= view.order_model.rowCount()  # a creature's block each

    view.viewport().grab()

    assert view.kept.drawn == drawn


def test_a_change_draws_anew_only_the_cells_of_the_row_it_changed(window, qtbot):
    view = d20_view(window)
    ids = ids_by_name(window.document.session)
    view.viewport().grab()
    drawn = view.kept.drawn

    window.document.apply(RulesetAction("damage", ids["Corin"], {"amount": 3, "critical": False}))
    settle(qtbot)
    view.viewport().grab()

    assert 1 <= view.kept.drawn - drawn <= len(view.order_model.COLUMNS)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_kept_cells_look_as_the_cells_drawn_straight(window, qtbot, scheme):
    view = d20_view(window)
    try:
        appearance().choose(scheme)
        settle(qtbot)
        kept = view.viewport().grab().toImage()
        view.kept.keep = False
        straight = view.viewport().grab().toImage()
    finally:
        appearance().choose("system")
    assert far_apart(kept, straight) == 0


def _nothing(
    _painter: QPainter, _option: QStyleOptionViewItem, _index: painted_cells.Index, _row: D20Row
) -> None:
    """A cell left blank."""


def test_the_cells_kept_are_bounded(qapp):
    cells = CellPixmaps(limit=3 * 10 * 10 * 4)  # three cells of 10 × 10 pixels
    image = QImage(40, 40, QImage.Format.Format_ARGB32_Premultiplied)
    option = QStyleOptionViewItem()
    option.rect = QRect(0, 0, 10, 10)
    session = sample()
    rows = [make_row(session, c.id, "", frozenset()) for c in session.encounter.combatants]
    index = QStandardItemModel(1, 4).index(0, 1)
    painter = QPainter(image)
    try:
        for row in rows[:5]:
            cells.paint(painter, option, index, row, _nothing)
        cells.paint(painter, option, index, rows[4], _nothing)  # kept: not drawn again
    finally:
        painter.end()
    assert len(cells) == 3
    assert cells.bytes == 3 * 10 * 10 * 4
    assert cells.drawn == 5


@pytest.fixture
def fight_of_30(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """Classic d20's window at the table's size on a fight of 30 with 10 effects."""
    session = build("classic_d20", 30)
    add_effects(session, session.apply, 10, random.Random(5))
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        settle(qtbot)
        yield window


@contextmanager
def painting(widget: QObject) -> Iterator[Painted]:
    """What `widget` paints meanwhile."""
    painted = Painted(widget)
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(painted)
    try:
        yield painted
    finally:
        app.removeEventFilter(painted)


def test_a_creature_added_or_removed_repaints_the_view_from_its_row(fight_of_30, qtbot):
    """At the table's size: the creature added (still to roll: the last row) and removed
    again repaint the rows from its own down, not every row above it."""
    window = fight_of_30
    view = d20_view(window)
    viewport = view.viewport()
    with painting(viewport) as painted:
        window.document.apply(AddCombatant("Late goblin", "enemy", stats={}))
        settle(qtbot)
        combatants = window.document.encounter.combatants
        added = next(c.id for c in combatants if c.name == "Late goblin")
        row = view.order_model.row_of(added)
        assert row == view.order_model.rowCount() - 1
        top = view.rowViewportPosition(row)  # below the rows in sight, at this size
        window.document.apply(RemoveCombatant(added))
        settle(qtbot)
    below = QRegion(QRect(0, top, viewport.width(), viewport.height()))
    assert painted.region.subtracted(below).isEmpty(), "no row above it repainted"


def test_a_creature_added_to_the_view_at_its_end_moves_what_was_painted(fight_of_30, qtbot):
    """The view scrolled to its end: a creature added (the last row) moves the rows in
    sight up without a scroll (the last row no longer set against the bottom); what was
    painted is moved with them, and only the rows from the new one are painted, not
    every row in sight. The pixels on screen are those of a whole repaint."""
    window = fight_of_30
    view = d20_view(window)
    viewport = view.viewport()
    bar = view.verticalScrollBar()
    bar.setValue(bar.maximum())
    settle(qtbot)
    with painting(viewport) as painted:
        window.document.apply(AddCombatant("Late goblin", "enemy", stats={}))
        settle(qtbot)
    height = view.rowHeight(view.order_model.rowCount() - 1)
    assert painted.events, "the new row was painted"
    assert painted.region.boundingRect().height() <= 2 * height, "not every row"
    corner = viewport.mapTo(window, viewport.rect().topLeft())
    screen = window.windowHandle().screen()
    shown = screen.grabWindow(
        window.winId(), corner.x(), corner.y(), viewport.width(), viewport.height()
    ).toImage()
    assert shown == viewport.grab().toImage().convertToFormat(shown.format())


def _come_and_go(window: MainWindow, qtbot, name: str) -> list[int]:
    """A creature added, then removed: the rows' heights with it and without it."""
    view = d20_view(window)
    heights = []
    window.document.apply(AddCombatant(name, "enemy", stats={}))
    settle(qtbot)
    view.viewport().grab()
    heights.append(view.verticalHeader().defaultSectionSize())
    combatants = window.document.encounter.combatants
    window.document.apply(RemoveCombatant(next(c.id for c in combatants if c.name == name)))
    settle(qtbot)
    view.viewport().grab()
    heights.append(view.verticalHeader().defaultSectionSize())
    return heights


def test_rows_of_one_line_and_of_two_are_both_kept(qtbot, tmp_path: Path):
    """Ten creatures fill the view in rows of two lines; an eleventh turns them into rows
    of one line, and its removal back: a creature added and removed again draws only its
    own row anew, not every row in its other look."""
    session = build("classic_d20", 10)
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        view = d20_view(window)
        settle(qtbot)
        _come_and_go(window, qtbot, "First goblin")
        drawn = view.kept.drawn

        with_it, without = _come_and_go(window, qtbot, "Second goblin")

        assert with_it < without  # one line with it, two without
        assert view.kept.drawn - drawn <= len(view.order_model.COLUMNS)


def test_a_creature_removed_leaves_the_widths_of_the_others_measured(
    qtbot, tmp_path: Path, monkeypatch
):
    """The cells' widths are kept by creature: removing one forgot them all, and the
    next step (an End Turn) measured every row in sight again to fit the columns."""
    session = build("classic_d20", 30)
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        settle(qtbot)
        acting = window.document.session.current_turn()
        assert acting is not None
        gone = next(c.id for c in session.encounter.combatants if c.id != acting.combatant_id)
        window.document.apply(RemoveCombatant(gone))
        settle(qtbot)
        measured: list[str] = []
        for delegate in (InitDelegate, WhoDelegate, PillsDelegate):
            monkeypatch.setattr(delegate, "sizeHint", _counted(delegate.sizeHint, measured))

        window.document.apply(EndTurn())

        changed = 2  # the turn's rows: the one whose turn ended, the one whose began
        assert 0 < len(measured) <= changed * 3  # three fitted columns


def test_rows_a_little_lower_of_as_many_lines_measure_no_width_again(
    qtbot, tmp_path: Path, monkeypatch
):
    """Between a dozen creatures and a screenful, each one added or removed makes every
    row a few pixels lower or higher, of one line still: the widths stay (only the new
    row's cells are measured), where every row in sight was measured again for each."""
    session = build("classic_d20", 13)
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        view = d20_view(window)
        settle(qtbot)
        assert view._one_line()
        columns = [view.columnWidth(c) for c in range(len(view.order_model.COLUMNS))]
        height = view.verticalHeader().defaultSectionSize()
        measured: list[str] = []
        for delegate in (InitDelegate, WhoDelegate, PillsDelegate):
            monkeypatch.setattr(delegate, "sizeHint", _counted(delegate.sizeHint, measured))

        window.document.apply(AddCombatant("Late goblin", "enemy", stats={}))
        settle(qtbot)

        assert view.verticalHeader().defaultSectionSize() < height  # the rows lower
        assert view._one_line()
        assert [view.columnWidth(c) for c in range(len(columns))] == columns
        assert 0 < len(measured) <= 3  # the newcomer's three fitted cells


def _counted(size_hint: Callable[..., QSize], calls: list[str]) -> Callable[..., QSize]:
    def counted(*args: object) -> QSize:
        calls.append("measured")
        return size_hint(*args)

    return counted


def test_the_states_keep_their_room_beside_a_long_name(qtbot, tmp_path: Path):
    """The creature's column is fitted to its widest block and only grows during a
    fight: a long name squeezed the states' column to nothing (a dying creature's death
    saves out of sight) behind a horizontal scroll bar. The name is cut short instead."""
    session = build("classic_d20", 30)
    add_effects(session, session.apply, 10, random.Random(5))
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        settle(qtbot)
        view = d20_view(window)
        acting = session.current_turn()
        assert acting is not None and acting.combatant_id is not None
        long_name = "Gorthak the Unrelenting, Warlord of the Seven Burning Hills"
        window.document.apply(EditCombatant(acting.combatant_id, {"name": long_name}))
        settle(qtbot)
        window.document.apply(EndTurn())  # the next one's turn: its pills grow that column
        settle(qtbot)

        assert view.columnWidth(STATES) >= STATES_ROOM
        assert not view.horizontalScrollBar().isVisible()


def test_an_action_undone_draws_no_cell_anew(window, qtbot):
    """The row as it was before the action is still kept: the undo puts it back."""
    view = d20_view(window)
    ids = ids_by_name(window.document.session)
    view.viewport().grab()
    window.document.apply(RulesetAction("reaction", ids["Bren"], {"what": "Shield"}))
    settle(qtbot)
    view.viewport().grab()
    drawn = view.kept.drawn

    window.document.undo_stack.undo()
    settle(qtbot)
    view.viewport().grab()

    model = view.order_model
    assert "Reaction used" not in model.index(model.row_of(ids["Bren"]), TURN).data()
    assert view.kept.drawn == drawn


@pytest.mark.parametrize("own_inactive_colours", [False, True])
def test_a_selected_cell_is_drawn_again_for_an_inactive_window_only_if_it_differs(
    qapp, own_inactive_colours
):
    """A dialog closed makes the window active again: the selected row was drawn anew
    although the application's palettes select alike in an inactive window."""
    cells = CellPixmaps()
    palette = QApplication.palette()
    if own_inactive_colours:
        inactive = QPalette.ColorGroup.Inactive
        palette.setColor(inactive, QPalette.ColorRole.Highlight, QColor("#888888"))
    option = QStyleOptionViewItem()
    option.rect = QRect(0, 0, 10, 10)
    option.palette = palette
    session = sample()
    row = make_row(session, session.encounter.combatants[0].id, "", frozenset())
    index = QStandardItemModel(1, 4).index(0, 1)
    image = QImage(20, 20, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    selected = QStyle.StateFlag.State_Selected | QStyle.StateFlag.State_Enabled
    try:
        for state in (selected, selected | QStyle.StateFlag.State_Active):
            option.state = state
            cells.paint(painter, option, index, row, _nothing)
    finally:
        painter.end()
    assert cells.drawn == (2 if own_inactive_colours else 1)


def test_an_action_draws_anew_only_the_cell_it_changed(window, qtbot):
    """A cell is kept by what it shows of its row: a reaction used changes the turn's
    pills alone, and the row's initiative, creature and states are put back (the whole
    row was drawn anew)."""
    view = d20_view(window)
    ids = ids_by_name(window.document.session)
    view.viewport().grab()
    drawn = view.kept.drawn

    window.document.apply(RulesetAction("reaction", ids["Bren"], {"what": "Shield"}))
    settle(qtbot)
    view.viewport().grab()

    model = view.order_model
    assert "Reaction used" in model.index(model.row_of(ids["Bren"]), TURN).data()
    assert view.kept.drawn - drawn == 1


def test_an_action_undone_measures_no_cell(window, qtbot, monkeypatch):
    """The cells' widths are kept by what they show: the row as it was before the
    action is measured already (its widths were forgotten with the row's change)."""
    view = d20_view(window)
    ids = ids_by_name(window.document.session)
    window.document.apply(RulesetAction("reaction", ids["Bren"], {"what": "Shield"}))
    settle(qtbot)
    measured: list[str] = []
    for delegate in (InitDelegate, WhoDelegate, PillsDelegate):
        monkeypatch.setattr(delegate, "sizeHint", _counted(delegate.sizeHint, measured))

    window.document.undo_stack.undo()
    settle(qtbot)

    model = view.order_model
    assert "Reaction used" not in model.index(model.row_of(ids["Bren"]), TURN).data()
    assert measured == []


def _rows_measured(view, monkeypatch) -> list[int]:
    """The places the view reads while it fits its columns after a change."""
    read: list[int] = []
    fitting = [False]
    row_at = type(view.order_model).row_at
    fit = type(view)._fit_columns

    def counted_row_at(model, place: int) -> D20Row | None:
        if fitting[0]:
            read.append(place)
        return row_at(model, place)

    def counted_fit(table) -> None:
        fitting[0] = True
        try:
            fit(table)
        finally:
            fitting[0] = False

    monkeypatch.setattr(type(view.order_model), "row_at", counted_row_at)
    monkeypatch.setattr(type(view), "_fit_columns", counted_fit)
    return read


def test_a_change_fits_the_columns_to_the_rows_it_told(window, qtbot, monkeypatch):
    """A fitted column only grows: the rows a change did not touch fit already, and the
    view read every row in sight, for each column, at every step."""
    view = d20_view(window)
    ids = ids_by_name(window.document.session)
    window.document.apply(RulesetAction("reaction", ids["Bren"], {"what": "Shield"}))
    settle(qtbot)
    read = _rows_measured(view, monkeypatch)

    window.document.undo_stack.undo()
    settle(qtbot)

    model = view.order_model
    assert set(read) == {model.row_of(ids["Bren"])}
    assert model.told == [model.row_of(ids["Bren"])]


def test_rows_scrolled_into_sight_are_fitted_at_the_next_change(qtbot, tmp_path, monkeypatch):
    session = build("classic_d20", 40)
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        settle(qtbot)
        view = d20_view(window)
        read = _rows_measured(view, monkeypatch)
        view.verticalScrollBar().setValue(view.verticalScrollBar().maximum())
        settle(qtbot)
        top = view.verticalHeader().visualIndexAt(0)
        assert top > 0  # rows came into sight

        window.document.apply(EndTurn())
        settle(qtbot)

        assert top in read  # a row the change did not touch, measured
        read.clear()
        window.document.apply(EndTurn())
        settle(qtbot)
        assert top not in read or top in view.order_model.told


def test_a_creature_in_one_line_is_measured_once(qtbot, tmp_path: Path, monkeypatch):
    """In rows of one line the creature's cell is its name's line and its second line
    side by side: the block's own width (two lines) was measured too, and thrown away."""
    session = build("classic_d20", 30)
    add_effects(session, session.apply, 10, random.Random(5))
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        settle(qtbot)
        view = d20_view(window)
        delegate = view.itemDelegateForColumn(WHO)
        assert isinstance(delegate, WhoDelegate)
        assert delegate._one_line()  # thirty rows: one line each
        widths: list[str] = []
        for module in (row_paint, combatant_cell):
            measure = module.cell_width
            monkeypatch.setattr(module, "cell_width", partial(_measured, measure, widths))
        option = QStyleOptionViewItem()
        view.initViewItemOption(option)
        index = view.order_model.index(3, WHO)
        hint = delegate.sizeHint(option, index)
        assert len(widths) == 1
        assert hint.height() == combatant_cell.cell_height(option.font)
        assert 0 < hint.width() <= row_paint.ONE_LINE_MAX


def _measured(measure: Callable[..., int], calls: list[str], *args: object) -> int:
    calls.append("measured")
    return measure(*args)
