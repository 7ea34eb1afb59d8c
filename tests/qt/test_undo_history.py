"""Undo and redo in the window read the engine's own history: Ctrl+Z and Ctrl+Shift+Z,
the Edit menu's texts, the title's modified marker and a refused undo, with no Qt
object kept per step (a `QUndoStack` mirrored the history, one command a step)."""

from __future__ import annotations

import gc

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QApplication

from benchmarks.fights import next_step
from tests.qt.test_keyboard import key
from tracker.engine import CommandError, EndTurn, StartEncounter
from tracker.engine.changes import ChangeSet
from tracker.engine.stacks import Stack


class _Damaged:
    """An undo record that cannot be read, as a damaged journal line gives."""

    def revert(self) -> ChangeSet:
        raise CommandError("This change cannot be undone or redone: its record is damaged.")

    def reapply(self) -> ChangeSet:
        raise CommandError("This change cannot be undone or redone: its record is damaged.")


def _active(window, qtbot) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.central_view.setFocus()


def _texts(window) -> tuple[str, str, bool, bool]:
    undo, redo = window.actions_by_name["undo"], window.actions_by_name["redo"]
    return undo.text(), redo.text(), undo.isEnabled(), redo.isEnabled()


def _modified(window) -> bool:
    return " *" in window.windowTitle()


def test_keys_undo_and_redo_with_their_texts_and_the_modified_marker(window, qtbot) -> None:
    document = window.document
    session = document.session
    assert not _modified(window) and _texts(window) == ("&Undo", "&Redo", False, False)
    document.apply(StartEncounter())
    document.apply(EndTurn())
    ended = session.undo_text
    assert ended.startswith("End ") and _modified(window)
    assert _texts(window) == (f"&Undo {ended}", "&Redo", True, False)
    document.undo_stack.set_clean()  # saved here
    assert not _modified(window)
    _active(window, qtbot)

    key(qtbot, "Ctrl+Z")
    assert session.history_size == 1 and _modified(window)
    assert _texts(window) == ("&Undo Start", f"&Redo {ended}", True, True)
    key(qtbot, "Ctrl+Shift+Z")  # back where it was saved
    assert session.history_size == 2 and not _modified(window)
    assert _texts(window) == (f"&Undo {ended}", "&Redo", True, False)

    key(qtbot, "Ctrl+Z")
    key(qtbot, "Ctrl+Z")
    assert session.history_size == 0 and _texts(window) == ("&Undo", "&Redo Start", False, True)
    key(qtbot, "Ctrl+Z")  # nothing left: nothing happens, nothing is refused
    assert session.history_size == 0 and window.banner.kind != "error"
    key(qtbot, "Ctrl+Shift+Z")
    document.apply(EndTurn())  # another step where the saved one was: not saved
    assert session.history_size == 2 and not session.can_redo and _modified(window)
    assert _texts(window)[1:] == ("&Redo", True, False)
    document.undo_stack.set_clean()


def test_an_undo_the_engine_refuses_is_told_in_the_banner(window, qtbot) -> None:
    document = window.document
    session = document.session
    document.apply(StartEncounter())
    document.apply(EndTurn())
    done = session.history
    done[0] = done[0]._replace(record=_Damaged())  # the start
    session._done = Stack(done)
    before = session.encounter.to_dict()
    _active(window, qtbot)
    key(qtbot, "Ctrl+Z")
    assert session.history_size == 1
    key(qtbot, "Ctrl+Z")  # the damaged one: refused, nothing changes
    assert session.history_size == 1 and window.banner.kind == "error"
    assert "damaged" in window.banner.label.text()
    assert _texts(window)[:2] == ("&Undo Start", f"&Redo {session.redo_text}")
    key(qtbot, "Ctrl+Shift+Z")
    assert session.encounter.to_dict() == before


def _qt_wrappers() -> int:
    """Python objects that wrap a Qt object or value, once the cycles are collected."""
    gc.collect()
    return sum(isinstance(o, shiboken6.Object) for o in gc.get_objects())


def test_a_long_fight_keeps_no_qt_object_per_step(window, qtbot) -> None:
    document = window.document
    document.apply(StartEncounter())
    assert not window.findChildren(QUndoStack)

    def play(steps: int) -> None:
        for _ in range(steps):
            document.apply(next_step(document.session))
            QApplication.processEvents()

    play(20)  # caches and views warmed up
    objects, wrappers = len(window.findChildren(QObject)), _qt_wrappers()
    play(200)  # views come and go a little; one object a step would be 200 more
    assert len(window.findChildren(QObject)) - objects < 20
    assert _qt_wrappers() - wrappers < 20
    assert document.undo_stack.count() == document.session.history_size == 221
    assert not window.findChildren(QUndoStack)
