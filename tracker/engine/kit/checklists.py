"""Steps the rules take at a moment (start or end of a turn, upkeep), shown to the GM as
a checklist before the tracker applies them, in the rules' order."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    """One line of a checklist: what happens, and to whom (for the GM to check)."""

    text: str
    combatant_id: str | None = None


@dataclass(frozen=True)
class Checklist:
    title: str
    steps: tuple[Step, ...]

    def lines(self) -> tuple[str, ...]:
        """The steps numbered for a prompt's context ("1. Bleeding: Hauser loses 3 hits")."""
        if not self.steps:
            return ("Nothing to do.",)
        return tuple(f"{number}. {step.text}" for number, step in enumerate(self.steps, 1))
