"""Resources with a maximum (AP, Stamina, Initiative): spent, gained and refilled, with a
clear refusal when an action cannot be paid for. Rulesets show them through
`Ruleset.meters`; the views show the change of the last command."""

from __future__ import annotations

from dataclasses import dataclass

from tracker.engine.errors import CommandError


@dataclass(slots=True)
class Pool:
    """`current` of at most `maximum` (None: no maximum), never below `floor` when spent
    through `spend` (None: no floor, as Initiative that can crash below 0)."""

    current: int = 0
    maximum: int | None = None

    def can_pay(self, cost: int) -> bool:
        return cost <= self.current

    def spend(self, cost: int, unit: str, what: str) -> None:
        """Pay `cost`, or refuse: "Parry needs 2 Stamina; only 1 left."."""
        if cost > self.current:
            left = "none" if self.current <= 0 else f"only {self.current}"
            raise CommandError(f"{what} needs {cost} {unit}; {left} left.")
        self.current -= cost

    def lose(self, amount: int) -> None:
        """Lose `amount` whatever is left (it may go below 0)."""
        self.current -= amount

    def gain(self, amount: int) -> int:
        """Gain up to the maximum; returns what was actually gained."""
        before = self.current
        self.current += amount
        if self.maximum is not None:
            self.current = min(self.current, max(self.maximum, before))
        return self.current - before

    def refill(self) -> None:
        """Back to the maximum."""
        if self.maximum is not None:
            self.current = self.maximum
