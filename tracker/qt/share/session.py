"""Sharing one window's encounter: the page's feed (the players' proxies and the board's
projection, no widget) and the server on its own threads. The GUI thread only computes
the page's state as plain data and hands it over (`ShareServer.publish_state`); the
pages' writer makes the JSON and sends it on its own thread, never a page's socket
touched here. A change of the players' screen settings or of the turn timer's reaches
the pages at once. While no page is connected no state is made at all: the first page
to come asks for one (`Hub.wanted`, handed to the GUI thread by a queued signal).

The state of a change is made as soon as the change has settled (`document.settled`:
every model has followed it), while what it reads is still in the processor's caches:
made 30 ms later, after the GM's window has painted and the thread has slept, the same
work took about 1.5 times the CPU. It is handed to the server by a timer of 0 ms, which
fires once the event loop has painted the GM's window (its posted paint comes before a
timer), so the pages' writer makes the JSON and writes to the pages while the window
is idle. A second change before the timer fires is made into a state by the timer, once
(a burst costs at most two states). The timer waited 30 ms once: the GUI thread then
slept after every change, and the GM's next step cost 0.8-1 ms more CPU (a cold core:
Classic d20's End Turn with 30 pages, `table_ops.py --pages 30`, 8.3-8.5 ms against
7.3-7.6).

Loading another encounter, closing the window or quitting stops the sharing. The link
is kept in the settings file (`kept_link`): sharing again, in this run or the next,
on the same network and port gives the players the same link."""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import QWidget

from tracker.qt.document import EncounterDocument
from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.models.turn_order_model import TurnOrderModel
from tracker.qt.players.settings import PlayersScreenSettings, settings_notifier
from tracker.qt.settings_file import mark_sharing, settings_store
from tracker.qt.share.feed import PageFeed
from tracker.qt.share.kept_link import KeptLink
from tracker.qt.share.page_state import PageState
from tracker.qt.widgets.turn_timer import timer_setting
from tracker.share.assets import page_assets
from tracker.share.interfaces import default_route_address
from tracker.share.server import ShareServer

PUBLISH_DELAY_MS = 0  # after the window's paint (see the module's text)
STOP_WAIT_S = 2.0  # at most, for the last server to let go of its port


class ShareSession(QObject):
    """`started` / `stopped` follow the server. The token is kept from one start to the
    next (a pause does not break the players' links) until `renew_token`."""

    started = Signal()
    stopped = Signal()
    _wanted = Signal()  # emitted on a server thread: a page waits for a state

    def __init__(
        self,
        document: EncounterDocument,
        parent: QWidget,
        *,
        turn_order_model: TurnOrderModel | None = None,
        effects_model: EffectsModel | None = None,
        central_view: Callable[[], QWidget] | None = None,
    ) -> None:
        """Pass the GM's window's models to share them (as the players' screen does),
        and `central_view` giving its central view now (the ruleset panel's source
        shares its models): the feed then adds no models of its own to each change."""
        super().__init__(parent)
        self.document = document
        self._turn_order_model, self._effects_model = turn_order_model, effects_model
        self._central_view = central_view
        self.server: ShareServer | None = None
        self.feed: PageFeed | None = None
        self._token: str | None = KeptLink.load().token
        self._stopping: threading.Thread | None = None  # the last server's shutdown
        # The changes of one pass of the event loop are published once, after the GM's
        # window has painted them (the GM's frame comes first).
        self._publish_soon = QTimer(self)
        self._publish_soon.setSingleShot(True)
        self._publish_soon.setInterval(PUBLISH_DELAY_MS)
        self._publish_soon.timeout.connect(self._hand_over)
        # The state made when the last change settled, with the change count it shows,
        # not handed over yet; a change heard, not made into a state yet; a state made
        # since the timer started (a second change waits for the timer).
        self._made: tuple[PageState, int] | None = None
        self._unmade = self._made_in_burst = False
        self._wanted.connect(self.publish, Qt.ConnectionType.QueuedConnection)
        document.replaced.connect(self.stop)  # another encounter: this one is closed
        document.settled.connect(self._settled)
        # The players' screen settings (health shown) and the turn timer: at once.
        self._timer = timer_setting()
        settings_notifier().changed.connect(self._settings_changed)
        self._timer.changed.connect(self._timer_switched)
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
        KeptLink(self._token, host, server.port).save()
        mark_sharing(settings_store(), True)  # (a cut-off run shares again when resumed)
        server.hub.wanted = self._wanted.emit
        self.feed = PageFeed(
            self.document,
            self,
            health=PlayersScreenSettings.load().health,
            timer=self._timer,
            turn_order_model=self._turn_order_model,
            effects_model=self._effects_model,
            view=self._central_view() if self._central_view is not None else None,
        )
        self.feed.public.updated.connect(self._changed)
        self.server = server
        self.publish()
        server.start()
        self.started.emit()

    def stop(self) -> None:
        if self.server is not None:
            mark_sharing(settings_store(), False)
        self._stop_server()
        self._publish_soon.stop()
        self._made, self._unmade, self._made_in_burst = None, False, False
        if self.feed is not None:
            self.feed.public.updated.disconnect(self._changed)
            self.feed.round_ahead.release()
            self.feed.deleteLater()
            self.feed = None
            self.stopped.emit()

    def _stop_server(self) -> None:
        if self.server is not None:
            self.server.hub.wanted = None  # no page's request reaches this session now
            self._stopping = self.server.stop()  # on a thread of its own
            self.server = None

    def renew_token(self) -> None:
        """A new link; every device on the old one is disconnected (and the old one is
        forgotten in the settings file too)."""
        kept = KeptLink.load()
        if self.server is not None:
            self._token = self.server.hub.renew_token()
        else:
            self._token = None
        KeptLink(self._token, kept.host, kept.port).save()

    def publish(self) -> None:
        """The page's state now, to every page (made here, sent off this thread)."""
        self._publish_soon.stop()
        self._made, self._unmade, self._made_in_burst = None, False, False
        if self.server is None or self.feed is None:
            return
        self.server.publish_state(self.feed.state(), self.server.hub.change_count)

    def _changed(self) -> None:
        """What the players see changed: published soon while a page watches (its state
        made once the change has settled)."""
        if self.server is not None and self.server.hub.changed():
            self._made, self._unmade = None, True
            self._publish_soon.start()

    def _settled(self) -> None:
        """Every model has followed the change: its state made now, the first of a
        burst (a later one is made by the timer)."""
        if not self._unmade or self._made_in_burst:
            return
        if self.server is None or self.feed is None:
            return
        self._unmade, self._made_in_burst = False, True
        self._made = (self.feed.state(), self.server.hub.change_count)

    def _hand_over(self) -> None:
        """The timer: the state made when the change settled, if no change came since;
        else one made now."""
        made = self._made
        if made is None or self.server is None or made[1] != self.server.hub.change_count:
            self.publish()
            return
        self._made, self._unmade, self._made_in_burst = None, False, False
        self.server.publish_state(*made)

    def _settings_changed(self) -> None:
        """The players' screen settings were saved: how much health the players see."""
        if self.feed is not None:
            self.feed.set_health_modes(PlayersScreenSettings.load().health)
            self._changed_now()

    def _timer_switched(self, _on: bool) -> None:
        self._changed_now()

    def _changed_now(self) -> None:
        if self.server is not None and self.server.hub.changed():
            self.publish()

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
