"""Uses that are limited per turn or per round and reset when it begins (Move at most 3
times a turn, Guard once, each Technique or Trick once, Warrior's Prowess once a round,
the first instantaneous action of a round free)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tracker.engine.errors import CommandError


@dataclass(slots=True)
class Counters:
    """How often each limited thing was used since the last reset. Keep one for the turn
    and one for the round in a combatant's state; reset them where the rules say."""

    used: dict[str, int] = field(default_factory=dict)

    def count(self, name: str) -> int:
        return self.used.get(name, 0)

    def left(self, name: str, limit: int) -> int:
        return max(limit - self.count(name), 0)

    def check(self, name: str, limit: int, refusal: str) -> None:
        """Raise `CommandError(refusal)` when `name` has been used `limit` times."""
        if self.count(name) >= limit:
            raise CommandError(refusal)

    def use(self, name: str, limit: int, refusal: str) -> None:
        """Count one use of `name`, or refuse (changing nothing) past `limit`."""
        self.check(name, limit, refusal)
        self.used[name] = self.count(name) + 1

    def reset(self) -> None:
        self.used.clear()
