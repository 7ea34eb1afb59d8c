"""Issue 8, items 1 and 2: a Stamina battle with sides, side phases in turn, the order
inside a side chosen by "goes next" or by dragging, the other side never picked, every
Unit once a phase, the round count; which side goes first per the option."""

from __future__ import annotations

from tests.engine.stamina_helpers import (
    act,
    acting,
    add,
    battle,
    end_turns,
    pool,
    refused,
    refused_action,
    state,
    undo_all_checks,
    unit,
)
from tracker.engine import EndTurn, MoveCombatant, RulesetAction, StartEncounter


def test_units_have_a_side_a_pool_armor_evasion_speed_and_wounds():
    session, _ = battle(start=False)
    mira = unit(session, "Mira")
    assert mira.side == "party" and unit(session, "Grub").side == "enemy"
    assert (state(session, "Mira").stamina.current, state(session, "Mira").stamina.maximum) == (
        6,
        6,
    )
    assert session.ruleset.summary(session.encounter, mira) == (
        "Stamina 6/6 · Armor 2 · Evasion 3 · Speed 5"
    )
    assert unit(session, "Mira").stats["wounds"] == 0
    act(session, "set_stamina", "Mira", stamina=4)  # the DM sets the current pool
    assert pool(session, "Mira") == 4


def test_party_goes_first_then_the_enemies_each_unit_once_and_rounds_count():
    session, _ = battle()
    order = [
        (t.round, t.phase, session.encounter.combatant(t.combatant_id).name)
        for t in session.upcoming_turns(6)
    ]
    assert order == [
        (1, "The party's phase", "Mira"),
        (1, "The party's phase", "Bran"),
        (1, "The enemies' phase", "Grub"),
        (1, "The enemies' phase", "Orc"),
        (2, "The party's phase", "Mira"),
        (2, "The party's phase", "Bran"),
    ]
    seen = []
    for _ in range(4):
        seen.append(acting(session))
        session.apply(EndTurn())
    assert seen == ["Mira", "Bran", "Grub", "Orc"]
    assert acting(session) == "Mira" and session.current_turn().round == 2
    assert session.status() == "Round 2 · The party's phase · Mira acting (6/6 Stamina)"


def test_goes_next_picks_from_the_side_and_the_other_side_cannot_be_picked():
    session, _ = battle()
    # Mira has done nothing yet: Bran takes the turn at once; Mira waits, unacted.
    act(session, "go_next", "Bran")
    assert acting(session) == "Bran"
    assert [t.combatant_id for t in session.upcoming_turns(2)][1] == unit(session, "Mira").id
    message = refused_action(session, "go_next", "Grub")
    assert message == (
        "Grub is of the enemies; it is the party's phase: only the party can be picked."
    )
    act(session, "move")  # Bran has acted: a pick now only sets who comes after him
    end_turns(session, 1)
    assert acting(session) == "Mira"
    assert refused_action(session, "go_next", "Bran") == "Bran has already acted this round."


def test_goes_next_after_the_acting_unit_has_acted_reorders_the_waiting():
    session, _ = battle()
    session.apply(EndTurn())
    session.apply(EndTurn())  # the enemies' phase: Grub acts
    assert acting(session) == "Grub"
    act(session, "attack", weapon="one-handed")
    add(session, "Shaman", "enemy", stamina_max=3)  # joins the enemies' phase
    act(session, "go_next", "Shaman")
    names = [session.encounter.combatant(t.combatant_id).name for t in session.upcoming_turns(3)]
    assert names == ["Grub", "Shaman", "Orc"]
    assert refused_action(session, "go_next", "Shaman") == "Shaman already goes next."
    undo_all_checks(session, lambda: act(session, "go_next", "Orc"))


def test_dragging_sets_the_order_inside_the_side():
    session, ids = battle()
    session.apply(EndTurn())
    session.apply(EndTurn())
    # Orc dragged above Grub (place 3, index 2) for the next round.
    session.apply(MoveCombatant(ids["Orc"], 2))
    end_turns(session, 2)
    names = [session.encounter.combatant(t.combatant_id).name for t in session.upcoming_turns(4)]
    assert names == ["Mira", "Bran", "Orc", "Grub"]


def test_fixed_order_refuses_picks_and_drags_once_the_battle_began():
    session, ids = battle(start=False, side_order="fixed")
    session.apply(MoveCombatant(ids["Bran"], 0))  # set once, before the battle
    session.apply(StartEncounter())
    assert acting(session) == "Bran"
    expected = "The order inside a side is fixed for this battle (option)."
    assert refused_action(session, "go_next", "Mira") == expected
    assert refused(session, MoveCombatant(ids["Mira"], 0)).startswith(expected[:-1])


def test_a_roll_or_the_dm_decides_the_first_side():
    for rule, question in (
        ("roll", "Each side rolls; the highest goes first. Which side won the roll?"),
        ("dm", "Which side goes first this battle?"),
    ):
        session, _ = battle(first_side=rule)
        prompt = session.prompt()
        assert prompt is not None and prompt.question == question
        assert [a.label for a in prompt.answers] == ["Party first", "Enemies first"]
        assert session.current_turn().title == "Who goes first?"
        assert refused(session, EndTurn()).startswith("Choose the side that goes first")
        session.apply(prompt.answers[1].command)
        assert acting(session) == "Grub"
        names = [
            session.encounter.combatant(t.combatant_id).name for t in session.upcoming_turns(4)
        ]
        assert names == ["Grub", "Orc", "Mira", "Bran"]
        session.undo()
        assert session.prompt() == prompt


def test_more_sides_take_phases_in_rotation():
    session, _ = battle(start=False)
    add(session, "Wolf", "neutral", stamina_max=2)
    add(session, "Squire", "ally", stamina_max=3)
    session.apply(StartEncounter())
    phases = [t.phase for t in session.upcoming_turns(6)]
    assert phases == [
        "The party's phase",
        "The party's phase",
        "The allies' phase",
        "The enemies' phase",
        "The enemies' phase",
        "The neutrals' phase",
    ]


def test_removing_the_acting_unit_passes_the_turn_on():
    session, ids = battle()
    from tracker.engine import RemoveCombatant

    session.apply(RemoveCombatant(ids["Mira"]))
    assert acting(session) == "Bran"
    session.undo()
    assert acting(session) == "Mira"


def test_only_the_acting_unit_takes_turn_actions():
    session, ids = battle()
    message = refused(session, RulesetAction("move", ids["Grub"], {}))
    assert message.startswith("It is Mira's turn, not Grub's")
    assert pool(session, "Grub") == 4
