"""Where the turn rules are played: for real, in a transaction (`Real`), or ahead on
copies (`Ahead`), for the turns to come, the checklists and the timing points to come.

The rules of `flow` and `crash` are written once against `Play`; `Ahead` copies a
runtime the first time it is written, so the encounter itself never changes. Playing
60 turns ahead at every change, `Ahead` copies with `copy_state` (not `deepcopy`) and
keeps each combatant's rank in the order, worked out again only for the runtimes written
since the last `arrange` (the rules change a runtime only through what `write` returned,
before the next `arrange`), and sorts only when a rank changed; it looks for the next
pending turn from the last one found, and finds a combatant by id in a dict of its own;
a runtime is copied by `copy_runtime`, its pools and counters made from their parts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import Any, Protocol

from tracker.engine.changes import Transaction
from tracker.engine.copying import copy_state
from tracker.engine.kit.counters import Counters
from tracker.engine.kit.pools import Pool
from tracker.engine.rulesets.initiative_ticks.order import (
    Rank,
    arrange,
    first_pending,
    pending,
    ranker,
)
from tracker.engine.rulesets.initiative_ticks.state import (
    Clock,
    Runtime,
    clock,
    rt,
    touch,
    touch_clock,
)
from tracker.engine.state import Combatant, Encounter

# A runtime's fields of numbers, flags and texts (shared by a copy), by their annotation;
# the others (pools, counters, a Crash, a held turn) are copied.
_PLAIN = frozenset({"bool", "int", "str", "None"})
_SHARED = tuple(
    f.name for f in fields(Runtime) if all(t.strip() in _PLAIN for t in str(f.type).split("|"))
)
_COPIED = tuple(f.name for f in fields(Runtime) if f.name not in _SHARED)
_read_shared, _read_copied = attrgetter(*_SHARED), attrgetter(*_COPIED)


def copy_runtime(runtime: Runtime) -> Runtime:
    """`copy_state` of a runtime, about twice as fast: its numbers, flags and texts
    shared, a pool or counters made anew from their parts (no copier a field), anything
    else through `copy_state` (a runtime is copied for each combatant acting ahead)."""
    fresh: Runtime = object.__new__(Runtime)
    setter = object.__setattr__
    for name, value in zip(_SHARED, _read_shared(runtime), strict=True):
        setter(fresh, name, value)
    for name, value in zip(_COPIED, _read_copied(runtime), strict=True):
        kind = type(value)
        if kind is Pool:
            value = Pool(value.current, value.maximum)
        elif kind is Counters:
            value = Counters(dict(value.used))
        elif value is not None:
            value = copy_state(value)
        setter(fresh, name, value)
    return fresh


class Play(Protocol):
    encounter: Encounter

    def read(self, combatant: Combatant) -> Runtime: ...

    def write(self, combatant: Combatant) -> Runtime: ...

    def now(self) -> Clock: ...

    def change_clock(self) -> Clock: ...

    def order(self) -> list[Combatant]: ...

    def arrange(self) -> None: ...

    def next_free(self) -> Combatant | None:
        """The first in the order still to take its free action (joined, not done)."""
        ...

    def first_pending(self, round_: int) -> Combatant | None:
        """The first in the order pending in this round (`order.first_pending`)."""
        ...

    def find(self, combatant_id: str | None) -> Combatant | None:
        """The combatant with this id, or None (`Encounter.find`)."""
        ...

    def log(self, text: str, kind: str = "change") -> None: ...

    def reach(self, point: Any) -> None: ...


def waiting_free(
    order: list[Combatant], start: int, read: Callable[[Combatant], Runtime]
) -> tuple[int, Combatant | None]:
    """The first of `order` from `start` joined and with its free action still to take,
    and its place (the order's length if none)."""
    for place in range(start, len(order)):
        runtime = read(order[place])
        if runtime.joined and not runtime.free_done:
            return place, order[place]
    return len(order), None


class Real:
    """The encounter itself, changed through the transaction (undo, views, the log)."""

    def __init__(self, tx: Transaction) -> None:
        self.tx = tx
        self.encounter = tx.encounter

    def read(self, combatant: Combatant) -> Runtime:
        return rt(combatant)

    def write(self, combatant: Combatant) -> Runtime:
        return touch(self.tx, combatant)

    def now(self) -> Clock:
        return clock(self.encounter)

    def change_clock(self) -> Clock:
        return touch_clock(self.tx)

    def order(self) -> list[Combatant]:
        return self.encounter.combatants

    def arrange(self) -> None:
        arrange(self.tx, self.encounter)

    def next_free(self) -> Combatant | None:
        return waiting_free(self.encounter.combatants, 0, rt)[1]

    def first_pending(self, round_: int) -> Combatant | None:
        return first_pending(self.encounter, self.encounter.combatants, round_)

    def find(self, combatant_id: str | None) -> Combatant | None:
        return self.encounter.find(combatant_id)

    def log(self, text: str, kind: str = "change") -> None:
        self.tx.log(text, kind)

    def reach(self, point: Any) -> None:
        self.tx.reach(point)


class Ahead:
    """Copies of what the rules change; the points reached and the lines logged are kept
    (`points`, `lines`) for the views."""

    def __init__(self, encounter: Encounter) -> None:
        self.encounter = encounter
        self._runtimes: dict[str, Runtime] = {}
        self._clock = copy_state(clock(encounter))
        self._order = list(encounter.combatants)
        self._rank = ranker(encounter, self.read)
        self._ranks: dict[str, Rank] = {}  # as of the last `arrange`
        self._written: dict[str, Combatant] = {}  # since the last `arrange`
        self._sorted = False  # by the last `arrange`
        self._free_from = (self._order, 0)  # where `next_free` looks from, in which order
        # Where `first_pending` last found one: the order, the round, the place and who
        # (None: look from the order's start).
        self._pending_from: tuple[list[Combatant], int, int, Combatant] | None = None
        self._by_id: dict[str, Combatant] | None = None  # `find`'s, made at its first ask
        self.points: list[Any] = []
        self.lines: list[str] = []

    def read(self, combatant: Combatant) -> Runtime:
        return self._runtimes.get(combatant.id) or rt(combatant)

    def write(self, combatant: Combatant) -> Runtime:
        self._written[combatant.id] = combatant  # the caller changes it: ranked again
        last = self._pending_from
        if last is not None and combatant is not last[3]:
            self._pending_from = None  # one before it may be pending again
        found = self._runtimes.get(combatant.id)
        if found is None:
            found = self._runtimes[combatant.id] = copy_runtime(rt(combatant))
        return found

    def now(self) -> Clock:
        return self._clock

    def change_clock(self) -> Clock:
        return self._clock

    def order(self) -> list[Combatant]:
        return self._order

    def arrange(self) -> None:
        """As `sorted_order` (a stable sort by rank): the ranks of the runtimes written
        since are worked out again, and the order sorted only when one changed (it is
        sorted already otherwise), each rank worked out once."""
        ranks, rank = self._ranks, self._rank
        changed = not self._sorted
        for combatant in self._written.values():
            new = rank(combatant)
            if ranks.get(combatant.id) != new:
                ranks[combatant.id], changed = new, True
        self._written.clear()
        if not changed:
            return

        def key(combatant: Combatant) -> Rank:
            found = ranks.get(combatant.id)
            if found is None:
                found = ranks[combatant.id] = rank(combatant)
            return found

        self._order = sorted(self._order, key=key, reverse=True)
        self._sorted = True

    def next_free(self) -> Combatant | None:
        """As `Real.next_free`, looking from where the last one was found (in the same
        order): played ahead, the free phase only marks free actions done (none joins
        or is undone between two ends of turn), so those before it still wait for
        nothing; the phase is over once a look finds no one. 30 free actions ahead
        read each runtime about twice, not a pass over the order each (~1,000 reads)."""
        order, start = self._free_from
        if order is not self._order:
            start = 0
        found, waiting = waiting_free(self._order, start, self.read)
        self._free_from = (self._order, found)
        return waiting

    def first_pending(self, round_: int) -> Combatant | None:
        """As `Real.first_pending`, looking from where the last one was found (in the same
        order and round): those before it were not pending then, and none of them has
        been written since (only the one found acts, until the round ends). 35 turns
        ahead at 30 combatants read ~400 runtimes, not a pass over those who acted for
        each turn (~800)."""
        order, read, start = self._order, self.read, 0
        found = self._pending_from
        if found is not None and found[0] is order and found[1] == round_:
            start = found[2]
        for place in range(start, len(order)):
            combatant = order[place]
            if pending(read(combatant), round_):
                self._pending_from = (order, round_, place, combatant)
                return combatant
        self._pending_from = None
        return None

    def find(self, combatant_id: str | None) -> Combatant | None:
        """As `Encounter.find` (the combatants are the encounter's, as they are now)."""
        by_id = self._by_id
        if by_id is None:
            by_id = self._by_id = {c.id: c for c in self.encounter.combatants}
        return by_id.get(combatant_id) if combatant_id is not None else None

    def log(self, text: str, kind: str = "change") -> None:
        self.lines.append(text)

    def reach(self, point: Any) -> None:
        self.points.append(point)
