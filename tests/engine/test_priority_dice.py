"""The Zeal dice helper: parsing, validation, ranges and rolling with a given rng; and
the roll → "roll_zeal" round trip that keeps replay deterministic."""

from __future__ import annotations

import random

import pytest

from tests.engine.test_priority_helpers import act, add, combatant, new_session, order
from tracker.engine import CommandError
from tracker.engine.dice import check_dice, dice_range, parse_dice, roll
from tracker.engine.rulesets.priority import Priority


class Scripted:
    """An rng that returns the given numbers in order, recording the dice asked for."""

    def __init__(self, *numbers: int) -> None:
        self.numbers = list(numbers)
        self.asked: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.asked.append((a, b))
        return self.numbers.pop(0)


def test_parse_terms():
    assert parse_dice("3d12+2") == [(1, 3, 12), (1, 2, 0)]
    assert parse_dice("d12") == [(1, 1, 12)]
    assert parse_dice(" 2D6 - 1 ") == [(1, 2, 6), (-1, 1, 0)]
    assert parse_dice("2d12+1d6+3") == [(1, 2, 12), (1, 1, 6), (1, 3, 0)]
    assert parse_dice("5") == [(1, 5, 0)]


@pytest.mark.parametrize(
    "text",
    ["", "   ", "3x12", "3d12+", "d", "12d", "3d1", "51d12", "0d12", "3d101", "2d6*2", "1000"],
)
def test_malformed_expressions_are_refused(text):
    with pytest.raises(CommandError):
        parse_dice(text)
    zeal_dice = next(f for f in Priority.stat_fields if f.name == "zeal_dice")
    if text.strip():  # empty means "not set" for the stat
        with pytest.raises(CommandError) as info:
            zeal_dice.clean(text)
        assert info.value.field == "zeal_dice"


def test_check_dice_accepts_empty_as_not_set():
    check_dice("")
    check_dice("3d12+2")
    with pytest.raises(CommandError):
        check_dice("3d12++2")


def test_ranges():
    # 3d12+2: 3·1+2 = 5 … 3·12+2 = 38.
    assert dice_range("3d12+2") == (5, 38)
    # 2d6-1: 1 … 11;  d12-1d4: 1-4 = -3 … 12-1 = 11.
    assert dice_range("2d6-1") == (1, 11)
    assert dice_range("d12-1d4") == (-3, 11)


def test_roll_sums_the_dice_in_order_with_the_given_rng():
    rng = Scripted(3, 7, 12)
    # 3 + 7 + 12 + 2 = 24.
    assert roll("3d12+2", rng) == 24
    assert rng.asked == [(1, 12), (1, 12), (1, 12)]
    rng = Scripted(4, 5, 2)
    # 4 + 5 - 2 (a d4 subtracted) + 1 = 8.
    assert roll("2d6-1d4+1", rng) == 8
    assert rng.asked == [(1, 6), (1, 6), (1, 4)]


def test_roll_with_a_seeded_rng_is_repeatable_and_in_range():
    first = [roll("3d12+2", random.Random(7)) for _ in range(3)]
    again = [roll("3d12+2", random.Random(7)) for _ in range(3)]
    assert first == again
    rng = random.Random(11)
    results = {roll("3d12+2", rng) for _ in range(500)}
    assert min(results) >= 5 and max(results) <= 38
    assert len(results) > 20  # it really rolls


def test_the_caller_rolls_and_the_command_carries_the_result():
    session = new_session()
    add(session, "Ayla", 20)
    bren = add(session, "Bren", 0, zeal_dice="3d12+2")
    expression = combatant(session, "Bren").stats["zeal_dice"]
    result = roll(expression, Scripted(9, 10, 4))  # 9 + 10 + 4 + 2 = 25
    act(session, "roll_zeal", bren, result=result)
    assert order(session) == ["Bren", "Ayla"]
    # The journal holds the number, not the dice: replay needs no rng.
    command = session.history[-1].command
    assert command.to_dict() == {
        "type": "RulesetAction",
        "action": "roll_zeal",
        "combatant_id": bren,
        "params": {"result": 25},
    }
