"""The live pages' streams, written by ONE thread: each new state, ping and last word
goes to every page's socket from here, never from a thread per page. The same thread
turns the state the GUI thread hands over into JSON (`Fanout.offer`) before it writes
it: a publish wakes one thread, once.

A page's request is read and answered by the HTTP server's thread for it (headers, its
first state); the stream is then handed over (`Fanout.add`) and that thread only waits
until the stream ends (`_Stream.done`), woken by nothing else. So a state published
wakes one thread, not one per page: the GM's GUI thread shares the interpreter's lock
with it alone (with 30 pages the threads' turns at the lock cost the GUI thread about
a millisecond a step).

Sockets are written without blocking, what a page has not taken kept for it; a page
that takes nothing for `send_seconds` is dropped, one that closes its end is let go at
once (its socket turns readable with nothing to read). A state's event is made once for
every page and written from that one buffer (what a page has not taken is kept as a
view of it): with 30 pages, copying the state into each page's own buffer cost about
as much again as the writes. Making the JSON on a thread of its own, which then woke
this one, cost two wake-ups a publish where one does (and a turn more at the
interpreter's lock)."""

from __future__ import annotations

import contextlib
import selectors
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Protocol

from tracker.share.hub import Hub, Snapshot
from tracker.share.kept_json import KeptJson


class PageState(Protocol):
    """The page's state as the GUI thread hands it over: plain data, made into JSON on
    the writer's thread (`kept`: its texts of earlier states' parts)."""

    def to_json(self, kept: KeptJson) -> bytes: ...


def clock_ms() -> int:
    """The GM's wall clock (ms since the epoch): a page's timer counts by it, whatever
    the device's own clock says."""
    return int(time.time() * 1000)


def state_event(snapshot: Snapshot) -> bytes:
    """The GM's clock first (the page's turn timer counts by it), then the state."""
    clock = b"event: clock\ndata: %d\n\n" % clock_ms()
    return clock + b"id: %d\ndata: " % snapshot.version + snapshot.body + b"\n\n"


def ping_event() -> bytes:
    return b"event: ping\ndata: %d\n\n" % clock_ms()


@dataclass(eq=False)
class _Stream:
    sock: socket.socket
    generation: int
    version: int  # of the state it was last sent
    sent_at: float  # when something was last queued for it (a ping after a quiet while)
    pending: deque[memoryview] = field(default_factory=deque)  # queued, not sent yet
    stalled_since: float | None = None  # its socket full since then
    ending: bool = False  # told it is closed: let go once that is sent
    writing: bool = False  # its socket watched for room to write
    done: threading.Event = field(default_factory=threading.Event)


class Fanout:
    def __init__(self, hub: Hub, heartbeat_seconds: float, send_seconds: float) -> None:
        self._hub = hub
        self._heartbeat, self._send_seconds = heartbeat_seconds, send_seconds
        self._lock = threading.Lock()
        self._added: list[_Stream] = []
        self._streams: list[_Stream] = []
        self._offered: tuple[PageState, int] | None = None  # the latest handed over
        self._making = False  # a state taken, its JSON not published yet
        self._kept = KeptJson()  # earlier states' parts' JSON (this thread's)
        self._closed = False
        self._flushed = -1  # the state's version every stream has been written in full
        self._selector = selectors.DefaultSelector()
        self._wake_in, self._wake_out = socket.socketpair()
        self._wake_in.setblocking(False)
        self._wake_out.setblocking(False)
        self._selector.register(self._wake_in, selectors.EVENT_READ, None)
        self._thread = threading.Thread(target=self._run, name="roundkeeper-share-pages")
        self._thread.daemon = True
        self._thread.start()

    def add(self, sock: socket.socket, generation: int, version: int) -> threading.Event | None:
        """Send this page every state after `version` from now on; the event returned
        is set once the stream is over (the caller then closes the socket). None if the
        writer has stopped: the caller tells the page itself."""
        stream = _Stream(sock, generation, version, time.monotonic())
        with self._lock:
            if self._closed:
                return None
            self._added.append(stream)
        self.wake()
        return stream.done

    def offer(self, state: PageState, change: int) -> None:
        """A new state for every page, made when the hub had counted `change` changes:
        turned into JSON and published (`Hub.publish`) on this writer's thread, then
        written. States offered faster than that are skipped but the last."""
        with self._lock:
            self._offered = (state, change)
        self.wake()

    def wake(self) -> None:
        """Look again (a new state, token or stop): any thread, never blocks (on this
        writer's own thread, a no-op: it looks again before it waits)."""
        if threading.get_ident() == self._thread.ident:
            return
        with contextlib.suppress(OSError):  # full (a wake is pending anyway) or closed
            self._wake_out.send(b"\0")

    def is_flushed(self) -> bool:
        """Every state offered is in JSON and every stream taken on has been written the
        latest state in full (a benchmark's question: is a publish's work off the GUI
        thread over?)."""
        with self._lock:
            busy = bool(self._added) or self._offered is not None or self._making
        return not busy and self._flushed == self._hub.latest().version

    def stream_count(self) -> int:
        """The streams taken on and not let go (one moving from `add` to the writer's own
        list is counted in neither for a moment: fewer, never more)."""
        with self._lock:
            return len(self._added) + len(self._streams)

    def close(self) -> None:
        """Let every stream go (they have been told `closed` if the hub closed first)."""
        with self._lock:
            self._closed = True
        self.wake()

    # --- its thread ---------------------------------------------------------------------
    def _run(self) -> None:
        try:
            while self._step():
                pass
        finally:  # (whatever ended it: no stream is left waiting, none is taken on)
            with self._lock:
                self._closed = True
                left, self._added = [*self._streams, *self._added], []
            for stream in left:
                stream.done.set()
            self._selector.close()
            self._wake_in.close()
            self._wake_out.close()

    def _step(self) -> bool:
        with self._lock:
            closed, added, self._added = self._closed, self._added, []
            offered, self._offered = self._offered, None
            self._making = offered is not None and not closed
        if offered is not None and not closed:
            self._publish(*offered)
        for stream in added:
            stream.sock.setblocking(False)
            self._selector.register(stream.sock, selectors.EVENT_READ, stream)
            self._streams.append(stream)
        now = time.monotonic()
        latest = self._hub.latest()
        generation = self._hub.current_generation()  # None once closed
        due = [stream for stream in self._streams if stream.version != latest.version]
        event = memoryview(state_event(latest)) if due else memoryview(b"")  # once for all
        for stream in self._streams:
            self._queue(stream, latest, event, now, generation)
        for stream in [stream for stream in self._streams if stream.pending]:
            self._send(stream, now)
        if not any(stream.pending for stream in self._streams):
            self._flushed = latest.version
        if closed:  # the pages were told (the hub closed first), as far as they take it
            return False
        for key, mask in self._selector.select(self._timeout(now)):
            if key.data is None:
                self._drain_wake()
            elif mask & selectors.EVENT_READ:
                self._read(key.data)
            elif mask & selectors.EVENT_WRITE:
                self._send(key.data, time.monotonic())
        return True

    def _publish(self, state: PageState, change: int) -> None:
        """The state offered, in JSON, as the hub's latest (which this pass then writes:
        the hub's call to `wake` is a no-op on this thread)."""
        self._hub.publish(state.to_json(self._kept), change)
        with self._lock:
            self._making = False

    def _queue(
        self,
        stream: _Stream,
        latest: Snapshot,
        event: memoryview,
        now: float,
        generation: int | None,
    ) -> None:
        """What `stream` is to be sent now, if anything: `event` is `latest`'s;
        `generation` the current token's (None once the hub is closed)."""
        if stream.ending:
            return
        if stream.generation != generation:
            reason = b"stopped" if generation is None else b"renewed"
            stream.pending.append(memoryview(b"event: closed\ndata: " + reason + b"\n\n"))
            stream.ending = True
        elif latest.version != stream.version:
            stream.pending.append(event)
            stream.version = latest.version
        elif now - stream.sent_at < self._heartbeat:
            return
        else:  # the page sees the link lives
            stream.pending.append(memoryview(ping_event()))
        stream.sent_at = now

    def _send(self, stream: _Stream, now: float) -> None:
        sent, pending = 0, stream.pending
        while pending:
            chunk = pending[0]
            try:
                written = stream.sock.send(chunk)
            except BlockingIOError:
                break
            except OSError:  # the page went away
                self._drop(stream)
                return
            sent += written
            if written < len(chunk):  # the socket is full: the rest waits
                pending[0] = chunk[written:]
                break
            pending.popleft()
        if not pending:
            stream.stalled_since = None
            if stream.ending:
                self._drop(stream)
            elif stream.writing:
                stream.writing = False
                self._selector.modify(stream.sock, selectors.EVENT_READ, stream)
            return
        if stream.stalled_since is None or sent:
            stream.stalled_since = now
        elif now - stream.stalled_since >= self._send_seconds:  # it takes nothing
            self._drop(stream)
            return
        if not stream.writing:
            stream.writing = True
            self._selector.modify(stream.sock, selectors.EVENT_READ | selectors.EVENT_WRITE, stream)

    def _read(self, stream: _Stream) -> None:
        """A page sends nothing after its request: readable means it closed its end."""
        try:
            data = stream.sock.recv(4096)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._drop(stream)

    def _drop(self, stream: _Stream) -> None:
        if stream in self._streams:
            self._streams.remove(stream)
            self._selector.unregister(stream.sock)
        stream.done.set()

    def _drain_wake(self) -> None:
        """One read takes the wakes sent so far (any left wake the selector again)."""
        with contextlib.suppress(OSError):
            self._wake_in.recv(4096)

    def _timeout(self, now: float) -> float:
        """Until the next ping or stalled page's time is up."""
        deadlines = [stream.sent_at + self._heartbeat for stream in self._streams]
        deadlines += [
            stream.stalled_since + self._send_seconds
            for stream in self._streams
            if stream.stalled_since is not None
        ]
        return max(0.0, min(deadlines, default=now + self._heartbeat) - now)
