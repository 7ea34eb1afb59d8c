"""Writing a file so that a crash, a kill or a power loss never leaves it half written:
a temporary file in the same folder, flushed and synced, then renamed over the target;
and removing the temporaries a kill in the middle left behind."""

from __future__ import annotations

import contextlib
import os
import re
import stat
from pathlib import Path


def write_atomic(path: Path, data: bytes) -> None:
    """Replace `path` with `data` so that readers see either the old or the new contents,
    never a mixture, even after a crash or power loss. Raises OSError on failure; no
    temporary file is left behind."""
    directory = path.parent
    temporary = directory / f".{path.name}.{os.urandom(4).hex()}.tmp"  # no OpenSSL to load
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(temporary, flags, 0o666)  # the umask applies, as usual
        try:
            handle = os.fdopen(descriptor, "wb")
        except BaseException:
            os.close(descriptor)
            raise
        with handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(OSError):  # keep the permissions of the file replaced
            os.chmod(temporary, stat.S_IMODE(path.stat().st_mode))
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        raise
    sync_directory(directory)


TEMPORARY = re.compile(r"^\..+\.[0-9a-f]{8}\.tmp$")


def remove_leftover_temporaries(directory: Path) -> list[Path]:
    """Delete the temporary files `write_atomic` left in `directory` when the app was
    killed in the middle of a save (".war.json.1a2b3c4d.tmp"); call it at start-up,
    before anything is written there. Returns what was removed."""
    removed: list[Path] = []
    try:
        entries = list(Path(directory).iterdir())
    except OSError:
        return removed
    for entry in entries:
        if TEMPORARY.match(entry.name) and entry.is_file() and not entry.is_symlink():
            with contextlib.suppress(OSError):
                entry.unlink()
                removed.append(entry)
    return removed


def sync_directory(directory: Path) -> None:
    """Make a rename in `directory` durable (best effort: not possible on Windows)."""
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
