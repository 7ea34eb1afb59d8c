"""Upkeep: the checklist the GM sees and its steps applied in the rules' order; the stun
rule (fewer than 2 AP spent before it) both ways, worst stun first, Staggered, bleeding,
environmental counters, and "ends soon" following the same rule."""

from __future__ import annotations

from tests.engine.test_ap_countdown_helpers import (
    act,
    anchor,
    answer,
    cid,
    due,
    effect,
    end_turns_until,
    fight,
    log_texts,
    phase,
    prompt,
    refused,
    ruleset,
    who,
)
from tracker.engine import AddEffect, EditCombatant, EditEffect, EndTurn
from tracker.engine.ruleset import Meter
from tracker.engine.session import Session


def effect_names(session: Session) -> list[str]:
    return [e.name for e in session.encounter.effects]


def effect_of(session: Session, name: str):
    return next(e for e in session.encounter.effects if e.name == name)


def ends_soon(session: Session, name: str) -> bool:
    return session.ends_soon(effect_of(session, name).id)


def remaining(session: Session, name: str) -> str:
    return session.remaining(effect_of(session, name).id)


def next_upkeep(session: Session) -> None:
    """From Upkeep (applied) through the next round's countdown to its Upkeep."""
    session.apply(EndTurn())
    end_turns_until(session, "upkeep")


def test_the_checklist_and_its_steps_in_the_rules_order():
    session = fight([("Hauser", 15, 1), ("Orc", 10, 0)], countdown=False)
    session.apply(EditCombatant(cid(session, "Hauser"), {"hits": 50, "hits_taken": 10}))
    effect(session, "Cut artery", "Hauser", kind="bleeding", hits=3)
    effect(session, "Bless", "Hauser", kind="timed", rounds=2)
    effect(session, "Haste", "Orc", kind="timed", rounds=1)
    effect(session, "Kick", "Orc", kind="stunned", rounds=2)
    effect(session, "Shaken", "Hauser", kind="staggered")
    effect(session, "Rising tide", "Orc", kind="environmental")
    end_turns_until(session, "upkeep")
    asked = prompt(session)
    assert asked.key == ("upkeep", 1)
    assert asked.context == (
        "1. Bleeding: Hauser loses 3 hits (Cut artery).",
        "2. Timed: Bless on Hauser 2 rounds → 1 round left.",
        "3. Timed: Haste on Orc ends.",
        "4. Stun: Stunned (Kick) on Orc 2 rounds → 1 round left (most severe first).",
        "5. Staggered: Shaken on Hauser is removed.",
        "6. Environment: Rising tide advances from stage 0 to 1.",
    )
    before = len(session.encounter.log)
    answer(session, "Apply Upkeep and begin round 2")
    assert [(e.text, e.kind) for e in session.encounter.log[before:]] == [
        ("Bleeding (Cut artery): Hauser loses 3 hits (37 of 50 left).", "change"),
        ("Haste on Orc expired.", "expiry"),
        ("Bless on Hauser: 1 round left.", "change"),
        ("Kick on Orc: 1 round left.", "change"),
        ("Shaken on Hauser expired.", "expiry"),
        ("Rising tide advances to stage 1.", "change"),
        ("Round 1 ends.", "turn"),
        ("Round 2: Initiative phase.", "turn"),
    ]
    hauser = who(session, "Hauser")
    assert hauser.stats["hits_taken"] == 13
    shown = ruleset(session).shown_meters(session.encounter, hauser)
    assert Meter("health", "Hits", 37, 50) in shown
    assert effect_names(session) == ["Cut artery", "Bless", "Kick", "Rising tide"]
    assert anchor(session, "Rising tide").counter == 1
    assert remaining(session, "Rising tide") == "stage 1, advances at every Upkeep"
    assert remaining(session, "Cut artery") == "bleeds 3 hits a round, until ended"
    assert remaining(session, "Bless") == "1 round left: ends at this round's Upkeep"


def test_a_stun_counts_its_first_round_only_if_fewer_than_2_ap_were_spent_before_it():
    session = fight([("Hauser", 15, 1), ("Orc", 10, 0)])
    act(session, "declare", action="melee attack", ap=3)  # Hauser: 35 → 20
    assert due(session) == ("Orc", "declare", 30)  # Hauser has spent 1 AP
    effect(session, "Dazzle", "Hauser", kind="stunned", rounds=1)
    assert anchor(session, "Dazzle").spent == 1
    act(session, "declare", action="dodge")  # the Orc: 30 → 10
    assert due(session) == ("Hauser", "resolve", 20)  # the Orc has spent 2 AP
    effect(session, "Bash", "Orc", kind="stunned", rounds=1)
    effect(session, "Trip", "Orc", kind="staggered")
    assert (anchor(session, "Bash").spent, anchor(session, "Bash").round) == (2, 1)
    assert remaining(session, "Bash") == (
        "Stunned, 1 round left; this round does not count (2 AP spent before it)"
    )
    assert remaining(session, "Trip") == (
        "Staggered until the next round's Upkeep (2 AP spent before it)"
    )
    end_turns_until(session, "upkeep")
    assert prompt(session).context == (
        "1. Stun: Stunned (Dazzle) on Hauser ends (most severe first).",
        "2. Stun: Bash on Orc stays (this round does not count: 2 AP spent before it).",
        "3. Staggered: Trip on Orc stays (2 AP spent before it).",
    )
    assert ends_soon(session, "Dazzle") and not ends_soon(session, "Bash")
    assert not ends_soon(session, "Trip")
    session.apply(EndTurn())  # Upkeep of round 1
    assert effect_names(session) == ["Bash", "Trip"]  # Dazzle (1 AP before it) is over
    assert anchor(session, "Bash").left == 1
    next_upkeep(session)  # round 2: an earlier round's stun always counts
    assert ends_soon(session, "Bash") and ends_soon(session, "Trip")
    session.apply(EndTurn())
    assert effect_names(session) == []


def test_stuns_wear_off_the_most_severe_first():
    session = fight([("Orc", 10, 0)], countdown=False)
    effect(session, "Reeling", "Orc", kind="dazed", rounds=1)
    effect(session, "Smash", "Orc", kind="stunned-unable-to-parry", rounds=1)
    effect(session, "Blow", "Orc", kind="stunned", rounds=2)
    assert remaining(session, "Reeling") == "Dazed, 1 round left (after the more severe stun)"
    assert "stunned, unable to parry" in ruleset(session).markers(
        session.encounter, who(session, "Orc")
    )
    end_turns_until(session, "upkeep")
    assert ends_soon(session, "Smash") and not ends_soon(session, "Reeling")
    session.apply(EndTurn())  # round 1: Smash goes
    assert effect_names(session) == ["Reeling", "Blow"]
    assert (anchor(session, "Reeling").left, anchor(session, "Blow").left) == (1, 2)
    next_upkeep(session)
    session.apply(EndTurn())  # round 2: Blow 2 → 1
    assert (anchor(session, "Reeling").left, anchor(session, "Blow").left) == (1, 1)
    next_upkeep(session)
    session.apply(EndTurn())  # round 3: Blow goes
    assert effect_names(session) == ["Reeling"]
    next_upkeep(session)
    session.apply(EndTurn())  # round 4: Reeling goes
    assert effect_names(session) == []


def test_a_severe_stun_that_does_not_count_yet_lets_the_older_one_lose_the_round():
    session = fight([("Hauser", 15, 1), ("Orc", 10, 0)], countdown=False)
    effect(session, "Blow", "Orc", kind="stunned", rounds=2)
    session.apply(EndTurn())
    act(session, "declare", action="dodge")  # Hauser
    act(session, "declare", action="dodge")  # the Orc at 30: resolves at 10
    end_turns_until(session, "resolution")
    while due(session) != ("Orc", "resolve", 10):
        session.apply(EndTurn())
    effect(session, "Smash", "Orc", kind="stunned-unable-to-parry", rounds=1)
    assert anchor(session, "Smash").spent == 4
    end_turns_until(session, "upkeep")
    session.apply(EndTurn())
    assert (anchor(session, "Smash").left, anchor(session, "Blow").left) == (1, 1)
    next_upkeep(session)
    session.apply(EndTurn())
    assert effect_names(session) == ["Blow"]


def test_staggered_is_removed_when_fewer_than_2_ap_were_spent():
    session = fight([("Hauser", 15, 1)])
    effect(session, "Wobble", "Hauser", kind="staggered")  # at 35, nothing spent
    assert anchor(session, "Wobble").spent == 0
    assert remaining(session, "Wobble") == "Staggered until this round's Upkeep"
    end_turns_until(session, "upkeep")
    session.apply(EndTurn())
    assert effect_names(session) == []


def test_ends_soon_follows_the_coming_upkeep():
    session = fight([("Hauser", 15, 1), ("Orc", 10, 0)])
    effect(session, "Haste", "Orc", kind="timed", rounds=1)
    effect(session, "Bless", "Orc", kind="timed", rounds=2)
    assert remaining(session, "Bless") == "2 rounds left: ends at round 2's Upkeep"
    assert not ends_soon(session, "Haste")  # Hauser, then the Orc, then Upkeep
    act(session, "done")  # Hauser
    assert due(session) == ("Orc", "declare", 30)
    assert ends_soon(session, "Haste")  # the Orc's is the last due: Upkeep is next
    assert not ends_soon(session, "Bless")
    assert session.ruleset.remaining_unnamed(session.encounter, effect_of(session, "Haste")) == (
        "1 round left: ends at this round's Upkeep"
    )


def test_environmental_stage_survives_an_edit_and_bleeding_needs_hits():
    session = fight([("Orc", 10, 0)])
    effect(session, "Fire", "Orc", kind="environmental")
    end_turns_until(session, "upkeep")
    session.apply(EndTurn())
    fire = effect_of(session, "Fire")
    session.apply(EditEffect(fire.id, {"duration": {"hits": 2}}))
    assert anchor(session, "Fire").counter == 1
    error = refused(
        session, AddEffect("Cut", cid(session, "Orc"), None, {"kind": "bleeding", "hits": 0})
    )
    assert error.field == "hits"
    assert phase(session) == "initiative"
    assert log_texts(session)[-1].startswith("Fire on Orc:")
