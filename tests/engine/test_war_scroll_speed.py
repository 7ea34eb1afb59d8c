"""Speed changes during the War (both options), late joiners (both options), and the
Segment columns when the fastest character leaves (both options)."""

from __future__ import annotations

import pytest

from tests.engine.helpers import (
    action,
    add,
    cells,
    column_labels,
    current,
    cycle_turns,
    end_turns,
    play_until,
    sample_session,
    started,
)
from tracker.engine import (
    DuplicateCombatant,
    EditCombatant,
    RemoveCombatant,
    StartEncounter,
)

# Cycle 2 of the sample scroll once Echthra has Speed 8 (7 to 1, 1 to A).
CYCLE_WITH_ECHTHRA_8 = [
    ("Echthra", "1", 7),
    ("Tirzaiel", "1", 7),
    ("Thomas", "1", 7),
    ("Kandor", "1", 7),
    ("Tirzaiel", "2", 2),
    ("Echthra", "A", 1),
    ("Tirzaiel", "A", 7),
    ("Thomas", "A", 5),
    ("Kandor", "A", 4),
]


# --- Speed drops -------------------------------------------------------------------------
def test_weakened_after_segment_1_redeal():
    session, ids = started()  # "redeal" is the default
    end_turns(session, 1)  # Echthra played Segment 1 (7)
    session.apply(EditCombatant(ids["Echthra"], {"speed": 8}))  # Weakened: 17 → 8
    # Re-deal 8 → 1: 7, A: 1, 2: 0. Segment 1 was played and stays 7; A becomes 1; her
    # Segment 2 Turn disappears.
    assert cycle_turns(session) == [
        ("Tirzaiel", "1", 7),
        ("Thomas", "1", 7),
        ("Kandor", "1", 7),
        ("Tirzaiel", "2", 2),
        ("Echthra", "A", 1),
        ("Tirzaiel", "A", 7),
        ("Thomas", "A", 5),
        ("Kandor", "A", 4),
    ]
    assert cells(session, "Echthra") == {"1": (7, "played"), "2": (0, "none"), "A": (1, "pending")}
    assert cycle_turns(session, 2) == CYCLE_WITH_ECHTHRA_8
    end_turns(session, 8)
    assert session.encounter.clock.cycle == 2
    assert cycle_turns(session) == CYCLE_WITH_ECHTHRA_8


def test_weakened_after_segment_1_trim():
    session, ids = started(speed_change="trim")
    end_turns(session, 1)
    session.apply(EditCombatant(ids["Echthra"], {"speed": 8}))
    # 9 AP lost, taken from the last unplayed Turns first: play order 1, 2, A, so A
    # (7 → 0, 2 still to take), then 2 (3 → 1). Her A Turn disappears, Segment 2 stays.
    assert cycle_turns(session) == [
        ("Tirzaiel", "1", 7),
        ("Thomas", "1", 7),
        ("Kandor", "1", 7),
        ("Echthra", "2", 1),
        ("Tirzaiel", "2", 2),
        ("Tirzaiel", "A", 7),
        ("Thomas", "A", 5),
        ("Kandor", "A", 4),
    ]
    assert cells(session, "Echthra") == {"1": (7, "played"), "2": (1, "pending"), "A": (0, "none")}
    # The next Cycle is dealt from the new Speed.
    assert cycle_turns(session, 2) == CYCLE_WITH_ECHTHRA_8
    end_turns(session, 8)
    assert cycle_turns(session) == CYCLE_WITH_ECHTHRA_8


@pytest.mark.parametrize(
    ("speed_change", "tirzaiel"),
    [
        # Re-deal 8: 1: 7, A: 1.
        ("redeal", [("Tirzaiel", "1", 7), ("Tirzaiel", "A", 1)]),
        # Trim 16 → 8 (8 lost): A 7 → 0 (1 more), 2: 2 → 1.
        ("trim", [("Tirzaiel", "1", 7), ("Tirzaiel", "2", 1)]),
    ],
)
def test_drop_before_any_turn_played(speed_change, tirzaiel):
    session, ids = started(speed_change=speed_change)
    session.apply(EditCombatant(ids["Tirzaiel"], {"speed": 8}))
    assert [t for t in cycle_turns(session) if t[0] == "Tirzaiel"] == tirzaiel
    assert sum(ap for _, _, ap in tirzaiel) == 8


@pytest.mark.parametrize("speed_change", ["redeal", "trim"])
def test_large_drop_leaves_a_short_first_turn(speed_change):
    session, ids = started(speed_change=speed_change)
    session.apply(EditCombatant(ids["Tirzaiel"], {"speed": 3}))
    # Re-deal: 1: 3. Trim 13: A 7 → 0, 2: 2 → 0, 1: 7 → 3. Same result.
    assert [t for t in cycle_turns(session) if t[0] == "Tirzaiel"] == [("Tirzaiel", "1", 3)]


@pytest.mark.parametrize("speed_change", ["redeal", "trim"])
def test_drop_to_zero_removes_every_unplayed_turn(speed_change):
    session, ids = started(speed_change=speed_change)
    end_turns(session, 2)
    session.apply(EditCombatant(ids["Tirzaiel"], {"speed": 0}))
    assert [t for t in cycle_turns(session) if t[0] == "Tirzaiel"] == []
    assert cells(session, "Tirzaiel") == {"1": (7, "played"), "2": (0, "none"), "A": (0, "none")}
    assert all(name != "Tirzaiel" for name, _, _ in cycle_turns(session, 2))


@pytest.mark.parametrize("speed_change", ["redeal", "trim"])
def test_drop_during_own_turn_in_the_last_segment(speed_change):
    session, ids = started(speed_change=speed_change)
    play_until(session, "Thomas", "1")
    end_turns(session, 1)  # Thomas played Segment 1
    session.apply(EditCombatant(ids["Thomas"], {"speed": 7}))
    # Re-deal 7: A → 0. Trim 5: A 5 → 0. Either way his A Turn is gone.
    assert [t for t in cycle_turns(session) if t[0] == "Thomas"] == []
    assert end_turns(session, 7) == [
        ("Kandor", "1", 7),
        ("Echthra", "2", 3),
        ("Tirzaiel", "2", 2),
        ("Echthra", "A", 7),
        ("Tirzaiel", "A", 7),
        ("Kandor", "A", 4),
        ("Echthra", "1", 7),
    ]


@pytest.mark.parametrize(
    ("speed_change", "echthra_a"),
    [
        # Re-deal 8: 1: 7 (played), A: 1, 2: 0 — but 3 AP of Segment 2 are already spent.
        ("redeal", [("Echthra", "A", 1)]),
        # Trim 9: A 7 → 0 (2 more), Segment 2: 3 → 1 — below the 3 already spent.
        ("trim", []),
    ],
)
def test_drop_during_own_turn_never_takes_ap_already_spent(speed_change, echthra_a):
    session, ids = started(speed_change=speed_change)
    play_until(session, "Echthra", "2")
    action(session, "spend_ap", amount=3)
    session.apply(EditCombatant(ids["Echthra"], {"speed": 8}))
    # The current Turn keeps the 3 AP spent in it: 3 AP, 0 left (never "-3 left").
    assert current(session) == ("Echthra", "2", 3)
    assert session.status() == "Cycle 1 · Segment 2 · Echthra: 3 AP, 0 left"
    assert [t for t in cycle_turns(session) if t[0] == "Echthra"][1:] == echthra_a


# --- Speed rises -------------------------------------------------------------------------
@pytest.mark.parametrize("speed_change", ["redeal", "trim"])
def test_raise_adds_turns_and_columns(speed_change):
    session, ids = started(speed_change=speed_change)
    play_until(session, "Echthra", "2")
    assert column_labels(session) == ["1", "2", "A"]
    session.apply(EditCombatant(ids["Kandor"], {"speed": 30}))
    # 30 → 1: 7 (played), A: 7, 2: 7, B: 7, 3: 2. Columns ceil(30 / 7) = 5.
    assert column_labels(session) == ["1", "2", "3", "A", "B"]
    assert cycle_turns(session) == [
        ("Echthra", "2", 3),
        ("Tirzaiel", "2", 2),
        ("Kandor", "2", 7),
        ("Kandor", "3", 2),
        ("Echthra", "A", 7),
        ("Tirzaiel", "A", 7),
        ("Thomas", "A", 5),
        ("Kandor", "A", 7),
        ("Kandor", "B", 7),
    ]
    assert cells(session, "Kandor") == {
        "1": (7, "played"),
        "2": (7, "pending"),
        "3": (2, "pending"),
        "A": (7, "pending"),
        "B": (7, "pending"),
    }


def test_raise_with_a_new_turn_in_a_past_segment_marks_it_missed():
    session, ids = started()
    play_until(session, "Echthra", "A")
    session.apply(EditCombatant(ids["Thomas"], {"speed": 16}))
    # 16 → 1: 7 (played), A: 7, 2: 2. Segment 2 is already past: that Turn is missed.
    assert cells(session, "Thomas") == {"1": (7, "played"), "2": (2, "missed"), "A": (7, "pending")}
    assert cycle_turns(session) == [
        ("Echthra", "A", 7),
        ("Tirzaiel", "A", 7),
        ("Thomas", "A", 7),
        ("Kandor", "A", 4),
    ]
    end_turns(session, 4)
    assert [t for t in cycle_turns(session) if t[0] == "Thomas"] == [
        ("Thomas", "1", 7),
        ("Thomas", "2", 2),
        ("Thomas", "A", 7),
    ]


def test_raise_keeps_bonus_within_the_12_ap_cap():
    session, ids = started()
    play_until(session, "Kandor", "1")
    action(session, "bonus_ap", ids["Kandor"], amount=8, turn="next")
    # Kandor's A: 4 + 8 = 12.
    assert [t for t in cycle_turns(session) if t[0] == "Kandor"][1] == ("Kandor", "A", 12)
    session.apply(EditCombatant(ids["Kandor"], {"speed": 14}))
    # Re-deal 14: A base 4 → 7, so 7 + 8 = 15 > 12: the Turn keeps 12 and the 3 excess
    # spill into his next Turn, Cycle 2 Segment 1: 7 + 3 = 10.
    assert [t for t in cycle_turns(session) if t[0] == "Kandor"] == [
        ("Kandor", "1", 7),
        ("Kandor", "A", 12),
    ]
    assert [t for t in cycle_turns(session, 2) if t[0] == "Kandor"] == [
        ("Kandor", "1", 10),
        ("Kandor", "A", 7),
    ]


def test_raise_keeps_ap_promised_to_the_next_cycle_within_the_12_ap_cap():
    session, ids = started()
    play_until(session, "Tirzaiel", "A")  # her last Turn of Cycle 1
    action(session, "bonus_ap", ids["Tirzaiel"], amount=15, turn="next")
    # Next Turn: Cycle 2 Segment 1, 7 → 12 (+5); 10 spill on to Cycle 2 Segment 2: 2 → 12.
    assert [t for t in cycle_turns(session, 2) if t[0] == "Tirzaiel"] == [
        ("Tirzaiel", "1", 12),
        ("Tirzaiel", "2", 12),
        ("Tirzaiel", "A", 7),
    ]
    session.apply(EditCombatant(ids["Tirzaiel"], {"speed": 21}))
    # Cycle 2 deal for 21: 7, 7, 7. Segment 2 would hold 7 + 10 = 17: it keeps 12 and
    # the 5 excess spill into her next Turn, Cycle 2 A: 7 + 5 = 12 (36 = 21 + 15 in all).
    assert [t for t in cycle_turns(session, 2) if t[0] == "Tirzaiel"] == [
        ("Tirzaiel", "1", 12),
        ("Tirzaiel", "2", 12),
        ("Tirzaiel", "A", 12),
    ]
    end_turns(session, 3)  # Tirzaiel A, Thomas A, Kandor A
    assert session.encounter.clock.cycle == 2
    assert [t for t in cycle_turns(session) if t[0] == "Tirzaiel"] == [
        ("Tirzaiel", "1", 12),
        ("Tirzaiel", "2", 12),
        ("Tirzaiel", "A", 12),
    ]


def test_bonus_given_before_the_war_goes_to_the_first_turn():
    session, ids = sample_session()
    action(session, "bonus_ap", ids["Thomas"], amount=3, turn="next")
    assert [t for t in cycle_turns(session, 0) if t[0] == "Thomas"][0] == ("Thomas", "1", 10)
    session.apply(StartEncounter())
    # "their next upcoming Turn": Cycle 1 Segment 1, 7 + 3 = 10.
    assert [t for t in cycle_turns(session) if t[0] == "Thomas"] == [
        ("Thomas", "1", 10),
        ("Thomas", "A", 5),
    ]


def test_speed_edit_before_the_war_re_deals_and_keeps_bonus():
    session, ids = sample_session()
    action(session, "bonus_ap", ids["Thomas"], amount=3, turn="next")
    session.apply(EditCombatant(ids["Thomas"], {"speed": 16}))
    # 16 → 1: 7, A: 7, 2: 2; the bonus (3, to Segment 1) stays: 10.
    assert [t for t in cycle_turns(session, 0) if t[0] == "Thomas"] == [
        ("Thomas", "1", 10),
        ("Thomas", "2", 2),
        ("Thomas", "A", 7),
    ]
    session.apply(StartEncounter())
    assert [t for t in cycle_turns(session) if t[0] == "Thomas"][0] == ("Thomas", "1", 10)


# --- late joiners ------------------------------------------------------------------------
def test_late_joiner_next_segment():
    session, _ = started()  # "next_segment" is the default
    play_until(session, "Thomas", "1")
    add(session, "Zeal", 10, swiftness=7)  # between Tirzaiel (8) and Thomas (6)
    # 10 → 1: 7, A: 3. Segment 1 is under way, so that Turn is missed; Zeal acts in A,
    # at the Swiftness place.
    assert cells(session, "Zeal") == {"1": (7, "missed"), "2": (0, "none"), "A": (3, "pending")}
    assert cycle_turns(session) == [
        ("Thomas", "1", 7),
        ("Kandor", "1", 7),
        ("Echthra", "2", 3),
        ("Tirzaiel", "2", 2),
        ("Echthra", "A", 7),
        ("Tirzaiel", "A", 7),
        ("Zeal", "A", 3),
        ("Thomas", "A", 5),
        ("Kandor", "A", 4),
    ]
    assert [t for t in cycle_turns(session, 2) if t[0] == "Zeal"] == [
        ("Zeal", "1", 7),
        ("Zeal", "A", 3),
    ]
    assert cycle_turns(session, 2)[2] == ("Zeal", "1", 7)


def test_late_joiner_next_segment_skips_the_current_segment_even_if_placed_later():
    session, _ = started()
    play_until(session, "Echthra", "2")
    add(session, "Laggard", 17, swiftness=1)  # last in order
    # 17 → 1: 7, A: 7, 2: 3. Segment 1 past, Segment 2 under way: both missed; A pending.
    assert cells(session, "Laggard") == {
        "1": (7, "missed"),
        "2": (3, "missed"),
        "A": (7, "pending"),
    }
    assert [t for t in cycle_turns(session) if t[0] == "Laggard"] == [("Laggard", "A", 7)]


def test_late_joiner_with_only_segment_1_waits_for_the_next_cycle():
    session, _ = started()
    play_until(session, "Tirzaiel", "1")
    add(session, "Minion", 7, swiftness=1)
    assert [t for t in cycle_turns(session) if t[0] == "Minion"] == []
    assert [t for t in cycle_turns(session, 2) if t[0] == "Minion"] == [("Minion", "1", 7)]


def test_late_joiner_next_cycle():
    session, ids = started(late_joiner="next_cycle")
    play_until(session, "Thomas", "1")
    add(session, "Zeal", 10, swiftness=7)
    assert cells(session, "Zeal") == {"1": (7, "missed"), "2": (0, "none"), "A": (3, "missed")}
    assert [t for t in cycle_turns(session) if t[0] == "Zeal"] == []
    session.apply(DuplicateCombatant(ids["Thomas"]))
    assert [t for t in cycle_turns(session) if t[0] == "Thomas 2"] == []
    end_turns(session, 8)  # the rest of Cycle 1
    assert session.encounter.clock.cycle == 2
    assert cycle_turns(session) == [
        ("Echthra", "1", 7),
        ("Tirzaiel", "1", 7),
        ("Zeal", "1", 7),
        ("Thomas", "1", 7),
        ("Thomas 2", "1", 7),
        ("Kandor", "1", 7),
        ("Echthra", "2", 3),
        ("Tirzaiel", "2", 2),
        ("Echthra", "A", 7),
        ("Tirzaiel", "A", 7),
        ("Zeal", "A", 3),
        ("Thomas", "A", 5),
        ("Thomas 2", "A", 5),
        ("Kandor", "A", 4),
    ]


def test_late_joiner_can_add_columns():
    session, _ = started()
    add(session, "Seraph", 22, swiftness=1)
    # ceil(22 / 7) = 4: 1, 2, A, B. Segment 1 is under way: Seraph acts from 2.
    assert column_labels(session) == ["1", "2", "A", "B"]
    assert [t for t in cycle_turns(session) if t[0] == "Seraph"] == [
        ("Seraph", "2", 7),
        ("Seraph", "A", 7),
        ("Seraph", "B", 1),
    ]


# --- leaving and columns -----------------------------------------------------------------
def fastest_session(columns_on_defeat: str):
    session, ids = sample_session(columns_on_defeat=columns_on_defeat)
    ids["Seraph"] = add(session, "Seraph", 22, swiftness=10)
    session.apply(StartEncounter())
    end_turns(session, 1)  # Seraph played Segment 1
    return session, ids


def test_columns_keep_cycle_when_the_fastest_leaves():
    session, ids = fastest_session("keep_cycle")
    assert column_labels(session) == ["1", "2", "A", "B"]
    session.apply(RemoveCombatant(ids["Seraph"]))
    # Kept for this Cycle ...
    assert column_labels(session) == ["1", "2", "A", "B"]
    assert cycle_turns(session) == [
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
    end_turns(session, 10)
    # ... and shrunk to ceil(17 / 7) = 3 at the next.
    assert session.encounter.clock.cycle == 2
    assert column_labels(session) == ["1", "2", "A"]


def test_columns_shrink_at_once_when_the_fastest_leaves():
    session, ids = fastest_session("shrink")
    session.apply(RemoveCombatant(ids["Seraph"]))
    assert column_labels(session) == ["1", "2", "A"]


def test_removing_the_current_character_hands_the_turn_on():
    session, ids = started()
    end_turns(session, 1)
    session.apply(RemoveCombatant(ids["Tirzaiel"]))
    assert current(session) == ("Thomas", "1", 7)
    assert all(name != "Tirzaiel" for name, _, _ in cycle_turns(session))


def test_removing_the_last_pending_turn_ends_the_cycle():
    session, ids = started()
    play_until(session, "Kandor", "A")
    session.apply(RemoveCombatant(ids["Kandor"]))
    assert session.encounter.clock.cycle == 2
    assert current(session) == ("Echthra", "1", 7)


def test_everyone_at_speed_zero_stalls_until_someone_can_act():
    session, ids = started()
    for name in ("Tirzaiel", "Thomas", "Kandor"):
        session.apply(EditCombatant(ids[name], {"speed": 0}))
    session.apply(EditCombatant(ids["Echthra"], {"speed": 7}))  # her A, 2 are gone
    end_turns(session, 1)  # Echthra's Segment 1: next Cycle she has Segment 1 again
    assert session.encounter.clock.cycle == 2
    assert current(session) == ("Echthra", "1", 7)
    session.apply(EditCombatant(ids["Echthra"], {"speed": 0}))
    end_turns(session, 1)
    assert current(session) is None
    assert session.status() == "Cycle 2: nobody has a Turn."
    session.apply(EditCombatant(ids["Kandor"], {"speed": 11}))
    # The War goes on in Cycle 2 with the first Turn Kandor has.
    assert current(session) is not None
    assert current(session)[0] == "Kandor"
