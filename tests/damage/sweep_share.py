"""The shared page's server against random requests: valid ones bent at random (the
method, the token cut, grown or changed, the path with traversals, encodings and
bytes of every kind, headers repeated, long or broken, the request cut short).

A case fails when the server hangs on it (no answer and no close within a bound), when
a request without the whole token gets anything but 401 or a refusal of the request
itself, when anything but a GET of one of its own assets or streams with the token is
answered 200, or when the state is ever sent to a request without the token. At the
end the server must still serve the page."""

from __future__ import annotations

import random
import socket
import time
from pathlib import Path

from tests.damage.tally import Tally
from tracker.share.assets import page_assets
from tracker.share.server import Limits, ShareServer

SECRET = b"Marker-of-the-state"
ANSWER_BOUND_S = 4.0  # the request's 1 s to arrive, and room for a busy machine
ROUTES = ("", "page.css", "page.js", "icon.svg", "state", "events")
PIECES = ("..", "%2e%2e", "%2f", "/", "\\", "%00", "~", "?", "#", ";", "%", "etc", "passwd")
METHODS = ("GET", "POST", "PUT", "HEAD", "DELETE", "OPTIONS", "get", "G\x00T", "")


def _path(rng: random.Random, token: str) -> tuple[str, bool, bool]:
    """A path; whether it starts with the whole token; whether it names a route."""
    shape = rng.random()
    if shape < 0.3:
        given = token
    elif shape < 0.45:
        given = token[: rng.randrange(len(token))]
    elif shape < 0.6:
        given = token + rng.choice(("x", "/", "%20", token))
    elif shape < 0.7:
        cut = rng.randrange(len(token))
        given = token[:cut] + rng.choice("ABCxyz019-_") + token[cut + 1 :]
    else:
        given = "".join(rng.choice(PIECES) for _ in range(rng.randrange(4)))
    rest = rng.choice(ROUTES) if rng.random() < 0.5 else ""
    if rng.random() < 0.5:
        rest += "/".join(rng.choice(PIECES) for _ in range(rng.randrange(1, 5)))
    path = f"/{given}/{rest}"
    first, _slash, after = path.split("?", 1)[0][1:].partition("/")
    whole = first == token  # as the server reads it
    return path, whole, whole and after in ROUTES


def _request(rng: random.Random, token: str) -> tuple[bytes, bool, bool, bool]:
    method = rng.choice(METHODS) if rng.random() < 0.4 else "GET"
    path, whole, known = _path(rng, token)
    version = rng.choice(("HTTP/1.0", "HTTP/1.1", "HTTP/1.1", "HTTP/2", "HTTP/x", ""))
    headers = [b"Host: 127.0.0.1"]
    for _ in range(rng.choice((0, 1, 3, 120))):
        size = rng.choice((1, 10, 200, 9000))
        headers.append(
            b"X-%d: " % rng.randrange(100) + bytes(rng.randrange(32, 127) for _ in range(size))
        )
    if rng.random() < 0.1:
        headers.append(b"Content-Length: %d" % rng.randrange(0, 5))
    if rng.random() < 0.1:
        headers.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40))))
    data = f"{method} {path} {version}".encode() + b"\r\n" + b"\r\n".join(headers) + b"\r\n\r\n"
    if rng.random() < 0.1:
        data = data[: rng.randrange(len(data))]
    plain_get = method == "GET" and version in ("HTTP/1.0", "HTTP/1.1")
    return data, whole, known and plain_get, plain_get


def _exchange(port: int, data: bytes) -> tuple[bytes, float]:
    started = time.monotonic()
    answer = b""
    with socket.create_connection(("127.0.0.1", port), timeout=ANSWER_BOUND_S) as sock:
        try:
            sock.sendall(data)
            sock.shutdown(socket.SHUT_WR) if not data.endswith(b"\r\n\r\n") else None
            while len(answer) < 4096 and (chunk := sock.recv(4096)):
                answer += chunk
                if b"event-stream" in answer and b"\n\n" in answer.split(b"\r\n\r\n", 1)[-1]:
                    break  # a live stream: its first state is enough
        except TimeoutError:
            answer += b"<hung>"
        except OSError:
            pass
    return answer, time.monotonic() - started


def sweep(cases: int, seed: int, workdir: Path) -> Tally:
    tally = Tally("share server")
    rng = random.Random(seed)
    limits = Limits(request_seconds=1.0, rate_burst=1e9, rate_per_second=1e9)
    server = ShareServer("127.0.0.1", 0, page_assets(), limits)
    server.start()
    server.publish(b'{"title": "' + SECRET + b'"}')
    token = server.hub.token
    try:
        for case in range(cases):
            data, whole, servable, plain_get = _request(rng, token)
            tally.tried += 1
            answer, took = _exchange(server.port, data)
            status = answer[9:12] if answer.startswith(b"HTTP/1.0 ") else b""
            label = f"case {case}: {data[:120]!r}"
            if b"<hung>" in answer or took > ANSWER_BOUND_S:
                tally.fail(f"{label}: no answer within {ANSWER_BOUND_S} s")
            elif not whole and SECRET in answer:
                tally.fail(f"{label}: the state sent without the token")
            elif status == b"200" and not servable:
                tally.fail(f"{label}: answered 200")
            elif not whole and plain_get and status not in (b"401", b"400", b"431", b"414", b""):
                tally.fail(f"{label}: answered {status!r} without the token")
            elif status == b"200":
                tally.accepted += 1
            else:
                tally.refused += 1
        answer, _took = _exchange(server.port, f"GET /{token}/state HTTP/1.0\r\n\r\n".encode())
        if SECRET not in answer:
            tally.fail(f"after the sweep the server no longer serves: {answer[:80]!r}")
    finally:
        server.stop().join(5)
    return tally
