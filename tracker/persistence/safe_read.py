"""Reading a file the GM or a file names, safely: only a regular file is read, never
more than a limit, and opening it never blocks.

A path may name a named pipe (its open waits for a writer, for ever), a device
(/dev/zero and /dev/urandom never end, so reading "the whole file" exhausts memory), a
socket or a folder, directly or through a symbolic link. `read_regular` refuses each with
`NotRegularFileError`, and a file over its limit with `TooLargeError`, both with a
message fit for the GM; any other failure (missing, permission denied) is the `OSError`
it always was.

The path is checked before it is opened (so a device is not even opened), then the
descriptor opened, without blocking, is checked again (`fstat`): what is read is what
was checked, even if the path was swapped in between.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

MEGABYTE = 1024 * 1024
# O_NONBLOCK: opening a named pipe returns at once instead of waiting for a writer.
# O_NOCTTY: a terminal device never becomes the app's controlling terminal.
OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)


class SafeReadError(OSError):
    """A file `read_regular` refuses to read; `message` says why, for the GM."""

    def __init__(self, code: int, message: str, path: Path) -> None:
        super().__init__(code, message, str(path))
        self.message = message
        self.path = path

    def __str__(self) -> str:
        return self.message


class NotRegularFileError(SafeReadError):
    """The path is a named pipe, a device, a socket or a folder, not a file."""

    def __init__(self, path: Path, kind: str, what: str) -> None:
        super().__init__(errno.EINVAL, f"{shown(path)} is {kind}, not {what}.", path)
        self.kind = kind


class TooLargeError(SafeReadError):
    """The file is larger than the limit its reader set."""

    def __init__(self, path: Path, size: int | None, limit: int, what: str) -> None:
        measured = f"{_megabytes(size)}; " if size is not None else ""
        super().__init__(
            errno.EFBIG,
            f"{shown(path)} is too large to be {what} ({measured}at most {_megabytes(limit)}).",
            path,
        )
        self.limit = limit


def shown(path: Path) -> str:
    """A file's name as shown in messages."""
    return f"“{path.name or path}”"


def kind_of(mode: int) -> str | None:
    """What a file of `mode` is, in words, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


@contextmanager
def open_regular(path: Path, what: str) -> Iterator[tuple[BinaryIO, int]]:
    """The regular file at `path` opened for reading, and its size. Raises
    `NotRegularFileError` (naming `what` it is not, e.g. "a Roundkeeper encounter") for
    anything else, the usual `OSError` when it cannot be opened."""
    path = Path(path)
    kind = kind_of(path.stat().st_mode)  # a device or a pipe is not even opened
    if kind is not None:
        raise NotRegularFileError(path, kind, what)
    try:
        descriptor = os.open(path, OPEN_FLAGS)
    except OSError as error:
        if error.errno == errno.ENXIO:  # a socket swapped in after the check
            raise NotRegularFileError(path, "a socket", what) from None
        raise
    try:
        info = os.fstat(descriptor)  # what was opened, not what the path names now
        kind = kind_of(info.st_mode)
        if kind is not None:
            raise NotRegularFileError(path, kind, what)
        _set_blocking(descriptor)
        handle = os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise
    with handle:
        yield handle, info.st_size


def read_regular(path: Path, limit: int, what: str) -> bytes:
    """The contents of the regular file at `path`, at most `limit` bytes; see
    `open_regular`. Raises `TooLargeError` if it holds more (read no further than
    `limit` + 1 bytes, even if it grew after it was measured).

    It asks for the measured size and one byte more, not for `limit` + 1 bytes: Python
    allocates what a read asks for (a journal's limit is 256 MB); only a file that holds
    more than it measured (it grew, or it is one of /proc's, which measure 0) is read on
    up to the limit."""
    path = Path(path)
    with open_regular(path, what) as (handle, size):
        if size > limit:
            raise TooLargeError(path, size, limit, what)
        data = handle.read(size + 1)
        if len(data) > size:
            data += handle.read(limit + 1 - len(data))
    if len(data) > limit:
        raise TooLargeError(path, None, limit, what)
    return data


def _set_blocking(descriptor: int) -> None:
    """A regular file read as usual once it is known to be one."""
    if hasattr(os, "set_blocking"):
        os.set_blocking(descriptor, True)


def _megabytes(size: int) -> str:
    """A size in words: "70 MB", "64.5 MB", "12 KB", "10 bytes"."""
    for unit, name in ((MEGABYTE, "MB"), (1024, "KB")):
        if size >= unit:
            return f"{size / unit:,.1f}".removesuffix(".0") + f" {name}"
    return f"{size} byte{'s' * (size != 1)}"
