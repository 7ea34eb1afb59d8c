"""Issue 21, point 8: every drag that does nothing says why. The War Scroll grid, where
a drag did nothing, orders tied characters by a drag (refused with the engine's reason
otherwise); a drag in the list of turns to come says where to drag instead; a Unit
dragged onto another side's column in a Stamina battle says it stays on its side, and a
combatant dragged from one list into another says it moves only in its own list."""

from __future__ import annotations

import gc
import json
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QTableView, QWidget

from tests.qt.conftest import names, show_pane
from tests.qt.real_display import run_child
from tracker.engine import StartEncounter
from tracker.qt.models.turn_order_model import DRAG_HERE

OUT = Path("/tmp/firstmin")
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def mouse_drag(widget: QWidget, start: QPoint, end: QPoint, before_release=None) -> None:
    """Press at `start`, move past the drag distance and on to `end`, release there."""
    QTest.mousePress(widget, LEFT, NONE, start)
    step = 1 if end.y() >= start.y() else -1
    QTest.mouseMove(widget, start + QPoint(0, step * (QApplication.startDragDistance() + 4)))
    QTest.mouseMove(widget, end)
    if before_release is not None:
        before_release()
    QTest.mouseRelease(widget, LEFT, NONE, end)


def row_point(view: QTableView, row: int, column: int = 0, upper: bool = True) -> QPoint:
    rect = view.visualRect(view.model().index(row, column))
    return QPoint(rect.center().x(), rect.top() + 3 if upper else rect.bottom() - 3)


# --- the War Scroll grid -------------------------------------------------------------
def test_a_tie_in_the_war_scroll_grid_is_ordered_by_a_drag(window, qtbot):
    grid = window.central_view
    assert grid.objectName() == "war_scroll_grid"
    before = names(window.document)
    assert before[5:7] == ["Shade", "Shade 2"]  # tied: Swiftness 3, both fallen
    shown: list[bool] = []

    def while_dragging() -> None:
        shown.append(grid.row_drag.line.isVisible())
        OUT.mkdir(exist_ok=True)
        grid.grab().save(str(OUT / "war_scroll_drop_line.png"))

    mouse_drag(grid.viewport(), row_point(grid, 6, 0), row_point(grid, 5, 0), while_dragging)
    assert shown == [True]  # the drop line showed where it would land
    assert not grid.row_drag.line.isVisible()
    assert names(window.document)[5:7] == ["Shade 2", "Shade"]
    assert window.document.encounter.log[-1].text.startswith("Shade 2 moved")
    assert grid.model().headerData(5, Qt.Orientation.Vertical) == "Shade 2"


def test_a_drag_by_the_name_down_the_left_moves_too(window, qtbot):
    grid = window.central_view
    header = grid.verticalHeader()
    start = QPoint(header.width() // 2, header.sectionViewportPosition(5) + 4)
    end = QPoint(header.width() // 2, header.sectionViewportPosition(6) + header.sectionSize(6) - 3)
    mouse_drag(header.viewport(), start, end)
    assert names(window.document)[5:7] == ["Shade 2", "Shade"]


def test_a_drag_past_a_faster_character_is_refused_with_the_reason(window, qtbot):
    grid = window.central_view
    before = names(window.document)
    line: list[bool] = []
    mouse_drag(
        grid.viewport(),
        row_point(grid, 2, 1),  # Thomas, by a cell
        row_point(grid, 0, 1),  # above Echthra
        lambda: line.append(grid.row_drag.line.isVisible()),
    )
    assert line == [True]
    assert names(window.document) == before
    reason = "Thomas cannot pass Echthra: the War Scroll is ordered by Swiftness"
    assert window.banner.isVisible() and window.banner.label.text().startswith(reason)
    assert window.statusBar().currentMessage().startswith(reason)
    assert window.document.undo_stack.count() == 0
    OUT.mkdir(exist_ok=True)
    window.grab().save(str(OUT / "war_scroll_refused_drag.png"))


def test_a_drag_let_go_where_it_began_does_nothing_and_a_click_is_no_drag(window, qtbot):
    grid = window.central_view
    before = names(window.document)
    mouse_drag(grid.viewport(), row_point(grid, 3, 0), row_point(grid, 3, 0, upper=False))
    QTest.mouseClick(grid.viewport(), LEFT, NONE, row_point(grid, 4, 0))
    assert names(window.document) == before
    assert not window.banner.isVisible()
    assert window.document.undo_stack.count() == 0


# --- the turn order pane ---------------------------------------------------------------
def test_a_drag_in_the_turn_order_says_where_to_drag(window, qtbot):
    show_pane(window, "turn_order", qtbot)  # an optional pane, off by default
    window.document.apply(StartEncounter())
    gc.collect()  # what tells why lives as long as the view, not as a Python reference
    view = window.turn_order_view
    before = names(window.document)
    mouse_drag(view.viewport(), row_point(view, 3), row_point(view, 0))
    assert names(window.document) == before
    assert window.banner.isVisible() and window.banner.label.text() == DRAG_HERE
    assert window.statusBar().currentMessage() == DRAG_HERE
    QTest.mouseClick(view.viewport(), LEFT, NONE, row_point(view, 1))  # a click says nothing
    window.banner.hide()
    window.statusBar().clearMessage()
    QTest.mouseClick(view.viewport(), LEFT, NONE, row_point(view, 2))
    assert not window.banner.isVisible() and window.statusBar().currentMessage() == ""


# --- a Stamina battle's sides: a real drag, in a child process -------------------------
def _qt_drag(source, target, start: QPoint, end: QPoint) -> None:
    """A real Qt drag from `source` to `target` (viewports), on the "minimal" platform
    (see tests/qt/test_priority_gui_drag.py: the offscreen platform's drag is a stub)."""
    from PySide6.QtCore import QTimer

    dropped: list[bool] = []

    def drop() -> None:  # runs inside QDrag.exec's event loop
        QTest.mouseMove(target, end + QPoint(0, 1))
        QTest.mouseMove(target, end)
        QTest.mouseRelease(target, LEFT, NONE, end)
        dropped.append(True)

    QTimer.singleShot(50, drop)
    QTest.mousePress(source, LEFT, NONE, start)
    QTest.mouseMove(source, start + QPoint(0, 3))
    QTest.mouseMove(source, start + QPoint(0, QApplication.startDragDistance() + 8))
    QTest.qWait(50)
    assert dropped, "the drag never started"


def _window(sample: str):
    import tempfile

    from tracker.engine import Session
    from tracker.persistence.files import load_encounter
    from tracker.qt.app import sample_path
    from tracker.qt.main_window import MainWindow

    session = Session(load_encounter(sample_path(sample)))
    window = MainWindow(session, None, Path(tempfile.mkdtemp()))
    window.resize(1366, 740)
    window.show()
    QTest.qWaitForWindowExposed(window)
    gc.collect()  # what tells why must outlive Python's collection of loose objects
    return window


def _center(view, row: int) -> QPoint:
    return view.visualRect(view.model().index(row, 0)).center()


def _outcome(window, before: list[str]) -> dict:
    outcome = {
        "moved": names(window.document) != before,
        "banner": window.banner.label.text() if window.banner.isVisible() else "",
        "status": window.statusBar().currentMessage(),
        "undo": window.document.undo_stack.count(),
    }
    window.document.undo_stack.set_clean()
    window.close()
    return outcome


def child_main() -> None:
    """Runs in the child process (QT_QPA_PLATFORM=minimal): prints a JSON report."""
    app = QApplication([])
    report: dict = {"platform": app.platformName()}
    # A Stamina battle: Kael (party) dragged onto the enemies' column.
    window = _window("stamina_battle_sample.json")
    columns = window.central_view.columns
    party, enemy = columns["party"].list_view, columns["enemy"].list_view
    before = names(window.document)
    _qt_drag(party.viewport(), enemy.viewport(), _center(party, 0), _center(enemy, 1))
    report["sides"] = _outcome(window, before)
    # Priority: Corin dragged from the Combatants list into the order table.
    window = _window("priority_sample.json")
    window.actions_by_name["pane_combatants"].trigger()  # an optional pane, off at first
    QTest.qWait(50)
    roster, table = window.roster_view, window.central_view
    before = names(window.document)
    _qt_drag(roster.viewport(), table.viewport(), _center(roster, 3), _center(table, 0))
    report["lists"] = _outcome(window, before)
    print(json.dumps(report))


def test_drags_into_another_view_say_why_they_do_not_land(tmp_path):
    from tracker.qt.models.id_drags import FOREIGN_DROP
    from tracker.qt.rulesets.stamina_battle.phases_view import OWN_SIDE

    report = run_child(__name__, None, tmp_path / "home", "minimal", timeout=120)
    assert report["platform"] == "minimal"
    for case, why in (("sides", OWN_SIDE), ("lists", FOREIGN_DROP)):
        outcome = report[case]
        assert not outcome["moved"] and outcome["undo"] == 0, case
        assert outcome["banner"] == why and outcome["status"] == why, case
