"""Telling that a journal's file did not change since it was last read, without reading
it: start-up reads the journal four times in turn (its folders for the sweep of
leftovers, the "Resume?" question, the recovery, journaling on), megabytes each time for
a long fight (`recovery` keeps what it read).

A file is known by its identity: device, inode, size, modification and change times,
taken before it is read. A change after that gives the file another identity, unless it
falls within the same tick of the file system's clock as the modification before (2 s
on FAT): a file modified a moment before it was read is "racily clean" (as git calls
it), its identity says nothing and its bytes are compared instead. Once the clock has
moved on, the identity holds (`lasting`): a file modified seconds ago, or one modified
just now (a restart right after a crash, the commonest moment to resume) earlier than
an empty file made in its folder now, as git compares a file's time with its index's."""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

# A file modified longer ago than this is past the tick of any file system's clock.
RACY_NS = 3_000_000_000

Identity = tuple[int, int, int, int, int]


def identity(path: Path) -> Identity | None:
    """The identity of the file at `path`, or None if it cannot be stat'ed."""
    try:
        status = path.stat()
    except OSError:
        return None
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns)


def lasting(path: Path, known: Identity) -> bool:
    """True if any change of the file at `path` from now on gives it another identity
    than `known` (taken a moment ago, before the file is read): it was modified before
    the present tick of its file system's clock."""
    device, modified = known[0], known[3]
    if time.time_ns() - modified >= RACY_NS:
        return True
    present = _present(path.parent)
    return present is not None and present[0] == device and modified < present[1]


def _present(folder: Path) -> tuple[int, int] | None:
    """The device of `folder` and the present moment by its file system's clock: the
    modification time of an empty file made there now and removed at once (named as
    `write_atomic`'s temporaries, which start-up sweeps, should a kill leave it).
    None if none can be made (a folder that cannot be written)."""
    probe = folder / f".clock.{os.urandom(4).hex()}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(probe, flags, 0o600)
    except OSError:
        return None
    try:
        status = os.fstat(descriptor)
    except OSError:
        return None
    finally:
        os.close(descriptor)
        with contextlib.suppress(OSError):
            probe.unlink()
    return status.st_dev, status.st_mtime_ns
