"""The turn timer: off by default; per turn and per round on the GM's status bar label
and on the players' screen (with "Up next"); an undo resumes the turn it goes back to;
a hidden combatant's turn does not restart the players' timer; nothing is journaled."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tracker.engine import AddCombatant, EndTurn, Session, StartEncounter
from tracker.qt.document import EncounterDocument
from tracker.qt.players.board import PlayersBoard
from tracker.qt.players.themes import DARK
from tracker.qt.widgets.turn_timer import (
    LEFT_KEPT,
    TurnClock,
    TurnTimerLabel,
    TurnTimerSetting,
    duration_text,
    turn_timer_action,
)


class FakeClock:
    def __init__(self) -> None:
        self.seconds = 1000.0

    def __call__(self) -> float:
        return self.seconds

    def wait(self, seconds: float) -> None:
        self.seconds += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def setting(qapp, tmp_path: Path) -> TurnTimerSetting:
    store = QSettings(str(tmp_path / "tracker.ini"), QSettings.Format.IniFormat)
    return TurnTimerSetting(store)


def round_robin() -> EncounterDocument:
    """War Scroll: Ayla (fastest), the hidden Witch, then Bren."""
    document = EncounterDocument(Session.new("Bridge", "war_scroll", {}))
    document.apply(AddCombatant("Ayla", "party", stats={"swiftness": 9, "speed": 1}))
    document.apply(AddCombatant("Witch", "enemy", hidden=True, stats={"swiftness": 8, "speed": 1}))
    document.apply(AddCombatant("Bren", "party", stats={"swiftness": 7, "speed": 1}))
    return document


def test_durations_read_as_minutes_and_seconds():
    assert duration_text(7) == "0:07"
    assert duration_text(760.9) == "12:40"
    assert duration_text(3725) == "1:02:05"
    assert duration_text(-3) == "0:00"


def test_a_turn_is_timed_from_its_start_and_an_undo_resumes_it(clock):
    timer = TurnClock(clock)
    timer.follow("ayla", 1, "apply")
    clock.wait(30)
    timer.follow("bren", 1, "apply")  # End Turn
    clock.wait(5)
    assert (timer.turn_seconds(), timer.round_seconds()) == (5, 35)
    timer.follow("ayla", 1, "undo")  # the End Turn was a mistake: Ayla's time goes on
    assert timer.turn_seconds() == 35
    timer.follow("bren", 1, "redo")  # a redo starts Bren's turn afresh
    assert timer.turn_seconds() == 0
    clock.wait(10)
    timer.follow("soul", 2, "apply")  # a new round
    assert (timer.turn_seconds(), timer.round_seconds()) == (0, 0)
    clock.wait(3)
    assert timer.text("Cycle") == "Turn 0:03 · Cycle 0:03"
    timer.follow("bren", 1, "undo")
    assert timer.round_seconds() == 48  # round 1 resumed from its own start
    timer.follow("join battle", None, "apply")  # a turn before the first round
    assert timer.text() == "Turn 0:00"


def test_only_the_last_turns_left_are_remembered(clock):
    """A long fight leaves thousands of turns behind; the clock keeps the start times of
    the last `LEFT_KEPT` only: an undo back further starts the turn afresh."""
    timer = TurnClock(clock)
    turns = [(number, 1 + number // 10) for number in range(3 * LEFT_KEPT)]
    for number, round_number in turns:
        timer.follow(("turn", number), round_number, "apply")
        clock.wait(1)
    recent, recent_round = turns[-LEFT_KEPT]
    timer.follow(("turn", recent), recent_round, "undo")
    assert timer.turn_seconds() == LEFT_KEPT
    old, old_round = turns[0]
    timer.follow(("turn", old), old_round, "undo")
    assert timer.turn_seconds() == 0
    assert timer.round_seconds() == 3 * LEFT_KEPT  # the first round, kept: few rounds


def test_off_by_default_and_switched_from_the_menu_item(qtbot, setting, clock):
    assert not setting.enabled
    document = round_robin()
    board = PlayersBoard(document, DARK, timer=setting, now=clock)
    label = TurnTimerLabel(document, now=clock, setting=setting)
    qtbot.addWidget(board)
    qtbot.addWidget(label)
    board.show()
    assert not board.timer_label.isVisible() and not board.up_next.isVisible()
    assert label.isHidden()
    action = turn_timer_action(board, setting)
    action.trigger()
    assert setting.enabled and board.timer_label.isVisible() and not label.isHidden()
    assert TurnTimerSetting(setting._store).enabled  # saved
    action.trigger()
    assert not board.timer_label.isVisible() and label.isHidden()


def test_both_screens_count_and_a_hidden_turn_restarts_it_as_any_turn(qtbot, setting, clock):
    setting.set_enabled(True)
    document = round_robin()
    board = PlayersBoard(document, DARK, timer=setting, now=clock)
    label = TurnTimerLabel(document, now=clock, setting=setting)
    qtbot.addWidget(board)
    qtbot.addWidget(label)
    board.show()
    document.apply(StartEncounter())
    clock.wait(42)
    board._show_timer()
    label.refresh()
    assert board.timer_label.text() == "Turn 0:42 · Cycle 0:42"
    assert label.text() == "Turn 0:42 · Cycle 0:42"
    assert board.up_next.text() == "Up next: Bren"  # the Witch is not named
    document.apply(EndTurn())  # the hidden Witch's turn
    clock.wait(8)
    board._show_timer()
    label.refresh()
    assert label.text() == "Turn 0:08 · Cycle 0:50"  # the GM times every turn
    assert board.timer_label.text() == "Turn 0:08 · Cycle 0:50"  # as for any new turn
    assert board.now_panel.name.full_text() == "—"  # but nobody is named
    document.apply(EndTurn())  # Bren's
    clock.wait(2)
    board._show_timer()
    assert board.timer_label.text() == "Turn 0:02 · Cycle 0:52"
    assert board.now_panel.name.full_text() == "Bren"
    document.undo_stack.undo()  # back into the Witch's turn, timed on
    board._show_timer()
    label.refresh()
    assert board.timer_label.text() == "Turn 0:10 · Cycle 0:52"
    assert label.text() == "Turn 0:10 · Cycle 0:52"


def test_the_timer_ticks_on_its_own_and_journals_nothing(qtbot, setting):
    setting.set_enabled(True)
    document = round_robin()
    board = PlayersBoard(document, DARK, timer=setting)
    qtbot.addWidget(board)
    board.show()
    document.apply(StartEncounter())
    steps = len(document.session.history)
    first = board.timer_label.text()
    qtbot.waitUntil(lambda: board.timer_label.text() != first, timeout=2500)
    assert board.timer_label.text() == "Turn 0:01 · Cycle 0:01"
    assert len(document.session.history) == steps  # nothing was applied or journaled


def test_the_gm_switches_the_timer_on_from_the_view_menu(window):
    window.document.apply(StartEncounter())
    label = window.turn_timer
    action = window.actions_by_name["turn_timer"]
    assert not action.isChecked() and not label.isVisibleTo(window)
    action.trigger()
    try:
        assert label.isVisibleTo(window)
        assert label.text().startswith("Turn 0:0")
    finally:
        action.trigger()
    assert not label.isVisibleTo(window)
