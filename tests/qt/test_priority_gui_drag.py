"""Real mouse drags in the order table and the Combatants list (Priority).

The test session runs Qt on the "offscreen" platform, whose drag-and-drop is a stub:
`QDrag.exec` returns at once without a drop, so no drag can complete there. And a
constructed `QDropEvent` is ignored by an InternalMove view, which only accepts drops
whose `source()` is itself (there is no source outside a real drag). So the drags run
in a child process on Qt's "minimal" platform, whose drag (QSimpleDrag) follows the
mouse events QTest sends: press, move past the drag distance, and, inside the drag's
own event loop, move onto the target row and release. The child reports what the
engine and the views show; the test asserts on that.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.qt.real_display import run_child


def _drag(view, source_row: int, target_row: int) -> None:
    """Drag `source_row` by the mouse onto the upper edge of `target_row` (a drop
    *above* that row), as the GM does."""
    from PySide6.QtCore import QPoint, Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    model = view.model()
    viewport = view.viewport()
    start = view.visualRect(model.index(source_row, 0)).center()
    rect = view.visualRect(model.index(target_row, 0))
    target = QPoint(rect.center().x(), rect.top() + 3)
    step = -1 if target.y() < start.y() else 1
    dropped: list[bool] = []

    def drop() -> None:  # runs inside QDrag.exec's event loop
        QTest.mouseMove(viewport, target + QPoint(0, 1))
        QTest.mouseMove(viewport, target)
        QTest.mouseRelease(
            viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, target
        )
        dropped.append(True)

    QTimer.singleShot(50, drop)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(viewport, start + QPoint(0, 3 * step))
    QTest.mouseMove(viewport, start + QPoint(0, (QApplication.startDragDistance() + 8) * step))
    QTest.qWait(50)
    assert dropped, "the drag never started"


def child_main() -> None:
    """Runs in the child process (QT_QPA_PLATFORM=minimal): prints a JSON report."""
    import tempfile

    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    from tests.qt.priority_fixtures import banner_text, names, priority_session, table_names
    from tracker.engine import EndTurn, StartEncounter
    from tracker.qt.main_window import MainWindow

    window = MainWindow(priority_session(), None, Path(tempfile.mkdtemp()) / "journal")
    window.resize(1200, 1000)
    window.actions_by_name["pane_combatants"].trigger()  # the list's drags too
    window.show()
    QTest.qWaitForWindowExposed(window)
    document = window.document
    table = window.central_view
    model = table.order_model
    report: dict = {"platform": app.platformName()}

    def row(name: str) -> int:
        return model.row_of(next(c.id for c in document.encounter.combatants if c.name == name))

    def state() -> dict:
        return {
            "engine": names(window),
            "table": table_names(window),
            "list": [
                window.roster_model.index(r, 0).data().split("  (")[0]
                for r in range(window.roster_model.rowCount())
            ],
            "banner": banner_text(window),
            "last_log": document.encounter.log[-1].text,
            "undo": document.undo_stack.count(),
        }

    # 1. Before the start: the tie (Bren, Hollow Knight at Zeal 7) ordered by a drag.
    _drag(table, row("Hollow Knight"), row("Bren"))
    report["tie"] = state()
    # 2. Not a tie: Corin (Zeal 5) dragged above Bren is refused; nothing changes.
    _drag(table, row("Corin"), row("Bren"))
    report["refused"] = state()
    # 3. The same tie dragged back in the Combatants list.
    list_view = window.roster_view
    _drag(list_view, window.roster_model.row_of(document.encounter.combatants[2].id), 1)
    report["list"] = state()
    # 4. After the start: Ayla waits; after Bren's turn she is dragged above the
    #    Hollow Knight, whose turn is up: she acts now.
    document.apply(StartEncounter())
    window.turn_panel.action_buttons["wait"].click()
    document.apply(EndTurn())
    report["gap_prompt"] = window.document.session.prompt().title
    _drag(table, row("Ayla"), row("Hollow Knight"))
    turn = document.session.current_turn()
    report["act_now"] = {
        **state(),
        "current": document.encounter.combatant(turn.combatant_id).name,
        "prompt": document.session.prompt() is None,
    }
    document.undo_stack.set_clean()
    window.close()
    print(json.dumps(report))


def test_real_mouse_drags_in_the_order_table_and_the_list(tmp_path):
    report = run_child(__name__, None, tmp_path / "home", "minimal", timeout=120)
    assert report["platform"] == "minimal"

    tied = ["Ayla", "Hollow Knight", "Bren", "Corin", "Mire Witch"]
    assert report["tie"]["engine"] == tied
    assert report["tie"]["table"] == tied and report["tie"]["list"] == tied
    assert report["tie"]["last_log"] == "Hollow Knight moved to place 2 in the order."
    assert report["tie"]["undo"] == 1

    refused = report["refused"]
    assert refused["engine"] == tied and refused["table"] == tied
    assert refused["banner"].startswith("Corin cannot pass Bren: Priority follows Zeal")
    assert refused["undo"] == 1

    back = ["Ayla", "Bren", "Hollow Knight", "Corin", "Mire Witch"]
    assert report["list"]["engine"] == back
    assert report["list"]["table"] == back and report["list"]["list"] == back
    assert report["list"]["undo"] == 2

    assert report["gap_prompt"] == "Waiting creatures"
    acted = report["act_now"]
    assert acted["engine"] == ["Bren", "Ayla", "Hollow Knight", "Corin", "Mire Witch"]
    assert acted["table"] == acted["engine"]
    assert acted["current"] == "Ayla" and acted["prompt"]
    assert acted["last_log"] == "Ayla moved to place 2 in the order."
