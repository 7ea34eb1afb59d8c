"""Crash recovery, the formal start and end of turn, delays, durations and the options
(issue 9, items 4 to 7), in both flavours; every step undoes."""

from __future__ import annotations

import pytest

from tests.engine.ticks_helpers import (
    act,
    acting,
    fight,
    init,
    log,
    order,
    refused,
    state,
    undo_restores,
    who,
)
from tracker.engine import (
    AddCombatant,
    AddEffect,
    EndTurn,
    MoveCombatant,
    RemoveCombatant,
    RulesetAction,
)
from tracker.engine.rulesets.initiative_ticks.options import CRASH_RECOVERY, chosen


def _crashed_bandit(**options: str):
    """Kaoru (9) crashes the Bandit (5 − 6 = −1) in round 1; Kaoru's turn ends."""
    cast = [("Kaoru", "party", 6), ("Bandit", "enemy", 2)]
    s, ids = fight(cast, {"Bandit": {"stamina": 4}}, **options)
    act(s, "withering", "Bandit", hit=True, damage=6, shift=0)
    s.apply(EndTurn())
    assert acting(s) == "Bandit" and init(s, "Bandit") == -1
    return s, ids


def test_recovery_tokens_two_without_an_attack_one_with_then_crash_ends_at_three():
    s, _ = _crashed_bandit()
    s.apply(EndTurn())  # the Bandit did not attack: 2 tokens
    assert state(s, "Bandit").crash.tokens == 2 and acting(s) == "Kaoru"  # round 2
    s.apply(EndTurn())
    assert acting(s) == "Bandit"
    s.apply(RulesetAction("apply_start"))  # 2 tokens: stays Crashed
    assert state(s, "Bandit").crash is not None
    act(s, "withering", "Kaoru", hit=False, damage=0, shift=0)  # it attacked: 1 token
    s.apply(EndTurn())
    assert state(s, "Bandit").crash.tokens == 3
    s.apply(EndTurn())  # round 3: Kaoru's turn ends
    assert acting(s) == "Bandit"
    lines = " ".join(s.ruleset.start_checklist(s.encounter, who(s, "Bandit")).lines())
    assert "spends 3 recovery tokens and leaves Crash (Initiative stays -1)" in lines
    s.apply(RulesetAction("apply_start"))
    assert state(s, "Bandit").crash is None and init(s, "Bandit") == -1  # option: unchanged


@pytest.mark.parametrize(("option", "after"), [("base", 4), ("three", 3)])
def test_crash_ended_by_tokens_sets_initiative_per_the_option(option, after):
    s, _ = _crashed_bandit(crash_recovery=option)
    s.apply(EndTurn())  # 2 tokens
    s.apply(EndTurn())  # round 2: Kaoru's turn ends
    s.apply(EndTurn())  # the Bandit's second turn, no attack: 4 tokens
    s.apply(EndTurn())  # round 3: Kaoru
    undo_restores(s, RulesetAction("apply_start"))
    # Base: 2 + ⌈4 / 2⌉ = 4; or 3.
    assert init(s, "Bandit") == after and state(s, "Bandit").crash is None


def test_crash_ends_at_once_when_initiative_reaches_one():
    s, _ = _crashed_bandit()
    act(s, "adjust", "Bandit", amount=2, reason="a Charm")  # −1 + 2 = 1
    assert state(s, "Bandit").crash is None and "leaves Crash" in log(s)


def test_exalted_crash_lasts_three_of_its_turns_then_resets_to_three():
    s, _ = _crashed_bandit(flavour="exalted3e")
    for _ in range(3):  # the Bandit's turns 1, 2, 3 Crashed (Kaoru's turns between)
        assert acting(s) == "Bandit"
        s.apply(EndTurn())
        s.apply(EndTurn())
    assert state(s, "Bandit").crash.turns == 3
    assert acting(s) == "Bandit"
    s.apply(RulesetAction("apply_start"))  # its 4th: reset to 3i
    assert state(s, "Bandit").crash is None and init(s, "Bandit") == 3


def test_the_start_of_turn_clears_onslaught_and_one_turn_effects_in_order():
    s, ids = fight([("Kaoru", "party", 6), ("Bandit", "enemy", 2)])
    act(s, "withering", "Bandit", hit=False, damage=0, shift=0)
    s.apply(AddEffect("Smoke", ids["Bandit"], None, {"until": "turn_start"}))
    s.apply(EndTurn())
    prompt = s.prompt()
    assert prompt.key[0] == "start"
    assert prompt.context[0] == "1. One-turn effects resolve: Smoke; Onslaught 1 cleared."
    assert prompt.context[1] == "2. Crash recovery: not Crashed."
    assert s.ends_soon(s.encounter.effects[0].id)
    undo_restores(s, RulesetAction("apply_start"))
    assert state(s, "Bandit").onslaught == 0 and not s.encounter.effects


def test_the_end_of_turn_resolves_next_turn_effects_and_gives_five_motes_venture():
    s, ids = fight([("Kaoru", "party", 6), ("Bandit", "enemy", 2)], {"Kaoru": {"motes": 12}})
    act(s, "spend_motes", "Kaoru", amount=9)  # 3/12
    s.apply(RulesetAction("apply_start"))
    # Added during Kaoru's own turn: ends at the end of its next turn, not this one.
    s.apply(AddEffect("Full defense", ids["Kaoru"], None, {"until": "turn_end"}))
    steps = s.ruleset.end_checklist(s.encounter, who(s, "Kaoru")).lines()
    assert steps[0] == "1. Crash: not Crashed."
    assert steps[1] == "2. “Until the end of your next turn” effects resolve: none."
    assert steps[2] == "3. Kaoru regains 5m (8/12)."
    s.apply(EndTurn())
    assert state(s, "Kaoru").motes.current == 8 and s.encounter.effects
    s.apply(EndTurn())  # the Bandit
    s.apply(EndTurn())  # Kaoru's next turn ends: the effect with it
    assert not s.encounter.effects and state(s, "Kaoru").motes.current == 12


def test_exalted_motes_return_per_round_not_per_turn():
    s, _ = fight(
        [("Kaoru", "party", 6), ("Bandit", "enemy", 2)],
        {"Kaoru": {"motes": 12}},
        flavour="exalted3e",
    )
    act(s, "spend_motes", "Kaoru", amount=9)
    s.apply(EndTurn())
    assert state(s, "Kaoru").motes.current == 3  # no motes at the end of the turn
    s.apply(EndTurn())  # the round ends: +5
    assert state(s, "Kaoru").motes.current == 8


def test_delay_spends_one_and_acts_now_on_a_later_tick():
    s, ids = fight([("Kaoru", "party", 6), ("Bandit", "enemy", 2), ("Wolf", "enemy", 0)])
    undo_restores(s, RulesetAction("delay", None, {"until": 0}))
    assert init(s, "Kaoru") == 8 and acting(s) == "Bandit"
    assert "delayed" in s.ruleset.markers(s.encounter, who(s, "Kaoru"))
    undo_restores(s, RulesetAction("act_now", ids["Kaoru"]))
    assert acting(s) == "Kaoru"
    s.apply(EndTurn())
    assert acting(s) == "Bandit"  # the interrupted turn comes back


def test_a_delayed_turn_dragged_below_acts_at_that_tick():
    s, ids = fight([("Kaoru", "party", 6), ("Bandit", "enemy", 2), ("Wolf", "enemy", 0)])
    s.apply(RulesetAction("delay", None, {"until": 0}))
    # Dragging above the one acting is refused; below the Wolf (3) places it at 3.
    assert "comes later" in refused(s, MoveCombatant(ids["Kaoru"], 1))
    s.apply(MoveCombatant(ids["Kaoru"], 2))
    assert state(s, "Kaoru").hold.at == 3 and order(s)[-1] == "Kaoru"
    s.apply(EndTurn())  # the Bandit
    s.apply(EndTurn())  # the Wolf (3)
    assert acting(s) == "Kaoru" and s.current_turn().phase == "tick 3"


@pytest.mark.parametrize(("option", "holds"), [("lost", False), ("carried", True)])
def test_an_unused_delay_is_lost_or_carried(option, holds):
    s, _ = fight([("Kaoru", "party", 6), ("Bandit", "enemy", 2)], unused_delay=option)
    s.apply(RulesetAction("delay", None, {"until": 0}))
    s.apply(EndTurn())  # the Bandit: the round's ticks have run down
    assert s.prompt().key == ("round_end", 1)
    s.apply(EndTurn())
    assert (state(s, "Kaoru").hold is not None) == holds
    assert acting(s) == ("Bandit" if holds else "Kaoru")


def test_a_delay_is_refused_twice_or_above_the_tick_and_changes_nothing():
    s, _ = fight([("Kaoru", "party", 6), ("Bandit", "enemy", 2)])
    assert "below tick 9" in refused(s, RulesetAction("delay", None, {"until": 9}))
    s.apply(RulesetAction("delay", None, {"until": 0}))
    s.apply(RulesetAction("act_now", who(s, "Kaoru").id))
    assert "already delayed" in refused(s, RulesetAction("delay", None, {"until": 0}))


def test_shifted_may_act_again_per_the_option():
    for option, again in (("stay_acted", False), ("act_again", True)):
        s, _ = fight([("Bandit", "enemy", 6), ("Kaoru", "party", 2)], shift_turn=option)
        act(s, "withering", "Kaoru", hit=True, damage=6, shift=0)  # Kaoru −1, crashed
        s.apply(EndTurn())
        act(s, "withering", "Bandit", hit=True, damage=20, shift=0)  # Bandit 1
        s.apply(EndTurn())  # round 2: Kaoru 20
        act(s, "withering", "Bandit", hit=True, damage=3, shift=2)  # Shift
        s.apply(EndTurn())
        assert (acting(s) == "Kaoru") == again, option


def test_a_turn_delayed_until_a_tick_comes_at_that_tick():
    """Hand-computed: Initiative 9, 5 and 3 (3 + successes). Kaoru delays at tick 9
    until tick 4 (9 → 8): the Bandit acts at 5, Kaoru at 4, then the Wolf at 3, as
    announced the moment it delayed."""
    s, _ = fight([("Kaoru", "party", 6), ("Bandit", "enemy", 2), ("Wolf", "enemy", 0)])
    s.apply(RulesetAction("delay", None, {"until": 4}))
    assert init(s, "Kaoru") == 8 and acting(s) == "Bandit"
    announced = [(s.encounter.combatant(t.combatant_id).name, t.phase) for t in s.upcoming_turns(3)]
    assert announced == [("Bandit", "tick 5"), ("Kaoru", "tick 4"), ("Wolf", "tick 3")]
    s.apply(EndTurn())
    assert acting(s) == "Kaoru" and s.current_turn().phase == "tick 4"
    s.apply(EndTurn())
    assert acting(s) == "Wolf" and s.current_turn().phase == "tick 3"


def test_a_combatant_that_comes_or_goes_changes_its_own_mark_and_the_turn_holders_only():
    """A mark names no other combatant nor a place in the list: a combatant added or
    removed (the one acting too), and its undo, may change its own mark and those of
    who held the turn before and after, and none else; every other mark is as before."""
    s, ids = fight([("Ana", "party", 4), ("Bo", "enemy", 2), ("Cy", "enemy", 1)])
    ruleset = s.ruleset

    def marks() -> dict[str, object]:
        return {m.combatant_id: m for m in ruleset.track(s.encounter)}

    def check(changes) -> None:
        told = ruleset.marks_changed(changes)
        assert told is not None
        differ = {i for i in before.keys() | after.keys() if before.get(i) != after.get(i)}
        assert differ <= told, differ - told
        assert told <= changes.combatants | changes.turn_holders | (before.keys() ^ after.keys())

    for command in (AddCombatant("Dee", "enemy"), RemoveCombatant(ids["Ana"])):
        before = marks()
        changes = s.apply(command)
        after = marks()
        check(changes)
        assert before.keys() != after.keys()
        before, changes = after, s.undo()
        after = marks()
        check(changes)
    acting_now = s.current_turn().combatant_id
    before = marks()
    changes = s.apply(RemoveCombatant(acting_now))
    after = marks()
    check(changes)
    assert acting_now in ruleset.marks_changed(changes)


def test_an_option_unset_unknown_or_not_a_text_is_its_default() -> None:
    """`chosen` reads the encounter's value if the option knows it, else the default
    (a damaged file's list or number included: never raised on)."""
    encounter = fight([("Ana", "party", 2)])[0].encounter
    assert chosen(encounter, CRASH_RECOVERY) == "unchanged"
    for value, read in (("three", "three"), ("nine", "unchanged"), (["x"], "unchanged")):
        vars(encounter)["options"] = {"crash_recovery": value}
        assert chosen(encounter, CRASH_RECOVERY) == read
