"""`Ruleset.ends_soon`: the effect ends this turn or the next (at the latest as the turn
after the current one ends), as things stand.

War Scroll sample (tests.engine.helpers), Cycle 1 in play order, 10 Turns:
  Segment 1: Echthra, Tirzaiel, Thomas, Kandor · Segment 2: Echthra, Tirzaiel ·
  Segment A: Echthra, Tirzaiel, Thomas, Kandor.
Priority cast (tests.engine.test_priority_helpers), everyone in Conflict: Ayla, Bren,
Cato (enemy), Dara, then the Soulweaver.
"""

from __future__ import annotations

from tests.engine import helpers as ws
from tests.engine import test_priority_helpers as pr
from tracker.engine import AddEffect, EditCombatant, EndTurn, RulesetAction, StartEncounter
from tracker.engine.ruleset import Ruleset
from tracker.engine.rulesets.war_scroll import CycleAnchor
from tracker.engine.state import Effect

CYCLE_1 = [
    ("Echthra", "1"),
    ("Tirzaiel", "1"),
    ("Thomas", "1"),
    ("Kandor", "1"),
    ("Echthra", "2"),
    ("Tirzaiel", "2"),
    ("Echthra", "A"),
    ("Tirzaiel", "A"),
    ("Thomas", "A"),
    ("Kandor", "A"),
]


def add_effect(session, name, carrier_id, creator_id=None, **duration) -> str:
    changes = session.apply(AddEffect(name, carrier_id, creator_id, duration=duration))
    return changes.edits_of("effects")[0].item.id


def soon(session, effect_id) -> bool:
    return session.ends_soon(effect_id)


def gone(session, effect_id) -> bool:
    return all(e.id != effect_id for e in session.encounter.effects)


def ws_now(session) -> tuple[int, str, str]:
    name, segment, _ap = ws.current(session)
    return (session.encounter.clock.cycle, name, segment)


def soon_moments(session, effect_id, turns: int) -> list[tuple[int, str, str]]:
    """End `turns` War Scroll Turns; the Turns (Cycle, name, Segment) during which the
    effect was flagged as ending soon, until it expired."""
    flagged = []
    for _ in range(turns):
        if gone(session, effect_id):
            break
        if soon(session, effect_id):
            flagged.append(ws_now(session))
        session.apply(EndTurn())
    return flagged


def test_the_default_is_never():
    effect = Effect("e1", "Blessed", "c1")
    session, _ids = ws.sample_session()
    assert Ruleset.ends_soon(session.ruleset, session.encounter, effect) is False


# --- War Scroll --------------------------------------------------------------------------
def test_sample_cycle_is_as_the_docstring_says():
    session, _ids = ws.started()
    assert [t[:2] for t in ws.turns(session, 10)] == CYCLE_1


def test_an_anchored_turn_is_flagged_the_turn_before_and_during_it():
    session, ids = ws.started()
    bless = add_effect(session, "Bless", ids["Thomas"], ids["Echthra"], cycles=1)
    # Anchored on Echthra's Segment 1 Turn of Cycle 2: the Turn before it is Kandor's
    # Segment A Turn, the last of Cycle 1.
    assert soon_moments(session, bless, 30) == [(1, "Kandor", "A"), (2, "Echthra", "1")]
    assert gone(session, bless)


def test_an_anchored_turn_in_the_middle_of_a_cycle():
    session, ids = ws.started()
    ws.play_until(session, "Thomas", "1")
    ward = add_effect(session, "Ward", ids["Kandor"], None, cycles=2)
    assert soon_moments(session, ward, 40) == [(3, "Tirzaiel", "1"), (3, "Thomas", "1")]


def test_an_effect_added_before_the_war_ends_with_the_first_cycle():
    session, ids = ws.sample_session()
    veil = add_effect(session, "Veil", ids["Kandor"], None, cycles=1)
    assert session.encounter.effect(veil).anchor == CycleAnchor(cycle=1)
    assert not soon(session, veil)  # no Turn before the War
    session.apply(StartEncounter())
    # Ends with the last Turn of Cycle 1 (Kandor's Segment A): flagged during the Turn
    # before it and during it.
    assert soon_moments(session, veil, 20) == [(1, "Thomas", "A"), (1, "Kandor", "A")]


def test_a_lost_anchored_turn_ends_with_the_owners_last_turn_of_that_cycle():
    session, ids = ws.started()
    ws.play_until(session, "Thomas", "A")
    mark = add_effect(session, "Mark", ids["Kandor"], ids["Thomas"], cycles=1)
    ws.play_until(session, "Echthra", "1")  # Cycle 2
    session.apply(EditCombatant(ids["Thomas"], {"speed": 7}))  # no Segment A Turn now
    assert not soon(session, mark)
    ws.end_turns(session, 1)
    assert ws_now(session) == (2, "Tirzaiel", "1") and soon(session, mark)
    ws.end_turns(session, 1)
    assert ws_now(session) == (2, "Thomas", "1") and soon(session, mark)  # his last
    session.apply(EndTurn())
    assert gone(session, mark)


def test_a_lost_anchored_turn_in_the_next_cycle_is_foreseen():
    session, ids = ws.started()
    ws.play_until(session, "Echthra", "A")
    mark = add_effect(session, "Mark", ids["Kandor"], ids["Echthra"], cycles=2)
    ws.play_until(session, "Echthra", "1")  # Cycle 2
    session.apply(EditCombatant(ids["Echthra"], {"speed": 7}))  # one Turn a Cycle now
    # In Cycle 3 Echthra's only Turn, Segment 1, is her last: the effect ends with it.
    assert soon_moments(session, mark, 30) == [(2, "Kandor", "A"), (3, "Echthra", "1")]


def test_a_stopped_song_ends_with_its_minstrels_first_turn_of_a_cycle():
    session, ids = ws.started()
    song = add_effect(session, "Valour", ids["Thomas"], ids["Tirzaiel"], ongoing_song=True)
    assert not soon(session, song)  # maintained: no end in sight
    ws.play_until(session, "Tirzaiel", "2")
    assert not soon(session, song)
    ws.action(session, "stop_song", None, effect=song)
    # Tirzaiel's next first Turn of a Cycle: Segment 1 of Cycle 2.
    assert soon_moments(session, song, 30) == [(2, "Echthra", "1"), (2, "Tirzaiel", "1")]


def test_a_song_stopped_before_the_minstrels_first_turn_is_flagged_at_once():
    session, ids = ws.started()
    song = add_effect(session, "Valour", ids["Thomas"], ids["Tirzaiel"], ongoing_song=True)
    ws.action(session, "stop_song", None, effect=song)
    assert ws_now(session) == (1, "Echthra", "1") and soon(session, song)
    session.apply(EndTurn())
    assert soon(session, song)
    session.apply(EndTurn())
    assert gone(session, song)


def _ends_within_two_turns(session, effect_id) -> bool:
    """The oracle: end up to two Turns and see whether the effect expired; undo them."""
    ended = 0
    result = False
    for _ in range(2):
        if session.current_turn() is None:
            break
        session.apply(EndTurn())
        ended += 1
        if gone(session, effect_id):
            result = True
            break
    for _ in range(ended):
        session.undo()
    return result


def test_war_scroll_agrees_with_playing_two_turns_ahead_through_a_war():
    session, ids = ws.started()
    shade = ws.add(session, "Shade", 9, 3, side="enemy")  # a late joiner
    add_effect(session, "Song", ids["Kandor"], ids["Thomas"], ongoing_song=True)
    checked = 0
    for step in range(45):
        if step % 4 == 0:
            creator = session.current_turn().combatant_id
            add_effect(session, f"E{step}", ids["Echthra"], creator, cycles=1 + step % 3)
        if step == 7:
            ws.action(session, "stop_song", None, effect=session.encounter.effects[0].id)
        if step == 12:
            session.apply(EditCombatant(ids["Tirzaiel"], {"speed": 7}))
        if step == 20:
            session.apply(EditCombatant(shade, {"speed": 20}))
        if step == 26:
            ws.action(session, "bonus_ap", ids["Kandor"], amount=9, turn="next")
        for effect in list(session.encounter.effects):
            expected = _ends_within_two_turns(session, effect.id)
            assert soon(session, effect.id) == expected, (step, effect.name, ws_now(session))
            checked += 1
        session.apply(EndTurn())
    assert checked > 100


# --- Priority ----------------------------------------------------------------------------
def test_priority_one_left_flags_the_creators_turn_while_up_and_the_turn_before():
    session, ids = pr.started()
    ward = add_effect(session, "Ward", ids["Ayla"], ids["Bren"], amount=2)
    moments = []
    for _ in range(12):
        if gone(session, ward):
            break
        turn = session.current_turn()
        begun = turn.values["begun"]
        moments.append((session.encounter.clock.round, pr.current(session), begun))
        moments[-1] += (soon(session, ward),)
        if begun:
            session.apply(EndTurn())
        else:
            pr.act(session, "begin_turn")
    assert moments == [
        (1, "Ayla", False, False),  # 2 left
        (1, "Ayla", True, False),
        (1, "Bren", False, False),  # its turn begins: 2 → 1
        (1, "Bren", True, False),  # its next turn is a round away
        (1, "Cato", False, False),
        (1, "Cato", True, False),
        (1, "Dara", False, False),
        (1, "Dara", True, False),
        (1, "Soulweaver", True, False),
        (2, "Ayla", False, True),  # the next turn is Bren's
        (2, "Ayla", True, True),
        (2, "Bren", False, True),  # up: ends as it begins
    ]
    assert gone(session, ward)


def test_priority_first_turn_of_the_creator_counts_and_out_of_conflict_never():
    session, ids = pr.cast_session()
    ward = add_effect(session, "Ward", ids["Bren"], ids["Ayla"], amount=1)  # before the fight
    assert not soon(session, ward)  # no turn before the start
    session.apply(StartEncounter())
    assert soon(session, ward)  # Ayla's turn is up: it ends as it begins
    glow = add_effect(session, "Glow", ids["Bren"], ids["Ayla"], amount=1)
    assert not soon(session, glow)  # made in her turn: its beginning does not count
    charm = add_effect(session, "Charm", ids["Bren"], ids["Bren"], amount=1)
    assert soon(session, charm)  # Bren's turn is the next one
    session.apply(EditCombatant(ids["Bren"], {"conflict": False}))
    assert not soon(session, charm)  # out of Conflict nothing ticks
    sanctum = add_effect(session, "Sanctum", ids["Ayla"], ids["Ayla"], amount=1, ritual=True)
    loose = add_effect(session, "Loose", ids["Ayla"], None, amount=1)
    assert not soon(session, sanctum) and not soon(session, loose)
    pr.act(session, "begin_turn")
    assert gone(session, ward) and not gone(session, charm) and not gone(session, glow)


def test_priority_npcs_acting_in_the_soulweavers_turn_tick_with_it():
    session, ids = pr.started(npc_turns="soulweaver_turn")
    assert [name for _r, name in pr.upcoming(session, 4)] == ["Ayla", "Bren", "Dara", "Soulweaver"]
    hex_ = add_effect(session, "Hex", ids["Ayla"], ids["Cato"], amount=1)
    assert not soon(session, hex_)  # Ayla's turn, then Bren's
    session.apply(EndTurn())
    assert pr.current(session) == "Bren" and not soon(session, hex_)
    session.apply(EndTurn())
    assert pr.current(session) == "Dara" and soon(session, hex_)  # next: the Soulweaver's
    session.apply(EndTurn())
    assert gone(session, hex_)


def test_priority_a_waiting_creator_ticks_as_the_soulweavers_turn_ends():
    session, ids = pr.cast_session()
    bless = add_effect(session, "Bless", ids["Bren"], ids["Ayla"], amount=1)  # before the fight
    session.apply(StartEncounter())
    assert soon(session, bless)
    pr.act(session, "wait")  # Ayla waits: Bren's turn is up
    assert pr.current(session) == "Bren" and not soon(session, bless)
    session.apply(EndTurn())
    pr.answer(session, "No one")
    assert pr.current(session) == "Cato" and not soon(session, bless)
    session.apply(EndTurn())
    pr.answer(session, "No one")
    assert pr.current(session) == "Dara" and soon(session, bless)  # next: the Soulweaver's
    session.apply(EndTurn())
    pr.answer(session, "No one")
    assert pr.current(session) == "Soulweaver" and soon(session, bless)
    session.apply(EndTurn())
    assert gone(session, bless)


def test_priority_a_prepared_action_interrupting_begins_no_turn():
    session, ids = pr.started()
    pr.act(session, "prepare", trigger="the door opens")
    session.apply(EndTurn())  # Ayla's turn ends; Bren's is up
    bless = add_effect(session, "Bless", ids["Cato"], ids["Cato"], amount=1)
    assert soon(session, bless)  # Cato's turn is next
    pr.act(session, "fire_prepared", ids["Ayla"])
    # Now: Ayla's prepared action, then Bren's interrupted turn; Cato's is two away.
    assert not soon(session, bless)
    session.apply(EndTurn())
    assert pr.current(session) == "Bren" and soon(session, bless)


def test_priority_agrees_with_playing_two_turns_ahead_for_a_few_rounds():
    for options in ({}, {"npc_turns": "soulweaver_turn"}):
        session, ids = pr.started(**options)
        names = list(ids)
        checked = 0
        for step in range(40):
            if step % 3 == 0:
                creator = ids[names[step % 4]]
                add_effect(session, f"E{step}", ids["Ayla"], creator, amount=1 + step % 2)
            turn = session.current_turn()
            if step % 2 == 1 and turn.combatant_id is not None and not turn.values["begun"]:
                session.apply(RulesetAction("begin_turn"))
            for effect in list(session.encounter.effects):
                expected = _ends_within_two_turns(session, effect.id)
                assert soon(session, effect.id) == expected, (options, step, effect.name)
                checked += 1
            session.apply(EndTurn())
        assert checked > 40
