"""What the players' screen shows: the round, whose turn it is and what it grants, the
turns to come, the ruleset's own panel (if its UI brings one: see
`RulesetUi.players_panel`) and the effects on the party. Every part is a view on the
GM's models through the players' proxies.

Everything is sized for a 1920×1080 screen and scaled to the board's actual size, so
a window on the GM's screen and a 720p projector show the same layout."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLayout,
    QListView,
    QVBoxLayout,
    QWidget,
)

from tracker.engine.state import SIDES
from tracker.qt.document import EncounterDocument
from tracker.qt.layout_items import add_layout
from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.models.turn_order_model import TurnOrderModel
from tracker.qt.players.delegates import EffectRowDelegate, TurnRowDelegate, quiet_view
from tracker.qt.players.effects_proxy import PartyEffectsProxy
from tracker.qt.players.now_panel import NowPanel, caption_label
from tracker.qt.players.panel_parts import RowPager, fit_rows
from tracker.qt.players.projection import (
    BoardProjection,
    ToldHealth,
    follow_clock,
    health_text,
    one_round,
    project,
)
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.settings import DEFAULT_HEALTH
from tracker.qt.players.themes import (
    CAPTION_PX,
    LIST_DETAIL_PX,
    MIN_TEXT_PX,
    Theme,
    px,
    scale_for,
    stylesheet,
)
from tracker.qt.players.turn_order_proxy import PlayersTurnOrderProxy
from tracker.qt.ruleset_ui import PlayersPanel, ui_for
from tracker.qt.widgets.turn_timer import (
    TICK_MS,
    Clock,
    TurnClock,
    TurnTimerSetting,
    timer_setting,
)

PLAIN_STRETCH = (3, 2)  # without a ruleset's panel the turns to come get the room
EFFECTS_ROOM_PX = 130  # the first effect on the party, beyond the line kept for it


class PlayersBoard(QWidget):
    """Pass the GM's `turn_order_model` / `effects_model` to share them; otherwise the
    board makes its own. The ruleset's panel (`panel`, None if its UI brings none)
    makes its own models. The board shows encounters of rulesets with the same UI
    (`ui`); the players' window replaces it for another."""

    def __init__(
        self,
        document: EncounterDocument,
        theme: Theme,
        *,
        turn_order_model: TurnOrderModel | None = None,
        effects_model: EffectsModel | None = None,
        timer: TurnTimerSetting | None = None,
        now: Clock = time.monotonic,
        health: tuple[str, ...] = DEFAULT_HEALTH,
        parent: QWidget | None = None,
    ) -> None:
        """`health`: how each side's health is shown (see `PlayersScreenSettings`)."""
        super().__init__(parent)
        self.health_modes = dict(zip(SIDES, health, strict=True))
        self.timer = timer or timer_setting()
        self.clock = TurnClock(now)
        self.told = ToldHealth()  # the turns to come's health, kept from one refresh on
        self.setObjectName("players_board")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.document = document
        self.theme = theme
        self.scale = 1.0
        self.ui = ui_for(document.ruleset)
        # Its own, if need be: lazy, it works out the one round the proxy holds.
        self.turn_order_model = turn_order_model or TurnOrderModel(document, self, lazy=True)
        self.effects_model = effects_model or EffectsModel(document, self)
        # It listens after the models (the panel's too), so it hears each engine event
        # after them.
        self.public = PublicState(document, self, listen=False)
        self.turn_proxy = PlayersTurnOrderProxy(
            self.turn_order_model, self.public, include_current=False, parent=self
        )
        self.effects_proxy = PartyEffectsProxy(self.effects_model, self.public, parent=self)
        self.panel: PlayersPanel | None = self.ui.players_panel(document, self.public, theme, self)
        self.public.listen()
        self._count_later = QTimer(self)  # once the views have laid out their rows
        self._count_later.setSingleShot(True)
        self._count_later.setInterval(0)
        self._count_later.timeout.connect(self._count_hidden_effects)
        self._count_later.timeout.connect(self._fit_next)  # the list may have moved
        self._up_next = ""  # "Up next: Bren", as the last refresh projected it
        self._ticker = QTimer(self)  # repaints the turn timer while it is on
        self._ticker.setInterval(TICK_MS)
        self._ticker.timeout.connect(self._show_timer)
        self._build()
        self.set_look(theme, self.scale)
        self.public.updated.connect(self.refresh)
        self.timer.changed.connect(self._apply_timer)
        self.refresh()
        self._apply_timer(self.timer.enabled)

    # --- construction -----------------------------------------------------------------
    def _build(self) -> None:
        self._root = QVBoxLayout(self)
        # Its parts are fitted to its size (`fit`): they never make it grow.
        self._root.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        header = QHBoxLayout()
        self.title = QLabel()
        self.title.setObjectName("players_title")
        self.round_label = QLabel()
        self.round_label.setObjectName("players_round")
        self.timer_label = QLabel()
        self.timer_label.setObjectName("players_timer")
        for label in (self.title, self.round_label, self.timer_label):
            label.setTextFormat(Qt.TextFormat.PlainText)  # the encounter's name may hold <
        header.addWidget(self.title, 1)
        header.addWidget(self.timer_label)
        header.addSpacing(24)
        header.addWidget(self.round_label)
        add_layout(self._root, header)

        self._body = QHBoxLayout()
        add_layout(self._root, self._body, 1)
        self._left = QVBoxLayout()
        self.now_panel = NowPanel()
        self.next_caption = caption_label("NEXT")
        self.next_view, self.turn_delegate = self._turn_list("players_next")
        # Without a ruleset's panel, the turns to come go on at the top of the right side.
        self.then_caption = caption_label("THEN")
        self.then_caption.setParent(self)
        self.then_view: QListView | None = None
        self.then_delegate: TurnRowDelegate | None = None
        if self.panel is None:
            self.then_view, self.then_delegate = self._turn_list("players_next_more")
        self.next_page = caption_label("")
        self.next_pager = RowPager(
            self.next_view,
            self.next_page,
            parent=self,
            followers=[self.then_view] if self.then_view is not None else [],
        )
        for signal in (
            self.turn_proxy.rowsInserted,
            self.turn_proxy.rowsRemoved,
            self.turn_proxy.modelReset,
            self.turn_proxy.layoutChanged,
        ):
            signal.connect(self._fit_next)
        self.up_next = QLabel()
        self.up_next.setObjectName("players_up_next")
        self.up_next.setTextFormat(Qt.TextFormat.PlainText)  # names may hold < or &
        self._left.addWidget(self.now_panel)
        self._left.addWidget(self.up_next)
        self._left.addWidget(self.next_caption)
        self._left.addWidget(self.next_view)  # as tall as its page (`_fit_next`)
        self._left.addWidget(self.next_page)
        self._left.addStretch(1)
        add_layout(self._body, self._left)

        self._right = QVBoxLayout()
        if self.panel is not None:
            self._right.addWidget(self.panel)
        if self.then_view is not None:
            self._right.addWidget(self.then_caption)
            self._right.addWidget(self.then_view)
        self.then_caption.setVisible(False)
        self._right.addWidget(caption_label("ON THE PARTY"))
        self.effects_view = QListView()
        self.effects_view.setObjectName("players_effects")
        self.effects_view.setModel(self.effects_proxy)
        self.effects_view.setModelColumn(0)
        self.effect_delegate = EffectRowDelegate(
            self.theme, lambda: self.effects_view.viewport().width(), self.effects_view
        )
        self.effects_view.setItemDelegate(self.effect_delegate)
        quiet_view(self.effects_view)
        self.no_effects = QLabel("No effects on the party.")
        self.no_effects.setObjectName("players_empty")
        self.no_effects.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.more_effects = QLabel()
        self.more_effects.setObjectName("players_empty")
        self._right.addWidget(self.effects_view, 1)
        self._right.addWidget(self.no_effects, 1)  # takes the room when there is no list
        self._right.addWidget(self.more_effects)
        add_layout(self._body, self._right)
        # The ruleset's panel says how much room the right side needs.
        left, right = self.panel.body_stretch if self.panel is not None else PLAIN_STRETCH
        self._body.setStretch(0, left)
        self._body.setStretch(1, right)

    def _turn_list(self, name: str) -> tuple[QListView, TurnRowDelegate]:
        """A list of turns to come, as tall as its page (`_fit_next`)."""
        view = QListView()
        view.setObjectName(name)
        view.setModel(self.turn_proxy)
        delegate = TurnRowDelegate(
            self.theme,
            self.public.shown_round,
            self._round_name,
            self._safe,
            view,
            health=self.health_text,
        )
        view.setItemDelegate(delegate)
        quiet_view(view)
        view.setUniformItemSizes(True)
        view.setMinimumHeight(0)
        return view, delegate

    def _safe(self, text: str) -> str:
        """The text, or "" when it names a hidden combatant (the public state's
        `Visibility`, as of the last change: worked out anew it read every combatant,
        for each text of each row painted)."""
        return str(self.public.visibility.safe(text))

    def _round_name(self) -> str:
        return self.document.ruleset.round_name

    def health_text(self, combatant_id: str | None) -> str:
        """What the players are told of a visible combatant's health (see
        `projection.health_text`)."""
        return health_text(self.document, self.health_modes, combatant_id)

    def set_health_modes(self, health: tuple[str, ...]) -> None:
        self.health_modes = dict(zip(SIDES, health, strict=True))
        self.refresh()

    # --- look -------------------------------------------------------------------------
    def set_theme(self, theme: Theme) -> None:
        self.set_look(theme, self.scale)

    def set_look(self, theme: Theme, scale: float) -> None:
        """Colours and size: every text and space is its 1080p size times `scale`."""
        self.theme, self.scale = theme, scale
        self.setStyleSheet(stylesheet(theme, scale))
        self._root.setContentsMargins(px(44, scale), px(26, scale), px(44, scale), px(30, scale))
        self._root.setSpacing(px(18, scale))
        self._body.setSpacing(px(48, scale))
        for column in (self._left, self._right):
            column.setSpacing(px(16, scale))
        self.now_panel.set_scale(scale)
        for delegate in (self.turn_delegate, self.then_delegate, self.effect_delegate):
            if delegate is not None:  # the turns' are fitted to their room below
                delegate.set_look(theme, scale)
        if self.panel is not None:
            self.panel.set_look(theme, scale)
        self._fit_panel()
        self.update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        scale = scale_for(event.size().width(), event.size().height())
        if abs(scale - self.scale) > 0.01:
            self.set_look(self.theme, scale)
        else:
            self._fit_panel()
        self._count_later.start()

    def _fit_panel(self) -> None:
        """The ruleset's panel takes its share of the board: less by the room of the
        first effect on the party, when there is one (a panel's list then shows fewer
        rows a page)."""
        if self.panel is not None:
            effects = self.effects_proxy.rowCount() > 0
            self.panel.fit(self.height() - (px(EFFECTS_ROOM_PX, self.scale) if effects else 0))
            layout = self.layout()
            if layout is not None:  # the panel's new height now, not at the next event
                layout.activate()
        self._fit_next()

    def _fit_next(self, *_args: object) -> None:
        """Every turn to come in the list's room: shorter rows when they are many (type
        never below `MIN_TEXT_PX`), a page at a time when they are too many. Without a
        ruleset's panel, what does not fit goes on in the list on the right."""
        # From the list's top to the column's bottom, the page's number's line included.
        room = self._left.geometry().bottom() + 1 - self.next_view.geometry().top()
        count = self._one_round()
        lists = 2 if self.then_view is not None else 1
        natural = px(TurnRowDelegate.ROW_HEIGHT, self.scale)
        smallest_factor = MIN_TEXT_PX / LIST_DETAIL_PX
        smallest = px(TurnRowDelegate.ROW_HEIGHT * smallest_factor, self.scale)
        # One list first: the right one only once the left one is full.
        row, per_page = fit_rows(count, room, natural, smallest)
        if per_page < count and lists > 1:
            row, per_page = fit_rows(-(-count // lists), room, natural, smallest)
        if per_page * lists < count:  # the page's number takes a line
            label = px(CAPTION_PX * 1.5, self.scale) + self._left.spacing()
            row, per_page = fit_rows(-(-count // lists), room - label, natural, smallest)
        factor = min(max(row / max(natural, 1), smallest_factor), 1.0)
        for delegate in (self.turn_delegate, self.then_delegate):
            if delegate is not None and abs(delegate.scale - self.scale * factor) > 1e-6:
                delegate.set_look(self.theme, self.scale * factor)
        self.next_pager.show_pages(per_page, count)
        height = self.turn_delegate.px(TurnRowDelegate.ROW_HEIGHT)
        left = min(count, per_page)
        for view, rows in ((self.next_view, left), (self.then_view, min(count - left, per_page))):
            if view is not None and view.height() != rows * height:
                view.setFixedHeight(rows * height)
        self.then_caption.setVisible(self.then_view is not None and count > per_page)

    def _one_round(self) -> int:
        return one_round(self.turn_proxy)

    # --- content ----------------------------------------------------------------------
    def projection(self) -> BoardProjection:
        """What the board shows now, as data (the shared page sends the same)."""
        clock = self.clock if self.timer.enabled else None
        return project(
            self.document,
            self.public,
            self.turn_proxy,
            self.effects_proxy,
            self.health_modes,
            clock,
            self.told,
        )

    def refresh(self) -> None:
        """Bring the labels in step with the encounter (the views follow their models)."""
        follow_clock(self.clock, self.public)
        shown = self.projection()
        self.title.setText(shown.title)
        self.round_label.setText(shown.round)
        self.now_panel.show_turn(shown.now_caption, shown.now_name, shown.now_detail)
        self.next_caption.setText(shown.next_caption)
        self._show_timer(shown)
        has_effects = self.effects_proxy.rowCount() > 0
        self.effects_view.setVisible(has_effects)
        self.no_effects.setVisible(not has_effects)
        self._fit_panel()
        self.next_view.viewport().update()
        self.effects_view.doItemsLayout()
        self._count_later.start()

    def _count_hidden_effects(self) -> None:
        """Say how many effects did not fit on screen ("+ 2 more")."""
        view, rows = self.effects_view, self.effects_proxy.rowCount()
        height = view.viewport().height()
        fitting = sum(
            1
            for row in range(rows)
            if view.visualRect(self.effects_proxy.index(row, 0)).bottom() <= height
        )
        more = rows - fitting if view.isVisible() else 0
        self.more_effects.setText(f"+ {more} more" if more > 0 else "")
        self.more_effects.setVisible(more > 0)

    # --- the turn timer -----------------------------------------------------------------
    def _apply_timer(self, on: bool) -> None:
        self.timer_label.setVisible(on)
        self.up_next.setVisible(on)
        if on:
            self._ticker.start()
        else:
            self._ticker.stop()
        self._show_timer()

    def _show_timer(self, shown: BoardProjection | None = None) -> None:
        """The timer's text (each tick); "Up next" as the last `refresh` projected it."""
        if shown is not None:
            self._up_next = shown.up_next
        if not self.timer.enabled:
            return
        self.timer_label.setText(self.clock.text(self._round_name()))
        self.up_next.setText(self._up_next)
