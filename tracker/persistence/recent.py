"""The encounters a GM opened or saved lately, and the one to reopen at the next start.

Kept in ``recent.json`` in the user config folder (`paths.config_dir()`), written
atomically::

    {"last": "/home/gm/war.json", "recent": ["/home/gm/war.json", "/home/gm/ford.json"]}

``last`` is the encounter that was open when Roundkeeper was last quit cleanly (null: the
bundled sample). A missing or damaged ``recent.json`` reads as empty (so does one that is
a pipe or a device: it is read with `safe_read`): losing the list never stops Roundkeeper.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tracker.persistence import paths
from tracker.persistence.atomic import write_atomic
from tracker.persistence.safe_read import read_regular

if TYPE_CHECKING:  # (imported at the first write: a start that opens nothing writes none)
    from concurrent.futures import Future, ThreadPoolExecutor

RECENT_FILE = "recent.json"
MAX_RECENT = 8
UNSAVED_FOLDER = "unsaved"
MAX_LIST_BYTES = 1024 * 1024  # eight paths take a few hundred bytes


@dataclass
class RecentFiles:
    """The encounter open at the last clean quit and the recently used files."""

    last: Path | None = None
    recent: list[Path] = field(default_factory=list)

    def remember(self, path: Path) -> None:
        """`path` was opened or saved: first in the list."""
        path = _absolute(path)
        self.recent = [path, *(p for p in self.recent if p != path)][:MAX_RECENT]

    def forget(self, path: Path) -> None:
        path = _absolute(path)
        self.recent = [p for p in self.recent if p != path]
        if self.last == path:
            self.last = None

    def missing(self) -> list[Path]:
        return [p for p in self.recent if not p.is_file()]


_writer: ThreadPoolExecutor | None = None  # made at the first `remember_later`
_pending: list[Future[bool]] = []  # its writes not known to be done


def remember_later(path: Path) -> None:
    """`path` was opened or saved: first in the list, written off the caller's thread.
    The write syncs the file and its folder to disk, which can take tens of ms on a busy
    disk: the window does not wait for it. Every `load_recent` and `save_recent` waits
    for the writes asked before it, and the interpreter for all of them at exit."""
    global _writer
    if _writer is None:
        from concurrent.futures import ThreadPoolExecutor

        _writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="recent-files")
    folder = paths.config_dir()  # as the caller's settings name it now
    _pending.append(_writer.submit(_remember, path, folder))


def _remember(path: Path, folder: Path) -> bool:
    recent = _read(folder)
    recent.remember(path)
    return _write(recent, folder)


def settle_recent() -> None:
    """Wait for the writes `remember_later` was asked for (a write that failed is lost:
    nothing depends on the list)."""
    while _pending:
        _pending.pop(0).exception()


def load_recent(folder: Path | None = None) -> RecentFiles:
    settle_recent()
    return _read(folder if folder is not None else paths.config_dir())


def _read(folder: Path) -> RecentFiles:
    path = folder / RECENT_FILE
    try:
        data = json.loads(read_regular(path, MAX_LIST_BYTES, "a list of files").decode("utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return RecentFiles()
    if not isinstance(data, dict):
        return RecentFiles()
    last = data.get("last")
    recent = data.get("recent")
    names = [p for p in recent if isinstance(p, str) and p] if isinstance(recent, list) else []
    return RecentFiles(
        Path(last) if isinstance(last, str) and last else None,
        [Path(p) for p in dict.fromkeys(names)][:MAX_RECENT],
    )


def save_recent(recent: RecentFiles, folder: Path | None = None) -> bool:
    """Write the list; False if it could not be written (nothing else depends on it)."""
    settle_recent()
    return _write(recent, folder if folder is not None else paths.config_dir())


def _write(recent: RecentFiles, folder: Path) -> bool:
    path = folder / RECENT_FILE
    data = {
        "last": str(recent.last) if recent.last is not None else None,
        "recent": [str(p) for p in recent.recent],
    }
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    try:
        write_atomic(path, text.encode("utf-8"))
    except OSError:
        return False
    return True


def unsaved_path(name: str) -> Path:
    """Where an encounter never saved is kept at a clean quit ("Unsaved – Ambush.json"
    in the data folder's "unsaved" folder)."""
    folder = paths.data_dir() / UNSAVED_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    safe = "".join(c if c.isalnum() or c in " -_()'" else "_" for c in name).strip()
    return folder / f"Unsaved – {safe or 'encounter'}.json"


def _absolute(path: Path) -> Path:
    return Path(os.path.abspath(path))
