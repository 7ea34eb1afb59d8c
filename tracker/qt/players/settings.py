"""The players' screen choices the GM made last time: which screen, full screen or a
window, dark or light, and how much of each side's health the players see. Kept in
Roundkeeper's own settings file in its config folder."""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QCoreApplication, QObject, QSettings, Signal

from tracker.engine.state import SIDES
from tracker.qt.settings_file import settings_store

GROUP = "players_screen"
THEME_NAMES: tuple[str, ...] = ("dark", "light", "system")  # system: as the GM's window
# Health on the players' screen by default: their own and their allies' numbers, a band
# for the others (hurt, bloodied, down).
DEFAULT_HEALTH: tuple[str, ...] = ("exact", "exact", "band", "band")  # in SIDES order


class SettingsNotifier(QObject):
    """`changed` follows every save of the players' screen settings (a shared page
    follows them live, as the players' screen does)."""

    changed = Signal()


def settings_notifier() -> SettingsNotifier:
    """The app's one notifier (made on first use, a child of the application)."""
    app = QCoreApplication.instance()
    found = app.findChild(SettingsNotifier, "players_settings_notifier") if app else None
    if isinstance(found, SettingsNotifier):
        return found
    notifier = SettingsNotifier(app)
    notifier.setObjectName("players_settings_notifier")
    return notifier


@dataclass(frozen=True)
class PlayersScreenSettings:
    """`screen` is the name Qt gives the screen (`QScreen.name()`); "" means none chosen
    yet. `fullscreen` applies only when the players have a screen of their own.
    `health`: how each side's health is shown, one of `HEALTH_MODES` per side of
    `SIDES`."""

    screen: str = ""
    fullscreen: bool = True
    theme: str = "dark"
    health: tuple[str, ...] = DEFAULT_HEALTH

    def health_for(self, side: str) -> str:
        modes = dict(zip(SIDES, self.health, strict=True))
        return modes.get(side, "nothing")

    def with_changes(self, **changes: object) -> PlayersScreenSettings:
        return replace(self, **changes)  # type: ignore[arg-type]

    @classmethod
    def load(cls, store: QSettings | None = None) -> PlayersScreenSettings:
        # (imported here: the GM's window reads its settings store at its first frame,
        # and the players' visibility rules, with their dataclass, wait for the screen)
        from tracker.qt.players.visibility import HEALTH_MODES

        store = store if store is not None else settings_store()
        default = cls()
        store.beginGroup(GROUP)
        try:
            screen = store.value("screen", default.screen, type=str)
            fullscreen = store.value("fullscreen", default.fullscreen, type=bool)
            theme = store.value("theme", default.theme, type=str)
            health = tuple(
                store.value(f"health_{side}", mode, type=str)
                for side, mode in zip(SIDES, default.health, strict=True)
            )
        finally:
            store.endGroup()
        return cls(
            screen=str(screen),
            fullscreen=bool(fullscreen),
            theme=theme if theme in THEME_NAMES else default.theme,
            health=tuple(
                mode if mode in HEALTH_MODES else fallback
                for mode, fallback in zip(health, default.health, strict=True)
            ),
        )

    def save(self, store: QSettings | None = None) -> None:
        store = store if store is not None else settings_store()
        store.beginGroup(GROUP)
        try:
            store.setValue("screen", self.screen)
            store.setValue("fullscreen", self.fullscreen)
            store.setValue("theme", self.theme)
            for side, mode in zip(SIDES, self.health, strict=True):
                store.setValue(f"health_{side}", mode)
        finally:
            store.endGroup()
        store.sync()
        settings_notifier().changed.emit()
