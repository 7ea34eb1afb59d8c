"""Telling that a journal's file did not change since it was last read, without reading
it: start-up reads the journal four times in turn (its folders for the sweep of
leftovers, the "Resume?" question, the recovery, journaling on), megabytes each time for
a long fight (`recovery` keeps what it read).

A file is known by its identity: device, inode, size, modification and change times. A
file modified a moment before it was read is "racily clean" (as git calls it): a change
within the same tick of the file system's clock (2 s on FAT) would keep its times, so
its identity says nothing and its bytes are compared instead."""

from __future__ import annotations

import time
from pathlib import Path

# A file modified this recently is compared by its bytes (see the module's docstring).
RACY_NS = 3_000_000_000

Identity = tuple[int, int, int, int, int]


def identity(path: Path) -> Identity | None:
    """The identity of the file at `path`, or None if it cannot be stat'ed or was
    modified less than `RACY_NS` ago. Taken before the file is read: a change after
    that moment gives the file another identity."""
    try:
        status = path.stat()
    except OSError:
        return None
    if time.time_ns() - status.st_mtime_ns < RACY_NS:
        return None
    return (status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns, status.st_ctime_ns)
