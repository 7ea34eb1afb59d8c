"""Action pools: Major 1, Minor N; a Major pays for a Minor; each Trick once per turn;
pips clear as the creature's own turn begins, so reaction pips taken before it are
cleared and those taken after it count until its next turn begins."""

from __future__ import annotations

from tests.engine.test_priority_helpers import (
    act,
    answer,
    cast_session,
    current,
    do,
    end,
    grant,
    logs,
    markers,
    play_round,
    refused_action,
    started,
    summary,
)
from tracker.engine import StartEncounter


def values(session, *names):
    turn = session.current_turn()
    return tuple(turn.values[name] for name in names)


def test_minor_actions_then_the_major_pays_then_nothing_is_left():
    session, ids = started()
    assert grant(session) == "Major 1 · Minor 2"  # Ayla: Major 1, Minor pool 2
    act(session, "minor", what="Draw")
    assert logs(session)[-2:] == [
        "Ayla's turn begins: Major 1 · Minor 2.",
        "Ayla takes a Minor Action: Draw, paying a Minor (Major 1 · Minor 1 left).",
    ]
    assert grant(session) == "Major 1 · Minor 1"
    assert values(session, "begun", "major_left", "minor_left") == (True, 1, 1)
    act(session, "minor")
    assert grant(session) == "Major 1 · Minor 0"
    # No Minor pip left: "You can pay a Major Action to use a Minor Action."
    act(session, "minor", what="Step")
    assert logs(session)[-1] == (
        "Ayla takes a Minor Action: Step, paying with the Major (Major 0 · Minor 0 left)."
    )
    assert grant(session) == "Major 0 · Minor 0"
    refused_action(session, "minor", None, "no Minor or Major Action left")
    refused_action(session, "major", None, "no Major Action left")
    refused_action(session, "trick", None, "no Minor or Major Action left", name="Flash")
    refused_action(session, "prepare", None, "none left", trigger="door opens")


def test_the_major_first_leaves_only_minors():
    session, ids = started()
    end(session)  # Bren: Major 1, Minor 1
    act(session, "major", what="Strike")
    assert logs(session)[-1] == "Bren takes a Major Action: Strike (Major 0 · Minor 1 left)."
    act(session, "minor")
    assert grant(session) == "Major 0 · Minor 0"
    refused_action(session, "minor", ids["Bren"], "no Minor or Major Action left")


def test_a_creature_without_minor_pips_pays_minors_with_its_major():
    session, ids = started()
    end(session, 3)  # Dara: Minor pool 0
    assert grant(session) == "Major 1 · Minor 0"
    act(session, "minor")
    assert grant(session) == "Major 0 · Minor 0"
    assert (
        logs(session)[-1]
        == "Dara takes a Minor Action, paying with the Major (Major 0 · Minor 0 left)."
    )


def test_each_trick_once_per_turn():
    session, ids = started()
    act(session, "trick", name="Flash")
    refused_action(session, "trick", None, "already used the Trick “flash”", name="flash")
    act(session, "trick", name="Spark")
    assert values(session, "tricks", "minor_left", "major_left") == (["Flash", "Spark"], 0, 1)
    act(session, "trick", name="Glow")  # the Major pays
    assert logs(session)[-1] == (
        "Ayla uses the Trick “Glow”, paying with the Major (Major 0 · Minor 0 left)."
    )
    refused_action(session, "trick", None, "Name the Trick", name="  ")
    play_round(session)
    # Next turn: the Tricks and pips are fresh.
    act(session, "trick", name="Flash")
    assert values(session, "tricks", "minor_left") == (["Flash"], 1)


def test_own_turn_actions_are_refused_off_turn_and_before_the_start():
    session, ids = cast_session()
    refused_action(session, "major", ids["Ayla"], "not started")
    do(session, StartEncounter())
    refused_action(session, "major", ids["Bren"], "not Bren's turn: off its turn it can only react")
    refused_action(session, "minor", ids["Cato"], "not Cato's turn")
    end(session, 4)
    assert current(session) == "Soulweaver"
    refused_action(session, "major", None, "no action pools")


def test_undo_of_the_first_action_undoes_the_start_of_the_turn():
    session, ids = started()
    act(session, "minor")
    session.undo()
    assert values(session, "begun") == (False,)
    act(session, "wait")  # still possible: the turn had not begun
    assert current(session) == "Bren"


def test_upcoming_turns_show_the_full_pools():
    session, ids = started()
    act(session, "major")
    grants = [t.grant for t in session.upcoming_turns(6)]
    # Ayla now (Major spent), then the others and Ayla next round, all full.
    assert grants == [
        "Major 0 · Minor 2",
        "Major 1 · Minor 1",
        "Major 1 · Minor 1",
        "Major 1 · Minor 0",
        "",
        "Major 1 · Minor 2",
    ]


def test_reaction_pips_before_the_own_turn_clear_and_after_it_stay():
    session, ids = started()
    play_round(session)  # everyone has had a first turn; Round 2, Ayla up
    act(session, "begin_turn")
    # A reaction by Bren BEFORE his Round 2 turn.
    act(session, "raise_trigger", ids["Ayla"], text="opens the vault")
    answer(session, "Pass")  # Dara
    answer(session, "Pass")  # Cato
    answer(session, "React to #1", text="Parry")  # Bren: a Minor
    answer(session, "Pass")  # Ayla (may answer Bren's reaction)
    answer(session, "Completed")  # #2
    answer(session, "Completed")  # #1
    assert markers(session, "Bren") == ("in Conflict",)
    assert "Major 1 · Minor 0" in summary(session, "Bren")
    end(session)  # Ayla's turn; Bren up
    act(session, "begin_turn")
    assert (
        logs(session)[-1] == "Bren's turn begins: Major 1 · Minor 1 (pips marked before it clear)."
    )
    assert grant(session) == "Major 1 · Minor 1"
    assert markers(session, "Bren") == ("in Conflict",)
    end(session)  # Bren's Round 2 turn is over; Cato up

    # Reactions AFTER his turn spend from the same pools until his next turn begins.
    asked: list[str] = []

    def exchange(text: str, bren_reacts: bool) -> None:
        act(session, "raise_trigger", ids["Cato"], text=text)
        while session.prompt() is not None and session.prompt().title == "Reaction?":
            name = session.encounter.combatant(session.prompt().asks).name
            asked.append(name)
            if name == "Bren" and bren_reacts:
                answer(session, "React to #1", text="Parry")
            else:
                answer(session, "Pass")
        while session.prompt() is not None:
            answer(session, "Completed")

    exchange("charges", bren_reacts=True)  # Bren pays a Minor: Major 1 · Minor 0
    assert markers(session, "Bren") == ("in Conflict",)
    assert "Major 1 · Minor 0" in summary(session, "Bren")
    act(session, "begin_turn")  # Cato's turn
    exchange("swings", bren_reacts=True)  # only the Major is left to pay with
    assert markers(session, "Bren") == ("in Conflict",)
    assert "Major 0 · Minor 0" in summary(session, "Bren")
    assert logs(session)[-7:] == [
        "Trigger #1 by Cato: swings.",
        "Dara does not react.",
        "Bren reacts to #1: Parry (#2), paying with the Major (Major 0 · Minor 0 left).",
        "Ayla does not react.",
        "Completed: #2 Bren reacts to #1: Parry.",
        "Completed: #1 trigger by Cato: swings.",
        "The reactions are over.",
    ]
    exchange("swings again", bren_reacts=True)  # Bren cannot pay: he is not asked
    # Cato is the source each time; Ayla is asked after a reaction by Bren (to answer it)
    # and for the third trigger.
    assert asked == ["Dara", "Bren", "Ayla", "Dara", "Bren", "Ayla", "Dara", "Ayla"]
    end(session, 3)  # Cato, Dara, the Soulweaver → Round 3
    end(session)  # Ayla; Bren up, still spent until his turn begins
    assert markers(session, "Bren") == ("in Conflict",)
    assert "Major 0 · Minor 0" in summary(session, "Bren")
    act(session, "begin_turn")
    assert grant(session) == "Major 1 · Minor 1"
