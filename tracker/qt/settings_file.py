"""Roundkeeper's own settings file, where the window's layout, the colour scheme and the
players' screen's choices are kept: in a module of its own, apart from the players'
screen's settings (`tracker.qt.players.settings`), which the first frame does without."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from tracker.persistence import paths

SETTINGS_FILE = "tracker.ini"
# Players → New enemies start hidden (the add form's and the library's default): read
# here, where the menus find it without the players' screen's settings module.
ENEMIES_START_HIDDEN = "encounter/new_enemies_hidden"
# Players → Share on the local network is on: set while the fight is shared, cleared
# when sharing stops (the GM, another encounter, a clean quit). Still set at the next
# start, the app was cut off while sharing: a resumed fight is shared again
# (`tracker.qt.share.menu.share_again`); any other start clears it.
SHARING = "share/sharing"


def settings_store() -> QSettings:
    """Roundkeeper's settings file (`tracker.ini` in the config folder, which follows
    `TRACKER_HOME`), never the platform's registry or defaults."""
    return QSettings(str(paths.config_dir() / SETTINGS_FILE), QSettings.Format.IniFormat)


def enemies_start_hidden(store: QSettings) -> bool:
    """The GM's setting: new enemies are hidden from the players until revealed."""
    return str(store.value(ENEMIES_START_HIDDEN, "false")).lower() == "true"


def was_sharing(store: QSettings) -> bool:
    """The fight was being shared when the app last stopped (see `SHARING`)."""
    return str(store.value(SHARING, "false")).lower() == "true"


def mark_sharing(store: QSettings, on: bool) -> None:
    store.setValue(SHARING, on)
    store.sync()
