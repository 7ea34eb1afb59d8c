"""The players' screen choices the GM made last time: which screen, full screen or a
window, dark or light. Kept in Tracker's own settings file in its config folder."""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QSettings

from tracker.persistence import paths

SETTINGS_FILE = "tracker.ini"
GROUP = "players_screen"
THEME_NAMES: tuple[str, ...] = ("dark", "light", "system")  # system: as the GM's window


def settings_store() -> QSettings:
    """Tracker's settings file (`tracker.ini` in the config folder, which follows
    `TRACKER_HOME`), never the platform's registry or defaults."""
    return QSettings(str(paths.config_dir() / SETTINGS_FILE), QSettings.Format.IniFormat)


@dataclass(frozen=True)
class PlayersScreenSettings:
    """`screen` is the name Qt gives the screen (`QScreen.name()`); "" means none chosen
    yet. `fullscreen` applies only when the players have a screen of their own."""

    screen: str = ""
    fullscreen: bool = True
    theme: str = "dark"

    def with_changes(self, **changes: object) -> PlayersScreenSettings:
        return replace(self, **changes)  # type: ignore[arg-type]

    @classmethod
    def load(cls, store: QSettings | None = None) -> PlayersScreenSettings:
        store = store if store is not None else settings_store()
        default = cls()
        store.beginGroup(GROUP)
        try:
            screen = store.value("screen", default.screen, type=str)
            fullscreen = store.value("fullscreen", default.fullscreen, type=bool)
            theme = store.value("theme", default.theme, type=str)
        finally:
            store.endGroup()
        return cls(
            screen=str(screen),
            fullscreen=bool(fullscreen),
            theme=theme if theme in THEME_NAMES else default.theme,
        )

    def save(self, store: QSettings | None = None) -> None:
        store = store if store is not None else settings_store()
        store.beginGroup(GROUP)
        try:
            store.setValue("screen", self.screen)
            store.setValue("fullscreen", self.fullscreen)
            store.setValue("theme", self.theme)
        finally:
            store.endGroup()
        store.sync()
