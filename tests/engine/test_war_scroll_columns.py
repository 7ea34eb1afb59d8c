"""The War Scroll's column count: a join or a departure sets it without a pass over the
whole War, to the count the whole pass gives; switching to "shrink at once" shrinks at
once; a file's count is the rules' count once opened."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from benchmarks.fights import build, next_step
from tests.engine.helpers import add, column_labels, end_turns, sample_session
from tests.engine.test_war_scroll_speed import fastest_session
from tests.engine.test_war_scroll_state import load, saved_before
from tracker.engine import (
    AddCombatant,
    Command,
    EditCombatant,
    MarkDefeated,
    RemoveCombatant,
    RulesetAction,
    Session,
    SetOption,
    StartEncounter,
)
from tracker.engine.rulesets.war_scroll import order as war_order
from tracker.engine.rulesets.war_scroll import scroll
from tracker.engine.rulesets.war_scroll.state import clock_of
from tracker.engine.state import Encounter


def rules_count(encounter: Encounter) -> int:
    """The count the rules give from what each combatant needs now."""
    return max((scroll.columns_needed(c) for c in encounter.combatants), default=0)


def attempt(session: Session, command: Command) -> None:
    """Apply the command unless the rules refuse it (a choice already made, a Turn with
    no room, nothing to change)."""
    if session.refusal(command) is None:
        session.apply(command)


def choose(session: Session, option: str) -> None:
    attempt(session, SetOption("columns_on_defeat", option))


def war_steps(session: Session, option: str, seed: int) -> Iterator[None]:
    """Play a War of joins and departures (the fastest among them), Speed changes,
    defeats, bonus AP, option switches, undos and redos; yield after every step."""
    rng = random.Random(seed)
    choose(session, option)
    for number in range(300):
        ids = [c.id for c in session.encounter.combatants]
        someone = rng.choice(ids)
        roll = rng.random()
        if roll < 0.12:
            speed = rng.choice([0, 5, 14, 22, 29, 40])
            session.apply(AddCombatant(f"Late {number}", "enemy", stats={"speed": speed}))
        elif roll < 0.22 and len(ids) > 2:
            fastest = max(session.encounter.combatants, key=lambda c: int(c.stats.get("speed", 0)))
            gone = fastest.id if rng.random() < 0.5 else someone
            session.apply(RemoveCombatant(gone))
        elif roll < 0.28:
            attempt(session, EditCombatant(someone, {"speed": rng.randrange(0, 36)}))
        elif roll < 0.31:
            attempt(session, MarkDefeated(someone))
        elif roll < 0.35:
            attempt(session, RulesetAction("bonus_ap", someone, {"amount": 9, "turn": "next"}))
        elif roll < 0.37:
            other = "shrink" if option == "keep_cycle" else "keep_cycle"
            choose(session, rng.choice([option, other]))
        elif roll < 0.42 and session.can_undo:
            session.undo()
        elif roll < 0.45 and session.can_redo:
            session.redo()
        else:
            session.apply(next_step(session))
        yield


def counts_through_a_war(option: str, seed: int) -> list[int]:
    session, _ = sample_session()
    session.apply(StartEncounter())
    counts = []
    for _ in war_steps(session, option, seed):
        encounter = session.encounter
        counts.append(clock_of(encounter).columns)
        kept = (
            clock_of(encounter).started
            and session.ruleset.option(encounter, "columns_on_defeat") == "keep_cycle"
        )
        if kept:
            assert counts[-1] >= rules_count(encounter)
        else:
            assert counts[-1] == rules_count(encounter)
    return counts


@pytest.mark.parametrize("option", ["keep_cycle", "shrink"])
@pytest.mark.parametrize("seed", [3, 11])
def test_a_join_or_a_departure_counts_the_columns_a_whole_pass_does(
    option: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    quick = counts_through_a_war(option, seed)
    moves = sum(a != b for a, b in zip(quick, quick[1:], strict=False))
    assert moves >= 5, "the War should move the count often"
    with monkeypatch.context() as patch:
        whole = lambda tx, encounter, combatant: scroll.update_columns(tx, encounter)  # noqa: E731
        patch.setattr(war_order, "columns_after_join", whole)
        patch.setattr(war_order, "columns_after_leave", whole)
        assert counts_through_a_war(option, seed) == quick


@pytest.mark.parametrize("option", ["keep_cycle", "shrink"])
def test_a_join_or_a_departure_in_a_war_of_a_thousand_asks_a_few_for_their_need(
    option: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = build("war_scroll", 1000, seed=5)
    choose(session, option)
    fast = [
        session.apply(AddCombatant(f"Fast {n}", "enemy", stats={"speed": 40}))
        .edits_of("combatants")[0]
        .item.id
        for n in range(2)
    ]
    asked: list[str] = []
    needed = scroll.columns_needed

    def counting(combatant):  # type: ignore[no-untyped-def]
        asked.append(combatant.id)
        return needed(combatant)

    monkeypatch.setattr(scroll, "columns_needed", counting)
    session.apply(AddCombatant("Slow", "enemy", stats={"speed": 3}))
    session.apply(RemoveCombatant(fast[0]))  # as fast as the other: nothing shrinks
    assert len(asked) < 50
    assert clock_of(session.encounter).columns == 6  # ceil(40 / 7)


def test_switching_to_shrink_at_once_shrinks_the_columns_kept_for_the_cycle() -> None:
    session, ids = fastest_session("keep_cycle")
    session.apply(RemoveCombatant(ids["Seraph"]))
    assert column_labels(session) == ["1", "2", "A", "B"]  # kept for this Cycle
    session.apply(SetOption("columns_on_defeat", "shrink"))
    assert column_labels(session) == ["1", "2", "A"]  # ceil(17 / 7), at once
    session.undo()
    assert column_labels(session) == ["1", "2", "A", "B"]


def test_a_late_joiner_faster_than_all_adds_columns_and_its_departure_takes_them() -> None:
    session, _ = sample_session(columns_on_defeat="shrink")
    session.apply(StartEncounter())
    end_turns(session, 2)
    swift = add(session, "Swift", 30, swiftness=1)
    assert column_labels(session) == ["1", "2", "3", "A", "B"]  # ceil(30 / 7)
    session.apply(RemoveCombatant(swift))
    assert column_labels(session) == ["1", "2", "A"]


@pytest.mark.parametrize(("started", "stated", "opened"), [(True, 1, 3), (False, 9, 3)])
def test_a_file_stating_another_column_count_opens_with_the_rules_count(
    started: bool, stated: int, opened: int
) -> None:
    document = saved_before()
    document["encounter"]["clock"].update(started=started, columns=stated)
    if not started:
        document["encounter"]["clock"]["current"] = None
    session = load(document)
    assert clock_of(session.encounter).columns == opened
