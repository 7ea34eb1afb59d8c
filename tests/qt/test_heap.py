"""A large fight's objects are frozen out of the cycle collector's full passes once the
loop is idle after it is loaded (`tracker.qt.heap`); a small one's are left as they are."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tracker.engine import AddCombatant, Session
from tracker.qt import heap
from tracker.qt.document import EncounterDocument
from tracker.qt.heap import LARGE
from tracker.qt.main_window import MainWindow


@pytest.fixture(autouse=True)
def _thawed() -> Iterator[None]:
    """Whatever a test freezes is handed back to the collector after it."""
    yield
    gc.unfreeze()


def _session(size: int) -> Session:
    session = Session.new("Crowd", "war_scroll")
    for number in range(size):
        session.apply(AddCombatant(f"Fighter {number}", "enemy"))
    return session


def _tracked(session: Session) -> bool:
    """The first combatant among the objects the collector's passes walk."""
    first = session.encounter.combatants[0]
    return any(o is first for o in gc.get_objects())


def test_a_large_fight_is_frozen_when_the_loop_is_idle(qtbot: QtBot) -> None:
    session = _session(LARGE)
    document = EncounterDocument(session)
    assert _tracked(session)  # not before the loop is idle: the window is still built
    qtbot.waitUntil(lambda: not _tracked(session))
    assert gc.get_freeze_count() > 0
    other = _session(LARGE)
    document.replace_session(other)  # another large fight opened
    QApplication.processEvents()  # the load's turn of the loop: its posted work alone
    assert _tracked(other)
    qtbot.waitUntil(lambda: not _tracked(other))


def test_a_small_fight_is_left_to_the_collector(qtbot: QtBot) -> None:
    frozen = gc.get_freeze_count()
    session = _session(10)
    EncounterDocument(session)
    QApplication.processEvents()  # once through the loop: nothing was scheduled
    assert gc.get_freeze_count() == frozen
    assert _tracked(session)


def test_a_load_makes_no_full_pass(qtbot: QtBot) -> None:
    """A full pass would walk the whole new fight in one slot of the event loop (80-200
    ms at 1,000 combatants): the young generations only are collected before freezing."""
    passes: list[int] = []

    def heard(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            passes.append(info["generation"])

    gc.callbacks.append(heard)
    try:
        EncounterDocument(_session(LARGE))
        qtbot.waitUntil(lambda: gc.get_freeze_count() > 0)
    finally:
        gc.callbacks.remove(heard)
    assert 2 not in passes


def test_the_fight_a_window_replaces_goes_by_its_reference_counts(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Frozen, the fight replaced would stay for good if its views held it in cycles:
    with the collector off, it is freed once another is loaded in the window."""
    window = MainWindow(_session(LARGE), None, tmp_path / "journal")
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitUntil(lambda: gc.get_freeze_count() > 0)
    encounter = window.document.session.encounter
    gone = [weakref.ref(encounter), *(weakref.ref(c) for c in encounter.combatants)]
    del encounter
    gc.disable()
    try:
        for size in (LARGE, 10):  # another large fight, then a small one
            window.document.undo_stack.set_clean()
            window.replace_session(_session(size), None)
            qtbot.wait(1)
            QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
            assert [ref() for ref in gone if ref() is not None] == []
            encounter = window.document.session.encounter
            gone = [weakref.ref(encounter), *(weakref.ref(c) for c in encounter.combatants)]
            del encounter
    finally:
        gc.enable()
    qtbot.waitUntil(lambda: gc.get_freeze_count() == 0)  # the small fight: thawed
    window.document.undo_stack.set_clean()


def test_the_start_up_leaves_a_large_fight_frozen() -> None:
    """The start-up's hand-back some seconds after the start (`unfreeze_start_up`)
    does not thaw a large fight frozen since."""
    gc.freeze()
    heap._large_frozen = True
    try:
        heap.unfreeze_start_up()
        assert gc.get_freeze_count() > 0
    finally:
        heap._large_frozen = False
    heap.unfreeze_start_up()
    assert gc.get_freeze_count() == 0
