"""The window the app opens shows its first frame (the turn over the ruleset's view)
before the rest is built; whatever the GM does before then still works."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDockWidget,
    QFrame,
    QWidget,
)

from tests.qt.conftest import PaintSeen
from tracker.engine import EndTurn, Session, StartEncounter
from tracker.persistence.files import load_encounter
from tracker.persistence.recent import load_recent
from tracker.persistence.recovery import pending_journal, recover_journal
from tracker.qt import window_rest
from tracker.qt.app import open_main_window, sample_path
from tracker.qt.first_frame import AfterPaint
from tracker.qt.main_window import MainWindow
from tracker.qt.views.quiet_combo import QuietCombo
from tracker.qt.views.quiet_focus import QuietFocus


def _built(window: MainWindow) -> bool:
    """Whether the rest of the window is built (the inspector is in its dock)."""
    return "inspector" in window.__dict__


def _open(qtbot, tmp_path: Path) -> MainWindow:
    window = open_main_window(tmp_path / "journal", ask=lambda _q: True, tell=lambda *_: None)
    qtbot.addWidget(window)
    return window


def test_the_first_frame_is_painted_before_the_rest_is_built(qtbot, tmp_path):
    window = _open(qtbot, tmp_path)
    # Built: the title, the turn and the ruleset's view; not yet: the rest.
    assert window.windowTitle().startswith(window.document.encounter.name)
    assert window.turn_panel.turn_label.text()
    assert window.central_view.isVisibleTo(window)
    assert not _built(window)
    # Their places are held: the menus' titles, the toolbar and the docks.
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles == ["&File", "&Edit", "&Play", "&View", "P&layers", "&Library", "&Help"]
    assert all(a.menu().actions() == [] for a in window.menuBar().actions())
    assert pending_journal(tmp_path / "journal") is None
    with qtbot.waitSignal(window.completed, timeout=5000):
        window.show()
    docks = {dock.objectName() for dock in window.findChildren(QDockWidget)}
    assert docks == {"dock_inspector", "dock_combatants", "dock_turn_order", "dock_log"}
    assert window.dock("dock_inspector").isVisible()
    assert [a.text() for a in window.menuBar().actions()][:2] == ["&File", "&Edit"]
    # Journaled once the whole window is painted.
    qtbot.waitUntil(lambda: pending_journal(tmp_path / "journal") is not None, timeout=5000)
    window.complete()  # once only
    assert len(window.findChildren(QDockWidget)) == 4


def _activate(window: MainWindow) -> None:
    """The window made active as the window manager makes it, without running the event
    loop (which would paint the first frame and build the rest)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        QApplication.setActiveWindow(window)


def test_a_menu_shortcut_pressed_right_after_show_works(qtbot, tmp_path):
    window = _open(qtbot, tmp_path)
    window.show()
    _activate(window)
    session = window.document.session
    assert not session.ruleset.is_started(session.encounter)
    # Before any event is processed: the first frame is not even painted.
    assert not _built(window)
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert session.ruleset.is_started(session.encounter)  # Play → Start
    assert window.actions_by_name["start"].shortcut().toString() == "Ctrl+Return"


def test_a_turn_action_key_pressed_right_after_show_works(qtbot, tmp_path, monkeypatch):
    window = _open(qtbot, tmp_path)
    panel = window.turn_panel
    # The first frame makes no key (QKeySequence waits for the rest); the chips name theirs.
    assert panel.shortcut_actions == []
    first = panel._built[0]
    assert panel._shortcut_text[first.name] == "  [Alt+1]"
    triggered = []
    monkeypatch.setattr(panel, "trigger", triggered.append)
    window.show()
    _activate(window)
    assert not _built(window)
    qtbot.keyClick(window, Qt.Key.Key_1, Qt.KeyboardModifier.AltModifier)
    assert triggered == [first.name]  # the rest built first, its keys with it
    keys = [action.shortcut().toString() for action in panel.shortcut_actions]
    assert keys == [f"Alt+{n}" for n in range(1, min(len(panel._built), 9) + 1)]


def test_a_click_in_the_view_before_the_inspector_is_built_shows_it_there(qtbot, tmp_path):
    window = _open(qtbot, tmp_path)
    window.show()
    grid = window.central_view
    row = 1
    point = grid.visualRect(grid.grid_model.index(row, 0)).center()
    assert not _built(window)
    qtbot.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, pos=point)
    chosen = grid.grid_model.combatant_at(row)
    assert window.editor.combatant_id == chosen.id
    assert window.selected_combatant_id() == chosen.id


def test_a_change_before_the_rest_is_built_is_journaled_with_its_undo(qtbot, tmp_path):
    window = _open(qtbot, tmp_path)
    assert window.document.apply(StartEncounter())
    assert window.document.apply(EndTurn())
    recovered = recover_journal(tmp_path / "journal").session
    assert recovered.encounter.to_dict() == window.document.encounter.to_dict()
    assert len(recovered.history) == 2
    assert _built(window)


def test_the_journal_starts_once_the_whole_window_is_painted(qtbot, tmp_path):
    journal = tmp_path / "journal"
    window = _open(qtbot, tmp_path)
    window.complete()  # the rest built, not painted yet: nothing to journal yet
    assert window.journal is None
    assert pending_journal(journal) is None
    window.show()
    qtbot.waitUntil(lambda: window.journal is not None, timeout=5000)
    assert pending_journal(journal) is not None


def test_a_change_before_the_journal_starts_is_journaled_with_its_undo(qtbot, tmp_path):
    window = _open(qtbot, tmp_path)
    window.complete()
    assert window.journal is None
    assert window.document.apply(StartEncounter())  # the journal begins before it
    assert window.journal is not None
    recovered = recover_journal(tmp_path / "journal").session
    assert recovered.encounter.to_dict() == window.document.encounter.to_dict()
    assert len(recovered.history) == 1


def test_a_window_closed_before_its_journal_starts_leaves_none(qtbot, tmp_path):
    # Else the next start would ask to resume an encounter nobody changed.
    window = _open(qtbot, tmp_path)
    window.complete()
    assert window.close()
    window._start_due_journal()  # what the inspector's first paint calls, come too late
    assert window.journal is None
    assert pending_journal(tmp_path / "journal") is None


def test_the_probe_reports_the_first_frame_before_the_rest_is_built(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("ROUNDKEEPER_STARTUP_PROBE", "1")
    told: list[tuple[str, str]] = []
    window = _open(qtbot, tmp_path)
    monkeypatch.setattr(
        "tracker.qt.main_window.report", lambda stage: told.append((stage, window._stage))
    )
    begin = window._start_journal

    def journal_begun() -> None:
        told.append(("journal", "visible" if window.isVisible() else "closed"))
        begin()

    monkeypatch.setattr(window, "_start_journal", journal_begun)
    window.show()
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5000)
    # The probe closes the window once it is whole and journaling (its peak memory).
    ready = [("first-paint", "first frame"), ("ready", "done"), ("journal", "visible")]
    assert told == ready
    assert pending_journal(tmp_path / "journal") is None  # closed cleanly


@pytest.mark.parametrize("sample", sorted(p.name for p in sample_path().parent.glob("*.json")))
def test_every_ruleset_view_completes_its_window_once_painted(qtbot, tmp_path, sample):
    session = Session(load_encounter(sample_path(sample)))
    window = MainWindow(session, None, tmp_path / "journal", first_frame_only=True)
    qtbot.addWidget(window)
    assert not _built(window)
    with qtbot.waitSignal(window.completed, timeout=5000):
        window.show()
    assert window.dock("dock_inspector").isVisible()


@pytest.mark.parametrize("sample", sorted(p.name for p in sample_path().parent.glob("*.json")))
def test_the_rest_quiets_every_item_view_without_walking_the_whole_window(
    qtbot, tmp_path, monkeypatch, sample
):
    # Every item view of the whole window (the fight view's and the effects' lists,
    # their headers) repaints only its marks on a change of focus (`quiet_focus`), found
    # under the fight view and the effects' list: not by a walk over the window, nor
    # under its central widget or its inspector (the turn panel's and the editor's
    # widgets), which made PySide load the class of each widget met. The combo boxes'
    # lists are made quiet as they first open (`QuietCombo`).
    roots: list[QWidget] = []
    real = window_rest.quiet_focus

    def quiet_focus(root: QWidget) -> None:
        roots.append(root)
        real(root)

    monkeypatch.setattr(window_rest, "quiet_focus", quiet_focus)
    session = Session(load_encounter(sample_path(sample)))
    window = MainWindow(session, None, tmp_path / "journal", first_frame_only=True)
    qtbot.addWidget(window)
    window.complete()
    assert roots == [window.central_view, window.effects_view]
    combos = window.findChildren(QComboBox)
    assert all(isinstance(combo, QuietCombo) for combo in combos)
    lists = [combo.view() for combo in combos]
    views = [view for view in window.findChildren(QAbstractItemView) if view not in lists]
    assert views and all(view.findChild(QuietFocus) is not None for view in views)


def test_a_view_never_painted_still_gets_the_rest_of_its_window(qtbot, tmp_path):
    window = _open(qtbot, tmp_path)
    window.central_view.hide()  # as a plugin's view that is never painted
    with qtbot.waitSignal(window.completed, timeout=5000):
        window.show()
    assert window.dock("dock_inspector").isVisible()


def test_an_undo_before_the_rest_is_built_is_journaled(qtbot, tmp_path):
    journal = tmp_path / "journal"
    first = _open(qtbot, tmp_path)
    assert first.document.apply(StartEncounter())
    assert first.document.apply(EndTurn())
    # Not closed, as if killed: its journal is left to resume.
    resumed = open_main_window(journal, ask=lambda _q: True, tell=lambda *_: None)
    qtbot.addWidget(resumed)
    assert not _built(resumed)
    resumed.document.undo_stack.undo()  # before the first frame is even painted
    recovered = recover_journal(journal).session
    assert recovered.encounter.to_dict() == resumed.document.encounter.to_dict()
    assert (len(recovered.history), len(recovered.undone)) == (1, 1)


def _view_place(window: MainWindow) -> QRect:
    """The fight view's geometry in the window's coordinates."""
    view = window.central_view
    return QRect(view.mapTo(window, QPoint(0, 0)), view.size())


def _places_at_first_frame_and_whole(qtbot, window: MainWindow) -> tuple[QRect, QRect]:
    """Where the fight view is when its first frame is painted (before the rest is
    built) and once the rest of the window is built and painted."""
    first: list[QRect] = []

    def at_first_frame() -> None:
        assert not _built(window)
        first.append(_view_place(window))

    AfterPaint(window.central_view, at_first_frame)  # the last filter is asked first
    with qtbot.waitSignal(window.completed, timeout=5000):
        window.show()
    assert first, "the first frame was painted before the rest was built"
    painted: list[bool] = []
    AfterPaint(window.inspector, lambda: painted.append(True))
    qtbot.waitUntil(lambda: painted == [True], timeout=5000)
    return first[0], _view_place(window)


def test_the_fight_view_keeps_its_place_when_the_rest_arrives(qtbot, tmp_path):
    window = _open(qtbot, tmp_path)
    at_first, whole = _places_at_first_frame_and_whole(qtbot, window)
    assert at_first == whole
    # The menus, the toolbar and the inspector's dock were there: the view is not at
    # the window's top, nor as wide as the window.
    assert at_first.top() > window.menuBar().height() + window.play_toolbar.height()
    assert at_first.width() < window.width() - window.dock("dock_inspector").width()


def test_the_fight_view_keeps_its_place_in_the_gms_saved_layout(qtbot, tmp_path):
    first = _open(qtbot, tmp_path)
    first.resize(1300, 740)
    with qtbot.waitSignal(first.completed, timeout=5000):
        first.show()
    # The GM's own layout: the log below, the turn order beside, a wider inspector.
    for name in ("log", "turn_order"):
        first.actions_by_name[f"pane_{name}"].trigger()
    qtbot.waitUntil(lambda: first.dock("dock_log").isVisible(), timeout=5000)
    first.resizeDocks([first.dock("dock_inspector")], [520], Qt.Orientation.Horizontal)
    first.close()
    window = _open(qtbot, tmp_path)
    assert window._layout_restored
    assert window.dock("dock_log").isVisibleTo(window)
    at_first, whole = _places_at_first_frame_and_whole(qtbot, window)
    assert at_first == whole
    assert window.dock("dock_turn_order").isVisible()


def test_a_menu_opened_before_the_rest_is_built_opens_filled(qtbot, tmp_path):
    window = _open(qtbot, tmp_path)
    window.show()
    play = window.top_menus["play"]
    assert play.actions() == [] and not _built(window)
    play.popup(window.mapToGlobal(QPoint(40, 20)))
    assert _built(window)
    assert window.actions_by_name["start"] in play.actions()
    play.hide()


def test_the_toolbar_holds_its_place_then_takes_its_actions(qtbot, tmp_path):
    window = _open(qtbot, tmp_path)
    toolbar = window.play_toolbar
    assert len(toolbar.actions()) == 1 and not toolbar.actions()[0].isEnabled()  # a stand-in
    window.complete()
    named = [a.objectName() for a in toolbar.actions() if not a.isSeparator()]
    assert named == ["undo", "redo", "add", "add_effect", "players_screen"]


def test_the_toolbar_shows_its_buttons_in_the_frame_the_rest_arrives_in(qtbot, tmp_path):
    window = _open(qtbot, tmp_path)
    window.show()
    window.complete()  # no event processed since: the next frame paints what is shown now
    toolbar = window.play_toolbar
    for action in toolbar.actions():
        if action.isSeparator():
            continue
        button = toolbar.widgetForAction(action)
        assert button is not None and button.isVisible(), action.objectName()
        assert toolbar.rect().contains(button.geometry()), action.objectName()


def test_the_first_frame_makes_no_parameter_popup_and_the_first_open_makes_it(qtbot, tmp_path):
    # Classic d20's chips have nine popups of parameters: hidden, they were made with
    # the first frame; their inputs are (they hold the values the actions take).
    session = Session(load_encounter(sample_path("classic_d20_sample.json")))
    window = MainWindow(session, None, tmp_path / "journal", first_frame_only=True)
    qtbot.addWidget(window)
    popups = [f for f in window.findChildren(QFrame) if f.objectName().startswith("params_")]
    assert popups == []
    chips = window.turn_panel.palette_widget.chips
    chip = next(c for c in chips.values() if c.more_button is not None and c.roll_buttons)
    inputs = window.turn_panel.action_inputs[chip.spec.name]
    assert inputs and all(not w.isVisibleTo(window) for w in inputs.values())
    window.show()
    qtbot.waitUntil(lambda: window.whole, timeout=5000)
    chip.open_params()
    popup = chip.popup
    assert popup is not None and popup.isVisible()
    assert popup.objectName() == f"params_{chip.spec.name}"
    assert all(w.parent() is popup and w.isVisible() for w in inputs.values())
    assert all(roll.isVisible() for roll in chip.roll_buttons.values())
    assert popup.do_button.isEnabled() == chip.button.isEnabled()


def test_the_first_frame_paints_no_action_chip_and_keeps_their_room(qtbot, tmp_path):
    # The chips are shown with the rest, where the first frame kept their room: the
    # palette is as tall at the first frame as once whole (the view stays in place).
    window = _open(qtbot, tmp_path)
    chips = list(window.turn_panel.palette_widget.chips.values())
    assert chips
    seen = []
    for chip in chips:
        seen.append(PaintSeen())
        chip.button.installEventFilter(seen[-1])
    palette = window.turn_panel.palette_widget
    first: list[tuple[int, bool]] = []

    def at_first_frame() -> None:
        first.append((palette.height(), any(paint.seen for paint in seen)))

    AfterPaint(window.central_view, at_first_frame)  # the last filter is asked first
    with qtbot.waitSignal(window.completed, timeout=5000):
        window.show()
    assert first == [(palette.height(), False)]  # its height kept, no chip painted
    qtbot.waitUntil(lambda: all(paint.seen for paint in seen), timeout=5000)
    assert all(chip.button.isVisible() for chip in chips)


def test_another_fight_opened_before_the_first_frame_shows_its_chips(qtbot, tmp_path):
    # A file opened before the first frame (the command line's) is shown with its
    # chips, made for its rules.
    window = _open(qtbot, tmp_path)
    other = Session(load_encounter(sample_path("classic_d20_sample.json")))
    window.document.replace_session(other)
    chips = list(window.turn_panel.palette_widget.chips.values())
    assert chips and all(chip.isVisibleTo(window) for chip in chips)
    window.show()
    qtbot.waitUntil(lambda: all(chip.button.isVisible() for chip in chips), timeout=5000)


def _copy_of(sample: str, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    copy = folder / sample
    copy.write_bytes((sample_path().parent / sample).read_bytes())
    return copy


def test_a_file_named_on_the_command_line_is_the_first_frame(qtbot, tmp_path):
    """`roundkeeper fight.json`: the window opens on the file itself, never on the last
    encounter or the sample first (shown, then replaced)."""
    wanted = _copy_of("priority_sample.json", tmp_path / "files")
    window = open_main_window(
        tmp_path / "journal", ask=lambda _q: True, tell=lambda *_: None, first=wanted
    )
    qtbot.addWidget(window)
    assert window.document.path == wanted
    assert window.document.encounter.to_dict() == load_encounter(wanted).to_dict()
    assert window.document.ruleset.id == "priority"
    assert load_recent().recent[0] == wanted  # in File → Open Recent, first


def test_a_file_on_the_command_line_that_does_not_open_leaves_the_usual_start(qtbot, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json", encoding="utf-8")
    window = open_main_window(
        tmp_path / "journal", ask=lambda _q: True, tell=lambda *_: None, first=broken
    )
    qtbot.addWidget(window)
    assert window.document.path != broken  # the start opens it after, and says why not
    assert window.document.encounter.name == load_encounter(sample_path()).name


def test_a_journal_to_resume_comes_before_a_file_on_the_command_line(qtbot, tmp_path):
    journal = tmp_path / "journal"
    cut_off = _open(qtbot, tmp_path)
    assert cut_off.document.apply(StartEncounter())
    wanted = _copy_of("priority_sample.json", tmp_path / "files")
    # Not closed, as if killed: the GM is asked first, and resumes.
    resumed = open_main_window(journal, ask=lambda _q: True, tell=lambda *_: None, first=wanted)
    qtbot.addWidget(resumed)
    assert resumed.document.path != wanted
    assert resumed.document.encounter.to_dict() == cut_off.document.encounter.to_dict()
