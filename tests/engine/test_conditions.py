"""The conditions each ruleset ships: every declaration holds against the ruleset's own
fields and actions, and each condition picked creates the right thing — an effect that
ends when the rules say (hand-counted below from the rules files), or the ruleset's own
action, its costs and records applied."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine import stamina_helpers, ticks_helpers
from tests.engine.helpers import started as war_started
from tests.engine.test_ap_countdown_helpers import fight as countdown_fight
from tests.engine.test_ap_countdown_helpers import who as countdown_who
from tests.engine.test_priority_helpers import play_round
from tests.engine.test_priority_helpers import started as priority_started
from tracker.engine import (
    AddCombatant,
    AddEffect,
    CommandError,
    EditEffect,
    EndTurn,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.engine.commands import MAX_NOTE_LENGTH
from tracker.engine.conditions import (
    ConditionSpec,
    check_conditions,
    condition_command,
    condition_duration,
    find_condition,
)
from tracker.engine.registry import available_rulesets
from tracker.engine.ruleset import AnyRuleset
from tracker.engine.rulesets.initiative_ticks.state import rt as ticks_runtime
from tracker.engine.state import Effect

# The five built-in systems and the example third-party one (tests/example_ruleset.py).
RULESET_IDS = [
    "war_scroll",
    "priority",
    "ap_countdown",
    "stamina_battle",
    "initiative_ticks",
    "highest_roll",
]


def ruleset_of(ruleset_id: str) -> AnyRuleset:
    return available_rulesets()[ruleset_id]


def pick(session: Session, name: str, carrier_id: str, **params: Any) -> Any:
    """Put the ruleset's condition `name` on the carrier, as the effect dialog does."""
    condition = find_condition(session.ruleset, name)
    assert condition is not None, name
    return session.apply(condition_command(session.ruleset, condition, carrier_id, params=params))


def named(session: Session, name: str) -> Effect:
    return next(e for e in session.encounter.effects if e.name == name)


def names(session: Session) -> list[str]:
    return [e.name for e in session.encounter.effects]


# --- the declarations ------------------------------------------------------------------
@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_every_ruleset_ships_conditions_that_its_own_fields_accept(ruleset_id: str) -> None:
    ruleset = ruleset_of(ruleset_id)
    assert ruleset.conditions, f"{ruleset.name} ships no conditions"
    check_conditions(ruleset)
    for condition in ruleset.conditions:
        if condition.is_mechanic:
            assert ruleset.action_spec(condition.action).on in ("any", "current")
        else:
            duration = condition_duration(ruleset, condition)
            assert set(duration) == {f.name for f in ruleset.duration_fields}
            assert duration == {**duration, **condition.duration}  # nothing refused
        assert 0 < len(condition.note) <= MAX_NOTE_LENGTH


def started_session(ruleset_id: str) -> Session:
    """A fight of the ruleset under way, with someone to carry an effect."""
    if ruleset_id == "war_scroll":
        return war_started()[0]
    if ruleset_id == "ap_countdown":
        return countdown_fight([("Hauser", 15, 1), ("Orc", 10, 0)])
    if ruleset_id == "priority":
        return priority_started()[0]
    if ruleset_id == "stamina_battle":
        return stamina_helpers.battle()[0]
    if ruleset_id == "initiative_ticks":
        return ticks_helpers.fight([("Kaoru", "party", 4), ("Bandit", "enemy", 2)])[0]
    session = Session.new("Example", ruleset_id)
    session.apply(AddCombatant("Ann", "party"))
    session.apply(StartEncounter())
    return session


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_every_plain_condition_is_added_as_an_effect_with_its_duration(ruleset_id: str) -> None:
    session = started_session(ruleset_id)
    carrier = session.encounter.combatants[-1].id
    for condition in session.ruleset.conditions:
        if condition.is_mechanic:
            continue
        session.apply(condition_command(session.ruleset, condition, carrier))
        effect = session.encounter.effects[-1]
        assert (effect.name, effect.carrier_id, effect.notes) == (
            condition.name,
            carrier,
            condition.note,
        )
        assert effect.duration == condition_duration(session.ruleset, condition)
        assert session.remaining(effect.id)


def test_the_issue_names_every_condition() -> None:
    wanted = {
        "war_scroll": {"Weakened", "Falter"},
        "ap_countdown": {"Stunned", "Stunned/Unable to Parry", "Dazed", "Staggered", "Bleeding"},
        "priority": {"Sickened", "Slow"},
        "stamina_battle": {"Prone"},
        "initiative_ticks": {"Crashed", "Onslaught", "Shifted"},
    }
    for ruleset_id, conditions in wanted.items():
        shipped = {c.name for c in ruleset_of(ruleset_id).conditions}
        assert conditions <= shipped, ruleset_id
    guards = [c for c in ruleset_of("stamina_battle").conditions if c.name.startswith("Guard")]
    assert sorted(c.params["stat"] for c in guards) == [
        "agility",
        "intelligence",
        "strength",
        "will",
    ]


class Broken(type(ruleset_of("war_scroll"))):  # type: ignore[misc]
    conditions = ()


@pytest.mark.parametrize(
    ("condition", "message"),
    [
        (ConditionSpec("Slowed", {"cycles": 0}), "Cycles must be between 1 and 99"),
        (ConditionSpec("Slowed", {"turns": 2}), "Unknown field(s): turns"),
        (ConditionSpec(" Slowed"), "repeated or has spaces"),
        (ConditionSpec("Slowed", note="x" * 201), "at most 200 characters; this one has 201"),
        (ConditionSpec("Slowed", action="fly"), "has no action 'fly'"),
        (ConditionSpec("Slowed", action="spend_ap", params={"amount": 99}), "AP must be"),
        (ConditionSpec("Slowed", params={"amount": 1}), "parameters belong"),
    ],
)
def test_a_wrong_declaration_is_named_with_its_ruleset(
    condition: ConditionSpec, message: str
) -> None:
    broken = Broken()
    type(broken).conditions = (condition,)
    with pytest.raises(CommandError) as raised:
        check_conditions(broken)
    assert raised.value.message.startswith("Allies of Majesty — War Scroll, condition ")
    assert message in raised.value.message


def test_names_are_found_whatever_their_case_and_spaces() -> None:
    ruleset = ruleset_of("ap_countdown")
    found = find_condition(ruleset, "  stunned/unable   TO parry ")
    assert found is not None and found.name == "Stunned/Unable to Parry"
    assert find_condition(ruleset, "Stun") is None


def test_a_note_too_long_is_refused_with_its_length() -> None:
    session, ids = war_started()
    long_note = "n" * (MAX_NOTE_LENGTH + 5)
    with pytest.raises(CommandError) as raised:
        session.apply(AddEffect("Aegis", ids["Thomas"], notes=long_note))
    assert raised.value.field == "notes"
    assert raised.value.message == "A note holds at most 200 characters; this one has 205."
    assert session.encounter.effects == []
    session.apply(AddEffect("Aegis", ids["Thomas"], notes="ok"))
    effect_id = named(session, "Aegis").id
    with pytest.raises(CommandError, match="at most 200"):
        session.apply(EditEffect(effect_id, {"notes": long_note}))
    assert session.encounter.effect(effect_id).notes == "ok"


def test_a_sixth_ruleset_gets_its_conditions_by_declaring_them() -> None:
    """The example ruleset declares "Hoarse, 2 rounds": picked, it is an effect that ends
    at the end of its carrier's turn two rounds later."""
    session = Session.new("Example", "highest_roll")
    session.apply(AddCombatant("Ann", "party", stats={"roll": 12}))
    session.apply(AddCombatant("Bo", "enemy", stats={"roll": 8}))
    session.apply(StartEncounter())
    bo = session.encounter.combatants[1].id
    pick(session, "Hoarse", bo)
    assert named(session, "Hoarse").notes.startswith("Shouting hurts")
    for _ in range(3):  # Ann, Bo (round 1), Ann (round 2)
        session.apply(EndTurn())
    assert names(session) == ["Hoarse"]
    session.apply(EndTurn())  # Bo's turn of round 2 ends
    assert names(session) == []


# --- War Scroll --------------------------------------------------------------------------
def test_war_scroll_weakened_ends_with_the_same_turn_next_cycle() -> None:
    """Picked on Echthra's Segment 1 Turn of Cycle 1: the sample scroll has 10 Turns a
    Cycle (Echthra 1, Tirzaiel 1, Thomas 1, Kandor 1, Echthra 2, Tirzaiel 2, then the four
    in A), so it ends as the 11th Turn, Echthra's Segment 1 of Cycle 2, ends."""
    session, ids = war_started()
    pick(session, "Weakened", ids["Thomas"])
    weakened = named(session, "Weakened")
    assert weakened.duration == {"cycles": 1, "ongoing_song": False}
    assert weakened.notes.startswith("Halves attributes, Speed included")
    assert session.remaining(weakened.id) == (
        "ends at the end of Echthra's Segment 1 Turn in Cycle 2 (1 Cycle left)"
    )
    for _ in range(10):
        session.apply(EndTurn())
    assert names(session) == ["Weakened"]
    session.apply(EndTurn())
    assert names(session) == []


def test_war_scroll_falter_is_one_cycle_too() -> None:
    session, ids = war_started()
    pick(session, "Falter", ids["Kandor"])
    assert named(session, "Falter").duration["cycles"] == 1


# --- AP countdown ------------------------------------------------------------------------
def test_countdown_stuns_record_the_ap_spent_before_them_and_wear_off_at_upkeep() -> None:
    """Stunned on the Orc before anyone spent AP: it counts at round 1's Upkeep (1 round,
    gone). Staggered on Hauser once the count has come down from his 35 to 20 (3 AP
    spent): kept at round 1's Upkeep (2 or more spent before it), gone at round 2's.
    Bleeding stays and costs its hits."""
    session = countdown_fight([("Hauser", 15, 1), ("Orc", 10, 0)])
    orc, hauser = countdown_who(session, "Orc").id, countdown_who(session, "Hauser").id
    pick(session, "Stunned", orc)
    pick(session, "Bleeding", orc)
    session.apply(RulesetAction("declare", hauser, {"action": "melee attack", "ap": 3}))
    session.apply(RulesetAction("declare", orc, {"action": "dodge"}))  # the count: 20
    pick(session, "Staggered", hauser)
    stunned, staggered = named(session, "Stunned"), named(session, "Staggered")
    assert stunned.duration == {"kind": "stunned", "rounds": 1, "hits": 0}
    assert (stunned.anchor.spent, staggered.anchor.spent) == (0, 3)
    assert named(session, "Bleeding").anchor.hits == 1
    _to_upkeep(session)
    session.apply(EndTurn())  # round 1's Upkeep
    assert names(session) == ["Bleeding", "Staggered"]
    session.apply(EndTurn())
    _to_upkeep(session)
    session.apply(EndTurn())  # round 2's Upkeep: an earlier round's Staggered counts
    assert names(session) == ["Bleeding"]


def _to_upkeep(session: Session) -> None:
    for _ in range(50):
        if session.ruleset.phase(session.encounter) == "upkeep":
            return
        session.apply(EndTurn())
    raise AssertionError("no Upkeep")


def test_countdown_stuns_are_the_ruleset_kinds_worst_first() -> None:
    session = countdown_fight([("Orc", 10, 0)], countdown=False)
    orc = countdown_who(session, "Orc").id
    for name in ("Dazed", "Stunned/Unable to Parry"):
        pick(session, name, orc)
    assert session.remaining(named(session, "Dazed").id) == (
        "Dazed, 1 round left (after the more severe stun)"
    )


# --- Priority ----------------------------------------------------------------------------
def test_priority_ailments_do_not_tick_with_their_creators_turns() -> None:
    """Sickened made by Ayla (in Conflict) lasts through two rounds of her turns, which
    would end a 1-turn magical effect of hers at her next turn."""
    session, ids = priority_started()
    session.apply(RulesetAction("begin_turn"))  # Ayla's turn, round 1
    sickened = condition_command(
        session.ruleset, find_condition(session.ruleset, "Sickened"), ids["Bren"], ids["Ayla"]
    )
    session.apply(sickened)
    session.apply(AddEffect("Bless", ids["Bren"], ids["Ayla"], {"amount": 1}))
    assert named(session, "Sickened").duration == {"amount": 1, "ritual": True}
    assert session.remaining(named(session, "Sickened").id) == (
        "Ritual: does not tick in Conflict (end it by hand)"
    )
    play_round(session)
    session.apply(RulesetAction("begin_turn"))  # Ayla's turn, round 2: Bless 1 → 0
    assert names(session) == ["Sickened"]
    play_round(session)
    session.apply(RulesetAction("begin_turn"))  # round 3
    assert names(session) == ["Sickened"]


# --- Stamina battle ----------------------------------------------------------------------
def test_stamina_guard_goes_through_the_guard_action() -> None:
    """Mira (Stamina 6, Armor 2) picks "Guard: Armor" with a roll of 4: 1 Stamina paid,
    Armor 6 until the start of her next turn, once a turn."""
    session, ids = stamina_helpers.battle()
    command = condition_command(
        session.ruleset,
        find_condition(session.ruleset, "Guard: Armor (Strength)"),
        ids["Mira"],
        params={"roll": 4},
    )
    assert command == RulesetAction("guard", ids["Mira"], {"stat": "strength", "roll": 4})
    session.apply(command)
    assert stamina_helpers.pool(session, "Mira") == 5
    assert names(session) == ["Guard: Armor +4"]
    mira = stamina_helpers.unit(session, "Mira")
    assert session.ruleset.readout(session.encounter, mira).armor == 6
    with pytest.raises(CommandError, match="already guarded"):
        pick(session, "Guard: Evasion (Agility)", ids["Mira"], roll=2)
    stamina_helpers.end_turns(session, 4)  # Bran, Grub, Orc; Mira's next turn begins
    assert names(session) == []


def test_stamina_guard_is_refused_off_the_units_turn() -> None:
    session, ids = stamina_helpers.battle()
    with pytest.raises(CommandError):
        pick(session, "Guard: Resistances (Will)", ids["Grub"], roll=3)
    assert session.encounter.effects == []


def test_stamina_prone_lasts_until_the_dm_ends_it() -> None:
    session, ids = stamina_helpers.battle()
    pick(session, "Prone", ids["Grub"])
    assert session.remaining(named(session, "Prone").id) == "until the DM ends it"
    stamina_helpers.end_turns(session, 8)  # two whole rounds
    assert names(session) == ["Prone"]


# --- Initiative ticks --------------------------------------------------------------------
CAST = [("Kaoru", "party", 4), ("Bandit", "enemy", 2)]


def test_ticks_onslaught_is_the_rules_count_cleared_at_the_start_of_its_turn() -> None:
    session, ids = ticks_helpers.fight(CAST)
    pick(session, "Onslaught", ids["Bandit"])
    assert ticks_runtime(ticks_helpers.who(session, "Bandit")).onslaught == 1
    assert session.encounter.effects == []  # no second count beside the rules' own
    assert ticks_helpers.log(session) == (
        "Bandit Onslaught 1 (+1): −1 Defense until the start of its turn."
    )
    assert ticks_helpers.acting(session) == "Kaoru"
    session.apply(EndTurn())  # Kaoru's turn ends; the Bandit's begins: cleared
    session.apply(RulesetAction("apply_start"))
    assert ticks_runtime(ticks_helpers.who(session, "Bandit")).onslaught == 0


def test_ticks_crashed_adjusts_initiative_and_the_rules_crash() -> None:
    session, ids = ticks_helpers.fight(CAST)  # the Bandit at 3 + 2 = 5
    pick(session, "Crashed", ids["Bandit"], amount=-5)
    bandit = ticks_runtime(ticks_helpers.who(session, "Bandit"))
    assert bandit.crashed and bandit.initiative.current == 0
    assert ticks_helpers.log(session) == (
        "Bandit 5 → 0 (−5) (Crashed). Bandit is Crashed (Initiative 0): Hardness 0."
    )


def test_ticks_shifted_adds_the_join_battle_reroll() -> None:
    session, ids = ticks_helpers.fight(CAST)  # Kaoru at 3 + 4 = 7
    pick(session, "Shifted", ids["Kaoru"], amount=3)
    assert ticks_helpers.init(session, "Kaoru") == 10
    assert ticks_helpers.log(session).endswith("(Shift: Join Battle re-roll).")
