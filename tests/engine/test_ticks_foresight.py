"""The foresight plays End Turn ahead on copies, ranking each combatant once and sorting
only when a rank changed: over random fights (attacks, flurries, delays, acting now,
Initiative changes, undo) the turns it foresees, the timing points and the checklists
are those a foresight sorting the whole order at every step gives, and End Turn reaches
the turns it announced."""

from __future__ import annotations

import dataclasses
import random

import pytest

from benchmarks.fights import an_action, build, next_step, params_at_defaults
from tests.engine.ticks_helpers import add
from tests.engine.ticks_helpers import session as new_session
from tracker.engine import EndTurn, RulesetAction, Session, StartEncounter
from tracker.engine.copying import copy_state
from tracker.engine.kit.counters import Counters
from tracker.engine.kit.pools import Pool
from tracker.engine.rulesets.initiative_ticks import play, turns
from tracker.engine.rulesets.initiative_ticks.order import first_pending, sorted_order
from tracker.engine.rulesets.initiative_ticks.state import Runtime, clock, rt
from tracker.engine.state import Combatant


class SortingAhead(play.Ahead):
    """The foresight as it was: every arrange sorts the whole order, every free action
    and pending turn is looked for from the order's start, a combatant in the encounter."""

    def arrange(self) -> None:
        self._order = sorted_order(self.encounter, self._order, self.read)

    def next_free(self) -> Combatant | None:
        return play.waiting_free(self._order, 0, self.read)[1]

    def first_pending(self, round_: int) -> Combatant | None:
        return first_pending(self.encounter, self._order, round_, self.read)

    def find(self, combatant_id: str | None) -> Combatant | None:
        return self.encounter.find(combatant_id)


class CountingAhead(play.Ahead):
    """Counts the runtimes read (`reads`, shared by every copy)."""

    reads = 0

    def read(self, combatant: Combatant) -> Runtime:
        CountingAhead.reads += 1
        return super().read(combatant)


def _random_command(session: Session, rng: random.Random):
    """End Turns and answers, the turn's own actions (flurry, delay), Initiative lost
    and gained (Crashes, and their recovery at the start of a turn), other actions."""
    pick = rng.random()
    target = rng.choice(session.encounter.combatants).id
    if pick < 0.45:
        return next_step(session)
    if pick < 0.6:
        return an_action(session)
    if pick < 0.85:
        amount = rng.choice([-12, -8, -5, 3, 6])
        return RulesetAction("adjust", target, {"amount": amount, "reason": "test"})
    spec = rng.choice([s for s in session.ruleset.actions if s.on == "any"])
    return RulesetAction(spec.name, target, params_at_defaults(spec.params))


@pytest.mark.parametrize("seed", range(10))
def test_the_foresight_is_that_of_a_whole_sort_at_every_step(seed, monkeypatch):
    rng = random.Random(seed)
    session = build("initiative_ticks", rng.randint(4, 16), seed=seed)
    compared = 0
    for _ in range(120):
        if rng.random() < 0.1 and session.can_undo:
            session.undo()
        else:
            command = _random_command(session, rng)
            if command is None or session.refusal(command) is not None:
                continue
            session.apply(command)
        encounter = session.encounter
        found = turns._sequence(encounter, 60)
        current = next((c for c in encounter.combatants if c.id == found[0].combatant_id), None)
        checklists = (
            (turns.start_checklist(encounter, current), turns.end_checklist(encounter, current))
            if current is not None
            else None
        )
        with monkeypatch.context() as patched:
            patched.setattr(turns, "Ahead", SortingAhead)
            assert turns._sequence(encounter, 60) == found
            if current is not None:
                assert checklists == (
                    turns.start_checklist(encounter, current),
                    turns.end_checklist(encounter, current),
                )
        compared += 1
    assert compared > 40


def test_a_runtime_written_ahead_is_ranked_again():
    """A change of Initiative played ahead (a Crash recovered at the start of a turn)
    moves the combatant in the foreseen order, as a whole sort would."""
    session = build("initiative_ticks", 8, seed=3)
    encounter = session.encounter
    ahead = play.Ahead(encounter)
    ahead.arrange()
    assert [c.id for c in ahead.order()] == [c.id for c in encounter.combatants]
    last = ahead.order()[-1]
    ahead.write(last).initiative.current = 99  # from the bottom to the top
    ahead.arrange()
    assert ahead.order()[0] is last
    assert ahead.order() == sorted_order(encounter, ahead.order(), ahead.read)
    assert session.ruleset.track(encounter)  # the encounter itself is unchanged
    assert encounter.combatants[-1] is last


def test_the_current_turn_plays_no_end_turn_ahead(monkeypatch):
    """Asked for the current turn only (as every change is, twice, in a resume's
    replay), the foresight plays no End Turn on its copies: the turn after is not asked."""
    session = build("initiative_ticks", 12, seed=3)
    for _ in range(30):
        session.apply(next_step(session))
    played: list[object] = []
    real = turns.end_turn
    monkeypatch.setattr(turns, "end_turn", lambda p: played.append(p) or real(p))
    assert session.ruleset.current_turn(session.encounter) is not None
    assert played == []
    assert len(session.ruleset.upcoming_turns(session.encounter, 3)) == 3
    assert len(played) == 2


@pytest.mark.parametrize("done", [0, 1, 13])
def test_the_free_actions_ahead_read_each_runtime_a_few_times(
    done: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """30 free actions foreseen: each one waiting is looked for from the last one found,
    not from the order's start (a pass over the order each, ~1,000 runtimes read); the
    turns are those of a look from the start, a latecomer's free action among them."""
    session = new_session()
    ids = [add(session, f"c{n}", "party" if n % 3 else "enemy") for n in range(30)]
    session.apply(StartEncounter())
    for n, combatant_id in enumerate(ids):
        session.apply(RulesetAction("join_battle", combatant_id, {"successes": n % 7}))
    session.apply(RulesetAction("begin_free"))
    for _ in range(done):
        session.apply(EndTurn())
    encounter = session.encounter
    assert clock(encounter).phase == "free"
    monkeypatch.setattr(turns, "Ahead", CountingAhead)
    CountingAhead.reads = 0
    found = turns._sequence(encounter, 31 - done)  # the free actions, the round's first
    assert [slot.kind for slot in found] == ["free"] * (30 - done) + ["turn"]
    assert CountingAhead.reads < 4 * len(found) + 100, CountingAhead.reads  # + the round's start
    monkeypatch.setattr(turns, "Ahead", SortingAhead)
    assert turns._sequence(encounter, 31 - done) == found
    assert turns._sequence(encounter, 60)[: len(found)] == found


def test_a_longer_ask_goes_on_from_the_last_one(monkeypatch):
    """Asked for 9 turns (the GM's glance), then for a round of 35 (the players' page)
    between two changes, the foresight plays End Turn ahead 34 times in all, not 8 then
    34 again from the current turn, and tells each turn once; the turns are those
    foreseen afresh, a shorter ask plays nothing more, and a change starts again from
    the current turn."""
    session = build("initiative_ticks", 30, seed=5)
    encounter = session.encounter
    played: list[object] = []
    real, told = turns.end_turn, turns.turn_of
    made: list[object] = []
    monkeypatch.setattr(turns, "end_turn", lambda p: played.append(p) or real(p))
    monkeypatch.setattr(turns, "turn_of", lambda e, slot: made.append(slot) or told(e, slot))
    glance = session.ruleset.upcoming_turns(encounter, 9)
    assert len(played) == 8 and len(made) == 9
    whole = session.ruleset.upcoming_turns(encounter, 35)
    assert len(played) == 34 and len(made) == 35  # each turn told once
    assert whole[:9] == glance
    assert session.ruleset.upcoming_turns(encounter, 20) == whole[:20]
    assert len(played) == 34
    afresh = turns._sequence(encounter, 35)
    assert [turns.turn_of(encounter, slot) for slot in afresh] == whole
    played.clear()
    session.apply(EndTurn())
    assert session.ruleset.upcoming_turns(encounter, 35)[:34] == whole[1:]
    assert len(played) == 34


@pytest.mark.parametrize("ended", [0, 12, 29])
def test_a_round_ahead_reads_each_runtime_a_few_times(ended: int, monkeypatch) -> None:
    """A round of 35 turns foreseen: each pending turn is looked for from the last one
    found, not from the order's start (a pass over those who acted for each turn, ~800
    runtimes read); the turns are those of a look from the start."""
    session = build("initiative_ticks", 30, seed=5)
    while clock(session.encounter).phase != "round":
        session.apply(next_step(session))
    for _ in range(ended):
        session.apply(EndTurn())
    encounter = session.encounter
    monkeypatch.setattr(turns, "Ahead", CountingAhead)
    CountingAhead.reads = 0
    found = turns._sequence(encounter, 35)
    assert len(found) == 35 and len({slot.round for slot in found}) > 1  # into the next
    assert CountingAhead.reads < 20 * len(found), CountingAhead.reads  # + the rounds begun
    monkeypatch.setattr(turns, "Ahead", SortingAhead)
    assert turns._sequence(encounter, 35) == found


def test_a_runtime_copied_ahead_is_a_deep_copy():
    """`play.copy_runtime` (the foresight's copy of each runtime it writes) is what
    `copy_state` makes: equal, nothing mutable shared (pools, counters, a Crash, a
    held turn), over random fights (Crashes, delays, flurries); a pool or counters made
    from their parts have no other part."""
    assert [f.name for f in dataclasses.fields(Pool)] == ["current", "maximum"]
    assert [f.name for f in dataclasses.fields(Counters)] == ["used"]
    rng = random.Random(4)
    session = build("initiative_ticks", 12, seed=4)
    kinds: set[str] = set()
    for _ in range(150):
        command = _random_command(session, rng)
        if command is not None and session.refusal(command) is None:
            session.apply(command)
        for combatant in session.encounter.combatants:
            runtime = rt(combatant)
            copied = play.copy_runtime(runtime)
            assert copied == copy_state(runtime) == runtime
            for f in dataclasses.fields(Runtime):
                value, copy_of = getattr(runtime, f.name), getattr(copied, f.name)
                if type(value) in (bool, int, str, type(None)):
                    continue
                kinds.add(type(value).__name__)
                assert copy_of is not value and copy_of == value, f.name
                if isinstance(value, Counters):
                    assert copy_of.used is not value.used
    assert {"Pool", "Counters", "Crash", "Hold"} <= kinds  # each kind was copied
