"""The players' page served on the local network: Python's own `ThreadingHTTPServer`
with limits of ours around it, run on threads of its own (never the GUI thread).

Every request is answered and its connection closed (HTTP/1.0), except a page's live
stream (server-sent events), which stays open and is sent each new state by the one
writer of every stream (`tracker.share.fanout`), not by its request's thread. The link's
first path segment is the token: without the current one the answer is 401 and
nothing else. Then only GET is allowed (405), and only the page's own assets, held in
memory, are served: no path from a request ever reaches the file system.

Nothing is logged: a request's path holds the token."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from io import BufferedIOBase
from typing import Any

from tracker.share.fanout import Fanout, PageState, clock_ms, state_event
from tracker.share.hub import Hub, Snapshot

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = (
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Cache-Control", "no-store"),
)
FULL_MESSAGE = (
    "Too many devices are following this table ({count} at most). Close the page on a "
    "device that no longer needs it; this one tries again in half a minute."
)
BUSY_MESSAGE = b"Too many connections to Roundkeeper's shared page. Try again in a moment.\n"


@dataclass(frozen=True)
class Asset:
    content_type: str
    body: bytes


@dataclass(frozen=True)
class Limits:
    max_streams: int = 60  # live pages (devices); at least 50 are asked for
    max_connections: int = 120  # sockets at once, streams included
    request_bytes: int = 8192  # the request line and headers together
    request_seconds: float = 10.0  # to send them (a slow client holds a slot no longer)
    send_seconds: float = 10.0  # a page that takes no data for this long is dropped
    heartbeat_seconds: float = 15.0  # a comment line on an idle stream
    rate_burst: float = 200.0  # connections from one address at once ...
    rate_per_second: float = 50.0  # ... and then per second
    retry_ms: int = 1500  # a page reconnects this long after a drop
    full_retry_ms: int = 30000


class _TooLargeError(Exception):
    pass


class _BoundedReader:
    """The request's reader: at most `limit` bytes, all within `seconds`."""

    def __init__(self, raw: BufferedIOBase, connection: socket.socket, limit: int, seconds: float):
        self._raw, self._connection = raw, connection
        self._left = limit
        self._deadline = time.monotonic() + seconds

    def readline(self, size: int = -1) -> bytes:
        remaining = self._deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        self._connection.settimeout(remaining)
        cap = self._left + 1 if size < 0 else min(size, self._left + 1)
        line = self._raw.readline(cap)
        self._left -= len(line)
        if self._left < 0:
            raise _TooLargeError
        return line

    def close(self) -> None:
        self._raw.close()


@dataclass
class _RateLimiter:
    """A token bucket per client address (only the accepting thread uses it)."""

    burst: float
    per_second: float
    buckets: dict[str, tuple[float, float]] = field(default_factory=dict)

    def allows(self, address: str) -> bool:
        now = time.monotonic()
        tokens, then = self.buckets.get(address, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.per_second)
        if len(self.buckets) > 4096:  # forget the addresses that are full again
            self.buckets = {a: b for a, b in self.buckets.items() if b[0] < self.burst}
        if tokens < 1:
            self.buckets[address] = (tokens, now)
            return False
        self.buckets[address] = (tokens - 1, now)
        return True


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False  # stopping never waits for a page's thread
    request_queue_size = 64

    def __init__(
        self, address: tuple[str, int], hub: Hub, assets: Mapping[str, Asset], limits: Limits
    ) -> None:
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, _Handler)
        self.hub, self.assets, self.limits = hub, assets, limits
        self.rate = _RateLimiter(limits.rate_burst, limits.rate_per_second)
        self.fanout = Fanout(hub, limits.heartbeat_seconds, limits.send_seconds)
        hub.on_change = self.fanout.wake
        self._connections = 0
        self._lock = threading.Lock()

    def process_request(self, request: Any, client_address: Any) -> None:
        refusal = None
        if not self.rate.allows(str(client_address[0])):
            refusal = b"HTTP/1.0 429 Too Many Requests\r\n"
        with self._lock:
            if refusal is None and self._connections >= self.limits.max_connections:
                refusal = b"HTTP/1.0 503 Service Unavailable\r\n"
            if refusal is None:
                self._connections += 1
        if refusal is not None:
            _refuse(request, refusal)
            return
        super().process_request(request, client_address)

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self._lock:
                self._connections -= 1

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Nothing is printed (a client's trouble is its own; and nothing is logged)."""


def _refuse(request: socket.socket, status_line: bytes) -> None:
    """Answer a refused connection without waiting on it (the accepting thread)."""
    head = status_line + b"Content-Type: text/plain; charset=utf-8\r\nConnection: close\r\n"
    try:
        request.setblocking(False)
        request.send(head + b"Content-Length: %d\r\n\r\n" % len(BUSY_MESSAGE) + BUSY_MESSAGE)
    except OSError:
        pass
    finally:
        request.close()


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    server_version = "Roundkeeper"
    sys_version = ""

    def setup(self) -> None:
        super().setup()
        limits = self.server.limits
        self.rfile = _BoundedReader(  # type: ignore[assignment]
            self.rfile, self.connection, limits.request_bytes, limits.request_seconds
        )

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The standard errors (a malformed request) as plain text, the request never
        echoed."""
        self.close_connection = True
        self.request_version = "HTTP/1.0"  # a status line even for what looks like 0.9
        self._plain(code, HTTPStatus(code).phrase)

    def log_message(self, format: str, *args: Any) -> None:
        """Nothing is logged: the path of a request holds the token."""

    def handle_one_request(self) -> None:
        self.command, self.request_version = "", "HTTP/1.0"
        self.close_connection = True
        try:
            self.raw_requestline = self.rfile.readline(65537)
            if not self.raw_requestline:
                return
            if not self.parse_request():
                return
        except _TooLargeError:
            self._plain(431, "The request is too large.")
            return
        except OSError:  # a timeout, a reset
            return
        try:
            self._answer()
        except OSError:  # the page went away
            return

    # --- routing ----------------------------------------------------------------------
    def _answer(self) -> None:
        path = self.path.split("?", 1)[0]
        token, slash, rest = path[1:].partition("/") if path.startswith("/") else ("", "", "")
        generation = self.server.hub.admits(token)
        if generation is None:
            self._plain(401, "Unauthorized")
            return
        if self.command != "GET":
            self._plain(405, "Only GET is allowed.", extra=(("Allow", "GET"),))
            return
        if self.headers.get("Content-Length", "0").strip() not in ("", "0") or self.headers.get(
            "Transfer-Encoding"
        ):
            self._plain(413, "A request here has no body.")
            return
        if not slash:
            self._send(308, "text/plain; charset=utf-8", b"", (("Location", f"/{token}/"),))
        elif rest == "events":
            self._stream(generation)
        elif rest == "state":
            self._state(generation)
        elif (asset := self.server.assets.get(rest or "index.html")) is not None:
            self._send(200, asset.content_type, asset.body)
        else:
            self._plain(404, "Not found.")

    def _plain(self, status: int, text: str, extra: tuple[tuple[str, str], ...] = ()) -> None:
        self._send(status, "text/plain; charset=utf-8", f"{text}\n".encode(), extra)

    def _send(
        self,
        status: int,
        content_type: str,
        body: bytes,
        extra: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self.send_response_only(status)
        self.send_header("Date", self.date_time_string())
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        for name, value in (*SECURITY_HEADERS, *extra):
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    # --- a live page ------------------------------------------------------------------
    def _stream(self, generation: int) -> None:
        hub, limits = self.server.hub, self.server.limits
        self.connection.settimeout(limits.send_seconds)
        self.send_response_only(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("X-Accel-Buffering", "no")
        for name, value in SECURITY_HEADERS:
            self.send_header(name, value)
        self.end_headers()
        if not hub.open_stream():
            message = FULL_MESSAGE.format(count=hub.max_streams)
            self._write(f"retry: {limits.full_retry_ms}\nevent: full\ndata: {message}\n\n")
            return
        try:
            self._write(f"retry: {limits.retry_ms}\n")
            snapshot = hub.fresh(generation, limits.heartbeat_seconds)
            while snapshot is None:  # none made yet: the page sees the link lives
                if not hub.is_current(generation):
                    self._write_closed()
                    return
                self._write(f"event: ping\ndata: {clock_ms()}\n\n")
                snapshot = hub.fresh(generation, limits.heartbeat_seconds)
            self._write_state(snapshot)
            # From now on the pages' one writer sends it everything; this thread only
            # waits for the stream to end (woken by nothing else), then lets it go. A
            # stop between the first state and here left no writer: the page is told.
            taken = self.server.fanout.add(self.connection, generation, snapshot.version)
            if taken is None:
                self._write_closed()
            else:
                taken.wait()
        finally:
            hub.close_stream()

    def _write_closed(self) -> None:
        reason = "stopped" if self.server.hub.is_closed else "renewed"
        self._write(f"event: closed\ndata: {reason}\n\n")

    def _state(self, generation: int) -> None:
        """The state as of the GM's last change (made for this request if no page
        watches), or 503 when none came in time."""
        snapshot = self.server.hub.fresh(generation, self.server.limits.request_seconds)
        if snapshot is None:
            self._plain(503, "The table did not answer in time. Try again.")
        else:
            self._send(200, "application/json", snapshot.body)

    def _write_state(self, snapshot: Snapshot) -> None:
        self.wfile.write(state_event(snapshot))
        self.wfile.flush()

    def _write(self, text: str) -> None:
        self.wfile.write(text.encode())
        self.wfile.flush()


class ShareServer:
    """Binds at once (an `OSError` says why it cannot: the port in use, an address gone),
    serves once `start()`ed, until `stop()`. `publish` may be called at any time. Pass
    the `token` of an earlier server to keep its link (sharing stopped and started
    again); a new one is made otherwise."""

    def __init__(
        self,
        host: str,
        port: int,
        assets: Mapping[str, Asset],
        limits: Limits | None = None,
        token: str | None = None,
    ) -> None:
        self.limits = limits or Limits()
        self.hub = Hub(self.limits.max_streams, token)
        self._server = _Server((host, port), self.hub, assets, self.limits)
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    @property
    def host(self) -> str:
        return str(self._server.server_address[0])

    def start(self) -> None:
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.1},
            name="roundkeeper-share",
            daemon=True,
        )
        self._thread.start()

    def publish(self, body: bytes, change: int | None = None) -> None:
        """A state already in JSON (see `Hub.publish`)."""
        self.hub.publish(body, change)

    def publish_state(self, state: PageState, change: int) -> None:
        """Hand a new state over, made when the hub had counted `change` changes: the
        pages' writer turns it into JSON and sends it, off this thread."""
        self._server.fanout.offer(state, change)

    def is_idle(self) -> bool:
        """Every state handed over is in JSON and written to every live page: what a
        publish does off the GUI thread is over (asked by `benchmarks/table_ops.py`,
        which counts that work until idle). A page the hub counts that the writer has
        not taken on yet (its first state being written, or about to be handed over)
        keeps it busy: the writer knew nothing of it, and called a new state flushed."""
        fanout = self._server.fanout
        return fanout.is_flushed() and fanout.stream_count() >= self.hub.stream_count

    def stop(self) -> threading.Thread:
        """Stop serving: every page is told so and let go. The work is done on a thread
        of its own (returned: join it to wait until the port is free)."""
        self.hub.close()  # the pages are told (the fanout wakes), then let go
        self._server.fanout.close()
        stopper = threading.Thread(target=self._shut_down, name="roundkeeper-share-stop")
        stopper.start()
        return stopper

    def _shut_down(self) -> None:
        if self._thread is not None:
            self._server.shutdown()
        self._server.server_close()
