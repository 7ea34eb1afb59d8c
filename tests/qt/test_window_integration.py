"""The main window's players' menu, printing, keyboard-first play and layout memory."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDockWidget

from tests.qt.conftest import by_name, names
from tracker.engine import EndTurn, Session, StartEncounter
from tracker.persistence.files import load_encounter
from tracker.qt.app import sample_path, sample_session
from tracker.qt.main_window import MainWindow
from tracker.qt.players import PlayersScreenSettings, PlayersWindow


def test_players_screen_opens_from_the_menu_and_closes_with_the_window(
    qtbot, tmp_path, monkeypatch
):
    monkeypatch.setattr(
        "tracker.qt.players.launcher.choose_players_screen",
        lambda _parent, _store=None: PlayersScreenSettings(theme="light", fullscreen=False),
    )
    window = MainWindow(sample_session(), None, tmp_path / "journal")
    window.show()
    window.actions_by_name["players_screen"].trigger()
    players = window.players_window
    assert isinstance(players, PlayersWindow) and players.isVisible()
    window.document.apply(StartEncounter())
    window.document.undo_stack.set_clean()
    window.close()
    assert not players.isVisible()


def test_reveal_now_and_at_first_turn(window, qtbot):
    document = window.document
    lurker = by_name(document, "Lurking Nephil")
    assert lurker.hidden
    window.select_combatant(lurker.id)
    window.actions_by_name["reveal_first_turn"].trigger()
    assert window.reveals.is_flagged(lurker.id)
    document.apply(StartEncounter())
    while document.session.current_turn().combatant_id != lurker.id:
        assert lurker.hidden
        document.apply(EndTurn())
    qtbot.waitUntil(lambda: not lurker.hidden)  # revealed right after its turn began
    assert document.undo_stack.undo_text() == "Edit Lurking Nephil"
    document.undo_stack.undo()  # the reveal is its own step
    assert lurker.hidden
    document.undo_stack.redo()
    shade = by_name(document, "Shade")
    window.select_combatant(shade.id)
    window.actions_by_name["reveal"].trigger()
    assert "can already see" in window.banner.label.text()


def test_ctrl_down_delays_the_selected_combatant_when_the_ruleset_allows(window, qtbot):
    document = window.document
    shade = by_name(document, "Shade")
    window.select_combatant(shade.id)
    window.roster_view.setFocus()
    qtbot.keyClick(window.roster_view, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)
    assert names(document)[5:7] == ["Shade 2", "Shade"]
    assert window.selected_combatant_id() == shade.id
    qtbot.keyClick(window.roster_view, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)
    assert names(document)[5:7] == ["Shade 2", "Shade"]  # not past a faster character
    assert "cannot pass" in window.banner.label.text()


def test_alt_number_triggers_the_turn_panel_actions(window, qtbot):
    document = window.document
    document.apply(StartEncounter())
    window.turn_panel.action_inputs["spend_ap"]["amount"].setValue(2)
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    assert document.encounter.clock.spent == 2


def test_help_lists_every_frequent_shortcut(window):
    rows = dict(window.shortcut_rows())
    for what in (
        "End turn",
        "Undo",
        "Redo",
        "Add effect…",
        "Players' screen…",
        "Move later (delay)",
        "Spend AP",
    ):
        assert what in rows, what
    assert rows["End turn"] == "Space"
    keys = [keys for keys in rows.values()]
    assert len(keys) == len(set(keys)), "two actions share a shortcut"


def test_the_window_remembers_its_layout(qtbot, tmp_path):
    first = MainWindow(sample_session(), None, tmp_path / "journal")
    first.show()
    first.resize(1200, 700)  # within the 1366 × 768 test screen
    log = first.findChild(QDockWidget, "dock_log")
    assert first.dockWidgetArea(log) == Qt.DockWidgetArea.BottomDockWidgetArea
    first.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, log)
    QApplication.processEvents()
    size = first.size()
    first.close()
    second = MainWindow(sample_session(), None, tmp_path / "journal")
    second.show()
    QApplication.processEvents()
    assert second.size() == size
    moved = second.findChild(QDockWidget, "dock_log")
    assert second.dockWidgetArea(moved) == Qt.DockWidgetArea.LeftDockWidgetArea
    second.close()


def test_switching_to_a_priority_encounter_replaces_the_grid(window, qtbot):
    priority = Session(load_encounter(sample_path("priority_sample.json")))
    window.replace_session(priority, None)
    QApplication.processEvents()
    assert window.central_view.objectName() == "order_table"
    assert window.central_view.order_model.rowCount() == 5
    window.replace_session(sample_session(), None)
    QApplication.processEvents()
    assert window.central_view.objectName() == "war_scroll_grid"


def test_export_pdf_from_the_window(window, tmp_path, monkeypatch):
    target = tmp_path / "sheets.pdf"
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName",
        lambda *_args, **_kwargs: (str(target), "PDF (*.pdf)"),
    )
    window.actions_by_name["export_pdf"].trigger()
    assert target.read_bytes().startswith(b"%PDF")
