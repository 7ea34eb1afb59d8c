"""Players → Share on the local network: the dialog, the session behind it, what the
page is sent as the fight goes on, and that sharing costs the GUI thread next to
nothing (the sending happens on the server's threads)."""

from __future__ import annotations

import json
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEventLoop
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from benchmarks.fights import add_effects, build, next_step
from tests.share.test_server import Stream, handed_over
from tracker.engine import (
    AddCombatant,
    ChangeHealth,
    EditCombatant,
    EndTurn,
    Session,
    StartEncounter,
)
from tracker.engine.state import SIDES
from tracker.qt.document import EncounterDocument
from tracker.qt.players.projection import turn_detail
from tracker.qt.players.public_state import NEUTRAL
from tracker.qt.players.settings import PlayersScreenSettings
from tracker.qt.share.dialog import ShareDialog, qr_pixmap
from tracker.qt.share.page_state import PageState
from tracker.qt.share.session import ShareSession
from tracker.share import interfaces
from tracker.share.interfaces import (
    EVERY_INTERFACE,
    Choice,
    default_route_address,
    interface_choices,
    ipv6_available,
)

LOOPBACK = Choice("This computer only (127.0.0.1)", "127.0.0.1")
CHOICES = [LOOPBACK, Choice("Every interface (0.0.0.0)", EVERY_INTERFACE)]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fight() -> EncounterDocument:
    document = EncounterDocument(Session.new("Ambush <script>alert(1)</script>", "priority"))
    for name, side, hidden in (
        ("Bren & <i>Co</i>", "party", False),
        ("Goblin", "enemy", False),
        ("Lurker", "enemy", True),
    ):
        assert document.apply(AddCombatant(name, side, hidden=hidden))
    assert document.apply(StartEncounter())
    return document


@pytest.fixture
def shared(qtbot) -> Any:
    window = QWidget()
    qtbot.addWidget(window)
    document = fight()
    session = ShareSession(document, window)
    dialog = ShareDialog(session, window, CHOICES)
    qtbot.addWidget(dialog)
    dialog.port.setValue(free_port())
    yield document, session, dialog
    session.stop()


def fetch(url: str) -> tuple[int, bytes]:
    """GET `url` from a thread of its own while the GUI thread's event loop runs, as a
    phone would: the server may ask the GUI thread for a state (no page watched)."""
    answers: list[tuple[int, bytes]] = []
    worker = threading.Thread(target=lambda: answers.append(_get(url)))
    worker.start()
    while worker.is_alive():
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 10)
        worker.join(0.001)
    return answers[0]


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, b""


def state(session: ShareSession) -> dict[str, Any]:
    status, body = fetch(session.link() + "state")
    assert status == 200
    return dict(json.loads(body))


def test_the_default_route_comes_first_and_every_interface_only_last():
    choices = interface_choices()
    hosts = [c.host for c in choices]
    assert hosts[-1] == EVERY_INTERFACE and hosts.count(EVERY_INTERFACE) == 1
    default = default_route_address()
    if default is not None and default in hosts:
        assert hosts[0] == default
    loopbacks = ["127.0.0.1", "::1"] if ipv6_available() else ["127.0.0.1"]
    assert hosts[-1 - len(loopbacks) : -1] == loopbacks
    assert len(hosts) == len(set(hosts))


def test_the_machines_ipv6_addresses_are_offered_after_the_ipv4_default(monkeypatch):
    """As `/proc/net/if_inet6` lists them: global and unique-local ones, never the
    link-local ones (a link to one needs a zone) nor the loopback but as "this computer
    only"; the IPv4 default route stays first (preselected)."""
    table = (
        "00000000000000000000000000000001 01 80 10 80       lo\n"
        "fe800000000000000000000000000001 02 40 20 80     eth0\n"
        "20010db8000000000000000000000042 02 40 00 80     eth0\n"
        "fd000000000000000000000000000002 02 40 00 80     eth0\n"
    )
    path = Path(tempfile.mkdtemp()) / "if_inet6"
    path.write_text(table)
    monkeypatch.setattr(interfaces, "IF_INET6", str(path))
    monkeypatch.setattr(interfaces, "_linux_addresses", lambda: [("eth0", "192.168.1.20")])
    monkeypatch.setattr(interfaces.sys, "platform", "linux")
    routes = {socket.AF_INET: "192.168.1.20", socket.AF_INET6: "fd00::2"}
    monkeypatch.setattr(
        interfaces, "default_route_address", lambda family=socket.AF_INET: routes[family]
    )
    monkeypatch.setattr(interfaces, "ipv6_available", lambda: True)
    choices = interfaces.interface_choices()
    assert [c.host for c in choices] == [
        "192.168.1.20",
        "fd00::2",
        "2001:db8::42",
        "127.0.0.1",
        "::1",
        EVERY_INTERFACE,
    ]
    assert choices[1].label == "eth0: fd00::2 (the local network)"


def test_sharing_on_ipv6_binds_it_and_links_with_brackets(shared):
    if not ipv6_available():
        pytest.skip("this kernel has IPv6 disabled: no ::1 to listen on")
    document, session, dialog = shared
    dialog.interface.addItem("This computer only (::1)", "::1")
    dialog.interface.setCurrentIndex(dialog.interface.count() - 1)
    dialog.start_button.click()
    assert session.server is not None and session.server.host == "::1"
    port, token = session.server.port, session.server.hub.token
    assert session.link() == f"http://[::1]:{port}/{token}/"
    assert dialog.link.text() == session.link()
    assert state(session)["now"]["name"] == "Bren & <i>Co</i>"  # served over IPv6
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), timeout=2):
        pass  # the IPv6 family only: nothing on the IPv4 loopback's port


def test_the_dialog_preselects_the_first_choice_never_every_interface(qtbot):
    window = QWidget()
    qtbot.addWidget(window)
    dialog = ShareDialog(ShareSession(fight(), window), window)
    assert dialog.interface.currentIndex() == 0
    assert dialog.interface.currentData() != EVERY_INTERFACE
    assert not dialog.renew_button.isEnabled()
    assert dialog.link.text() == "Not sharing."


def test_start_shows_the_link_and_its_code_and_serves_the_players_view(shared):
    document, session, dialog = shared
    dialog.start_button.click()
    assert session.is_sharing()
    link = dialog.link.text()
    assert link == session.link()
    assert link.startswith(f"http://127.0.0.1:{dialog.port.value()}/")
    assert len(link.rstrip("/").rsplit("/", 1)[1]) >= 22  # ≥ 128 bits
    assert dialog.code.pixmap().toImage() == qr_pixmap(link).toImage()
    assert not dialog.port.isEnabled() and dialog.renew_button.isEnabled()
    shown = state(session)
    assert shown["title"] == "Ambush <script>alert(1)</script>"  # as text, as it is
    assert shown["now"]["name"] == "Bren & <i>Co</i>"
    assert "Lurker" not in json.dumps(shown)
    token = link.rstrip("/").rsplit("/", 1)[1]
    assert fetch(link)[0] == 200 and fetch(link.replace(token, "x" + token) + "state")[0] == 401


def test_every_change_reaches_the_page_and_a_hidden_turn_names_nobody(shared, qtbot):
    """Timed from the GUI's hand-over to the server (test_load.py times 50 pages from
    the step itself, in a process of their own: here the page shares the GUI's process
    and its interpreter with whatever tests ran before)."""
    document, session, dialog = shared
    dialog.start_button.click()
    handed: list[float] = []
    publish = session.server.publish_state
    session.server.publish_state = lambda state, change: (
        handed.append(time.perf_counter()),
        publish(state, change),
    )
    stream = Stream(session.server)
    first = json.loads(stream.wait_for(1)[0][1])
    assert first["now"]["name"] == "Bren & <i>Co</i>"
    lurker = next(c.id for c in document.encounter.combatants if c.hidden)
    hidden_turns = 0
    for _ in range(12):
        assert document.apply(EndTurn())
        count = len(stream.events)
        qtbot.waitUntil(lambda n=count: len(stream.events) > n, timeout=2000)
        kind, data, arrived = stream.events[-1]
        assert kind == "message" and arrived - handed[-1] < 0.2
        assert "Lurker" not in data
        turn = document.session.current_turn()
        if turn is not None and turn.combatant_id == lurker:
            hidden_turns += 1
            assert json.loads(data)["now"]["name"] == NEUTRAL
    assert hidden_turns > 0
    stream.close()


def test_no_state_is_made_while_no_page_watches_and_a_page_that_comes_sees_the_last(
    shared, qtbot, monkeypatch
):
    """Sharing on with no page connected costs no state at all; the first page to come
    is sent one made then, never the one of before (Goblin since hidden)."""
    document, session, dialog = shared
    dialog.start_button.click()
    assert session.feed is not None
    made: list[int] = []
    state = session.feed.state

    def counted() -> PageState:
        made.append(1)
        return state()

    monkeypatch.setattr(session.feed, "state", counted)
    goblin = next(c for c in document.encounter.combatants if c.name == "Goblin")
    for _ in range(3):
        assert document.apply(EndTurn())
    assert document.apply(EditCombatant(goblin.id, {"hidden": True}))
    assert not session._publish_soon.isActive()
    assert made == []
    stream = Stream(session.server)
    qtbot.waitUntil(lambda: len(stream.events) > 0, timeout=5000)
    kind, data, _arrived = stream.events[0]
    assert kind == "message" and "Goblin" not in data and made == [1]
    assert document.apply(EndTurn())  # watched now: published as ever
    qtbot.waitUntil(lambda: len(stream.events) > 1, timeout=5000)
    assert made == [1, 1] and "Goblin" not in stream.events[1][1]
    stream.close()


def test_a_change_is_made_into_a_state_as_it_settles_and_the_timer_hands_it_over(
    shared, qtbot, monkeypatch
):
    """While a page watches, a change's state is made as soon as the change has settled
    (every model has followed it, what it reads still warm), once: the timer hands that
    state to the server, not one made again. In a burst only the first change's is made
    then; the timer makes the last one's, so a burst costs two states at most and the
    pages are never handed a state of before the last change."""
    document, session, dialog = shared
    dialog.start_button.click()
    assert session.feed is not None and session.server is not None
    stream = Stream(session.server)
    stream.wait_for(1)
    made: list[PageState] = []
    state = session.feed.state

    def counted() -> PageState:
        made.append(state())
        return made[-1]

    handed: list[PageState] = []
    publish = session.server.publish_state

    def kept(shown: PageState, change: int) -> None:
        handed.append(shown)
        publish(shown, change)

    monkeypatch.setattr(session.feed, "state", counted)
    monkeypatch.setattr(session.server, "publish_state", kept)
    assert document.apply(EndTurn())
    assert len(made) == 1 and handed == [] and session._publish_soon.isActive()
    qtbot.waitUntil(lambda: len(handed) == 1, timeout=2000)
    assert len(made) == 1 and handed[0] is made[0]
    for _ in range(3):  # three changes before the timer fires
        assert document.apply(EndTurn())
    assert len(made) == 2
    qtbot.waitUntil(lambda: len(handed) == 2, timeout=2000)
    assert len(made) == 3 and handed[1] is made[2]  # made by the timer: the last change's
    now, last = state().board, handed[1].board
    assert (last.now_name, last.turns) == (now.now_name, now.turns)
    stream.close()


class Painted(QWidget):
    """Notes each of its paints in `seen`."""

    def __init__(self, seen: list[str]) -> None:
        super().__init__()
        self.seen = seen

    def paintEvent(self, _event: object) -> None:  # noqa: N802 (Qt)
        self.seen.append("paint")


def test_a_change_is_handed_over_once_the_window_has_painted_it_without_a_wait(
    shared, qtbot, monkeypatch
):
    """The state of a change goes to the server in the pass of the event loop that
    paints the GM's window, after the paint: no wait (a 30 ms timer had the GUI thread
    sleep after each change, and the GM's next step cost more CPU)."""
    document, session, dialog = shared
    dialog.start_button.click()
    assert session.server is not None
    stream = Stream(session.server)
    stream.wait_for(1)
    seen: list[str] = []
    window = Painted(seen)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    document.changed.connect(lambda _event: window.update())
    publish = session.server.publish_state

    def handed(*args: Any) -> None:
        seen.append("handed")
        publish(*args)

    monkeypatch.setattr(session.server, "publish_state", handed)
    QCoreApplication.processEvents()
    seen.clear()
    assert document.apply(EndTurn())
    for _ in range(5):  # what is due now, never waiting for more
        QCoreApplication.processEvents()
    assert seen == ["paint", "handed"]
    stream.wait_for(2)
    stream.close()


def test_a_port_in_use_is_said_and_nothing_starts(shared):
    document, session, dialog = shared
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        dialog.port.setValue(taken.getsockname()[1])
        dialog.start_button.click()
        assert not session.is_sharing()
        assert "Could not share on 127.0.0.1, port" in dialog.message.text()
        assert dialog.link.text() == "Not sharing." and dialog.port.isEnabled()


def test_copy_link_puts_the_link_on_the_clipboard_only_while_sharing(shared):
    _document, session, dialog = shared
    clipboard = QGuiApplication.clipboard()
    clipboard.setText("before")
    assert not dialog.copy_button.isEnabled()
    dialog.copy_link()  # (not sharing: nothing to copy)
    assert clipboard.text() == "before"
    dialog.start_button.click()
    assert dialog.copy_button.isEnabled()
    dialog.copy_button.click()
    assert clipboard.text() == session.link() == dialog.link.text()
    assert "copied" in dialog.message.text()
    dialog.renew_button.click()  # the new link is the one copied next
    dialog.copy_button.click()
    assert clipboard.text() == session.link() == dialog.link.text()
    dialog.start_button.click()
    assert not session.is_sharing() and not dialog.copy_button.isEnabled()


def test_a_new_link_disconnects_the_old_one(shared):
    document, session, dialog = shared
    dialog.start_button.click()
    old = dialog.link.text()
    stream = Stream(session.server)
    stream.wait_for(1)
    dialog.renew_button.click()
    new = dialog.link.text()
    assert new != old and fetch(old + "state")[0] == 401 and fetch(new + "state")[0] == 200
    assert [kind for kind, _d, _w in stream.wait_for(3)[1:3]] == ["closed", "eof"]
    assert "disconnected" in dialog.message.text()


def test_stopping_and_starting_again_keeps_the_link(shared):
    document, session, dialog = shared
    dialog.start_button.click()
    link = dialog.link.text()
    server = session.server
    dialog.start_button.click()  # now "Stop sharing"
    assert not session.is_sharing() and dialog.link.text() == "Not sharing."
    assert dialog.port.isEnabled()
    server_stopped(server)
    dialog.start_button.click()
    assert dialog.link.text() == link and fetch(link + "state")[0] == 200


def server_stopped(server: Any) -> None:
    """Wait (bounded) until the server's port refuses connections."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", server.port), timeout=1).close()
        except OSError:
            return
        time.sleep(0.02)  # polling a port the server closes on its own thread
    raise AssertionError("the server still answers")


def test_loading_another_encounter_or_closing_the_window_stops_sharing(shared, qtbot):
    document, session, dialog = shared
    dialog.start_button.click()
    server = session.server
    document.replace_session(Session.new("Another", "priority"))
    assert not session.is_sharing() and dialog.link.text() == "Not sharing."
    server_stopped(server)

    window = QWidget()
    other = ShareSession(fight(), window)
    other.start("127.0.0.1", 0)
    server = other.server
    window.deleteLater()
    qtbot.waitUntil(lambda: server.hub.is_closed, timeout=2000)
    server_stopped(server)


def test_nothing_of_sharing_is_loaded_with_the_window():
    code = (
        "import sys; import tracker.qt.main_window, tracker.qt.main_menus, tracker.qt.app; "
        "loaded = [m for m in sys.modules if m.startswith(('tracker.share', 'segno', "
        "'http.server', 'tracker.qt.share.session', 'tracker.qt.share.dialog'))]; "
        "print(loaded)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parents[2],
    )
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize("ruleset_id", ["priority", "war_scroll", "initiative_ticks"])
def test_with_30_pages_the_gui_thread_makes_one_state_a_step_and_sends_nothing(
    qtbot, monkeypatch, ruleset_id
):
    """Issue 25, point 3: what sharing asks of the GUI thread per step with 30 pages
    connected is one projection (the page's state as plain data, the players' screen's
    own code); its JSON and its event are made once by the pages' one writer, on its
    thread, which writes it to every page. (Its CPU at the table:
    `benchmarks/table_ops.py --pages 30`, against the yardstick; never timed here.)"""
    from tracker.qt.share import feed as feed_module
    from tracker.share import fanout

    session = build(ruleset_id, 30)
    add_effects(session, session.apply, 10, random.Random(5))
    document = EncounterDocument(session)
    window = QWidget()
    qtbot.addWidget(window)
    share = ShareSession(document, window)
    share.start("127.0.0.1", 0)
    streams = [Stream(share.server) for _ in range(30)]
    for stream in streams:
        stream.wait_for(1)
    assert handed_over(share.server, 30)  # (else a late one's state is an event of its own)
    work: list[tuple[str, str]] = []  # (what, on which thread)

    def noted(what: str, call: Any) -> Any:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            work.append((what, threading.current_thread().name))
            return call(*args, **kwargs)

        return wrapped

    monkeypatch.setattr(feed_module, "project", noted("project", feed_module.project))
    monkeypatch.setattr(PageState, "to_json", noted("json", PageState.to_json))
    monkeypatch.setattr(fanout, "state_event", noted("event", fanout.state_event))
    gui = threading.current_thread().name
    for number in range(12):
        work.clear()
        assert document.apply(next_step(document.session))
        share._publish_soon.timeout.emit()  # as the event loop does once it has painted
        share._publish_soon.stop()
        for stream in streams:  # every page had it
            stream.wait_for(number + 2)
        made = [entry for entry in work if entry[0] != "event"]
        assert sorted(made) == [("json", "roundkeeper-share-pages"), ("project", gui)], work
        events = [thread for what, thread in work if what == "event"]
        # One for the 30 pages; one more only for a page that connected again meanwhile
        # (a loaded machine can stall a page's socket past its limit): never one a page.
        assert events and set(events) == {"roundkeeper-share-pages"}, work
        assert len(events) <= 2, work
    for stream in streams:
        stream.close()
    share.stop()


def test_the_players_menu_opens_one_dialog_and_session_per_window(qtbot, tmp_path):
    from tracker.qt.main_window import MainWindow

    window = MainWindow(fight().session, None, tmp_path / "journal")
    qtbot.addWidget(window)
    action = window.actions_by_name["share_on_network"]
    assert action.text() == "Share on the local &network…"
    action.trigger()
    dialog = window.findChild(ShareDialog)
    session = window.findChild(ShareSession)
    assert dialog is not None and dialog.isVisible() and session is not None
    action.trigger()  # again: the same dialog and session
    assert window.findChildren(ShareDialog) == [dialog]
    assert window.findChildren(ShareSession) == [session]
    session.start("127.0.0.1", 0)
    assert session.feed is not None
    assert session.feed.turn_order_model is window.turn_order_model  # shared, not copied
    assert state(session)["now"]["name"] == "Bren & <i>Co</i>"
    session.stop()
    window.document.undo_stack.set_clean()


def test_an_odd_name_reaches_the_page_as_one_line_of_json(shared):
    document, session, dialog = shared
    odd = 'Line\u2028sep\u2029 é 🐉 "quoted" </script> \\'  # what the engine accepts
    bren = next(c for c in document.encounter.combatants if c.name.startswith("Bren"))
    assert document.apply(EditCombatant(bren.id, {"name": odd}))
    session.start("127.0.0.1", 0)
    assert session.feed is not None
    body = session.feed.state().to_json()
    assert b"\n" not in body and b"\r" not in body
    assert json.loads(body)["now"]["name"] == odd
    stream = Stream(session.server)
    assert json.loads(stream.wait_for(1)[0][1])["now"]["name"] == odd
    stream.close()


def test_a_change_of_the_players_screen_settings_reaches_a_connected_page_at_once(shared, qtbot):
    """Per side, the players see a number, a band or nothing, as on their screen; a
    change of those settings reaches a page already connected without any change of
    the fight, and what it says is what the players' screen's rows say."""
    document, session, dialog = shared
    goblin = next(c for c in document.encounter.combatants if c.name == "Goblin")
    assert document.apply(ChangeHealth((goblin.id,), "-1"))
    PlayersScreenSettings(health=tuple("exact" for _ in SIDES)).save()
    session.start("127.0.0.1", 0)
    stream = Stream(session.server)

    def goblin_detail(data: str) -> str:
        return str(next(t["detail"] for t in json.loads(data)["turns"] if t["name"] == "Goblin"))

    told = goblin_detail(stream.wait_for(1)[-1][1])
    assert any(ch.isdigit() for ch in told.split("·")[0])  # "Hits 11/12 · …": a number
    steps = document.undo_stack.index()
    PlayersScreenSettings(health=tuple("nothing" for _ in SIDES)).save()
    events = stream.wait_for(2)
    assert events[-1][0] == "message" and document.undo_stack.index() == steps
    now_told = goblin_detail(events[-1][1])
    assert now_told != told and session.feed is not None
    assert session.feed.health_text(goblin.id) == ""
    feed = session.feed
    coming = next(  # the turn as the players are told it (as the proxy's TurnRole)
        feed.public.public_turn(turn)
        for turn in feed.turn_proxy.shown_turns(feed.round_ahead.turns())
        if turn.combatant_id == goblin.id
    )
    assert now_told == turn_detail(coming, lambda text: text, "", 1, "Round")
    stream.close()
