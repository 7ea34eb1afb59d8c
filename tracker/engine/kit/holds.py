"""A turn held back (delayed, waiting) until its owner says so, or placed at a later
moment of the round (a tick, a count); with the round it was held in, so a ruleset can
drop it or carry it on when the round ends."""

from __future__ import annotations

from dataclasses import dataclass

from tracker.engine.errors import CommandError


@dataclass(slots=True)
class Hold:
    """Held since round `since`; `at` None while it waits for its owner's word, else the
    moment (tick, count) where it now acts."""

    since: int = 0
    at: int | None = None

    @property
    def placed(self) -> bool:
        return self.at is not None

    def place(self, at: int, now: int) -> None:
        """Act at `at`, which must not be above `now` (a held turn only comes later)."""
        if at > now:
            raise CommandError(f"A held turn comes later, at {now} or below, not {at}.")
        self.at = at
