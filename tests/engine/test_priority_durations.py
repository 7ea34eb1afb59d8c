"""Durations: in Conflict, as its creator's turn begins, each non-Ritual effect the
creator made loses 1; at 0 it ends. A creature still waiting at the Soulweaver's turn
ticks after that turn as if its own had started."""

from __future__ import annotations

from tests.engine.test_priority_helpers import (
    act,
    answer,
    cast_session,
    combatant,
    current,
    do,
    end,
    logs,
    new_logs,
    play_round,
    reloaded,
    started,
)
from tracker.engine import (
    AddEffect,
    EditEffect,
    EndTurn,
    MoveCombatant,
    RemoveCombatant,
    RulesetAction,
    StartEncounter,
)
from tracker.engine.rulesets.priority import PriorityAnchor


def add_effect(session, name, carrier_id, creator_id=None, **duration) -> str:
    changes = do(session, AddEffect(name, carrier_id, creator_id, duration=duration))
    return changes.edits_of("effects")[0].item.id


def effect_names(session) -> list[str]:
    return [e.name for e in session.encounter.effects]


def remaining(session, effect_id) -> str:
    return session.remaining(effect_id)


def test_an_effect_loses_one_as_each_of_its_creators_turns_begins():
    session, ids = started()
    act(session, "begin_turn")  # Ayla, Round 1
    bless = add_effect(session, "Bless", ids["Bren"], ids["Ayla"], amount=2)
    assert session.encounter.effect(bless).anchor == PriorityAnchor(left=2)
    assert remaining(session, bless) == "2 more of Ayla's turns in Conflict"
    assert logs(session)[-1] == "Bless on Bren: 2 more of Ayla's turns in Conflict."
    end(session, 5)  # the rest of Round 1; others' turns do not count
    assert session.encounter.effect(bless).anchor == PriorityAnchor(left=2)
    do(session, RulesetAction("begin_turn"))  # Ayla, Round 2: 2 → 1
    assert remaining(session, bless) == "1 more of Ayla's turns in Conflict"
    assert logs(session)[-1] == "Bless on Bren: 1 more of Ayla's turns in Conflict."
    play_round(session)
    changes = do(session, RulesetAction("begin_turn"))  # Ayla, Round 3: 1 → 0, ends
    assert [e.name for e in changes.expired] == ["Bless"]
    assert effect_names(session) == []
    assert logs(session)[-2:] == [
        "Ayla's turn begins: Major 1 · Minor 2.",
        "Bless on Bren expired.",
    ]
    session.undo()
    assert session.encounter.effect(bless).anchor == PriorityAnchor(left=1)


def test_ending_a_turn_that_never_began_still_ticks():
    session, ids = started()
    act(session, "begin_turn")
    add_effect(session, "Ward", ids["Ayla"], ids["Ayla"], amount=1)
    play_round(session)
    changes = do(session, EndTurn())  # Ayla's Round 2 turn begins and ends at once
    assert [e.name for e in changes.expired] == ["Ward"]
    assert logs(session)[-4:] == [
        "Ayla's turn begins: Major 1 · Minor 2.",
        "Ward on Ayla expired.",
        "Ayla's turn ends.",
        "Round 2: Bren's turn.",
    ]


def test_rituals_never_tick_and_creators_out_of_conflict_do_not_tick():
    session, ids = started()
    act(session, "begin_turn")
    ritual = add_effect(session, "Sanctum", ids["Ayla"], ids["Ayla"], amount=1, ritual=True)
    ward = add_effect(session, "Ward", ids["Bren"], ids["Ayla"], amount=3)
    assert session.encounter.effect(ritual).anchor == PriorityAnchor(ritual=True)
    assert remaining(session, ritual) == "Ritual: does not tick in Conflict (end it by hand)"
    act(session, "leave_conflict", ids["Ayla"], how="aware", poise=12)
    play_round(session)
    act(session, "begin_turn")  # Ayla is out of Conflict: nothing ticks
    assert session.encounter.effect(ward).anchor == PriorityAnchor(left=3)
    assert effect_names(session) == ["Sanctum", "Ward"]
    act(session, "enter_conflict", ids["Ayla"], how="gm")
    play_round(session)
    act(session, "begin_turn")  # in Conflict again: the Ward ticks, the Ritual never
    assert session.encounter.effect(ward).anchor == PriorityAnchor(left=2)
    assert effect_names(session) == ["Sanctum", "Ward"]


def test_each_creator_ticks_only_its_own_effects():
    session, ids = started()
    act(session, "begin_turn")
    add_effect(session, "Ayla's", ids["Cato"], ids["Ayla"], amount=1)
    end(session)
    act(session, "begin_turn")
    add_effect(session, "Bren's", ids["Cato"], ids["Bren"], amount=1)
    end(session, 4)  # Bren, Cato, Dara, the Soulweaver
    changes = do(session, RulesetAction("begin_turn"))  # Ayla, Round 2
    assert [e.name for e in changes.expired] == ["Ayla's"]
    end(session)
    changes = do(session, RulesetAction("begin_turn"))  # Bren, Round 2
    assert [e.name for e in changes.expired] == ["Bren's"]


def test_a_creature_still_waiting_at_the_soulweavers_turn_ticks_after_it():
    session, ids = started()
    end(session)  # Ayla
    act(session, "begin_turn")
    haste = add_effect(session, "Haste", ids["Bren"], ids["Bren"], amount=2)
    play_round(session)  # Round 2, Ayla up
    end(session)  # Ayla; Bren up
    act(session, "wait")  # waiting: his turn did not begin, nothing ticks
    assert session.encounter.effect(haste).anchor == PriorityAnchor(left=2)
    end(session)  # Cato
    answer(session, "No one acts now")
    end(session)  # Dara
    answer(session, "No one acts now")
    since = len(session.encounter.log)
    end(session)  # the Soulweaver
    assert new_logs(session, since)[:3] == [
        "The Soulweaver's turn ends.",
        "Bren is still waiting: its effects tick as if its turn had started.",
        "Haste on Bren: 1 more of Bren's turns in Conflict.",
    ]
    # Round 3: he acts now, first; his turn begins: 1 → 0.
    changes = do(session, RulesetAction("act_now", ids["Bren"]))
    assert [e.name for e in changes.expired] == ["Haste"]


def test_the_waiting_tick_can_end_an_effect():
    session, ids = started(waiting_at_soulweaver="lose_turn")
    end(session, 3)  # Dara up
    act(session, "begin_turn")
    add_effect(session, "Blur", ids["Dara"], ids["Dara"], amount=1)
    play_round(session)
    end(session, 3)  # Round 2, Dara up
    act(session, "wait")  # the Soulweaver's turn begins at once
    changes = do(session, EndTurn())
    assert [e.name for e in changes.expired] == ["Blur"]
    assert logs(session)[-6:] == [
        "The Soulweaver's turn ends.",
        "Dara is still waiting: its effects tick as if its turn had started.",
        "Blur on Dara expired.",
        "Dara loses Round 2's turn.",
        "Round 3 begins (10 s).",
        "Round 3: Ayla's turn.",
    ]


def test_npc_effects_tick_as_the_soulweavers_turn_begins():
    session, ids = started(npc_turns="soulweaver_turn")
    end(session, 3)  # Ayla, Bren, Dara; the Soulweaver's turn (with Cato)
    add_effect(session, "Rage", ids["Cato"], ids["Cato"], amount=1)
    end(session)  # Round 2
    end(session, 2)  # Ayla, Bren
    changes = do(session, EndTurn())  # Dara → the Soulweaver's turn begins: Cato ticks
    assert [e.name for e in changes.expired] == ["Rage"]


def test_remaining_without_a_creator_or_after_it_left():
    session, ids = started()
    curse = add_effect(session, "Curse", ids["Ayla"], None, amount=2)
    assert remaining(session, curse) == "2 turns, but no creator to count them (end it by hand)"
    mark = add_effect(session, "Mark", ids["Ayla"], ids["Cato"], amount=1)
    do(session, RemoveCombatant(ids["Cato"]))
    assert remaining(session, mark) == "1 turn, but its creator left (end it by hand)"
    play_round(session)
    assert effect_names(session) == ["Curse", "Mark"]
    assert combatant(session, "Ayla").name == "Ayla"


def left(session, effect_id) -> int | None:
    return session.encounter.effect(effect_id).anchor.left


# --- made in the creator's own turn (the item 7) --------------------------------
def test_an_effect_made_as_its_creators_turn_is_up_first_ticks_at_its_next_turn():
    session, ids = started()  # Ayla's turn is up, not begun: she has done nothing yet
    ward = add_effect(session, "Ward", ids["Bren"], ids["Ayla"], amount=2)
    assert remaining(session, ward) == "2 more of Ayla's turns in Conflict"
    end(session)  # her turn begins and ends: it was made in that turn, so it does not count
    assert left(session, ward) == 2
    assert logs(session)[-3:] == [
        "Ayla's turn begins: Major 1 · Minor 2.",
        "Ayla's turn ends.",
        "Round 1: Bren's turn.",
    ]
    play_round(session)  # Bren, Cato, Dara, the Soulweaver: Round 2, Ayla up
    assert left(session, ward) == 2
    do(session, RulesetAction("begin_turn"))  # her next turn: 2 → 1
    assert left(session, ward) == 1
    assert logs(session)[-1] == "Ward on Bren: 1 more of Ayla's turns in Conflict."
    play_round(session)
    changes = do(session, EndTurn())  # Round 3: 1 → 0, it ends
    assert [e.name for e in changes.expired] == ["Ward"]


def test_made_before_or_after_the_turn_began_the_first_tick_is_the_next_turn():
    for begin_first in (False, True):
        session, ids = started()
        if begin_first:
            act(session, "begin_turn")
        ward = add_effect(session, "Ward", ids["Bren"], ids["Ayla"], amount=1)
        act(session, "minor", what="Step")  # begins the turn when it was only up
        end(session)
        play_round(session)
        assert current(session) == "Ayla" and left(session, ward) == 1, begin_first
        changes = do(session, RulesetAction("begin_turn"))
        assert [e.name for e in changes.expired] == ["Ward"], begin_first


def test_made_before_the_fight_or_off_its_turn_the_next_beginning_counts():
    session, ids = cast_session()
    add_effect(session, "Ward", ids["Bren"], ids["Ayla"], amount=1)  # before the fight
    do(session, StartEncounter())
    changes = do(session, RulesetAction("begin_turn"))  # Ayla's first turn counts
    assert [e.name for e in changes.expired] == ["Ward"]
    end(session)  # Bren is up
    hex_ = add_effect(session, "Hex", ids["Bren"], ids["Cato"], amount=1)  # Cato's comes later
    end(session)
    changes = do(session, EndTurn())  # Cato's turn begins and ends
    assert [e.name for e in changes.expired] == ["Hex"]
    assert hex_ not in [e.id for e in session.encounter.effects]


def test_the_turn_it_was_made_in_does_not_count_after_a_wait_or_a_delay():
    # Waiting: the tick after the Soulweaver's turn stands for that same turn.
    session, ids = started()
    blur = add_effect(session, "Blur", ids["Ayla"], ids["Ayla"], amount=1)
    act(session, "wait")
    for _ in range(3):  # Bren, Cato, Dara: nobody acts now
        end(session)
        answer(session, "No one acts now")
    end(session)  # the Soulweaver's turn: Ayla ticks as if her turn had started, not this one
    assert left(session, blur) == 1
    changes = answer(session, "Ayla acts now")  # Round 2: her next turn
    assert [e.name for e in changes.expired] == ["Blur"]
    # A delay: her turn begins later in the round; it is still the turn it was made in.
    session, ids = started()
    blur = add_effect(session, "Blur", ids["Ayla"], ids["Ayla"], amount=1)
    do(session, MoveCombatant(ids["Ayla"], 2))  # acts after Cato
    end(session, 2)  # Bren, Cato
    assert current(session) == "Ayla"
    do(session, RulesetAction("begin_turn"))
    assert left(session, blur) == 1


def test_a_new_duration_set_as_the_turn_is_up_counts_from_the_next_turn():
    session, ids = started()
    act(session, "begin_turn")
    ward = add_effect(session, "Ward", ids["Bren"], ids["Ayla"], amount=1)
    play_round(session)  # Ayla's Round 2 turn is up
    do(session, EditEffect(ward, {"duration": {"amount": 2}}))
    end(session)
    assert left(session, ward) == 2


def test_the_uncounted_turn_survives_saving_and_loading():
    session, ids = started()
    ward = add_effect(session, "Ward", ids["Bren"], ids["Ayla"], amount=1)
    again = reloaded(session)
    assert again.encounter.effect(ward).anchor == PriorityAnchor(left=1, uncounted_round=1)
    again.apply(EndTurn())
    assert again.encounter.effect(ward).anchor.left == 1
