"""A fight that was being shared when Roundkeeper was cut off is shared again when it
is resumed, on the same link, so the players' pages (which keep trying) follow it again
with nobody touching anything; declined, or started any other way, nothing is shared;
a port taken meanwhile is said in the banner."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.share.test_share_dialog import fetch, free_port, server_stopped
from tracker.engine import EndTurn, StartEncounter
from tracker.qt.app import open_main_window, sample_session
from tracker.qt.main_window import MainWindow
from tracker.qt.settings_file import settings_store, was_sharing
from tracker.qt.share.menu import window_session
from tracker.qt.share.session import ShareSession

WINDOWS: list[MainWindow] = []


@pytest.fixture(autouse=True)
def _closed() -> Iterator[None]:
    yield
    for window in WINDOWS:
        session = window.findChild(ShareSession)
        if session is not None:
            session.stop()
        window.document.undo_stack.set_clean()
        window.close()
    WINDOWS.clear()


def shared_then_cut_off(tmp_path: Path, port: int) -> tuple[Path, str]:
    """A window sharing its fight on the loopback, its server gone as if the process
    was killed (the mark left set): its journal and the link it gave."""
    journal = tmp_path / "journal"
    first = MainWindow(sample_session(), None, journal)
    WINDOWS.append(first)
    first.complete()
    first.document.apply(StartEncounter())
    session = window_session(first)
    session.start("127.0.0.1", port)
    link = session.link()
    first.document.apply(EndTurn())
    server = session.server
    session._stop_server()  # the process died: no stop, no quit
    server_stopped(server)
    assert was_sharing(settings_store())
    return journal, link


def reopened(journal: Path, resume: bool) -> MainWindow:
    told: list[str] = []
    window = open_main_window(
        journal,
        ask=lambda question: resume and "Resume" in question,
        tell=lambda text, _folder: told.append(text),
    )
    WINDOWS.append(window)
    window.complete()
    return window


def test_a_resumed_fight_is_shared_again_on_the_same_link(qtbot, tmp_path):
    journal, link = shared_then_cut_off(tmp_path, free_port())
    window = reopened(journal, resume=True)
    session = window.findChild(ShareSession)
    assert session is not None and session.is_sharing()
    assert session.link() == link
    assert fetch(link + "state")[0] == 200
    assert window.banner.isVisibleTo(window)
    assert "Shared again on " + link in window.banner.label.text()
    assert was_sharing(settings_store())  # (sharing still: cut off again, shared again)
    session.stop()
    assert not was_sharing(settings_store())


def test_declined_nothing_is_shared_and_the_mark_is_gone(qtbot, tmp_path):
    journal, _link = shared_then_cut_off(tmp_path, free_port())
    window = reopened(journal, resume=False)
    assert window.findChild(ShareSession) is None
    assert not was_sharing(settings_store())


def test_a_port_taken_meanwhile_is_said_and_nothing_breaks(qtbot, tmp_path):
    port = free_port()
    journal, _link = shared_then_cut_off(tmp_path, port)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        window = reopened(journal, resume=True)
        session = window.findChild(ShareSession)
        assert session is None or not session.is_sharing()
        text = window.banner.label.text()
        assert f"Sharing could not start again on 127.0.0.1, port {port}" in text
        assert window.banner.kind == "error"
    assert not was_sharing(settings_store())


def test_stopping_quitting_or_another_encounter_clears_the_mark(qtbot, tmp_path):
    window = MainWindow(sample_session(), None, tmp_path / "journal")
    WINDOWS.append(window)
    window.complete()
    session = window_session(window)
    for end in (session.stop, lambda: window.document.replace_session(sample_session())):
        session.start("127.0.0.1", free_port())
        assert was_sharing(settings_store())
        end()
        assert not session.is_sharing() and not was_sharing(settings_store())
