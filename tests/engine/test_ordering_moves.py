"""`kit.ordering.moves_into`: the fewest single-item moves that put a list in order."""

from __future__ import annotations

from bisect import bisect_left

from hypothesis import given
from hypothesis import strategies as st

from tracker.engine.kit.ordering import moves_into


def applied(items: list[object], moves: list[tuple[int, int]]) -> list[object]:
    """The moves done as `Transaction.move_combatant` does them."""
    items = list(items)
    for source, destination in moves:
        items.insert(destination, items.pop(source))
    return items


def longest_rise(values: list[int]) -> int:
    tails: list[int] = []
    for value in values:
        k = bisect_left(tails, value)
        tails[k : k + 1] = [value]
    return len(tails)


class Item:
    """Compared by identity, as combatants are."""


def test_one_combatant_from_the_top_to_the_bottom_is_one_move() -> None:
    items = [Item() for _ in range(30)]
    wanted = items[1:] + items[:1]
    assert moves_into(items, wanted) == [(0, 29)]
    assert moves_into(wanted, items) == [(29, 0)]


def test_an_order_already_right_needs_no_move() -> None:
    items = [Item() for _ in range(5)]
    assert moves_into(items, list(items)) == []


@given(st.permutations(list(range(12))))
def test_the_moves_reach_the_wanted_order_in_the_fewest_moves(order: list[int]) -> None:
    items = [Item() for _ in order]
    current = [items[i] for i in order]
    moves = moves_into(current, items)
    assert applied(current, moves) == items
    # Every item outside a longest run already in order must move, and moves once.
    assert len(moves) == len(items) - longest_rise(order)


def test_a_step_of_initiative_ticks_moves_each_combatant_at_most_once(monkeypatch) -> None:
    """Each move is a row every view moves: an End Turn that drops the actor down the
    tick order is one move, not one for every place below it (16 a step at 30)."""
    import random

    from benchmarks.fights import next_step, stats_for
    from tracker.engine import AddCombatant, Session, StartEncounter
    from tracker.engine.changes import Transaction

    rng = random.Random(7)
    session = Session.new("Ticks of 30", "initiative_ticks")
    for number in range(30):
        side = rng.choice(["party", "enemy"])
        session.apply(AddCombatant(f"F{number}", side, stats=stats_for(session, rng)))
    session.apply(StartEncounter())
    moved: list[int] = []
    original = Transaction.move_combatant

    def counted(tx: Transaction, source: int, destination: int) -> None:
        moved.append(source)
        original(tx, source, destination)

    monkeypatch.setattr(Transaction, "move_combatant", counted)
    steps = 0
    for _ in range(80):
        before = list(session.encounter.combatants)
        command = next_step(session)
        if session.refusal(command) is not None:
            continue
        moved.clear()
        session.apply(command)
        after = session.encounter.combatants
        fewest = len(after) - longest_rise([after.index(c) for c in before])
        assert len(moved) == fewest
        steps += 1
    assert steps > 40
