"""The share server over real sockets on the loopback (an ephemeral port): the token,
the methods, the files it serves, malformed and oversized requests, limits, a bounded
flood of connections, and the live stream (each change, in order)."""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tracker.share.assets import page_assets
from tracker.share.server import CSP, Limits, ShareServer

HOST = "127.0.0.1"


@pytest.fixture
def server() -> Iterator[ShareServer]:
    running = ShareServer(HOST, 0, page_assets())
    running.start()
    running.publish(b'{"title": "Ambush"}')
    yield running
    running.stop().join(5)


def get(server: ShareServer, path: str, method: str = "GET", **kwargs: Any) -> Any:
    connection = http.client.HTTPConnection(HOST, server.port, timeout=5)
    connection.request(method, path, **kwargs)
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    return answer.status, dict(answer.getheaders()), body


def raw(server: ShareServer, data: bytes) -> bytes:
    """Send bytes as they are; what comes back before the server closes."""
    with socket.create_connection((HOST, server.port), timeout=5) as sock:
        with contextlib.suppress(OSError):  # the server may close before all is sent
            sock.sendall(data)
        chunks = []
        try:
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        except ConnectionResetError:
            pass
        return b"".join(chunks)


class Stream:
    """A live page: the events of `/<token>/events`, read on a thread of their own."""

    def __init__(self, server: ShareServer, token: str | None = None) -> None:
        self.sock = socket.create_connection((HOST, server.port), timeout=10)
        self.sock.sendall(f"GET /{token or server.hub.token}/events HTTP/1.1\r\n\r\n".encode())
        self.file = self.sock.makefile("rb")
        self.head = b""
        while (line := self.file.readline()) not in (b"\r\n", b""):
            self.head += line
        self.events: list[tuple[str, str, float]] = []  # kind, data, when received
        self.clocks: list[int] = []  # the GM's clock (ms since the epoch) of each state
        self.arrived = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        kind, data = "message", ""
        try:
            for line in self.file:
                text = line.decode().rstrip("\n")
                if text.startswith("event: "):
                    kind = text[7:]
                elif text.startswith("data: "):
                    data = text[6:]
                elif text == "" and kind == "clock":  # the GM's clock, before each state
                    self.clocks.append(int(data))
                    kind, data = "message", ""
                elif text == "" and (data or kind != "message"):
                    with self.arrived:
                        self.events.append((kind, data, time.perf_counter()))
                        self.arrived.notify_all()
                    kind, data = "message", ""
        except OSError:
            pass
        with self.arrived:
            self.events.append(("eof", "", time.perf_counter()))
            self.arrived.notify_all()

    def wait_for(self, count: int, timeout: float = 5) -> list[tuple[str, str, float]]:
        with self.arrived:
            assert self.arrived.wait_for(lambda: len(self.events) >= count, timeout), self.events
            return list(self.events)

    def close(self) -> None:
        self.sock.shutdown(socket.SHUT_RDWR)  # the reader's file holds the socket open
        self.file.close()
        self.sock.close()


# --- the token --------------------------------------------------------------------------
def test_the_token_has_at_least_128_random_bits(server):
    token = server.hub.token
    assert len(token) * 6 >= 128
    assert token != ShareServer(HOST, 0, page_assets()).hub.token


@pytest.mark.parametrize(
    "path",
    ["/", "/index.html", "/page.js", "/wrong/", "/wrong/events", "/wrong/state", "", "*"],
)
def test_without_the_token_the_answer_is_401_and_nothing_else(server, path):
    status, headers, body = get(server, path or "/")
    assert status == 401
    assert body == b"Unauthorized\n"
    assert "Ambush" not in body.decode()


def test_a_token_that_only_starts_right_is_refused(server):
    token = server.hub.token
    for wrong in (token[:-1], token + "x", token.upper(), f"{token}%2F"):
        assert get(server, f"/{wrong}/")[0] == 401


def test_the_page_and_its_assets_with_a_strict_policy(server):
    token = server.hub.token
    status, headers, body = get(server, f"/{token}/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert headers["Content-Security-Policy"] == CSP
    assert "default-src 'none'" in CSP and "script-src 'self'" in CSP
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert b"page.js" in body and b"http" not in body.replace(b"http-equiv", b"")
    for name, kind in (("page.css", "text/css"), ("page.js", "text/javascript")):
        status, headers, body = get(server, f"/{token}/{name}")
        assert status == 200 and headers["Content-Type"].startswith(kind) and body
        assert b"http://" not in body and b"https://" not in body  # nothing from elsewhere
    status, headers, body = get(server, f"/{token}/state")
    assert status == 200 and json.loads(body) == {"title": "Ambush"}
    status, headers, _ = get(server, f"/{token}")
    assert status == 308 and headers["Location"] == f"/{token}/"


def test_a_new_token_retires_the_old_link(server):
    old = server.hub.token
    stream = Stream(server)
    stream.wait_for(1)
    new = server.hub.renew_token()
    assert new != old
    events = stream.wait_for(3)
    assert [kind for kind, _data, _when in events[1:3]] == ["closed", "eof"]
    assert events[1][1] == "renewed"
    assert get(server, f"/{old}/state")[0] == 401
    assert get(server, f"/{new}/state")[0] == 200
    stream.close()


# --- only GET, only its own files -------------------------------------------------------
@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE"])
def test_every_other_method_is_refused(server, method):
    status, headers, body = get(server, f"/{server.hub.token}/state", method=method)
    assert status == 405 and headers["Allow"] == "GET"
    assert get(server, "/wrong/state", method=method)[0] == 401


@pytest.mark.parametrize(
    "rest",
    [
        "../../../../etc/passwd",
        "..%2f..%2f..%2fetc%2fpasswd",
        "%2e%2e/%2e%2e/etc/passwd",
        "/etc/passwd",
        "page.js/../../server.py",
        "..\\..\\tracker\\share\\server.py",
        "assets/share/page.js",
        "page.js%00.html",
        "hub.py",
        "../share/server.py",
    ],
)
def test_nothing_but_its_own_assets_is_served(server, rest):
    status, _headers, body = get(server, f"/{server.hub.token}/{rest}")
    assert status == 404 and body == b"Not found.\n"


def test_a_get_with_a_body_is_refused(server):
    status, *_ = get(server, f"/{server.hub.token}/state", body=b"x" * 10)
    assert status == 413


# --- malformed and oversized requests ----------------------------------------------------
@pytest.mark.parametrize(
    "request_bytes",
    [
        b"\r\n\r\n",
        b"GARBAGE\r\n\r\n",
        b"GET\r\n\r\n",
        b"GET / HTTP/9.9\r\n\r\n",
        b"GET / HTTP/1.1\r\nNo colon here\r\n\r\n",
        b"\x00\xff\xfe binary \x01\r\n\r\n",
    ],
)
def test_a_malformed_request_gets_an_error_and_no_page(server, request_bytes):
    answer = raw(server, request_bytes)
    assert b"Ambush" not in answer and b"<html" not in answer.lower()
    if answer:
        assert answer.split(b" ", 2)[1][:1] in (b"4", b"5")


def test_an_oversized_request_is_cut_short(server):
    token = server.hub.token
    long_line = b"GET /" + token.encode() + b"/" + b"a" * 20000 + b" HTTP/1.1\r\n\r\n"
    assert raw(server, long_line).startswith(b"HTTP/1.0 431")
    headers = b"".join(b"X-Header-%d: %s\r\n" % (n, b"v" * 100) for n in range(200))
    answer = raw(server, b"GET /" + token.encode() + b"/state HTTP/1.1\r\n" + headers + b"\r\n")
    assert answer.startswith(b"HTTP/1.0 431")


def test_a_slow_client_is_let_go():
    limits = Limits(request_seconds=0.5)
    server = ShareServer(HOST, 0, page_assets(), limits)
    server.start()
    try:
        with socket.create_connection((HOST, server.port), timeout=5) as sock:
            sock.sendall(b"GET /")
            started = time.monotonic()
            assert sock.recv(100) == b""  # closed, unanswered
            assert time.monotonic() - started < 3
    finally:
        server.stop().join(5)


# --- limits -------------------------------------------------------------------------------
def test_fifty_devices_then_a_clear_refusal():
    server = ShareServer(HOST, 0, page_assets(), Limits(max_streams=50))
    server.start()
    server.publish(b'{"n": 1}')
    streams = [Stream(server) for _ in range(50)]
    try:
        for stream in streams:
            assert stream.wait_for(1)[0][:2] == ("message", '{"n": 1}')
        extra = Stream(server)
        kind, data, _ = extra.wait_for(1)[0]
        assert kind == "full" and "Too many devices" in data and "50 at most" in data
        assert extra.wait_for(2)[1][0] == "eof"
        server.publish(b'{"n": 2}')
        for stream in streams:
            assert stream.wait_for(2)[1][:2] == ("message", '{"n": 2}')
    finally:
        for stream in streams:
            stream.close()
        server.stop().join(5)


def test_a_flood_of_connections_is_refused_beyond_the_limits_and_the_server_lives():
    limits = Limits(max_connections=40, request_seconds=1.0, rate_burst=1000)
    server = ShareServer(HOST, 0, page_assets(), limits)
    server.start()
    server.publish(b'{"title": "Ambush"}')  # a state to ask for (none is made up)
    idle: list[socket.socket] = []
    started = time.monotonic()
    try:
        for _ in range(300):  # connections that say nothing, bounded in count and time
            idle.append(socket.create_connection((HOST, server.port), timeout=5))
        answers = [sock.recv(200) for sock in idle]
        # Beyond the limit refused at once; the others let go unanswered once their
        # second to send a request has passed (then their places are free again).
        assert all(a == b"" or a.startswith(b"HTTP/1.0 503") for a in answers)
        assert sum(a.startswith(b"HTTP/1.0 503") for a in answers) >= 100
        for sock in idle:
            sock.close()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:  # the idle ones time out; it serves again
            try:
                if get(server, f"/{server.hub.token}/state")[0] == 200:
                    break
            except (OSError, http.client.HTTPException):
                pass
        assert get(server, f"/{server.hub.token}/state")[0] == 200
        assert time.monotonic() - started < 10
    finally:
        for sock in idle:
            sock.close()
        server.stop().join(5)


def test_a_client_that_asks_too_fast_is_slowed_down():
    server = ShareServer(HOST, 0, page_assets(), Limits(rate_burst=20, rate_per_second=1))
    server.start()
    server.publish(b'{"title": "Ambush"}')
    try:
        statuses = [get(server, f"/{server.hub.token}/state")[0] for _ in range(30)]
        assert statuses[:20] == [200] * 20
        assert 429 in statuses[20:]
    finally:
        server.stop().join(5)


# --- live ---------------------------------------------------------------------------------
def test_a_page_gets_the_current_state_at_once_and_each_change_in_order(server):
    """(How soon, target 200 ms: `benchmarks/share_latency.py`.)"""
    streams = [Stream(server) for _ in range(30)]
    for stream in streams:
        assert stream.wait_for(1)[0][:2] == ("message", '{"title": "Ambush"}')
    for number in range(2, 12):
        server.publish(b'{"round": %d}' % number)
        for stream in streams:
            kind, data, _when = stream.wait_for(number)[number - 1]
            assert (kind, json.loads(data)) == ("message", {"round": number})
    for stream in streams:
        stream.close()


def test_stopping_tells_every_page_and_frees_the_port():
    server = ShareServer(HOST, 0, page_assets())
    server.start()
    server.publish(b'{"title": "Ambush"}')
    stream = Stream(server)
    stream.wait_for(1)
    shut_down, may_finish = server._shut_down, threading.Event()

    def slow_shut_down() -> None:  # the port is let go only once the test allows it
        may_finish.wait(5)
        shut_down()

    server._shut_down = slow_shut_down  # type: ignore[method-assign]
    stopper = server.stop()
    assert stopper.is_alive()  # the caller (the GUI thread) never waits for it
    may_finish.set()
    events = stream.wait_for(3)
    assert events[1][:2] == ("closed", "stopped") and events[2][0] == "eof"
    stopper.join(5)
    again = ShareServer(HOST, server.port, page_assets(), token=server.hub.token)
    assert again.hub.token == server.hub.token
    again.stop().join(5)


def test_a_page_handed_over_as_sharing_stops_is_told_so(monkeypatch):
    # The stop comes between the page's first state (written by its request's thread)
    # and its hand-over to the pages' writer, which has then stopped taking streams.
    server = ShareServer(HOST, 0, page_assets())
    server.start()
    server.publish(b'{"title": "Ambush"}')
    fanout = server._server.fanout
    hand_over = fanout.add

    def stopped_first(*args):
        server.hub.close()
        fanout.close()
        return hand_over(*args)

    monkeypatch.setattr(fanout, "add", stopped_first)
    stream = Stream(server)
    events = stream.wait_for(3)
    assert [kind for kind, _data, _when in events] == ["message", "closed", "eof"]
    assert events[1][1] == "stopped"
    server.stop().join(5)


def test_nothing_is_logged(server, capfd):
    get(server, f"/{server.hub.token}/state")
    get(server, "/wrong/")
    raw(server, b"GARBAGE\r\n\r\n")
    out, err = capfd.readouterr()
    assert server.hub.token not in out + err and out + err == ""


def test_ordinary_requests_end_without_an_error_in_the_handler(server, monkeypatch):
    errors: list[object] = []
    monkeypatch.setattr(
        type(server._server), "handle_error", lambda self, request, address: errors.append(address)
    )
    token = server.hub.token
    for path in (f"/{token}/", f"/{token}/page.js", f"/{token}/state", "/wrong/", f"/{token}/x"):
        get(server, path)
    stream = Stream(server)
    stream.wait_for(1)
    stream.close()
    deadline = time.monotonic() + 5  # every connection's thread over (errors said first)
    sent = 0
    while server._server._connections and time.monotonic() < deadline:
        sent += 1  # a new state each time (the same one again is not sent)
        server.publish(b'{"n": %d}' % sent)  # the stream's thread finds its page gone
        threading.Event().wait(0.01)
    assert server._server._connections == 0
    assert errors == []


# --- no state made while no page watches ---------------------------------------------------
def test_a_page_that_comes_after_unpublished_changes_waits_for_a_state_that_shows_them(server):
    """The GM's changes are only counted while no page watches: a page that comes then
    is sent nothing older than the last change; a state is asked for, once."""
    asked = threading.Semaphore(0)
    server.hub.wanted = asked.release
    assert server.hub.changed() is False  # nobody watches: nothing to publish
    assert server.hub.changed() is False
    stream = Stream(server)
    assert asked.acquire(timeout=5)
    assert stream.events == []  # not the state of before the changes
    server.publish(b'{"title": "Ambush, later"}', server.hub.change_count)
    assert stream.wait_for(1)[0][:2] == ("message", '{"title": "Ambush, later"}')
    assert server.hub.changed() is True  # a page watches: this one is published
    assert not asked.acquire(timeout=0.05)  # asked once only
    stream.close()


def test_a_state_made_before_the_last_change_is_not_the_one_a_page_waits_for(server):
    asked = threading.Semaphore(0)
    server.hub.wanted = asked.release
    server.hub.changed()
    made_at = server.hub.change_count
    stream = Stream(server)
    assert asked.acquire(timeout=5)
    server.hub.changed()  # the GM changed the fight again before the state was sent
    assert asked.acquire(timeout=5)  # ... so it is asked for again
    server.publish(b'{"title": "stale"}', made_at)
    server.publish(b'{"title": "fresh"}', server.hub.change_count)
    assert stream.wait_for(1)[0][:2] == ("message", '{"title": "fresh"}')
    stream.close()


def test_the_state_request_waits_for_a_state_that_shows_the_last_change(server):
    server.hub.wanted = lambda: server.publish(b'{"title": "made"}', server.hub.change_count)
    server.hub.changed()
    status, _headers, body = get(server, f"/{server.hub.token}/state")
    assert (status, body) == (200, b'{"title": "made"}')


def test_a_state_no_one_makes_is_a_503_and_never_the_stale_one():
    server = ShareServer(HOST, 0, page_assets(), Limits(request_seconds=0.2))
    server.start()
    try:
        server.publish(b'{"title": "before"}')
        server.hub.changed()  # no `wanted`: nobody answers
        status, _headers, body = get(server, f"/{server.hub.token}/state")
        assert status == 503 and b"before" not in body
    finally:
        server.stop().join(5)


def test_a_change_the_page_does_not_show_is_not_sent_again(server):
    stream = Stream(server)
    assert stream.wait_for(1)[0][:2] == ("message", '{"title": "Ambush"}')
    assert server.hub.changed() is True  # the GM edited a hidden one's notes, say
    server.publish(b'{"title": "Ambush"}', server.hub.change_count)
    assert get(server, f"/{server.hub.token}/state")[:3:2] == (200, b'{"title": "Ambush"}')
    server.publish(b'{"title": "Ambush, round 2"}')
    events = stream.wait_for(2)
    assert [data for kind, data, _when in events if kind == "message"] == [
        '{"title": "Ambush"}',
        '{"title": "Ambush, round 2"}',
    ]
    stream.close()


# --- one writer for every live page --------------------------------------------------------
def handed_over(server: ShareServer, count: int) -> bool:
    """Wait until `count` live pages are the pages' writer's: a page's request thread
    hands its stream over (`Fanout.add`) only after the page has its first state, so a
    page that has it may not be written by the writer yet (a state published then
    reaches it in a pass of its own)."""
    fanout = server._server.fanout
    return wait_until(lambda: len(fanout._streams) == count)


def wait_until(condition: Any, timeout: float = 5) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)  # polling a condition, bounded: no result depends on the pause
    return True


def test_every_page_is_sent_each_state_by_one_thread_from_one_event(server, monkeypatch):
    """A state published wakes one writer, not a thread per page (they would take the
    interpreter's lock from the GM's window in turn), which makes its event once for
    every page (not a copy of the state for each)."""
    from tracker.share import fanout

    writers: list[str] = []
    made = fanout.state_event

    def noted(snapshot: Any) -> bytes:
        writers.append(threading.current_thread().name)
        return made(snapshot)

    monkeypatch.setattr(fanout, "state_event", noted)
    streams = [Stream(server) for _ in range(5)]
    for stream in streams:
        assert stream.wait_for(1)[0][:2] == ("message", '{"title": "Ambush"}')
    assert handed_over(server, 5)  # (else a late one is written a state in a pass of its own)
    for number in range(2, 5):
        server.publish(b'{"round": %d}' % number)
        for stream in streams:
            assert stream.wait_for(number)[number - 1][:2] == ("message", f'{{"round": {number}}}')
    assert writers == ["roundkeeper-share-pages"] * 3  # one event a state, five pages
    for stream in streams:
        stream.close()


def test_a_page_that_closes_is_let_go_at_once_and_the_others_follow_on(server):
    streams = [Stream(server) for _ in range(3)]
    for stream in streams:
        stream.wait_for(1)
    assert server.hub.stream_count == 3
    streams[0].close()  # no state published since: nothing written to find it gone
    assert wait_until(lambda: server.hub.stream_count == 2)
    server.publish(b'{"round": 2}')
    for stream in streams[1:]:
        assert stream.wait_for(2)[1][:2] == ("message", '{"round": 2}')
        stream.close()
    assert wait_until(lambda: server.hub.stream_count == 0)


def test_a_page_that_takes_nothing_is_dropped_and_holds_no_other_up():
    server = ShareServer(HOST, 0, page_assets(), Limits(send_seconds=0.5))
    server.start()
    server.publish(b'{"n": 0}')
    stuck = socket.create_connection((HOST, server.port), timeout=5)
    stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stuck.sendall(f"GET /{server.hub.token}/events HTTP/1.1\r\n\r\n".encode())
    follower = Stream(server)
    try:
        follower.wait_for(1)
        assert wait_until(lambda: server.hub.stream_count == 2)
        big = b'{"n": "%s"}' % (b"x" * 500_000)
        number = 1
        while server.hub.stream_count == 2 and number < 100:  # until the buffers are full
            number += 1
            server.publish(big.replace(b"x", str(number).encode(), 1))
            assert follower.wait_for(number)[number - 1][0] == "message"
        assert wait_until(lambda: server.hub.stream_count == 1)
    finally:
        stuck.close()
        follower.close()
        server.stop().join(5)
