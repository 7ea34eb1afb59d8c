"""The page's view of the encounter, without a widget: the players' public state and
proxies (as the players' screen has them), the ruleset's panel as data, the turn
timer's clock. `state()` is the page's state now, computed by the same projection the
players' screen shows (`tracker.qt.players.projection`): no layout, no fitting."""

from __future__ import annotations

import time

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from tracker.engine.state import SIDES
from tracker.qt.document import EncounterDocument
from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.models.turn_order_model import TurnOrderModel
from tracker.qt.players.effects_proxy import PartyEffectsProxy
from tracker.qt.players.page_content import PanelSource
from tracker.qt.players.projection import ToldHealth, follow_clock, health_text, project
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.turn_order_proxy import PlayersTurnOrderProxy
from tracker.qt.ruleset_ui import ui_for
from tracker.qt.share.page_state import PageState, page_state
from tracker.qt.share.page_turns import RoundAhead
from tracker.qt.widgets.turn_timer import Clock, TurnClock, TurnTimerSetting


class PageFeed(QObject):
    """Pass the GM's window's models and central view to share them (as the players'
    screen does the models): the feed then adds no models of its own to each change.
    `public.updated` follows every change the players may see."""

    def __init__(
        self,
        document: EncounterDocument,
        parent: QObject,
        *,
        health: tuple[str, ...],
        timer: TurnTimerSetting,
        turn_order_model: TurnOrderModel | None = None,
        effects_model: EffectsModel | None = None,
        view: QWidget | None = None,
        now: Clock = time.monotonic,
    ) -> None:
        """`view`: the GM's window's central view, whose ruleset models the panel's
        source shares; `now`: the turn timer's clock (seconds; tests pass their own)."""
        super().__init__(parent)
        self.document, self.timer = document, timer
        self.health_modes = dict(zip(SIDES, health, strict=True))
        # Its own, if need be: lazy, unheld (the page's turns are the engine's), a glance.
        self.turn_order_model = turn_order_model or TurnOrderModel(document, self, lazy=True)
        self.effects_model = effects_model or EffectsModel(document, self)
        # As on the players' board: it listens after every model (the panel's too).
        self.public = PublicState(document, self, listen=False)
        # The players' filters alone, no rows: the projection runs them over the engine's
        # turns to come (`round_ahead`) and the effects model (`shown_turns`,
        # `shown_effects`); nothing keeps rows in step at each change, and the turn
        # order model keeps no round of turns for the page (it is not held).
        self.turn_proxy = PlayersTurnOrderProxy(
            self.turn_order_model,
            self.public,
            include_current=False,
            parent=self,
            rows=False,
            hold=False,
        )
        self.round_ahead = RoundAhead(document)
        self.effects_proxy = PartyEffectsProxy(
            self.effects_model, self.public, parent=self, rows=False
        )
        self.panel: PanelSource | None = ui_for(document.ruleset).players_page_panel(
            document, self.public, self, view
        )
        self.public.listen()
        self.clock = TurnClock(now)
        self.told = ToldHealth()  # the turns to come's health, kept from one publish on
        self.public.updated.connect(self._follow_clock)
        self._follow_clock()

    def _follow_clock(self) -> None:
        follow_clock(self.clock, self.public)

    def set_health_modes(self, health: tuple[str, ...]) -> None:
        self.health_modes = dict(zip(SIDES, health, strict=True))

    def health_text(self, combatant_id: str | None) -> str:
        return health_text(self.document, self.health_modes, combatant_id)

    def state(self) -> PageState:
        clock = self.clock if self.timer.enabled else None
        board = project(
            self.document,
            self.public,
            self.turn_proxy,
            self.effects_proxy,
            self.health_modes,
            clock,
            self.told,
            self.round_ahead.turns(),
        )
        return page_state(board, self.panel.content() if self.panel is not None else None)
