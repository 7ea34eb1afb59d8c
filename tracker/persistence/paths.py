"""Where Roundkeeper keeps its files.

By default the platform's user folders (via `platformdirs`): for example
`~/.local/share/roundkeeper` and `~/.config/roundkeeper` on Linux,
`%LOCALAPPDATA%\\roundkeeper` on Windows, `~/Library/Application Support/roundkeeper` on
macOS. If the environment variable `ROUNDKEEPER_HOME` is set (tests, CI, portable
installs), everything lives under it instead: `$ROUNDKEEPER_HOME/data` and
`$ROUNDKEEPER_HOME/config`. `TRACKER_HOME`, the variable of the app's former name, is
still read when `ROUNDKEEPER_HOME` is not set.

Every function creates its folder (and parents) if it does not exist yet. The folders
of the former name (`tracker`) are moved here on the first start
(`tracker.persistence.migration`).
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "roundkeeper"
HOME_VARIABLE = "ROUNDKEEPER_HOME"
OLD_APP_NAME = "tracker"  # the folders' name before the rename
OLD_HOME_VARIABLE = "TRACKER_HOME"


def home() -> Path | None:
    """The folder `ROUNDKEEPER_HOME` (or else `TRACKER_HOME`) names, if either is set."""
    for variable in (HOME_VARIABLE, OLD_HOME_VARIABLE):
        value = os.environ.get(variable, "")
        if value.strip():
            return Path(value).expanduser()
    return None


def _ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def platform_data_dir(name: str = APP_NAME) -> Path:
    """The platform's user data folder for `name` (not created)."""
    import platformdirs  # (~3.5 ms to import: a start in `ROUNDKEEPER_HOME` does without)

    return Path(platformdirs.user_data_dir(name, appauthor=False))


def platform_config_dir(name: str = APP_NAME) -> Path:
    """The platform's user config folder for `name` (not created)."""
    import platformdirs

    return Path(platformdirs.user_config_dir(name, appauthor=False))


def former_folders_present() -> bool:
    """Whether a platform folder of the former name is there, whose entries the start
    moves (`tracker.persistence.migration`, imported only then); never when
    `ROUNDKEEPER_HOME` or `TRACKER_HOME` names the home."""
    if home() is not None:
        return False
    old = (platform_data_dir(OLD_APP_NAME), platform_config_dir(OLD_APP_NAME))
    return any(folder.is_dir() for folder in old)


def data_dir() -> Path:
    """Roundkeeper's data folder (encounters, journal, library)."""
    folder = home()
    return _ensure(folder / "data" if folder is not None else platform_data_dir())


def config_dir() -> Path:
    """Roundkeeper's settings folder."""
    folder = home()
    return _ensure(folder / "config" if folder is not None else platform_config_dir())


def encounters_dir() -> Path:
    """Default folder offered to save and open encounters."""
    return _ensure(data_dir() / "encounters")


def journal_dir() -> Path:
    """Folder of the crash-recovery journal."""
    return _ensure(data_dir() / "journal")


def library_file() -> Path:
    """The library of combatants and saved conditions (an SQLite file)."""
    return data_dir() / "library.sqlite3"
