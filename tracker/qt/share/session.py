"""Sharing one window's encounter: a players' board nobody sees (the page's source) and
the server on its own threads. The GUI thread only turns the board into JSON and hands
it over (`ShareServer.publish` takes a lock for a moment); it never touches a socket.

Loading another encounter, closing the window or quitting stops the sharing."""

from __future__ import annotations

import threading

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

from tracker.engine.state import SIDES
from tracker.qt.document import EncounterDocument
from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.models.turn_order_model import TurnOrderModel
from tracker.qt.players.board import PlayersBoard
from tracker.qt.players.settings import PlayersScreenSettings
from tracker.qt.players.themes import theme_named
from tracker.qt.share.page_state import page_state
from tracker.share.assets import page_assets
from tracker.share.interfaces import default_route_address
from tracker.share.server import ShareServer

DEFAULT_PORT = 8765
PUBLISH_DELAY_MS = 30
STOP_WAIT_S = 2.0  # at most, for the last server to let go of its port


class ShareSession(QObject):
    """`started` / `stopped` follow the server. The token is kept from one start to the
    next (a pause does not break the players' links) until `renew_token`."""

    started = Signal()
    stopped = Signal()

    def __init__(
        self,
        document: EncounterDocument,
        parent: QWidget,
        *,
        turn_order_model: TurnOrderModel | None = None,
        effects_model: EffectsModel | None = None,
    ) -> None:
        """Pass the GM's window's models to share them (as the players' screen does):
        the board then adds no models of its own to each change."""
        super().__init__(parent)
        self.document = document
        self._turn_order_model, self._effects_model = turn_order_model, effects_model
        self.server: ShareServer | None = None
        self.board: PlayersBoard | None = None
        self._token: str | None = None
        self._stopping: threading.Thread | None = None  # the last server's shutdown
        # A burst of changes is published once, after the GM's window has painted the
        # change (the page has 200 ms; the GM's frame comes first).
        self._publish_soon = QTimer(self)
        self._publish_soon.setSingleShot(True)
        self._publish_soon.setInterval(PUBLISH_DELAY_MS)
        self._publish_soon.timeout.connect(self.publish)
        document.replaced.connect(self.stop)  # another encounter: this one is closed
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)
        # The window gone (its children too): the server is stopped all the same.
        parent.destroyed.connect(lambda *_args: self._stop_server())

    def is_sharing(self) -> bool:
        return self.server is not None

    def start(self, host: str, port: int) -> None:
        """Serve on this address (port 0: any free one); an `OSError` says why not."""
        self.stop()
        if self._stopping is not None:  # its port free again (a poll interval, 0.1 s)
            self._stopping.join(STOP_WAIT_S)
        server = ShareServer(host, port, page_assets(), token=self._token)
        self._token = server.hub.token
        settings = PlayersScreenSettings.load()
        self.board = PlayersBoard(
            self.document,
            theme_named("dark"),
            health=settings.health,
            turn_order_model=self._turn_order_model,
            effects_model=self._effects_model,
        )
        self.board.public.updated.connect(self._publish_soon.start)
        self.server = server
        self.publish()
        server.start()
        self.started.emit()

    def stop(self) -> None:
        self._stop_server()
        if self.board is not None:
            self.board.public.updated.disconnect(self._publish_soon.start)
            self.board.deleteLater()
            self.board = None
            self.stopped.emit()

    def _stop_server(self) -> None:
        if self.server is not None:
            self._stopping = self.server.stop()  # on a thread of its own
            self.server = None

    def renew_token(self) -> None:
        """A new link; every device on the old one is disconnected."""
        if self.server is not None:
            self._token = self.server.hub.renew_token()
        else:
            self._token = None

    def publish(self) -> None:
        if self.server is None or self.board is None:
            return
        # The players' screen settings say how much health the players see: the page
        # follows a change of them from the next change of the fight on (0.07 ms).
        health = PlayersScreenSettings.load().health
        if dict(zip(SIDES, health, strict=True)) != self.board.health_modes:
            self.board.set_health_modes(health)
        self.server.publish(page_state(self.board).to_json())

    def link(self, host: str | None = None) -> str:
        """The address players open: on `host` (the server's own unless it listens on
        every interface, then the one with the default route)."""
        assert self.server is not None
        shown = host or self.server.host
        if shown in ("0.0.0.0", "::"):
            shown = default_route_address() or "127.0.0.1"
        if ":" in shown:
            shown = f"[{shown}]"
        return f"http://{shown}:{self.server.port}/{self.server.hub.token}/"

    def device_count(self) -> int:
        return self.server.hub.stream_count if self.server is not None else 0
