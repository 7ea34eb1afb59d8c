"""Join Battle, the free actions and the rounds' tick order (issue 9, items 1 and 2)."""

from __future__ import annotations

import random

from tests.engine.ticks_helpers import (
    act,
    acting,
    add,
    fight,
    init,
    order,
    refused,
    session,
    state,
    undo_restores,
    who,
)
from tracker.engine import EndTurn, MoveCombatant, RulesetAction, StartEncounter
from tracker.engine.dice import dice_range, roll


class Faces:
    """A die roller that shows the given faces in turn."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        return self.faces.pop(0)


def test_a_join_battle_pool_counts_successes_and_tens_twice():
    # Faces 10, 7, 6, 9, 1: 10 counts twice (2), 7 and 9 one each, 6 and 1 none = 4.
    assert roll("5d10>=7!10", Faces([10, 7, 6, 9, 1])) == 4
    assert roll("3d10>=7", Faces([10, 10, 3])) == 2  # no doubling asked
    assert dice_range("5d10>=7!10") == (0, 10)
    assert 0 <= roll("5d10>=7!10", random.Random(4)) <= 10
    assert roll("2d6+1", Faces([3, 4])) == 8  # sums as before


def test_join_battle_starts_at_three_plus_successes_then_free_actions_high_to_low():
    s = session()
    kaoru, wolf, bandit = add(s, "Kaoru", "party"), add(s, "Wolf"), add(s, "Bandit")
    s.apply(StartEncounter())
    assert s.prompt().key == ("join", kaoru)  # the tracker walks the GM through it
    for cid, successes in ((kaoru, 2), (wolf, 6), (bandit, 0)):
        assert s.status() == "Join Battle: enter each combatant's successes."
        undo_restores(s, RulesetAction("join_battle", cid, {"successes": successes}))
    # Everyone has joined: the status line says what comes next, as the prompt does.
    assert s.status() == "Join Battle: everyone has joined; begin the free actions."
    # 3 + 2 = 5, 3 + 6 = 9, 3 + 0 = 3: the list follows the Initiative, high to low.
    assert [init(s, n) for n in ("Kaoru", "Wolf", "Bandit")] == [5, 9, 3]
    assert order(s) == ["Wolf", "Kaoru", "Bandit"]
    assert s.prompt().key == ("free_begins",)
    s.apply(RulesetAction("begin_free"))
    free = []
    while s.prompt() is not None and s.prompt().key[0] == "free":
        free.append(acting(s))
        s.apply(RulesetAction("free_action", None, {"note": "draws a sword"}))
    assert free == ["Wolf", "Kaoru", "Bandit"]
    assert "Wolf takes its free action: draws a sword." in [e.text for e in s.encounter.log]
    turn = s.current_turn()
    assert (turn.round, turn.phase, acting(s)) == (1, "tick 9", "Wolf")


def test_end_turn_in_join_battle_waits_for_everyone():
    s = session()
    add(s, "Kaoru", "party")
    s.apply(StartEncounter())
    assert "Kaoru: Join Battle first." in refused(s, EndTurn())


def test_each_acts_once_a_round_from_the_highest_tick():
    s, _ = fight([("Kaoru", "party", 4), ("Wolf", "enemy", 6), ("Bandit", "enemy", 1)])
    # Ticks 9 (Wolf), 7 (Kaoru), 4 (Bandit); then round 2 from the top again.
    seen = []
    for _ in range(4):
        seen.append((s.current_turn().round, s.current_turn().phase, acting(s)))
        s.apply(EndTurn())
    assert seen == [
        (1, "tick 9", "Wolf"),
        (1, "tick 7", "Kaoru"),
        (1, "tick 4", "Bandit"),
        (2, "tick 9", "Wolf"),
    ]


def test_same_tick_player_characters_first_then_the_gm_drags():
    cast = [("Wolf", "enemy", 4), ("Kaoru", "party", 4), ("Mirelle", "party", 4)]
    s, ids = fight(cast)
    assert order(s)[:2] == ["Kaoru", "Mirelle"] and order(s)[2] == "Wolf"
    # Ties among player characters are the GM's to order; passing the Wolf is not.
    assert "cannot pass" in refused(s, MoveCombatant(ids["Wolf"], 0))
    s.apply(MoveCombatant(ids["Mirelle"], 0))
    assert order(s) == ["Mirelle", "Kaoru", "Wolf"]


def test_same_tick_gm_decides_lets_the_gm_drag_anyone_at_the_tick():
    cast = [("Wolf", "enemy", 4), ("Kaoru", "party", 4)]
    s, ids = fight(cast, same_tick="gm")
    assert order(s) == ["Wolf", "Kaoru"]  # entry order stands
    s.apply(MoveCombatant(ids["Kaoru"], 0))
    assert order(s) == ["Kaoru", "Wolf"]


def test_an_initiative_change_reorders_who_has_not_acted_and_the_acted_stay_acted():
    s, _ = fight([("Kaoru", "party", 6), ("Wolf", "enemy", 4), ("Bandit", "enemy", 2)])
    # Kaoru (9) acts first and hits the Wolf (7) for 3: Kaoru 9 + 1 + 3 = 13, Wolf 4.
    act(s, "withering", "Wolf", hit=True, damage=3, shift=0)
    assert (init(s, "Kaoru"), init(s, "Wolf")) == (13, 4)
    # The Bandit (5) now goes before the Wolf (4).
    assert order(s) == ["Kaoru", "Bandit", "Wolf"]
    s.apply(EndTurn())
    assert acting(s) == "Bandit"
    # The Bandit raises Kaoru, who acted: Kaoru stays acted.
    act(s, "adjust", "Kaoru", amount=2, reason="aim")
    s.apply(EndTurn())
    assert acting(s) == "Wolf"
    assert state(s, "Kaoru").acted


def test_a_late_joiner_whose_tick_has_passed_acts_next_round_or_at_once():
    # Kaoru 3 + 6 = 9 acts first; then the count is at tick 4 (the Wolf, 3 + 1). The Ogre
    # joins with 3 + 5 = 8: its tick has passed.
    expected = {
        "next_round": [(2, "Kaoru"), (2, "Ogre")],  # round 2: 9 then 8
        "at_once": [(1, "Ogre"), (2, "Kaoru")],  # right after the Wolf, in round 1
    }
    for option, turns in expected.items():
        s, _ = fight([("Kaoru", "party", 6), ("Wolf", "enemy", 1)], late_joiner=option)
        s.apply(EndTurn())
        ogre = add(s, "Ogre", stamina=4)
        assert s.prompt().key == ("join", ogre)
        s.apply(RulesetAction("join_battle", ogre, {"successes": 5}))
        assert acting(s) == "Wolf"
        seen = []
        for _ in range(2):
            s.apply(EndTurn())
            seen.append((s.current_turn().round, acting(s)))
        assert seen == turns, option


def test_joining_twice_in_a_round_is_refused():
    s, ids = fight([("Kaoru", "party", 1)])
    message = refused(s, RulesetAction("join_battle", ids["Kaoru"], {"successes": 3}))
    assert "already joined battle" in message
    assert who(s, "Kaoru") is not None


def test_a_free_action_lists_those_still_to_take_theirs_highest_first():
    """The free action's context: the order left, the one taking its own now first (as
    many lines as Join Battle's standings, a line for the rest past eight)."""
    s = session()
    names = [f"Fighter {n}" for n in range(10)]
    ids = [add(s, name) for name in names]
    s.apply(StartEncounter())
    for successes, cid in enumerate(ids):
        s.apply(RulesetAction("join_battle", cid, {"successes": successes}))
    s.apply(RulesetAction("begin_free"))
    context = s.prompt().context
    assert context[0] == "Fighter 9: Initiative 12 — now"
    assert context[1:8] == tuple(f"Fighter {n}: Initiative {n + 3}" for n in range(8, 1, -1))
    assert context[8:] == ("… and 2 more to take theirs",)
    s.apply(RulesetAction("free_action", None, {"note": "draws"}))
    assert s.prompt().context[0] == "Fighter 8: Initiative 11 — now"
    assert s.prompt().context[-1] == "… and 1 more to take theirs"
