"""Dealing Speed into Segments, the sample War Scroll of the rules, and grid columns."""

from __future__ import annotations

import pytest

from tests.engine.helpers import (
    add,
    cells,
    column_labels,
    current,
    cycle_turns,
    end_turns,
    new_session,
    sample_session,
    turns,
)
from tracker.engine import CommandError, EndTurn, StartEncounter

# --- the sample War Scroll -------------------------------------------------------------
# Echthra 17 = 7 (1) + 7 (A) + 3 (2); Tirzaiel 16 = 7 + 7 + 2; Thomas 12 = 7 + 5 (A);
# Kandor 11 = 7 + 4 (A). Play order 1, 2, A; inside a Segment in Swiftness order.
SAMPLE_CYCLE = [
    ("Echthra", "1", 7),
    ("Tirzaiel", "1", 7),
    ("Thomas", "1", 7),
    ("Kandor", "1", 7),
    ("Echthra", "2", 3),
    ("Tirzaiel", "2", 2),
    ("Echthra", "A", 7),
    ("Tirzaiel", "A", 7),
    ("Thomas", "A", 5),
    ("Kandor", "A", 4),
]


def test_sample_scroll_turns_before_start_are_cycle_one_preview():
    session, _ = sample_session()
    assert current(session) is None
    assert turns(session) == SAMPLE_CYCLE


def test_sample_scroll_first_turn_is_echthra_for_7():
    session, _ = sample_session()
    session.apply(StartEncounter())
    assert session.encounter.clock.cycle == 1
    assert current(session) == ("Echthra", "1", 7)
    # Cycle 1 then Cycle 2, identical (nobody changed).
    assert turns(session, 20) == SAMPLE_CYCLE + SAMPLE_CYCLE


def test_sample_scroll_played_through_cycle_one_and_into_cycle_two():
    session, _ = sample_session()
    session.apply(StartEncounter())
    assert end_turns(session, 10) == SAMPLE_CYCLE
    # "Then a new Cycle would begin at the top of Segment 1 with Echthra's Turn for 7 AP."
    assert session.encounter.clock.cycle == 2
    assert current(session) == ("Echthra", "1", 7)
    assert end_turns(session, 5) == SAMPLE_CYCLE[:5]
    assert current(session) == ("Tirzaiel", "2", 2)


def test_sample_scroll_turn_values_and_phase():
    session, ids = sample_session()
    session.apply(StartEncounter())
    end_turns(session, 4)
    turn = session.current_turn()
    assert turn is not None
    assert turn.combatant_id == ids["Echthra"]
    assert turn.round == 1
    assert turn.phase == "Segment 2"
    assert turn.grant == "3 AP"
    assert turn.values == {"ap": 3, "spent": 0, "segment": "2", "slot": 2}


def test_sample_scroll_grid_cells():
    session, _ = sample_session()
    # ceil(17 / 7) = 3 columns, shown in play order 1, 2, A.
    assert session.ruleset.columns(session.encounter) == [0, 2, 1]
    assert column_labels(session) == ["1", "2", "A"]
    assert cells(session, "Echthra") == {
        "1": (7, "pending"),
        "2": (3, "pending"),
        "A": (7, "pending"),
    }
    assert cells(session, "Tirzaiel") == {
        "1": (7, "pending"),
        "2": (2, "pending"),
        "A": (7, "pending"),
    }
    assert cells(session, "Thomas") == {"1": (7, "pending"), "2": (0, "none"), "A": (5, "pending")}
    assert cells(session, "Kandor") == {"1": (7, "pending"), "2": (0, "none"), "A": (4, "pending")}
    session.apply(StartEncounter())
    end_turns(session, 5)  # Segment 1 (4 Turns) and Echthra's Segment 2 Turn
    assert cells(session, "Echthra") == {
        "1": (7, "played"),
        "2": (3, "played"),
        "A": (7, "pending"),
    }
    assert cells(session, "Tirzaiel") == {
        "1": (7, "played"),
        "2": (2, "current"),
        "A": (7, "pending"),
    }
    assert cells(session, "Thomas") == {"1": (7, "played"), "2": (0, "none"), "A": (5, "pending")}
    # A new Cycle deals afresh: everything pending again, Echthra current.
    end_turns(session, 5)
    assert cells(session, "Echthra") == {
        "1": (7, "current"),
        "2": (3, "pending"),
        "A": (7, "pending"),
    }
    assert cells(session, "Kandor") == {"1": (7, "pending"), "2": (0, "none"), "A": (4, "pending")}


def test_log_names_cycles_and_turns():
    session, _ = sample_session()
    session.apply(StartEncounter())
    end_turns(session, 10)
    texts = [entry.text for entry in session.encounter.log if entry.kind in ("turn", "start")]
    assert texts[:3] == ["The War begins.", "Cycle 1 begins.", "Echthra's Turn: Segment 1, 7 AP."]
    assert "Cycle 1 ends." in texts
    assert texts[-2:] == ["Cycle 2 begins.", "Echthra's Turn: Segment 1, 7 AP."]


# --- Speeds 0..40 --------------------------------------------------------------------
# Hand table of the deal for the speeds the rules mention and the edges around 7s:
# label → AP, in deal order 1, A, 2, B, 3, C.
HAND_DEAL = {
    0: {},
    1: {"1": 1},
    6: {"1": 6},
    7: {"1": 7},
    8: {"1": 7, "A": 1},
    10: {"1": 7, "A": 3},  # "Herald has a Speed of 10"
    11: {"1": 7, "A": 4},  # "fastest character has 11 Speed: 7 to 1, 4 to A"
    14: {"1": 7, "A": 7},
    15: {"1": 7, "A": 7, "2": 1},
    17: {"1": 7, "A": 7, "2": 3},  # "17 Speed: 7 to 1, 7 to A, 3 to 2"
    21: {"1": 7, "A": 7, "2": 7},
    22: {"1": 7, "A": 7, "2": 7, "B": 1},
    28: {"1": 7, "A": 7, "2": 7, "B": 7},
    29: {"1": 7, "A": 7, "2": 7, "B": 7, "3": 1},
    35: {"1": 7, "A": 7, "2": 7, "B": 7, "3": 7},
    40: {"1": 7, "A": 7, "2": 7, "B": 7, "3": 7, "C": 5},
}
DEAL_LABELS = ["1", "A", "2", "B", "3", "C", "4", "D"]


def oracle_deal(speed: int) -> dict[str, int]:
    """The rules' procedure, spelled out: up to 7 AP to 1, then A, then 2, then B, …"""
    dealt: dict[str, int] = {}
    remaining = speed
    for label in DEAL_LABELS:
        if remaining == 0:
            break
        dealt[label] = min(7, remaining)
        remaining -= dealt[label]
    return dealt


def play_key(label: str) -> tuple[int, int]:
    """Numbered Segments first (1, 2, 3), then lettered (A, B, C)."""
    return (0, int(label)) if label.isdigit() else (1, ord(label) - ord("A"))


@pytest.mark.parametrize("speed", sorted(HAND_DEAL))
def test_oracle_agrees_with_hand_table(speed):
    assert oracle_deal(speed) == HAND_DEAL[speed]


@pytest.mark.parametrize("speed", range(1, 41))
def test_speed_is_dealt_in_sevens_and_played_numbered_first(speed):
    session = new_session()
    add(session, "Solo", speed)
    session.apply(StartEncounter())
    dealt = oracle_deal(speed)
    expected = [("Solo", label, dealt[label]) for label in sorted(dealt, key=play_key)]
    assert cycle_turns(session) == expected
    assert sum(ap for _, _, ap in cycle_turns(session)) == speed
    # Columns: divide the fastest Speed by 7, round up.
    assert len(session.ruleset.columns(session.encounter)) == -(-speed // 7)
    assert column_labels(session) == sorted(dealt, key=play_key)
    # Each Turn, once played, hands on to the next; the next Cycle repeats the deal.
    assert end_turns(session, len(expected)) == expected
    assert session.encounter.clock.cycle == 2
    assert cycle_turns(session) == expected


@pytest.mark.parametrize("speed", range(0, 41))
def test_speed_beside_a_speed_7_character(speed):
    """A slow partner (Speed 7, Swiftness lower) only ever acts in Segment 1, after."""
    session = new_session()
    add(session, "Tested", speed, swiftness=10)
    add(session, "Partner", 7, swiftness=2)
    session.apply(StartEncounter())
    dealt = oracle_deal(speed)
    expected = [("Tested", "1", dealt["1"])] if "1" in dealt else []
    expected.append(("Partner", "1", 7))
    expected += [("Tested", label, dealt[label]) for label in sorted(dealt, key=play_key)[1:]]
    assert cycle_turns(session) == expected
    assert len(session.ruleset.columns(session.encounter)) == max(1, -(-speed // 7))


def test_speed_zero_gets_no_turn_and_no_cells():
    session = new_session()
    add(session, "Helpless", 0, swiftness=20)
    add(session, "Able", 8, swiftness=1)
    assert column_labels(session) == ["1", "A"]
    assert cells(session, "Helpless") == {"1": (0, "none"), "A": (0, "none")}
    session.apply(StartEncounter())
    assert cycle_turns(session) == [("Able", "1", 7), ("Able", "A", 1)]
    assert [name for name, _, _ in turns(session, 50)] == ["Able"] * 4


def test_nobody_with_speed_cannot_start():
    session = new_session()
    add(session, "Helpless", 0)
    before = session.encounter.to_dict()
    with pytest.raises(CommandError):
        session.apply(StartEncounter())
    assert session.encounter.to_dict() == before
    assert len(session.history) == 1  # only the AddCombatant


def test_empty_scroll_cannot_start_and_no_turn_to_end():
    session = new_session()
    with pytest.raises(CommandError):
        session.apply(StartEncounter())
    with pytest.raises(CommandError):
        session.apply(EndTurn())
    assert not session.can_undo


def test_start_twice_is_refused():
    session, _ = sample_session()
    session.apply(StartEncounter())
    with pytest.raises(CommandError):
        session.apply(StartEncounter())


def test_columns_follow_the_fastest_present():
    session = new_session()
    add(session, "Slow", 11, swiftness=5)
    # ceil(11 / 7) = 2: columns 1, A.
    assert column_labels(session) == ["1", "A"]
    add(session, "Fast", 30, swiftness=1)
    # ceil(30 / 7) = 5: slots 1, A, 2, B, 3 shown as 1, 2, 3, A, B.
    assert column_labels(session) == ["1", "2", "3", "A", "B"]
    assert cells(session, "Fast") == {
        "1": (7, "pending"),
        "2": (7, "pending"),
        "3": (2, "pending"),
        "A": (7, "pending"),
        "B": (7, "pending"),
    }
    session.apply(StartEncounter())
    assert cycle_turns(session) == [
        ("Slow", "1", 7),
        ("Fast", "1", 7),
        ("Fast", "2", 7),
        ("Fast", "3", 2),
        ("Slow", "A", 4),
        ("Fast", "A", 7),
        ("Fast", "B", 7),
    ]
