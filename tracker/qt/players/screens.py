"""Finding the screen the players look at and putting their window on it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget

from tracker.qt.players.settings import PlayersScreenSettings

WINDOW_FRACTION = 0.6  # a window on the GM's own screen takes this much of it


def available_screens() -> list[QScreen]:
    return list(QGuiApplication.screens())


def screen_key(screen: QScreen) -> str:
    """The name the choice of screen is saved under: the screen's name, numbered when
    several screens share it (as separate X screens of one display do)."""
    screens = available_screens()
    twins = [s for s in screens if s.name() == screen.name()]
    if len(twins) < 2:
        return screen.name()
    return f"{screen.name()} #{twins.index(screen) + 1}"


def describe(screen: QScreen, gm_screen: QScreen | None = None) -> str:
    """ "HDMI-1 — 1920×1080 (this screen)"."""
    size = screen.geometry().size()
    mine = " (this screen)" if gm_screen is not None and screen == gm_screen else ""
    return f"{screen.name() or 'Screen'} — {size.width()}×{size.height()}{mine}"


def default_screen(gm_screen: QScreen | None = None) -> QScreen | None:
    """A screen that is not the GM's, if there is one; else the primary screen."""
    screens = available_screens()
    others = [s for s in screens if s != gm_screen]
    if others and len(screens) > 1:
        return others[0]
    return QGuiApplication.primaryScreen()


def resolve_screen(name: str, gm_screen: QScreen | None = None) -> QScreen | None:
    """The screen of that name if it is connected now, otherwise the default one."""
    for screen in available_screens():
        if name and screen_key(screen) == name:
            return screen
    return default_screen(gm_screen)


def can_be_full_screen(screen: QScreen | None, gm_screen: QScreen | None = None) -> bool:
    """Full screen only on a screen of the players' own: with one screen, or on the
    GM's screen, the players' screen is a window beside the GM's."""
    if screen is None or len(available_screens()) < 2:
        return False
    return gm_screen is None or screen != gm_screen


def show_full_screen(window: QWidget) -> None:
    """Full screen, without activating the window (as `showFullScreen` would: the
    players' screen never takes the keyboard)."""
    state = window.windowState() & ~(
        Qt.WindowState.WindowMinimized | Qt.WindowState.WindowMaximized
    )
    window.setWindowState(state | Qt.WindowState.WindowFullScreen)
    window.setVisible(True)


def place_window(
    window: QWidget, settings: PlayersScreenSettings, gm_screen: QScreen | None = None
) -> QScreen | None:
    """Show the window on the chosen screen, full screen when it may be. Returns the
    screen used."""
    screen = resolve_screen(settings.screen, gm_screen)
    if screen is None:  # no screen at all (should not happen): just show it
        window.show()
        return None
    window.setScreen(screen)
    area = screen.availableGeometry()
    if settings.fullscreen and can_be_full_screen(screen, gm_screen):
        window.setGeometry(screen.geometry())
        show_full_screen(window)
        return screen
    width = max(640, int(area.width() * WINDOW_FRACTION))
    height = max(360, int(area.height() * WINDOW_FRACTION))
    window.resize(min(width, area.width()), min(height, area.height()))
    window.move(area.center() - window.rect().center())
    window.showNormal()
    return screen
