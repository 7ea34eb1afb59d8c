"""Edges: creatures leaving at awkward moments, the declared actions, prompt answers that
are valid commands, unique turn keys for the views, and replaying a journal."""

from __future__ import annotations

from tests.engine.test_priority_helpers import (
    act,
    answer,
    current,
    do,
    end,
    logs,
    new_session,
    order,
    play_round,
    started,
    upcoming,
)
from tracker.engine import Command, RemoveCombatant
from tracker.engine.rulesets.priority import Priority


def test_the_declared_actions():
    declared = {spec.name: (spec.on, [f.name for f in spec.params]) for spec in Priority.actions}
    assert declared == {
        "begin_turn": ("current", []),
        "wait": ("current", []),
        "major": ("current", ["what"]),
        "minor": ("current", ["what"]),
        "trick": ("current", ["name"]),
        "prepare": ("current", ["trigger"]),
        "fire_prepared": ("any", []),
        "raise_trigger": ("any", ["text"]),
        "react": ("prompt", ["to", "text"]),
        "pass": ("prompt", []),
        "resolve": ("prompt", []),
        "act_now": ("prompt", []),
        "no_one_acts": ("prompt", []),
        "enter_conflict": ("any", ["how"]),
        "leave_conflict": ("any", ["how", "poise"]),
        "roll_zeal": ("any", ["result"]),
        "reroll_tie": ("prompt", ["result"]),
        "overexertion": ("prompt", ["result"]),
    }


def test_removing_the_creature_whose_turn_is_up():
    session, ids = started()
    do(session, RemoveCombatant(ids["Ayla"]))
    assert current(session) == "Bren"
    assert logs(session)[-2:] == ["Ayla leaves the encounter.", "Round 1: Bren's turn."]


def test_removing_the_last_waiting_creature_ends_the_pause():
    session, ids = started()
    end(session, 3)  # Dara up
    act(session, "wait")  # the Soulweaver's turn begins (no turn ended)
    end(session)  # Round 2 begins with a pause: Dara may act now
    assert session.prompt().title == "Waiting creatures"
    do(session, RemoveCombatant(ids["Dara"]))
    assert session.prompt() is None
    assert current(session) == "Ayla"


def test_removing_the_waiting_creature_in_the_pause_before_the_soulweaver():
    session, ids = started()
    end(session, 3)  # Ayla, Bren, Cato; Dara up
    act(session, "begin_turn")
    end(session)  # Dara; the Soulweaver next
    assert session.prompt() is None  # nobody waits: no pause
    end(session)  # Round 2
    act(session, "wait")  # Ayla
    end(session)  # Bren → pause
    answer(session, "No one acts now")
    end(session)  # Cato → pause
    answer(session, "No one acts now")
    end(session)  # Dara → pause before the Soulweaver
    assert session.current_turn().title == "Soulweaver"
    assert session.current_turn().values["begun"] is False
    do(session, RemoveCombatant(ids["Ayla"]))
    assert session.prompt() is None
    assert session.current_turn().values["begun"] is True
    assert logs(session)[-1] == "Round 2: the Soulweaver's turn."


def test_removing_an_interrupting_creature_resumes_the_turn():
    session, ids = started()
    end(session)
    act(session, "prepare", trigger="x")
    end(session)
    act(session, "fire_prepared", ids["Bren"])
    do(session, RemoveCombatant(ids["Bren"]))
    assert current(session) == "Cato"
    assert "Bren's prepared action ends: it left." in logs(session)


def test_removing_the_creature_being_asked_moves_on_or_completes():
    session, ids = started()
    play_round(session)
    act(session, "begin_turn")
    act(session, "raise_trigger", ids["Ayla"], text="shouts")
    assert session.prompt().asks == ids["Dara"]
    do(session, RemoveCombatant(ids["Dara"]))
    assert session.prompt().asks == ids["Cato"]
    do(session, RemoveCombatant(ids["Cato"]))
    do(session, RemoveCombatant(ids["Bren"]))
    # Nobody left to ask: the lone trigger completes.
    assert session.prompt() is None
    assert logs(session)[-1] == "No one can react: the trigger completes."


def test_removing_a_creature_drops_its_overexertion_reminder():
    session, ids = started()
    for _ in range(12):
        if session.prompt() is None:
            play_round(session)
    assert session.prompt().asks == ids["Ayla"]
    do(session, RemoveCombatant(ids["Ayla"]))
    assert session.prompt().asks == ids["Bren"]


def test_with_every_creature_gone_only_the_soulweaver_has_turns():
    session, ids = started()
    for name in ("Ayla", "Bren", "Cato", "Dara"):
        do(session, RemoveCombatant(ids[name]))
    assert current(session) == "Soulweaver"
    end(session)
    assert session.status() == "Round 2 · 5 s · the Soulweaver's turn"
    assert upcoming(session, 3) == [(2, "Soulweaver"), (3, "Soulweaver"), (4, "Soulweaver")]


def test_turn_keys_are_unique_for_the_views():
    session, ids = started()
    act(session, "wait")
    end(session)
    answer(session, "No one acts now")
    act(session, "prepare", trigger="x")
    end(session)
    answer(session, "No one acts now")
    act(session, "fire_prepared", ids["Cato"])
    keys = [t.key for t in session.upcoming_turns(40)]
    assert len(keys) == 40
    assert len(set(keys)) == 40
    assert session.upcoming_turns(1) == [session.current_turn()]


def test_the_turns_of_later_rounds_are_each_their_own():
    """The turns of the rounds to come are made from one round's (who acts in them is
    the same each round): each says its own round, key and time, with values of its
    own, and the creatures and the Soulweaver come in the same order every round."""
    session, _ids = started()
    turns = session.upcoming_turns(60)
    now = session.current_turn()
    assert now is not None
    later = [t for t in turns if t.round > now.round]
    rounds = sorted({t.round for t in later})
    assert len(rounds) >= 3
    orders = [[t.combatant_id for t in later if t.round == r] for r in rounds[:-1]]
    assert all(order == orders[0] for order in orders) and orders[0][-1] is None
    for turn in later:
        assert turn.key[0] == turn.values["round"] == turn.round
        assert turn.values["elapsed"] == (turn.round - 1) * 5
    assert len({id(t.values) for t in turns}) == len(turns)
    assert len({id(t.values["tricks"]) for t in later if t.combatant_id}) == len(
        [t for t in later if t.combatant_id]
    )


def test_every_prompt_answer_is_a_valid_command_of_this_ruleset():
    session, ids = started()
    play_round(session)
    act(session, "begin_turn")
    act(session, "raise_trigger", ids["Ayla"], text="x")
    seen = set()
    specs = {spec.name: spec for spec in Priority.actions}
    while session.prompt() is not None:
        prompt = session.prompt()
        for each in prompt.answers:
            command = each.command
            spec = specs[command.action]
            assert {f.name for f in each.fields} <= {f.name for f in spec.params}
            assert Command.from_dict(command.to_dict()) == command
            seen.add(command.action)
        answer(
            session, prompt.answers[0].label, **({"text": "r"} if prompt.answers[0].fields else {})
        )
    assert seen == {"react", "pass", "resolve", "raise_trigger"}


def test_replaying_the_journal_rebuilds_the_encounter_exactly():
    session, ids = started()
    act(session, "wait")
    end(session)
    answer(session, "Ayla acts now")
    act(session, "trick", name="Flash")
    act(session, "prepare", trigger="the door")
    end(session)
    act(session, "raise_trigger", ids["Cato"], text="charges")
    answer(session, "React to #1", text="Parry")  # Ayla (Bren has not decided yet)
    answer(session, "Pass")  # Bren
    answer(session, "Completed")
    answer(session, "Completed")
    act(session, "fire_prepared", ids["Ayla"])
    end(session, 2)
    journal = [applied.command.to_dict() for applied in session.history]
    replay = new_session()
    for data in journal:
        replay.apply(Command.from_dict(data))
    assert replay.encounter.to_dict() == session.encounter.to_dict()
    assert replay.prompt() == session.prompt()
    assert order(replay) == ["Bren", "Ayla", "Cato", "Dara"]
    assert current(replay) == "Dara"
