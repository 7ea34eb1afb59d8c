"""What the playthroughs of each ruleset reached (`TALLIES`): each action applied and
refused, prompt answers, the furthest rounds. The suite prints it (pytest -s).
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from dataclasses import dataclass

from tracker.engine.ruleset import ActionSpec


@dataclass
class Tally:
    """What the playthroughs of one ruleset reached: per action, [applied, refused]; the
    furthest round of each playthrough."""

    actions: defaultdict[str, list[int]] = dataclasses.field(
        default_factory=lambda: defaultdict(lambda: [0, 0])
    )
    rounds: list[int] = dataclasses.field(default_factory=list)
    not_offered: int = 0  # actions legal_actions did not offer, tried: each refused
    # per prompt (its key's first part) and answer (the action, or the command's type)
    answers: defaultdict[str, int] = dataclasses.field(default_factory=lambda: defaultdict(int))

    def never_applied(self, declared: tuple[ActionSpec, ...]) -> list[str]:
        """The declared actions (prompt answers among them) no playthrough applied."""
        return [spec.name for spec in declared if self.actions[spec.name][0] == 0]

    def report(self, ruleset_id: str) -> str:
        deep = sum(r >= 3 for r in self.rounds)
        lines = [
            f"{ruleset_id}: {len(self.rounds)} playthroughs, furthest round "
            f"{max(self.rounds, default=0)}, {deep} reached round 3 or later; "
            f"{self.not_offered} actions not offered tried, each refused",
        ]
        lines += [
            f"  {name:<18} applied {counts[0]:>5}  refused {counts[1]:>5}"
            for name, counts in sorted(self.actions.items())
        ]
        lines += ["  prompt answers:"] + [
            f"    {answer:<34} {count:>5}" for answer, count in sorted(self.answers.items())
        ]
        return "\n".join(lines)


TALLIES: defaultdict[str, Tally] = defaultdict(Tally)
