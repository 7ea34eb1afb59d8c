"""When a publish's work off the GUI thread is over (`ShareServer.is_idle`): the JSON
made and written to every page. The benchmarks count that work until then
(`benchmarks/table_ops.py --pages`)."""

from __future__ import annotations

import socket
import threading

from tests.share.test_server import HOST, Stream, handed_over, wait_until
from tests.share.test_server import server as server  # the fixture, shared
from tracker.share.kept_json import KeptJson


class HeldState:
    """A page state whose JSON is made only once `release` is set."""

    def __init__(self, body: bytes) -> None:
        self.body = body
        self.release = threading.Event()

    def to_json(self, _kept: KeptJson) -> bytes:
        assert self.release.wait(5)
        return self.body


def test_the_server_is_idle_once_the_state_is_json_and_written_to_every_page(server):
    streams = [Stream(server) for _ in range(3)]
    for stream in streams:
        stream.wait_for(1)
    assert wait_until(server.is_idle)
    state = HeldState(b'{"round": 2}')
    server.publish_state(state, server.hub.change_count)
    assert not server.is_idle()  # its JSON not made yet
    state.release.set()
    assert wait_until(server.is_idle)
    for stream in streams:
        assert stream.wait_for(2)[1][:2] == ("message", '{"round": 2}')
        stream.close()


def test_a_state_a_page_has_not_taken_yet_keeps_the_server_busy(server):
    sock = socket.create_connection((HOST, server.port), timeout=10)
    sock.sendall(f"GET /{server.hub.token}/events HTTP/1.1\r\n\r\n".encode())
    assert wait_until(lambda: server.hub.stream_count == 1 and server.is_idle())
    body = b'{"text": "%s"}' % (b"x" * 32_000_000)  # more than the sockets' buffers hold
    server.publish(body)
    assert not wait_until(server.is_idle, timeout=0.3)  # written in part: not over
    received = 0
    while received < len(body):  # the page takes it all
        received += len(sock.recv(1 << 20))
    assert wait_until(server.is_idle)
    sock.close()


class SentBy:
    """The writer's end of its wake-up pair, noting which thread sends each wake."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.threads: list[str] = []

    def send(self, data: bytes) -> int:
        self.threads.append(threading.current_thread().name)
        return self.sock.send(data)

    def close(self) -> None:
        self.sock.close()


def test_the_pages_writer_makes_the_json_and_writes_it_in_one_pass(server, monkeypatch):
    """A state handed over wakes one thread: the pages' writer turns it into JSON,
    publishes it and writes it to every page in the same pass (its own publish does
    not wake it again).

    What a pass did is checked, not how many passes ran: a page's request thread
    hands its stream to the writer (`Fanout.add`, which wakes it) only after the page
    has its first state, and the writer may have taken a wake-up and the stream in
    one pass and read the wake's byte in the next; so a pass or two with nothing to do
    could come after the state was offered (once in five CI runs, two were counted)."""
    streams = [Stream(server) for _ in range(3)]
    for stream in streams:
        stream.wait_for(1)
    assert handed_over(server, 3) and wait_until(server.is_idle)
    fanout = server._server.fanout
    writer = "roundkeeper-share-pages"
    passes: list[str] = []  # each pass's thread
    sent_in: list[int] = []  # the pass in which each write to a page was made
    made_in: list[tuple[str, int]] = []  # the thread and pass the JSON was made in
    step, send = fanout._step, fanout._send

    def counted() -> bool:
        passes.append(threading.current_thread().name)
        return step()

    def noted(stream: object, now: float) -> None:
        sent_in.append(len(passes))
        send(stream, now)

    monkeypatch.setattr(fanout, "_step", counted)
    monkeypatch.setattr(fanout, "_send", noted)
    wakes = SentBy(fanout._wake_out)
    monkeypatch.setattr(fanout, "_wake_out", wakes)

    class Noted:
        def to_json(self, _kept: KeptJson) -> bytes:
            made_in.append((threading.current_thread().name, len(passes)))
            return b'{"round": 3}'

    server.publish_state(Noted(), server.hub.change_count)
    for stream in streams:
        assert stream.wait_for(2)[1][:2] == ("message", '{"round": 3}')
    assert wait_until(server.is_idle)
    assert len(made_in) == 1 and made_in[0][0] == writer  # once, on the writer's thread
    assert set(passes) == {writer}
    assert sent_in == [made_in[0][1]] * 3  # every page written in the pass that made it
    assert wakes.threads == ["MainThread"]  # the offer's; none by the writer's publish
    for stream in streams:
        stream.close()


def test_a_page_not_handed_to_the_writer_yet_keeps_the_server_busy(server):
    """A page the hub counts (its request read, its first state being written) before
    the writer takes it on: a state published then is not written to it yet. The
    writer, which knew of no page, called it flushed (a test above waited for a
    counted page and an idle server, then found the new state written at once)."""
    assert wait_until(server.is_idle)
    assert server.hub.open_stream()  # as the request's thread does before handing over
    try:
        server.publish(b'{"round": 9}')
        assert not wait_until(server.is_idle, timeout=0.3)
    finally:
        server.hub.close_stream()
    assert wait_until(server.is_idle)
