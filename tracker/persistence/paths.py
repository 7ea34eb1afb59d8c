"""Where Tracker keeps its files.

By default the platform's user folders (via `platformdirs`): for example
`~/.local/share/tracker` and `~/.config/tracker` on Linux, `%LOCALAPPDATA%\\tracker` on
Windows, `~/Library/Application Support/tracker` on macOS. If the environment variable
`TRACKER_HOME` is set (tests, CI, portable installs), everything lives under it instead:
`$TRACKER_HOME/data` and `$TRACKER_HOME/config`.

Every function creates its folder (and parents) if it does not exist yet.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "tracker"
HOME_VARIABLE = "TRACKER_HOME"


def _home() -> Path | None:
    value = os.environ.get(HOME_VARIABLE, "")
    return Path(value).expanduser() if value.strip() else None


def _ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    """Tracker's data folder (encounters, journal)."""
    home = _home()
    if home is not None:
        return _ensure(home / "data")
    return _ensure(Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)))


def config_dir() -> Path:
    """Tracker's settings folder."""
    home = _home()
    if home is not None:
        return _ensure(home / "config")
    return _ensure(Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)))


def encounters_dir() -> Path:
    """Default folder offered to save and open encounters."""
    return _ensure(data_dir() / "encounters")


def journal_dir() -> Path:
    """Folder of the crash-recovery journal."""
    return _ensure(data_dir() / "journal")


def library_file() -> Path:
    """The library of combatants and saved conditions (an SQLite file)."""
    return data_dir() / "library.sqlite3"
