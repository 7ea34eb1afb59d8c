"""Upkeep, the last phase of a round: a checklist the GM sees (the prompt's context, kit
`Checklist`), then applied by the tracker in the rules' order, for every combatant:

1. bleeding effects: their hits per round are added to the carrier's hits taken;
2. timed effects: −1 round; those at their last round expire (reported in the log);
3. stun effects: −1 round to the most severe one (Stunned/Unable to Parry, then
   Stunned, then Dazed) of each combatant, among those that count this round;
4. Staggered effects that count this round are removed;
5. environmental effects: their counter (stage) goes up by 1.

A stun or Staggered effect applied during this round counts only if its carrier had
spent fewer than 2 AP before it (recorded in its anchor when applied); one applied in an
earlier round always counts. Expiry goes through timing points (`TimedTick`, `StunTick`,
`StaggerClear`) reached before the rounds are taken off, so `expires_at` answers the same
before Upkeep (for "ends soon") as during it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tracker.engine.changes import Transaction
from tracker.engine.kit.checklists import Checklist, Step
from tracker.engine.rulesets.ap_countdown.countdown import begin_round
from tracker.engine.rulesets.ap_countdown.state import (
    STUN_KINDS,
    STUN_SPENT_LIMIT,
    Anchor,
    anchor_of,
    clock,
    stat,
    touch,
)
from tracker.engine.state import Effect, Encounter

HITS_TAKEN_MAX = 99_999
STUN_LABELS = {
    "stunned-unable-to-parry": "Stunned/Unable to Parry",
    "stunned": "Stunned",
    "dazed": "Dazed",
}


@dataclass(frozen=True)
class TimedTick:
    """Timing point: timed effects lose a round (those at their last one end)."""

    round: int


@dataclass(frozen=True)
class StunTick:
    """Timing point: these stun effects lose a round (those at their last one end)."""

    round: int
    effects: tuple[str, ...]


@dataclass(frozen=True)
class StaggerClear:
    """Timing point: these Staggered effects are removed."""

    round: int
    effects: tuple[str, ...]


UpkeepPoint = TimedTick | StunTick | StaggerClear


def counts_this_round(encounter: Encounter, anchor: Anchor) -> bool:
    """A stun or Staggered counts at this Upkeep: applied in an earlier round, or with
    fewer than 2 AP spent before it."""
    return anchor.round < clock(encounter).round or anchor.spent < STUN_SPENT_LIMIT


@dataclass(frozen=True)
class Plan:
    """What this round's Upkeep will do, effect by effect."""

    round: int
    bleeding: tuple[Effect, ...]
    timed: tuple[Effect, ...]
    stuns: tuple[Effect, ...]  # the one stun of each combatant that loses a round
    waiting_stuns: tuple[Effect, ...]  # stuns that do not lose a round this time
    staggered: tuple[Effect, ...]  # removed
    kept_staggered: tuple[Effect, ...]
    environmental: tuple[Effect, ...]

    def points(self) -> list[UpkeepPoint]:
        return [
            TimedTick(self.round),
            StunTick(self.round, tuple(e.id for e in self.stuns)),
            StaggerClear(self.round, tuple(e.id for e in self.staggered)),
        ]


def plan(encounter: Encounter) -> Plan:
    present = {c.id for c in encounter.combatants}
    effects = [e for e in encounter.effects if e.carrier_id in present]

    def of_kind(*kinds: str) -> list[Effect]:
        return [e for e in effects if anchor_of(e).kind in kinds]

    stuns: list[Effect] = []
    for carrier in encounter.combatants:
        counted = [
            e
            for e in of_kind(*STUN_KINDS)
            if e.carrier_id == carrier.id and counts_this_round(encounter, anchor_of(e))
        ]
        if counted:
            stuns.append(min(counted, key=lambda e: STUN_KINDS.index(anchor_of(e).kind)))
    staggered = of_kind("staggered")
    return Plan(
        round=clock(encounter).round,
        bleeding=tuple(of_kind("bleeding")),
        timed=tuple(of_kind("timed")),
        stuns=tuple(stuns),
        waiting_stuns=tuple(e for e in of_kind(*STUN_KINDS) if e not in stuns),
        staggered=tuple(e for e in staggered if counts_this_round(encounter, anchor_of(e))),
        kept_staggered=tuple(
            e for e in staggered if not counts_this_round(encounter, anchor_of(e))
        ),
        environmental=tuple(of_kind("environmental")),
    )


def _rounds(left: int) -> str:
    return "1 round" if left == 1 else f"{left} rounds"


def _change(left: int) -> str:
    return "ends" if left <= 1 else f"{_rounds(left)} → {_rounds(left - 1)} left"


def checklist(encounter: Encounter, steps: Plan) -> Checklist:
    names = {c.id: c.name for c in encounter.combatants}
    lines: list[Step] = []

    def add(text: str, effect: Effect) -> None:
        lines.append(Step(text, effect.carrier_id))

    for effect in steps.bleeding:
        hits = anchor_of(effect).hits
        add(f"Bleeding: {names[effect.carrier_id]} loses {hits} hits ({effect.name}).", effect)
    for effect in steps.timed:
        left = anchor_of(effect).left
        add(f"Timed: {effect.name} on {names[effect.carrier_id]} {_change(left)}.", effect)
    for effect in steps.stuns:
        anchor = anchor_of(effect)
        add(
            f"Stun: {STUN_LABELS[anchor.kind]} ({effect.name}) on {names[effect.carrier_id]} "
            f"{_change(anchor.left)} (most severe first).",
            effect,
        )
    for effect in steps.waiting_stuns:
        anchor = anchor_of(effect)
        why = (
            "a more severe stun loses the round"
            if counts_this_round(encounter, anchor)
            else f"this round does not count: {anchor.spent} AP spent before it"
        )
        add(f"Stun: {effect.name} on {names[effect.carrier_id]} stays ({why}).", effect)
    for effect in steps.staggered:
        add(f"Staggered: {effect.name} on {names[effect.carrier_id]} is removed.", effect)
    for effect in steps.kept_staggered:
        spent = anchor_of(effect).spent
        add(
            f"Staggered: {effect.name} on {names[effect.carrier_id]} stays ({spent} AP spent "
            "before it).",
            effect,
        )
    for effect in steps.environmental:
        stage = anchor_of(effect).counter
        add(f"Environment: {effect.name} advances from stage {stage} to {stage + 1}.", effect)
    return Checklist(f"Round {steps.round}: Upkeep", tuple(lines))


def _present(encounter: Encounter, effect: Effect) -> bool:
    return any(other is effect for other in encounter.effects)


def apply_upkeep(tx: Transaction, encounter: Encounter) -> None:
    """Apply the checklist, then begin the next round's Initiative phase."""
    steps = plan(encounter)
    for effect in steps.bleeding:
        carrier = encounter.combatant(effect.carrier_id)
        hits = anchor_of(effect).hits
        touch(tx, carrier)
        taken = min(stat(carrier, "hits_taken") + hits, HITS_TAKEN_MAX)
        carrier.stats["hits_taken"] = taken
        total = stat(carrier, "hits")
        left = f" ({total - taken} of {total} left)" if total else ""
        tx.log(f"Bleeding ({effect.name}): {carrier.name} loses {hits} hits{left}.", "change")
    timed_tick, stun_tick, stagger_clear = steps.points()
    tx.reach(timed_tick)
    _count_down(tx, encounter, [e for e in steps.timed if _present(encounter, e)])
    tx.reach(stun_tick)
    _count_down(tx, encounter, [e for e in steps.stuns if _present(encounter, e)])
    tx.reach(stagger_clear)
    for effect in steps.environmental:
        anchor = anchor_of(tx.touch_effect(effect))
        anchor.counter += 1
        tx.log(f"{effect.name} advances to stage {anchor.counter}.", "change")
    tx.log(f"Round {steps.round} ends.", "turn")
    begin_round(tx, encounter, steps.round + 1)


def _count_down(tx: Transaction, encounter: Encounter, effects: list[Effect]) -> None:
    names = {c.id: c.name for c in encounter.combatants}
    for effect in effects:
        anchor = anchor_of(tx.touch_effect(effect))
        anchor.left -= 1
        tx.log(
            f"{effect.name} on {names.get(effect.carrier_id, '?')}: {_rounds(anchor.left)} left.",
            "change",
        )
