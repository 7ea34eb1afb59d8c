"""Opening the players' screen from the GM's window: ask where (remembering the answer),
then show it there."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QDialog, QWidget

from tracker.qt.document import EncounterDocument
from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.models.turn_order_model import TurnOrderModel
from tracker.qt.players.screen_dialog import PlayersScreenDialog
from tracker.qt.players.settings import PlayersScreenSettings
from tracker.qt.players.window import PlayersWindow


def choose_players_screen(
    parent: QWidget | None = None, store: QSettings | None = None
) -> PlayersScreenSettings | None:
    """Ask the GM where and how to show the players' screen, starting from last time's
    choice; save and return the answer (None if cancelled)."""
    settings = PlayersScreenSettings.load(store)
    gm_screen = parent.screen() if parent is not None else None
    dialog = PlayersScreenDialog(settings, gm_screen, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    chosen = dialog.settings()
    chosen.save(store)
    return chosen


def open_players_screen(
    document: EncounterDocument,
    parent: QWidget | None = None,
    *,
    ask: bool = True,
    turn_order_model: TurnOrderModel | None = None,
    effects_model: EffectsModel | None = None,
    store: QSettings | None = None,
    existing: PlayersWindow | None = None,
) -> PlayersWindow | None:
    """Open the players' screen for `document`. With `ask`, the GM picks screen, full
    screen and theme first (None if cancelled); without, last time's choice is used.
    `parent` is the GM's window (its screen is the GM's). Pass the window this returned
    last time as `existing` to move and restyle it instead of opening a second one. The
    players' window is not the GM's window's child: close it with the GM's window."""
    if ask:
        settings = choose_players_screen(parent, store)
        if settings is None:
            return None
    else:
        settings = PlayersScreenSettings.load(store)
    gm_screen = parent.screen() if parent is not None else None
    if existing is not None and shiboken6.isValid(existing) and existing.document is document:
        existing.apply_settings(settings, gm_screen)
        give_focus_back(parent)
        return existing
    window = PlayersWindow(
        document, settings, turn_order_model=turn_order_model, effects_model=effects_model
    )
    window.keyboard_home = parent
    window.show_on_screen(gm_screen)
    give_focus_back(parent)
    return window


def give_focus_back(gm_window: QWidget | None) -> None:
    """The GM's window keeps the keyboard: the players' window is shown without being
    activated, and in case a window manager activates it all the same, the GM's
    window is activated again, now and once the window system has caught up."""
    if gm_window is None:
        return
    gm_window.activateWindow()
    QTimer.singleShot(0, gm_window, gm_window.activateWindow)
    QTimer.singleShot(200, gm_window, gm_window.activateWindow)
