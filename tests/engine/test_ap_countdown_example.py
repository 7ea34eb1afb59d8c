"""The worked example of the rules, step by step through the engine, and what the views
read at each step (turns, prompts, meters, markers, summary, the public queries)."""

from __future__ import annotations

from tests.engine.test_ap_countdown_helpers import (
    act,
    add,
    answer,
    answer_labels,
    cid,
    count,
    due,
    end_turns_until,
    enter,
    fight,
    log_texts,
    new,
    phase,
    prompt,
    refused,
    ruleset,
    runtime,
    value,
    who,
)
from tracker.engine import EndTurn, RulesetAction, StartEncounter
from tracker.engine.kit.declared import Declared
from tracker.engine.ruleset import Meter
from tracker.engine.rulesets.ap_countdown.state import Parry


def test_hauser_worked_example_step_by_step():
    session = new()
    add(session, "Hauser", qu=1)
    session.apply(StartEncounter())
    assert phase(session) == "initiative"
    assert runtime(session, "Hauser").ap == 4

    # Initiative phase: the tracker asks for Hauser's base; the GUI rolls 2d10 = 14.
    asked = prompt(session)
    assert asked.key[0] == "base" and asked.asks == cid(session, "Hauser")
    assert "2d10 + Qu 1" in asked.question
    assert answer_labels(session) == ["Enter the dice result", "Enter the base"]
    roll_field = prompt(session).answers[0].fields[0]
    assert roll_field.roll_from == "initiative_dice"
    answer(session, "Enter the dice result", roll=14)
    assert runtime(session, "Hauser").base == 15
    assert runtime(session, "Hauser").roll == 14
    assert "Hauser: base initiative roll 14 + Qu 1 = 15; 4 AP → acts from 35." in log_texts(session)
    assert ruleset(session).summary(session.encounter, who(session, "Hauser")) == "35 (base 15)"

    # Then parries, then the countdown.
    assert prompt(session).key == ("initiative", 1)
    answer(session, "Begin the countdown")
    assert phase(session) == "resolution"
    assert count(session) == 35
    assert due(session) == ("Hauser", "declare", 35)
    turn = session.current_turn()
    assert turn is not None
    assert turn.combatant_id == cid(session, "Hauser")
    assert (turn.phase, turn.grant) == ("count 35", "4 AP left")
    assert turn.values["count"] == 35 and turn.values["value"] == 35
    assert prompt(session).key[:4] == ("declare", 1, 35, cid(session, "Hauser"))

    # On 35 he declares a melee attack for 3 AP: it resolves at 35 - 15 = 20.
    answer(session, "Melee Attack", ap=3)
    hauser = who(session, "Hauser")
    assert ruleset(session).under_way(session.encounter, hauser) == Declared(
        "Melee Attack", 3, 0, 35, 20
    )
    assert value(session, "Hauser") == 20
    assert count(session) == 20
    assert due(session) == ("Hauser", "resolve", 20)
    assert "Hauser declares Melee Attack (3 AP, penalty -25 for haste) at 35: resolves at 20." in (
        log_texts(session)
    )

    # On 20 the tracker asks the GM to resolve it (roll; the result may be noted).
    asked = prompt(session)
    assert asked.key == ("resolve", 1, 20, cid(session, "Hauser"))
    assert "resolves Melee Attack" in asked.question
    answer(session, "Resolved", note="hits for 12")
    assert "hits for 12" in log_texts(session)[-1]

    # Then he declares his next action with the 1 AP left: it resolves at 15.
    assert due(session) == ("Hauser", "declare", 20)
    assert runtime(session, "Hauser").ap == 1
    answer(session, "Free-form action", name="Step back", ap=1)
    assert due(session) == ("Hauser", "resolve", 15)
    answer(session, "Resolved")
    assert runtime(session, "Hauser").ap == 0

    # Nobody is due any more: Upkeep.
    assert phase(session) == "upkeep"
    assert due(session) is None


def test_the_base_comes_from_the_stored_qu_and_penalty():
    session = new()
    add(session, "Brakk", qu=3, penalty=-25)  # two full -10s
    session.apply(StartEncounter())
    answer(session, "Enter the dice result", roll=10)
    assert runtime(session, "Brakk").base == 11
    assert "roll 10 + Qu 3 − 2 (penalty -25) = 11" in log_texts(session)[-1]
    enter(session, "Brakk", 17)  # or type the result
    assert runtime(session, "Brakk").base == 17 and runtime(session, "Brakk").roll is None


def test_what_the_views_read_while_an_action_is_under_way():
    session = new()
    add(session, "Hauser", qu=1)
    add(session, "Orc", side="enemy")
    session.apply(StartEncounter())
    enter(session, "Hauser", 15)
    enter(session, "Orc", 10)
    session.apply(EndTurn())
    answer(session, "Melee Attack", ap=3)
    # The Orc declares at 30: Hauser's attack has run 1 of its 3 AP.
    assert due(session) == ("Orc", "declare", 30)
    hauser = who(session, "Hauser")
    rules = ruleset(session)
    assert rules.progress_of(session.encounter, hauser) == (1, 3)
    assert rules.meters(session.encounter, hauser) == (
        Meter("ap", "AP", 1, 4),
        Meter("progress", "Melee Attack", 1, 3),
    )
    assert rules.markers(session.encounter, hauser) == ("resolving: Melee Attack (-25)",)
    assert rules.markers(session.encounter, who(session, "Orc")) == ("declaring",)
    assert rules.summary(session.encounter, hauser) == "20 (base 15)"
    assert rules.penalty_of(session.encounter, hauser) == -25

    turns = session.upcoming_turns(10)
    assert [(t.phase, t.values["kind"]) for t in turns] == [
        ("count 30", "declare"),
        ("count 20", "resolve"),
        ("count 20", "declare"),  # foreseen: he declares again with his last AP
        ("Upkeep", "upkeep"),
        ("Initiative phase", "initiative"),
    ]
    resolving = turns[1]
    assert resolving.combatant_id == hauser.id
    assert resolving.grant == "Melee Attack, penalty -25 for haste · 1 AP left"
    assert {
        key: resolving.values[key]
        for key in ("count", "value", "action", "declared_at", "resolves_at", "progress")
    } == {
        "count": 20,
        "value": 20,
        "action": "Melee Attack",
        "declared_at": 35,
        "resolves_at": 20,
        "progress": (1, 3),
    }
    assert turns[2].values["follow_up"] is True
    assert len({t.key for t in turns}) == len(turns)

    marks = {m.combatant_id: m for m in rules.track(session.encounter)}
    mark = marks[hauser.id]
    assert (mark.value, mark.declared_at, mark.starts_at, mark.resolves_at) == (20, 35, 35, 20)
    assert marks[cid(session, "Orc")].due == "declare"
    assert session.status() == "Round 1 · count 30 · Orc declares (4 AP left)"
    assert rules.clock_label(session.encounter) == "R1 · 30"


def test_end_turn_walks_a_round_to_the_turns_announced():
    session = new()
    add(session, "Hauser", qu=1)
    add(session, "Orc", side="enemy")
    session.apply(StartEncounter())
    enter(session, "Hauser", 15)
    enter(session, "Orc", 10)
    keys = [t.key for t in session.upcoming_turns(5)]
    assert keys == [
        ("initiative", 1),
        ("declare", 1, cid(session, "Hauser"), 35),
        ("declare", 1, cid(session, "Orc"), 30),
        ("upkeep", 1),
        ("initiative", 2),
    ]
    for expected in keys[1:]:
        session.apply(EndTurn())  # begins the countdown; done for the round; Upkeep
        turn = session.current_turn()
        assert turn is not None and turn.key == expected
    assert runtime(session, "Hauser").ap == 4  # round 2: 4 AP again
    assert "Hauser is done for this round (4 AP unused)." in log_texts(session)
    # With an action under way, EndTurn resolves it and its declaration follows.
    session.apply(EndTurn())
    answer(session, "Melee Attack", ap=3)
    session.apply(EndTurn())  # the Orc is done
    announced = session.upcoming_turns(2)[1].key
    session.apply(EndTurn())  # Hauser resolves at 20 (no note)
    assert session.current_turn().key == announced == ("declare", 2, cid(session, "Hauser"), 20)


def test_parries_are_recorded_for_the_round():
    session = fight([("Hauser", 15, 1), ("Orc", 10, 0)], countdown=False)
    act(session, "parry", "Hauser", amount=20, against="Orc")
    assert runtime(session, "Hauser").parry == Parry(20, "Orc")
    assert "Hauser parries 20 against Orc this round." in log_texts(session)
    assert "Hauser: base 15 → 35 · parry 20 against Orc" in prompt(session).context
    assert "parry 20 vs Orc" in ruleset(session).markers(session.encounter, who(session, "Hauser"))
    error = refused(session, RulesetAction("parry", cid(session, "Orc"), {"amount": 10}))
    assert error.field == "against"
    session.apply(EndTurn())
    act(session, "parry", "Orc", amount=10, against="Hauser")  # as soon as melee ensues
    act(session, "parry", "Hauser", amount=0, against="")  # no parry after all
    assert runtime(session, "Hauser").parry is None
    end_turns_until(session, "initiative")
    assert runtime(session, "Orc").parry is None  # a new round: announced anew
