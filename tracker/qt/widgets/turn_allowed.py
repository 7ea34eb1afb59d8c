"""What the rules allow, as the turn panel found it, kept by step of the undo history:
the state at a step is the same whenever the history is back there (an undo, a redo),
so what was allowed then holds again, and a change of the GM's words alone (a rename,
a note: `legal.allows_as_before`) allows what the step before it allowed."""

from __future__ import annotations

from dataclasses import dataclass, field

from tracker.engine.legal import allows_as_before
from tracker.engine.session import SessionEvent

Offered = frozenset[tuple[str, str | None]]  # (action, combatant id) the rules offer
KEPT_STEPS = 16  # the steps back kept (an undo further works it out again)


@dataclass
class Allowed:
    """At one step: the actions the rules offer by selected combatant
    (`Ruleset.legal_actions`), and whether End Turn applied (its refusal is asked again
    when it did not: its reason may name a name)."""

    offered: dict[str | None, Offered] = field(default_factory=dict)
    end_allowed: bool = False


class AllowedSteps:
    def __init__(self) -> None:
        self._steps: dict[int, Allowed] = {}

    def at(self, step: int) -> Allowed:
        """What is known of the state at `step` (the undo history's index)."""
        return self._steps.setdefault(step, Allowed())

    def follow(self, event: SessionEvent, step: int) -> None:
        """The session told `event`, after which the history stands at `step`."""
        if event.kind in ("undo", "redo"):
            return  # a state seen before: what was found of it holds
        if event.kind != "apply":
            self.forget()
            return
        before = self._steps.get(step - 1)
        # From `step` on: the states undone, replaced by this change.
        for gone in [s for s in self._steps if s >= step or s < step - KEPT_STEPS]:
            del self._steps[gone]
        if before is not None and allows_as_before(event.record):
            self._steps[step] = Allowed(dict(before.offered), before.end_allowed)

    def forget(self) -> None:
        self._steps.clear()
