"""A large fight's central view fits its columns to the widest cell of every row, in
sight or not, without measuring every row (issue 26: building the view for an opened
fight of 1,000 combatants measured each row of each fitted column, through Qt's indexes
and the delegates, most of the open's time on the GUI thread)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, QSize
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QTableView
from pytestqt.qtbot import QtBot

from benchmarks.fights import build
from tracker.engine import EditCombatant, Session
from tracker.qt.main_window import MainWindow
from tracker.qt.rulesets.classic_d20.order_model import WHO
from tracker.qt.rulesets.classic_d20.row_paint import InitDelegate, PillsDelegate, WhoDelegate
from tracker.qt.rulesets.classic_d20.view import D20OrderTable
from tracker.qt.rulesets.initiative_ticks.track_view import (
    FITTED,
    TickDelegate,
    TickTable,
    TickTrackView,
)
from tracker.qt.views.combatant_cell import CombatantCellDelegate
from tracker.qt.views.elided_tips import ElidedTipDelegate
from tracker.qt.views.kept_names import KeptNameDelegate
from tracker.qt.views.kept_text import KeptTextDelegate
from tracker.qt.views.order_table import OrderTable
from tracker.qt.views.widest_rows import CANDIDATES, SLICE, Estimates

Index = QModelIndex | QPersistentModelIndex
SizeHint = Callable[..., QSize]
DELEGATES = (
    CombatantCellDelegate,
    ElidedTipDelegate,
    WhoDelegate,
    InitDelegate,
    PillsDelegate,
    KeptTextDelegate,
    KeptNameDelegate,
    TickDelegate,
)
VIEWS = [
    ("priority", OrderTable, (0, 2)),
    ("classic_d20", D20OrderTable, (0, 1, 2)),
    ("initiative_ticks", TickTable, FITTED),
]


def _counting(original: SizeHint, rows: set[int]) -> SizeHint:
    def size_hint(
        delegate: QStyledItemDelegate, option: QStyleOptionViewItem, index: Index
    ) -> QSize:
        rows.add(index.row())
        return original(delegate, option, index)

    return size_hint


def _window(qtbot: QtBot, session: Session, tmp_path: Path) -> MainWindow:
    window = MainWindow(session, None, tmp_path / "journal")
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    for _ in range(3):
        qtbot.wait(1)
    estimates = getattr(_central_table(window), "_estimates", None)
    assert isinstance(estimates, Estimates)
    qtbot.waitUntil(lambda: not estimates.settling)  # a large fight's, a slice a turn
    return window


def _central_table(window: MainWindow) -> QTableView:
    view = window.central_view
    if isinstance(view, TickTrackView):
        return view.table
    assert isinstance(view, QTableView)
    return view


def _random_names(session: Session, seed: int) -> None:
    """Names of 2 to 16 letters, wide ("WWW") and narrow ("iii") alike."""
    rng = random.Random(seed)
    for combatant in session.encounter.combatants:
        letters = rng.choice(["W", "i", "m", "l", "Wi", "ab", "Mw", "il"])
        name = "".join(rng.choice(letters) for _ in range(rng.randint(2, 16)))
        session.apply(EditCombatant(combatant.id, {"name": name}))


def _exhaustive(view: QTableView, column: int) -> int:
    """The widest cell of the column, every row measured."""
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    model = view.model()
    widest = 0
    for row in range(model.rowCount()):
        index = model.index(row, column)
        widest = max(widest, view.itemDelegateForIndex(index).sizeHint(option, index).width())
    return widest + 1 if view.showGrid() else widest


@pytest.mark.parametrize(("ruleset_id", "view_class", "columns"), VIEWS)
def test_a_large_fights_view_measures_a_bounded_number_of_rows(
    ruleset_id: str,
    view_class: type[QTableView],
    columns: tuple[int, ...],
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = build(ruleset_id, 1000)
    measured: set[int] = set()
    for delegate in DELEGATES:
        monkeypatch.setattr(delegate, "sizeHint", _counting(delegate.sizeHint, measured))
    window = _window(qtbot, session, tmp_path)
    view = _central_table(window)
    assert isinstance(view, view_class)
    in_sight = view.rowAt(view.viewport().height() - 1) - view.rowAt(0) + 1
    assert 0 < len(measured) <= in_sight + CANDIDATES * len(columns), len(measured)


@pytest.mark.parametrize(("ruleset_id", "view_class", "columns"), VIEWS)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_columns_fit_the_widest_cell_of_every_row(
    ruleset_id: str,
    view_class: type[QTableView],
    columns: tuple[int, ...],
    seed: int,
    qtbot: QtBot,
    tmp_path: Path,
) -> None:
    session = build(ruleset_id, 300)
    _random_names(session, seed)
    window = _window(qtbot, session, tmp_path)
    view = _central_table(window)
    assert isinstance(view, view_class)
    assert view.rowAt(view.viewport().height() - 1) < 200, "most rows are out of sight"
    for column in columns:
        wanted = _exhaustive(view, column)
        if isinstance(view, D20OrderTable) and column == WHO:
            wanted = min(wanted, view._who_room())  # the states keep their room
        assert view.sizeHintForColumn(column) == wanted, column
        assert view.columnWidth(column) >= wanted, column


@pytest.mark.parametrize(("ruleset_id", "view_class", "columns"), VIEWS[:2])
def test_a_name_out_of_sight_made_the_widest_widens_its_column(
    ruleset_id: str,
    view_class: type[QTableView],
    columns: tuple[int, ...],
    qtbot: QtBot,
    tmp_path: Path,
) -> None:
    session = build(ruleset_id, 300)
    _random_names(session, 3)
    window = _window(qtbot, session, tmp_path)
    view = _central_table(window)
    last = session.encounter.combatants[-1]
    assert window.document.apply(EditCombatant(last.id, {"name": "W" * 24}))
    for _ in range(3):
        qtbot.wait(1)
    assert view.rowAt(view.viewport().height() - 1) < 200, "most rows are out of sight"
    wanted = _exhaustive(view, columns[0])
    if isinstance(view, D20OrderTable):
        wanted = min(wanted, view._who_room())
    assert view.columnWidth(columns[0]) >= wanted


@pytest.mark.parametrize("seed", range(5))
def test_the_ranking_kept_through_changes_and_moves_is_the_ranking_afresh(seed: int) -> None:
    """`Estimates` ranks in the rows changed or come, keeps its ranking while rows move
    or go, and ranks afresh when a ranked one narrowed: its widest are those a ranking
    of every row finds, whatever the edits."""
    rng = random.Random(seed)
    keys = [f"c{number}" for number in range(60)]
    values = {key: rng.randint(0, 500) for key in keys}
    estimates = Estimates(
        lambda _column: lambda row: values[keys[row]],
        lambda row: keys[row] if row < len(keys) else None,
        lambda key: keys.index(key) if key in keys else -1,
    )
    made = len(keys)
    for _ in range(300):
        edit = rng.choice(["change", "move", "insert", "remove"])
        if edit == "change":
            row = rng.randrange(len(keys))
            values[keys[row]] = rng.randint(0, 500)
            estimates.forget(row, row)
        elif edit == "move":
            keys.insert(rng.randrange(len(keys)), keys.pop(rng.randrange(len(keys))))
        elif edit == "insert":
            row, made = rng.randrange(len(keys) + 1), made + 1
            keys.insert(row, f"c{made}")
            values[keys[row]] = rng.randint(0, 500)
            estimates.forget(row, row)
        elif len(keys) > 20:
            keys.pop(rng.randrange(len(keys)))
        many = rng.randint(5, 15)
        ranked = estimates.ranked(0, len(keys), many)
        afresh = sorted((values[key] for key in keys), reverse=True)[:many]
        assert [values[keys[row]] for row in ranked] == afresh


@pytest.mark.parametrize("at_once", [False, True])
@pytest.mark.parametrize("seed", range(3))
def test_a_ranking_in_slices_through_changes_and_moves_is_the_ranking_afresh(
    seed: int, at_once: bool, qtbot: QtBot
) -> None:
    """With an owner, `Estimates` ranks many rows a slice a turn of the event loop (row
    by row, or each slice's estimates at once: `sliced`); rows changed, moved, come and
    gone meanwhile (told as a view tells them), the ranking it ends with is that of
    every row as they are, and it says it is done."""
    rng = random.Random(seed)
    keys = [f"c{number}" for number in range(3 * SLICE)]
    values = {key: rng.randint(0, 500) for key in keys}
    owner = QObject()
    done: list[int] = []

    def sliced(_column: int, first: int, end: int) -> tuple[list[str], list[int]]:
        return keys[first:end], [values[key] for key in keys[first:end]]

    estimates = Estimates(
        lambda _column: lambda row: values[keys[row]],
        lambda row: keys[row] if row < len(keys) else None,
        lambda key: keys.index(key) if key in keys else -1,
        owner=owner,
        settled=lambda: done.append(1),
        sliced=sliced if at_once else None,
    )
    estimates.ranked(0, len(keys), 10)
    made = len(keys)
    for _ in range(30):
        edit = rng.choice(["change", "move", "insert", "remove"])
        if edit == "change":
            row = rng.randrange(len(keys))
            values[keys[row]] = rng.randint(0, 500)
            estimates.forget(row, row)
        elif edit == "move":
            keys.insert(rng.randrange(len(keys)), keys.pop(rng.randrange(len(keys))))
            estimates.moved()
        elif edit == "insert":
            row, made = rng.randrange(len(keys) + 1), made + 1
            keys.insert(row, f"c{made}")
            values[keys[row]] = rng.randint(0, 1000)
            estimates.forget(row, row)
        else:
            keys.pop(rng.randrange(len(keys)))
            estimates.moved()
        QCoreApplication.processEvents()  # a slice, maybe
        assert len(estimates.ranked(0, len(keys), 10)) <= 10
    qtbot.waitUntil(lambda: not estimates.settling)
    assert done
    ranked = estimates.ranked(0, len(keys), 10)
    assert [values[keys[row]] for row in ranked] == sorted(values[key] for key in keys)[::-1][:10]
