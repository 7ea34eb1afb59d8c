"""The players' link kept from one run of the app to the next (`kept_link`): after a
restart, sharing on the same network and port gives the same link, so the players'
pages reconnect by themselves; only "New link" changes it; whatever the settings file
holds, nothing breaks."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QWidget

from tests.share.test_share_dialog import CHOICES, LOOPBACK, fetch, fight, free_port, server_stopped
from tracker.qt.settings_file import settings_store
from tracker.qt.share.dialog import ShareDialog
from tracker.qt.share.kept_link import DEFAULT_PORT, KeptLink
from tracker.qt.share.session import ShareSession

SECOND = CHOICES[1]


WINDOWS: list[QWidget] = []  # each test's windows, alive until it ends


@pytest.fixture(autouse=True)
def _windows_kept():
    yield
    WINDOWS.clear()


def window_and_dialog(qtbot) -> tuple[ShareSession, ShareDialog]:
    """A fresh window's session and dialog, as after the app restarts."""
    window = QWidget()
    qtbot.addWidget(window)
    WINDOWS.append(window)
    session = ShareSession(fight(), window)
    dialog = ShareDialog(session, window, [LOOPBACK, SECOND])
    return session, dialog


def restart(session: ShareSession) -> None:
    server = session.server
    session.stop()
    if server is not None:
        server_stopped(server)


def test_after_a_restart_sharing_again_gives_the_same_link_and_it_serves(qtbot):
    session, dialog = window_and_dialog(qtbot)
    port = free_port()
    dialog.port.setValue(port)
    dialog.start_button.click()
    link = session.link()
    restart(session)

    again, dialog = window_and_dialog(qtbot)
    assert dialog.interface.currentData() == LOOPBACK.host and dialog.port.value() == port
    dialog.start_button.click()
    try:
        assert again.link() == link == dialog.link.text()
        assert fetch(link + "state")[0] == 200
    finally:
        again.stop()


def test_the_network_shared_on_last_is_preselected_while_it_is_still_there(qtbot):
    KeptLink(None, SECOND.host, DEFAULT_PORT).save()
    _session, dialog = window_and_dialog(qtbot)
    assert dialog.interface.currentData() == SECOND.host
    KeptLink(None, "192.0.2.77", 9000).save()  # a network the laptop has left
    _session, dialog = window_and_dialog(qtbot)
    assert dialog.interface.currentIndex() == 0 and dialog.port.value() == 9000


def test_a_new_link_is_kept_and_the_old_one_is_not_given_again(qtbot):
    session, dialog = window_and_dialog(qtbot)
    dialog.port.setValue(free_port())
    dialog.start_button.click()
    old = session.link()
    dialog.renew_button.click()
    new = session.link()
    assert new != old and KeptLink.load().token == new.rstrip("/").rsplit("/", 1)[1]
    restart(session)
    again, dialog = window_and_dialog(qtbot)
    dialog.start_button.click()
    try:
        assert again.link() == new
    finally:
        again.stop()


def test_a_new_link_asked_while_not_sharing_forgets_the_kept_one(qtbot):
    session, dialog = window_and_dialog(qtbot)
    dialog.port.setValue(free_port())
    dialog.start_button.click()
    old = session.link()
    restart(session)
    session.renew_token()
    assert KeptLink.load().token is None
    again, dialog = window_and_dialog(qtbot)
    dialog.start_button.click()
    try:
        assert again.link() != old
        assert KeptLink.load().token == again.link().rstrip("/").rsplit("/", 1)[1]
    finally:
        again.stop()


@pytest.mark.parametrize(
    ("token", "port"),
    [
        ("short", "80"),
        ("../../etc/passwd-and-more-characters", "65536"),
        ("a" * 22 + "/", "abc"),
        ("é" * 30, "-1"),
        ("a" * 500, "1e4"),
        (["a" * 22, "b" * 22], ["8000", "9000"]),  # "token=a, b" in the file: a list
    ],
)
def test_whatever_the_file_holds_a_bad_token_or_port_is_not_used(qtbot, token, port):
    store = settings_store()
    store.setValue("share/token", token)
    store.setValue("share/port", port)
    store.setValue("share/host", "x" * 1000)
    store.sync()
    kept = KeptLink.load()
    assert kept == KeptLink(None, "", DEFAULT_PORT)
    session, dialog = window_and_dialog(qtbot)
    assert dialog.port.value() == DEFAULT_PORT and dialog.interface.currentIndex() == 0
    dialog.port.setValue(free_port())
    dialog.start_button.click()
    try:
        made = session.link().rstrip("/").rsplit("/", 1)[1]
        assert made != token and len(made) >= 22 and KeptLink.load().token == made
    finally:
        session.stop()
