"""What the server hands out, shared between the GUI thread that publishes and the
server's threads that send: the link's token, the latest state of the page and how
many live pages are connected.

The GUI thread only ever takes the lock for a moment (`publish`, `new_token`): it never
waits on a socket."""

from __future__ import annotations

import hmac
import secrets
import threading
from dataclasses import dataclass

TOKEN_BYTES = 24  # 192 bits of randomness (at least 128 are asked for)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass(frozen=True)
class Snapshot:
    """One state of the page: its JSON text and its number (counting from 1)."""

    version: int
    body: bytes


class Hub:
    def __init__(self, max_streams: int, token: str | None = None) -> None:
        self.max_streams = max_streams
        self._token = token or new_token()
        self._generation = 0  # bumped by each new token: streams of an older one end
        self._snapshot = Snapshot(0, b"{}")
        self._closed = False
        self._streams = 0
        self._changed = threading.Condition()

    # --- the GUI thread -------------------------------------------------------------
    @property
    def token(self) -> str:
        return self._token

    def publish(self, body: bytes) -> None:
        """A new state for every page (the streams wake and send it)."""
        with self._changed:
            self._snapshot = Snapshot(self._snapshot.version + 1, body)
            self._changed.notify_all()

    def renew_token(self) -> str:
        """A new link: every page opened with the old one is disconnected."""
        with self._changed:
            self._token = new_token()
            self._generation += 1
            self._changed.notify_all()
            return self._token

    def close(self) -> None:
        with self._changed:
            self._closed = True
            self._changed.notify_all()

    @property
    def is_closed(self) -> bool:
        return self._closed

    @property
    def stream_count(self) -> int:
        return self._streams

    # --- the server's threads -------------------------------------------------------
    def admits(self, token: str) -> int | None:
        """The token's generation if `token` is the current one (compared in constant
        time), else None."""
        with self._changed:
            current, generation = self._token, self._generation
        if self._closed or not hmac.compare_digest(token.encode(), current.encode()):
            return None
        return generation

    def latest(self) -> Snapshot:
        with self._changed:
            return self._snapshot

    def open_stream(self) -> bool:
        """Count one more live page, unless there are as many as allowed."""
        with self._changed:
            if self._streams >= self.max_streams:
                return False
            self._streams += 1
            return True

    def close_stream(self) -> None:
        with self._changed:
            self._streams -= 1

    def wait_after(self, version: int, generation: int, timeout: float) -> Snapshot | None:
        """The first state after `version`, waiting up to `timeout` seconds for it: the
        same state again when none came; None when the server closes or the token this
        stream was opened with is no longer valid."""
        with self._changed:
            self._changed.wait_for(
                lambda: (
                    self._closed
                    or self._generation != generation
                    or self._snapshot.version != version
                ),
                timeout,
            )
            if self._closed or self._generation != generation:
                return None
            return self._snapshot
