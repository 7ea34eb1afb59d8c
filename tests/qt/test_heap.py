"""A large fight's objects are frozen out of the cycle collector's full passes once the
loop is idle after it is loaded (`tracker.qt.heap`); a small one's are left as they are."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tracker.engine import AddCombatant, Session
from tracker.qt import heap
from tracker.qt.document import EncounterDocument
from tracker.qt.heap import LARGE


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
    qtbot.waitUntil(lambda: not _tracked(other))


def test_a_small_fight_is_left_to_the_collector(qtbot: QtBot) -> None:
    frozen = gc.get_freeze_count()
    session = _session(10)
    EncounterDocument(session)
    QApplication.processEvents()  # once through the loop: nothing was scheduled
    assert gc.get_freeze_count() == frozen
    assert _tracked(session)


def test_a_large_fight_replaced_is_collected_once_the_next_is_loaded(qtbot: QtBot) -> None:
    """Frozen objects in cycles would stay for good: each load hands back what the last
    one froze, so the fight it replaced (held in cycles by its views) is freed."""
    session = _session(LARGE)
    document = EncounterDocument(session)
    qtbot.waitUntil(lambda: gc.get_freeze_count() > 0)  # frozen
    gone = weakref.ref(session.encounter)
    loop = [session.encounter]  # a cycle through the old encounter, as its views make
    loop.append(loop)  # type: ignore[arg-type]
    del session, loop
    for size in (LARGE, 10):  # another large fight, then a small one
        before = gc.get_freeze_count()
        document.replace_session(_session(size))
        qtbot.waitUntil(lambda before=before: gc.get_freeze_count() != before)
        gc.collect()
        assert gone() is None
        gone = weakref.ref(document.session.encounter)
        loop = [document.session.encounter]
        loop.append(loop)  # type: ignore[arg-type]
        del loop
    assert gc.get_freeze_count() == 0  # the small fight: nothing left frozen


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
