"""The track's marks, kept by `TrackModel` so that a step costs what changed.

A mark is worked out when a view first reads it and kept until its combatant changes,
it becomes (or stops being) the one due, or, for an action under way, the count moves
(its progress follows the count). A round, a phase or an option may change every mark:
they are all worked out again, once a round at most. A combatant coming or going
changes its own mark only (and the due's).

The scale of the track needs what every mark reaches (`track_scale.reach`): that is
kept per combatant, with how many marks reach each value, so the range is a look at
the few values reached, not at every mark. It does not follow the count: the marks
whose progress moves with it keep their reach.

Every mark again (`reset`: an open, a round) is tallied at once (`Tally`); an open
tallies them on its worker (`tally_ahead`, kept in the encounter's memo until it
changes): the GM's track and the players' screen's each look the tally up, where each
took every mark's reach on the GUI thread (2 × 5,000 at an open of 5,000).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tracker.engine.changes import COMBATANTS, Insert, Remove
from tracker.engine.rulesets.ap_countdown import ApCountdown
from tracker.engine.session import SessionEvent
from tracker.engine.state import Combatant, Encounter
from tracker.qt.rulesets.ap_countdown.texts import Mark
from tracker.qt.rulesets.ap_countdown.track_scale import fitted_range, reach

Reach = tuple[tuple[int, ...], tuple[int, ...]]
AHEAD = "ap_countdown.tally"  # the encounter's memo: the `Tally` of every mark


@dataclass(frozen=True)
class Tally:
    """Every mark, by combatant, with its reach; how many reach each value; those whose
    progress follows the count. Copied by each `Marks` that takes it."""

    kept: dict[str, Mark]
    reach: dict[str, Reach]
    highs: Counter[int]
    lows: Counter[int]
    acting: frozenset[str]

    @classmethod
    def of(cls, marks: Iterable[Mark]) -> Tally:
        kept = {mark.combatant_id: mark for mark in marks}
        reaches = {key: reach(mark) for key, mark in kept.items()}
        highs = Counter(value for up, _ in reaches.values() for value in up)
        lows = Counter(value for _, down in reaches.values() for value in down)
        acting = frozenset(key for key, mark in kept.items() if mark.progress is not None)
        return cls(kept, reaches, highs, lows, acting)


def tally_ahead(ruleset: ApCountdown, encounter: Encounter) -> None:
    """Every mark's `Tally`, kept in the encounter's memo until it changes (an open's
    worker)."""
    encounter.derived(AHEAD, lambda: Tally.of(ruleset.track(encounter)))


class Marks:
    def __init__(
        self, ruleset: Callable[[], ApCountdown | None], encounter: Callable[[], Encounter]
    ) -> None:
        self._ruleset, self._encounter = ruleset, encounter
        self._kept: dict[str, Mark] = {}  # the marks read since their last change
        self._reach: dict[str, Reach] = {}  # of every combatant
        self._highs: Counter[int] = Counter()
        self._lows: Counter[int] = Counter()
        self._acting: set[str] = set()  # combatants with an action under way
        self._time: tuple[int, str] | None = None  # (round, phase) of the marks
        self._count: int | None = None
        self.reset()

    # --- reading ------------------------------------------------------------------------
    def get(self, combatant: Combatant) -> Mark | None:
        mark = self._kept.get(combatant.id)
        if mark is None:
            ruleset = self._ruleset()
            if ruleset is None:
                return None
            mark = self._kept[combatant.id] = ruleset.mark(self._encounter(), combatant)
        return mark

    def value_range(self, count: int | None) -> tuple[int, int]:
        return fitted_range(self._highs, self._lows, count)

    # --- following the engine -----------------------------------------------------------
    def reset(self) -> None:
        """Every mark again (a new encounter, round, phase or option)."""
        self._kept.clear()
        self._reach.clear()
        self._highs.clear()
        self._lows.clear()
        self._acting.clear()
        ruleset = self._ruleset()
        if ruleset is None:
            self._time, self._count = None, None
            return
        encounter = self._encounter()
        self._time = (ruleset.round_number(encounter), ruleset.phase(encounter))
        self._count = ruleset.count(encounter)
        memo = encounter.memo
        tally: Tally | None = memo.get(AHEAD) if memo is not None else None
        if tally is None:
            tally = Tally.of(ruleset.track(encounter))
        self._kept.update(tally.kept)
        self._reach.update(tally.reach)
        self._highs.update(tally.highs)
        self._lows.update(tally.lows)
        self._acting.update(tally.acting)

    def follow(self, event: SessionEvent) -> set[str] | None:
        """The ids of the combatants whose marks changed beyond those the command changed
        (their progress: the count moved); None when every mark may have."""
        changes, encounter, ruleset = event.changes, self._encounter(), self._ruleset()
        if ruleset is None:
            return None
        time = (ruleset.round_number(encounter), ruleset.phase(encounter))
        if changes.encounter or time != self._time:
            self.reset()
            return None
        # A mark is its combatant's and the clock's: one coming or going changes its own
        # (and the due's: a turn holder), not the others'.
        came_or_went = {
            e.item.id for e in changes.edits_of(COMBATANTS) if isinstance(e, Insert | Remove)
        }
        for combatant_id in came_or_went:
            self._forget(combatant_id)
        moved_on: set[str] = set()
        count = ruleset.count(encounter)
        if count != self._count:
            self._count = count
            moved_on = set(self._acting)
            for combatant_id in moved_on:
                self._kept.pop(combatant_id, None)
        for combatant_id in changes.combatants | changes.turn_holders | came_or_went:
            self._kept.pop(combatant_id, None)
            combatant = encounter.find(combatant_id)
            if combatant is not None:
                mark = self._kept[combatant_id] = ruleset.mark(encounter, combatant)
                self._take(mark)
        return moved_on

    def _forget(self, combatant_id: str) -> None:
        """The combatant's mark and reach gone (it left, or comes anew)."""
        self._kept.pop(combatant_id, None)
        self._acting.discard(combatant_id)
        old = self._reach.pop(combatant_id, None)
        if old is not None:
            self._drop(old)

    def _drop(self, old: Reach) -> None:
        self._highs.subtract(old[0])
        self._lows.subtract(old[1])
        for counter, values in ((self._highs, old[0]), (self._lows, old[1])):
            for value in values:
                if counter[value] <= 0:
                    del counter[value]

    def _take(self, mark: Mark) -> None:
        """The mark's reach on the scale and whether it follows the count."""
        old = self._reach.get(mark.combatant_id)
        new = reach(mark)
        if old != new:
            if old is not None:
                self._drop(old)
            self._highs.update(new[0])
            self._lows.update(new[1])
            self._reach[mark.combatant_id] = new
        if mark.progress is not None:
            self._acting.add(mark.combatant_id)
        else:
            self._acting.discard(mark.combatant_id)
