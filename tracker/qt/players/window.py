"""The players' screen: a window of its own (full screen on a projector or TV) showing
what the players may know, following every change live, undo included.

It never keeps the keyboard: it is shown without being activated, it tells the window
manager it takes no focus, and when it is activated all the same (the GM clicked it)
it hands the activation back to `keyboard_home`, the GM's window, at once. Should a
key reach it before that, F11 switches full screen on and off and Escape leaves full
screen; it never closes the screen (the GM's menu or Ctrl+Shift+P does).
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeyEvent, QScreen
from PySide6.QtWidgets import QLayout, QVBoxLayout, QWidget

from tracker.qt.appearance import appearance
from tracker.qt.document import EncounterDocument
from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.models.turn_order_model import TurnOrderModel
from tracker.qt.players.board import PlayersBoard
from tracker.qt.players.screens import place_window, show_full_screen
from tracker.qt.players.settings import PlayersScreenSettings
from tracker.qt.players.themes import theme_named
from tracker.qt.rich_text import plain_title
from tracker.qt.ruleset_ui import ui_for


class PlayersWindow(QWidget):
    """Build it, then `show_on_screen()` (or `show()`). Pass the GM's turn order and
    effects models to share them (see `PlayersBoard`). `closed` is emitted when the
    window closes (it is hidden, not deleted: showing it again reopens it)."""

    closed = Signal()

    def __init__(
        self,
        document: EncounterDocument,
        settings: PlayersScreenSettings | None = None,
        *,
        turn_order_model: TurnOrderModel | None = None,
        effects_model: EffectsModel | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window | Qt.WindowType.WindowDoesNotAcceptFocus)
        self.setObjectName("players_window")
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, True)
        self.keyboard_home: QWidget | None = None  # the GM's window: it gets the keys
        self.document = document
        self.settings = settings if settings is not None else PlayersScreenSettings.load()
        self._turn_order_model = turn_order_model
        self._effects_model = effects_model
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        # The board rescales itself to any size: its parts' sizes at the old scale never
        # keep the window from being made smaller.
        self._layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
        # Before the board's models connect: a board that cannot show the new encounter
        # is gone before its models hear of it.
        document.replaced.connect(self._on_replaced)
        self.board = self._new_board()
        self._layout.addWidget(self.board)
        document.changed.connect(self._update_title)
        appearance().changed.connect(self._follow_scheme)
        self._update_title()
        self.resize(1280, 720)

    def _follow_scheme(self) -> None:
        """The GM's window turned light or dark: so does a screen set to follow it."""
        if self.settings.theme == "system":
            self.board.set_theme(theme_named("system"))

    def _new_board(self) -> PlayersBoard:
        return PlayersBoard(
            self.document,
            theme_named(self.settings.theme),
            health=self.settings.health,
            turn_order_model=self._turn_order_model,
            effects_model=self._effects_model,
        )

    # --- settings ---------------------------------------------------------------------
    def apply_settings(
        self, settings: PlayersScreenSettings, gm_screen: QScreen | None = None
    ) -> None:
        """Use these choices now: theme, screen and full screen."""
        self.settings = settings
        self.board.set_theme(theme_named(settings.theme))
        self.board.set_health_modes(settings.health)
        self.show_on_screen(gm_screen)

    def show_on_screen(self, gm_screen: QScreen | None = None) -> QScreen | None:
        """Show the window on the chosen screen (full screen there when the players have
        a screen of their own). `gm_screen` is the screen of the GM's window."""
        return place_window(self, self.settings, gm_screen)

    # --- following the document -------------------------------------------------------
    def _on_replaced(self) -> None:
        """Another encounter: the board follows by itself while the ruleset's UI stays
        the same; otherwise a new board replaces it (the old one is deleted at once, so
        its ruleset panel's models never see an encounter of another ruleset)."""
        if type(ui_for(self.document.ruleset)) is type(self.board.ui):
            self._update_title()
            return
        old, self.board = self.board, self._new_board()
        self._layout.replaceWidget(old, self.board)
        old.hide()  # deleted as it stands (taken out first, it was restyled alone)
        shiboken6.delete(old)
        self._update_title()

    def _update_title(self, *_args: object) -> None:
        name = plain_title(self.document.encounter.name)
        self.setWindowTitle(f"{name} — players' screen · Roundkeeper")

    # --- keys -------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow():
            QTimer.singleShot(0, self, self._give_keyboard_back)

    def _give_keyboard_back(self) -> None:
        """Activated (a click): the GM's window takes the keyboard again."""
        home = self.keyboard_home
        if home is not None and shiboken6.isValid(home) and home.isVisible():
            home.activateWindow()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_F11:
            if self.isFullScreen():
                self.showNormal()
            else:
                show_full_screen(self)
            return
        if event.key() == Qt.Key.Key_Escape:
            if self.isFullScreen():
                self.showNormal()
            return  # never closes: the TV would go dark in the middle of a fight
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        super().closeEvent(event)
        if event.isAccepted():
            self.closed.emit()
