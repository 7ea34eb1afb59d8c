"""A benchmark's own user folders, whatever the environment names: none of the GM's
saved layout, library, journal or colour scheme (a dark scheme draws a table about four
times faster than the light one, so a ratio to the bare-Qt yardstick would mean nothing
measured in it). `ROUNDKEEPER_HOME` is set, as it comes before the former name's
`TRACKER_HOME`."""

from __future__ import annotations

import os
import tempfile

from tracker.persistence.paths import HOME_VARIABLE


def own_home(folder: str | None = None) -> str:
    """Point the app's user folders at `folder`, else at a new empty one; return it."""
    home = folder or tempfile.mkdtemp(prefix="roundkeeper-bench-")
    os.environ[HOME_VARIABLE] = home
    return home
