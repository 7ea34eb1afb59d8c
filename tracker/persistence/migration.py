"""Moving the user folders of the app's former name (`tracker`) to Roundkeeper's.

Run once at each start, before anything else touches the user folders (it does nothing
when there is no old folder, or when `ROUNDKEEPER_HOME`/`TRACKER_HOME` names the home).
What the app kept in an old folder (the journal, encounters, the library, the settings
and the recent-files list: the names of `DATA_NAMES` and `CONFIG_NAMES`; anything else
there is another program's and stays) is moved into the new one, entry by entry with
`os.replace`, so a move cut off by a kill is finished by the next start and nothing is
copied twice. What
already exists in the new folder is never overwritten: a file of the same name stays in
the old folder, which is then kept (and named in the result) instead of removed. Paths
of the recent-files list that pointed at a moved file are rewritten to its new place,
before the old folders are removed (so a kill in between is finished next time).
"""

from __future__ import annotations

import contextlib
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from tracker.persistence import paths
from tracker.persistence.recent import RECENT_FILE, load_recent, save_recent

# What the app keeps at the top of its folders, under the former name too. Only these
# move: `~/.local/share/tracker` is also where GNOME's file indexer, Tracker, kept its
# data, which must stay where it is.
DATA_NAMES = frozenset(
    {
        "journal",
        "encounters",
        "unsaved",
        "library.sqlite3",
        "library.sqlite3-wal",
        "library.sqlite3-shm",
        "library.sqlite3-journal",
        "errors.log",
        "self-test.txt",
        "tracker.lock",
    }
)
CONFIG_NAMES = frozenset({"recent.json", "tracker.ini"})


@dataclass(frozen=True)
class FolderMove:
    """A former user folder and where its entries move."""

    old: Path
    new: Path
    names: frozenset[str] = DATA_NAMES | CONFIG_NAMES  # the top-level entries to move


@dataclass
class Migration:
    """What moving the former user folders did."""

    moved: list[Path] = field(default_factory=list)  # new places of what was moved
    kept_old: list[Path] = field(default_factory=list)  # old files the new folder already had
    problems: list[str] = field(default_factory=list)  # moves the system refused


def platform_moves() -> list[FolderMove]:
    """The platform folders of the former name and their new names (data, config; one
    pair where the platform keeps both in one folder)."""
    data = FolderMove(
        paths.platform_data_dir(paths.OLD_APP_NAME), paths.platform_data_dir(), DATA_NAMES
    )
    config = FolderMove(
        paths.platform_config_dir(paths.OLD_APP_NAME), paths.platform_config_dir(), CONFIG_NAMES
    )
    if data.old == config.old:  # Windows, macOS: one folder for both
        return [FolderMove(data.old, data.new, DATA_NAMES | CONFIG_NAMES)]
    return [data, config]


def migrate_user_folders(moves: list[FolderMove] | None = None) -> Migration:
    """Move the old folders' contents into the new ones (see the module's docstring)."""
    result = Migration()
    if moves is None:
        if paths.home() is not None:
            return result
        moves = platform_moves()
    moves = [move for move in moves if move.old != move.new]
    present = [move for move in moves if move.old.is_dir()]
    if not present:
        return result  # the usual start: nothing left to move
    for move in present:
        for entry in sorted(move.old.iterdir()):
            if entry.name in move.names:
                _merge(entry, move.new / entry.name, result)
    # Before the old folders go: a kill after their removal would leave the list
    # pointing at them with nothing left to say where their files went.
    for folder in {move.new for move in moves}:
        if (folder / RECENT_FILE).is_file():
            _rewrite_recent(folder, moves)
    for move in present:
        _remove_if_empty(move.old)
    return result


def _merge(old: Path, new: Path, result: Migration) -> None:
    if not new.exists():
        try:
            new.parent.mkdir(parents=True, exist_ok=True)
            _move(old, new)
        except OSError as error:
            result.problems.append(f"{old} could not be moved to {new}: {error.strerror}")
        else:
            result.moved.append(new)
        return
    if not new.is_dir() or not old.is_dir():
        result.kept_old.append(old)  # the new folder's data wins
        return
    for entry in sorted(old.iterdir()):
        _merge(entry, new / entry.name, result)
    _remove_if_empty(old)


def _move(old: Path, new: Path) -> None:
    try:
        os.replace(old, new)
    except OSError:  # another file system: copy, then remove
        shutil.move(old, new)


def _remove_if_empty(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not empty (kept files) or already gone
        folder.rmdir()


def _rewrite_recent(config: Path, moves: list[FolderMove]) -> None:
    recent = load_recent(config)

    def moved(path: Path) -> Path:
        """Where a file of an old folder went (one the new folder already had a file
        of the same name for stayed where it was, and so does its path)."""
        for move in moves:
            if path.is_relative_to(move.old):
                target = move.new / path.relative_to(move.old)
                return target if target.exists() and not path.exists() else path
        return path

    last = moved(recent.last) if recent.last is not None else None
    rewritten = [moved(path) for path in recent.recent]
    if last != recent.last or rewritten != recent.recent:
        recent.last, recent.recent = last, rewritten
        save_recent(recent, config)
