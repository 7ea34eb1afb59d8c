"""The library's one error: what went wrong, in words a game master reads."""

from __future__ import annotations

from tracker.engine.errors import TrackerError


class LibraryError(TrackerError):
    """The library cannot do what was asked (a damaged file, one from a newer Roundkeeper, a
    file that is not a library, a bad import); nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
