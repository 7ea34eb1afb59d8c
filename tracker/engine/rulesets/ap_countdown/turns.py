"""Turns as the views show them, and the countdown track.

The sequence of a round: the Initiative phase (a turn of the GM's: no combatant, title
"Initiative phase"), then every due of the countdown in order (a combatant declares or
resolves at a count), then Upkeep (the GM's, title "Upkeep"), then the next round's
Initiative phase. In the Initiative phase the countdown's first dues are foreseen from
the bases known; a resolution with AP left is followed by the declaration it leads to
(`values["follow_up"]`), in either phase. Later declarations are not foreseen.

`Turn` of a due
---------------
`phase` "count 35"; `grant` the AP left ("4 AP left"), with the action resolving and
its penalty ("Melee Attack, penalty -25 (faster) · 1 AP left"); `key` (kind, round,
combatant id, count). `values`:

- "kind": "declare" or "resolve" ("initiative" / "upkeep" on the GM's turns);
- "phase": the clock's phase ("initiative", "resolution", "upkeep");
- "count": the count of this turn (int; None on the GM's turns);
- "value": the combatant's current value, base + 5 × AP left (int | None);
- "base": its base initiative (int | None); "ap": AP left not yet put into an action;
- "pace": its movement pace penalty this round (int, 0 = none);
- "follow_up": True when only foreseen;
- "simultaneous": ids of the other combatants due at the same count (option
  "simultaneous"; empty otherwise);
- with an action under way: "action" (its name), "declared_at", "resolves_at" (None
  while it carries on into a later round), "starts_at" (where this round's AP began),
  "progress" ((AP spent, AP needed) at the current count), "multi_round" (bool),
  "haste" (its penalty for speed) and "penalty" (haste + pace); without one, "action"
  is None and "penalty" is the pace.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import islice, takewhile
from typing import Any, Literal

from tracker.engine.kit.declared import Declared
from tracker.engine.ruleset import Turn
from tracker.engine.rulesets.ap_countdown.countdown import (
    active,
    current_due,
    dues,
    ordered,
    progress,
    ranker,
    start_value,
    value_of,
)
from tracker.engine.rulesets.ap_countdown.declare import action_penalty, penalty_text
from tracker.engine.rulesets.ap_countdown.listed import Due, DueKind, sorted_now, walk
from tracker.engine.rulesets.ap_countdown.options import floor, qu_first
from tracker.engine.rulesets.ap_countdown.state import AP_PER_ROUND, AP_STEP, clock, rt
from tracker.engine.state import Combatant, Encounter

SlotKind = Literal["initiative", "declare", "resolve", "upkeep"]


@dataclass(frozen=True)
class Slot:
    kind: SlotKind
    round: int
    due: Due | None = None


def foreseen(encounter: Encounter) -> list[Due]:
    """The first dues of the coming countdown, from the bases known (Initiative phase): a
    multi-round action resolving this round with AP to spare is followed by a declaration."""
    found: list[Due] = []
    for combatant in encounter.combatants:
        runtime = rt(combatant)
        if runtime.base is None or not active(encounter, combatant):
            continue
        action = runtime.action
        if action is None:
            found.append(Due(combatant, "declare", start_value(encounter, runtime.base), True))
            continue
        needed = action.declared.needed - action.declared.done
        if needed <= AP_PER_ROUND:
            at = floor(encounter, runtime.base + AP_STEP * (AP_PER_ROUND - needed))
            found.append(Due(combatant, "resolve", at, True))
            if needed < AP_PER_ROUND:  # AP left after it resolves: declares there next
                found.append(Due(combatant, "declare", at, True))
    return ordered(encounter, found)


def sequence(encounter: Encounter, limit: int) -> tuple[Slot, ...]:
    """The turns to come, the current one first (empty before the fight), at most
    `limit`: in the countdown, read off the list only as far as that (see `listed`)."""
    return encounter.derived(
        ("ap_countdown.sequence", limit), lambda: tuple(islice(_sequence(encounter), limit))
    )


def _sequence(encounter: Encounter) -> Iterator[Slot]:
    now = clock(encounter)
    if not now.started:
        return
    if now.phase == "initiative":
        yield Slot("initiative", now.round)
        yield from (Slot(due.kind, now.round, due) for due in foreseen(encounter))
    elif now.phase == "resolution":
        yield from (Slot(due.kind, now.round, due) for due in _dues_ahead(encounter))
    yield Slot("upkeep", now.round)
    yield Slot("initiative", now.round + 1)


def _dues_ahead(encounter: Encounter) -> Iterable[Due]:
    """The dues with their follow-ups, in order: walked lazily between commands."""
    if sorted_now(encounter):
        return walk(encounter, ranker(encounter), follow_ups=True)
    return dues(encounter, follow_ups=True)


def turn_of(encounter: Encounter, slot: Slot) -> Turn:
    phase = clock(encounter).phase
    if slot.due is not None:
        return due_turn(encounter, slot.due, slot.round)
    if slot.kind == "upkeep":
        values: dict[str, Any] = {"kind": "upkeep", "phase": phase, "count": None}
        return Turn(None, ("upkeep", slot.round), slot.round, "Upkeep", "", values, "Upkeep")
    values = {"kind": "initiative", "phase": phase, "count": None}
    key = ("initiative", slot.round)
    title = "Initiative phase"
    return Turn(None, key, slot.round, title, f"{AP_PER_ROUND} AP each", values, title)


def due_turn(encounter: Encounter, due: Due, round_: int) -> Turn:
    combatant = due.combatant
    runtime = rt(combatant)
    action = runtime.action
    values: dict[str, Any] = {
        "kind": due.kind,
        "phase": clock(encounter).phase,
        "count": due.at,
        "value": value_of(encounter, combatant),
        "base": runtime.base,
        "ap": runtime.ap,
        "pace": runtime.pace,
        "follow_up": due.follow_up,
        "simultaneous": simultaneous(encounter, due),
        "action": None,
        "penalty": runtime.pace,
    }
    grant = f"{runtime.ap} AP left"
    if action is not None:
        values.update(_action_values(encounter, combatant, action.declared))
        values.update(
            starts_at=action.starts_at,
            multi_round=action.multi_round,
            haste=action.haste,
            penalty=action_penalty(combatant),
        )
    if due.kind == "resolve" and action is not None:
        penalty = penalty_text(action.haste, runtime.pace)
        grant = f"{action.name}{', ' + penalty if penalty else ''} · {grant}"
    elif runtime.pace:
        grant = f"{grant} · pace {runtime.pace}"
    key = (due.kind, round_, combatant.id, due.at)
    return Turn(combatant.id, key, round_, f"count {due.at}", grant, values)


def _action_values(
    encounter: Encounter, combatant: Combatant, declared: Declared
) -> dict[str, Any]:
    return {
        "action": declared.name,
        "declared_at": declared.declared_at,
        "resolves_at": _floored(encounter, declared.resolves_at),
        "progress": progress(encounter, combatant),
    }


def _floored(encounter: Encounter, at: int | None) -> int | None:
    return None if at is None else floor(encounter, at)


def simultaneous(encounter: Encounter, due: Due) -> tuple[str, ...]:
    """With simultaneous ties: the others due at the same count."""
    if qu_first(encounter) or due.follow_up:
        return ()
    due_there = encounter.derived(
        ("ap_countdown.due_at", due.at), lambda: _due_at(encounter, due.at)
    )
    return tuple(i for i in due_there if i != due.combatant.id)


def _due_at(encounter: Encounter, at: int) -> tuple[str, ...]:
    """Who is due at count `at`: between commands, the dues read off the list down to it."""
    if sorted_now(encounter):
        ahead = walk(encounter, ranker(encounter), follow_ups=False)
        found: Iterable[Due] = takewhile(lambda d: d.at >= at, ahead)
    else:
        found = dues(encounter)
    return tuple(d.combatant.id for d in found if d.at == at)


def current_turn(encounter: Encounter) -> Turn | None:
    slots = sequence(encounter, 1)
    return turn_of(encounter, slots[0]) if slots else None


def upcoming_turns(encounter: Encounter, limit: int) -> list[Turn]:
    return [turn_of(encounter, slot) for slot in sequence(encounter, max(limit, 0))]


def upkeep_is_near(encounter: Encounter) -> bool:
    """Upkeep is the current turn or the next one."""
    return any(slot.kind == "upkeep" for slot in sequence(encounter, 2))


# --- the countdown track -------------------------------------------------------------------
@dataclass(frozen=True)
class TrackMark:
    """One combatant on the countdown track: at `value`, with its action under way (if
    any) declared at `declared_at`, running this round from `starts_at` (the declaration,
    or base + 20 in a later round of a multi-round action) to `resolves_at` (None: it
    carries on into a later round); `due` is "declare" / "resolve" when it is the one
    acting now."""

    combatant_id: str
    value: int | None
    base: int | None
    ap: int
    action: str | None = None
    declared_at: int | None = None
    starts_at: int | None = None
    resolves_at: int | None = None
    progress: tuple[int, int] | None = None
    penalty: int = 0
    due: DueKind | None = None


def track(encounter: Encounter) -> tuple[TrackMark, ...]:
    """Every combatant's mark, worked out once between two changes (an open works it
    out off the window's thread: `Ruleset.tidy_loaded`)."""
    return encounter.derived(
        "ap_countdown.track",
        lambda: tuple(mark_of(encounter, combatant) for combatant in encounter.combatants),
    )


def mark_of(encounter: Encounter, combatant: Combatant) -> TrackMark:
    """One combatant's mark (a view asks for the lanes it shows, and those that changed)."""
    now = current_due(encounter)
    runtime = rt(combatant)
    action = runtime.action
    due = now.kind if now is not None and now.combatant is combatant else None
    return TrackMark(
        combatant.id,
        value_of(encounter, combatant),
        runtime.base,
        runtime.ap,
        action.name if action is not None else None,
        action.declared.declared_at if action is not None else None,
        action.starts_at if action is not None and action.portion else None,
        _floored(encounter, action.declared.resolves_at if action is not None else None),
        progress(encounter, combatant),
        action_penalty(combatant),
        due,
    )
