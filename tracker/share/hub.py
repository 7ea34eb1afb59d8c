"""What the server hands out, shared between the GUI thread that publishes and the
server's threads that send: the link's token, the latest state of the page and how
many live pages are connected.

No state is made while no page watches: each change the GM makes is counted
(`changed`), and a state is asked of the GUI thread (`wanted`) only when a page comes
and the latest one is older than the last change. A page is never sent a state older
than the encounter it connects to (one a combatant since hidden would still show).

The GUI thread only ever takes the lock for a moment (`publish`, `new_token`): it never
waits on a socket."""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

TOKEN_BYTES = 24  # 192 bits of randomness (at least 128 are asked for)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass(frozen=True)
class Snapshot:
    """One state of the page: its JSON text, its number (counting from 1) and the last of
    the GM's changes it shows (see `Hub.changed`)."""

    version: int
    body: bytes
    change: int = 0


class Hub:
    def __init__(self, max_streams: int, token: str | None = None) -> None:
        self.max_streams = max_streams
        self._token = token or new_token()
        self._generation = 0  # bumped by each new token: streams of an older one end
        self._snapshot = Snapshot(0, b"{}", -1)  # no state yet: a page waits for one
        self._closed = False
        self._streams = 0
        self._readers = 0  # requests waiting for a state (`fresh`), streams or not
        self._change = 0  # the GM's changes counted so far (`changed`)
        self._asked = False  # a state was asked for since the last change
        self._changed = threading.Condition()
        # Called on a server thread when a page needs a state no one made: it must only
        # hand the request to the GUI thread (a queued signal), never wait.
        self.wanted: Callable[[], None] | None = None
        # Called (under the lock) when the state, the token or `is_closed` changed: the
        # live streams' one writer looks again (`Fanout.wake`; it never blocks).
        self.on_change: Callable[[], None] | None = None

    # --- the GUI thread -------------------------------------------------------------
    @property
    def token(self) -> str:
        return self._token

    def changed(self) -> bool:
        """The encounter changed (as the players see it): True when a page watches, and
        a state is to be published (`publish`); False when none does (none need be
        made: the next page to come asks for it)."""
        with self._changed:
            self._change += 1
            self._asked = False
            self._changed.notify_all()  # a page waiting for a state asks again
            return self._readers > 0

    @property
    def change_count(self) -> int:
        """The changes counted so far: a state made now shows them all."""
        return self._change

    def publish(self, body: bytes, change: int | None = None) -> None:
        """A new state for every page (the streams wake and send it); `change`: the
        `change_count` when it was made (by default, now). The same text as the latest
        is not sent again (a change the players cannot see: a hidden one's, the GM's
        notes): it only says the latest shows that change too."""
        with self._changed:
            shows = self._change if change is None else change
            latest = self._snapshot
            if body == latest.body and latest.version > 0:  # nothing the page shows changed
                self._snapshot = Snapshot(latest.version, body, shows)  # none is sent
            else:
                self._snapshot = Snapshot(latest.version + 1, body, shows)
            self._changed.notify_all()
            self._tell()

    def renew_token(self) -> str:
        """A new link: every page opened with the old one is disconnected."""
        with self._changed:
            self._token = new_token()
            self._generation += 1
            self._changed.notify_all()
            self._tell()
            return self._token

    def close(self) -> None:
        with self._changed:
            self._closed = True
            self._changed.notify_all()
            self._tell()

    def _tell(self) -> None:
        if self.on_change is not None:
            self.on_change()

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

    def fresh(self, generation: int, timeout: float) -> Snapshot | None:
        """The latest state once it shows the GM's last change, asking the GUI thread
        for one (`wanted`) when none was made; None when none came within `timeout`
        seconds, the server closes or the token is no longer valid."""
        deadline = time.monotonic() + timeout
        with self._changed:
            self._readers += 1
            try:
                while True:
                    ask = self._snapshot.change < self._change and not self._asked
                    self._asked = self._asked or ask
                    wanted = self.wanted  # read once: the GUI thread may clear it
                    if ask and wanted is not None:
                        wanted()
                    current = self._changed.wait_for(
                        lambda: (
                            self._closed
                            or self._generation != generation
                            or self._snapshot.change >= self._change
                            or not self._asked  # another change since it was asked for
                        ),
                        deadline - time.monotonic(),
                    )
                    if self._closed or self._generation != generation or not current:
                        return None
                    if self._snapshot.change >= self._change:
                        return self._snapshot
            finally:
                self._readers -= 1

    def current_generation(self) -> int | None:
        """The current token's generation, None once closed."""
        with self._changed:
            return None if self._closed else self._generation

    def is_current(self, generation: int) -> bool:
        """The server serves on and the token of `generation` is still valid."""
        with self._changed:
            return not self._closed and self._generation == generation

    def open_stream(self) -> bool:
        """Count one more live page, unless there are as many as allowed."""
        with self._changed:
            if self._streams >= self.max_streams:
                return False
            self._streams += 1
            self._readers += 1
            return True

    def close_stream(self) -> None:
        with self._changed:
            self._streams -= 1
            self._readers -= 1
