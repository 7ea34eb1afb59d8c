"""The players' link, kept in the settings file from one run of the app to the next: its
token, the network and the port it was shared on last. The pages on the players'
phones reconnect by themselves; after the app restarts (a crash, a resumed fight, the
next session) sharing again on the same network and port gives them the same link, so
nobody scans the code again. Only "New link" changes the token.

What the file holds is checked as it is read: a token that is not one the app could
have made, or a port out of range, is ignored (a new token, the default port)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from PySide6.QtCore import QSettings

from tracker.qt.settings_file import settings_store

GROUP = "share"
DEFAULT_PORT = 8765
PORTS = range(1024, 65536)  # no port that needs the administrator's rights
# `secrets.token_urlsafe` of at least 16 bytes (128 bits): 22 characters or more.
TOKEN = re.compile(r"[A-Za-z0-9_-]{22,128}")


@dataclass(frozen=True)
class KeptLink:
    """`token`: None when none is kept (the next sharing makes one); `host`: "" when
    none was shared on yet."""

    token: str | None = None
    host: str = ""
    port: int = DEFAULT_PORT

    @classmethod
    def load(cls, store: QSettings | None = None) -> KeptLink:
        store = store if store is not None else settings_store()
        store.beginGroup(GROUP)
        try:
            token = str(store.value("token", "") or "")
            host = str(store.value("host", "") or "")
            port = str(store.value("port", "") or "")
        finally:
            store.endGroup()
        return cls(
            token=token if TOKEN.fullmatch(token) else None,
            host=host if len(host) <= 64 else "",
            port=int(port) if port.isdigit() and int(port) in PORTS else DEFAULT_PORT,
        )

    def save(self, store: QSettings | None = None) -> None:
        store = store if store is not None else settings_store()
        store.beginGroup(GROUP)
        try:
            store.setValue("token", self.token or "")
            store.setValue("host", self.host)
            store.setValue("port", self.port)
        finally:
            store.endGroup()
        store.sync()
