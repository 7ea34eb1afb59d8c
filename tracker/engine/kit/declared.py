"""Actions declared now that resolve later (an AP countdown's melee attack resolves when
its AP are spent) or charge across rounds (a spell costing more Stamina than the pool;
reloading a crossbow over two rounds), with their progress."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Declared:
    """What was declared, what it needs and how much of it is done. `resolves_at` is the
    moment (a count, a tick, a round) the ruleset will resolve it, when known."""

    name: str
    needed: int  # AP, Stamina, ... in total
    done: int = 0  # paid so far
    declared_at: int = 0
    resolves_at: int | None = None
    note: str = ""

    @property
    def left(self) -> int:
        return max(self.needed - self.done, 0)

    @property
    def complete(self) -> bool:
        return self.done >= self.needed

    def progress(self, unit: str) -> str:
        """ "3 / 6 AP"."""
        return f"{self.done} / {self.needed} {unit}"

    def pay(self, amount: int) -> int:
        """Put up to `amount` towards it; returns what it took."""
        taken = min(amount, self.left)
        self.done += taken
        return taken
