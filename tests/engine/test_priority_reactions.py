"""Reactions (a trigger, deciding in reverse Priority, the stack completed newest first,
new triggers while completing) and the Prepare Action interrupting a turn.

The main exchange (Round 2, everyone has had a turn; reverse Priority = Dara, Cato,
Bren, Ayla):
  #1 trigger by Ayla "casts Firebolt at Cato"
     Dara passes · Cato reacts to #1 "Shield" (#2, a Minor)
     Bren reacts to #2 "Dispel" (#3, a Minor) · Ayla passes (she may answer #3 or #2)
  complete #3; at #2 Cato's Shield causes a new trigger #4 "Shield flares":
     Dara reacts to #4 "Smother" (#5, her Major: Minor pool 0)
     Cato may answer only #5 (#4, #2 are his, #1 he reacted to) and passes
     Bren may answer #5, #4, #1 (not #2: reacted) and passes · Ayla #5, #4, #2: passes
  complete #5, #4, #2, #1.
"""

from __future__ import annotations

from benchmarks.fights import build
from tests.engine.test_priority_helpers import (
    act,
    answer,
    assert_refused,
    cast_session,
    combatant,
    current,
    do,
    end,
    grant,
    labels,
    logs,
    markers,
    play_round,
    refused_action,
    reloaded,
    started,
    summary,
    upcoming,
)
from tracker.engine import EndTurn, MoveCombatant, RulesetAction, StartEncounter
from tracker.engine.state import Encounter

FIREBOLT = "React to #1 (Ayla: casts Firebolt at Cato)"


def round_two() -> tuple:
    """Round 2 with everyone past a first turn; Ayla's turn begun."""
    session, ids = started()
    play_round(session)
    act(session, "begin_turn")
    return session, ids


def asker(session) -> str:
    return session.encounter.combatant(session.prompt().asks).name


def test_the_main_exchange_step_by_step():
    session, ids = round_two()
    act(session, "raise_trigger", ids["Ayla"], text="casts Firebolt at Cato")
    prompt = session.prompt()
    assert prompt.key == ("react", 1, 1, ids["Dara"])
    assert prompt.title == "Reaction?"
    assert prompt.question == (
        "Does Dara react (in reverse Priority)? A reaction costs the Major (no Minor left)."
    )
    assert labels(session) == [FIREBOLT, "Pass"]
    assert [f.name for f in prompt.answers[0].fields] == ["text"]
    assert prompt.context == ("#1 trigger by Ayla: casts Firebolt at Cato",)
    answer(session, "Pass")

    assert asker(session) == "Cato"
    assert session.prompt().question.endswith("A reaction costs a Minor.")
    answer(session, "React to #1", text="Shield")
    assert logs(session)[-1] == (
        "Cato reacts to #1: Shield (#2), paying a Minor (Major 1 · Minor 0 left)."
    )

    assert asker(session) == "Bren"
    assert session.prompt().key == ("react", 1, 2, ids["Bren"])
    assert labels(session) == ["React to #2 (Cato: Shield)", FIREBOLT, "Pass"]
    assert session.prompt().context == (
        "#2 Cato reacts to #1: Shield",
        "#1 trigger by Ayla: casts Firebolt at Cato",
    )
    answer(session, "React to #2", text="Dispel")

    assert asker(session) == "Ayla"  # the source: she may answer the reactions
    assert labels(session) == ["React to #3 (Bren: Dispel)", "React to #2 (Cato: Shield)", "Pass"]
    answer(session, "Pass")

    prompt = session.prompt()
    assert prompt.key == ("resolve", 1, 3)
    assert prompt.title == "Complete the reactions"
    assert prompt.question == (
        "No one else reacts. Complete the newest first: #3 Bren reacts to #2: Dispel."
    )
    assert labels(session) == ["Completed", "It causes a new trigger"]
    assert prompt.asks is None
    assert prompt.context == (
        "#3 Bren reacts to #2: Dispel",
        "#2 Cato reacts to #1: Shield",
        "#1 trigger by Ayla: casts Firebolt at Cato",
    )
    assert session.status().endswith("reaction stack: 3")
    answer(session, "Completed")
    assert session.prompt().key == ("resolve", 1, 2)

    answer(session, "It causes a new trigger", text="Shield flares")
    assert logs(session)[-1] == "Trigger #4 by Cato: Shield flares."
    assert asker(session) == "Dara"
    assert labels(session) == [
        "React to #4 (Cato: Shield flares)",
        "React to #2 (Cato: Shield)",
        FIREBOLT,
        "Pass",
    ]
    answer(session, "React to #4", text="Smother")
    assert logs(session)[-1] == (
        "Dara reacts to #4: Smother (#5), paying with the Major (Major 0 · Minor 0 left)."
    )
    assert asker(session) == "Cato"
    assert labels(session) == ["React to #5 (Dara: Smother)", "Pass"]
    answer(session, "Pass")
    assert asker(session) == "Bren"
    assert labels(session) == [
        "React to #5 (Dara: Smother)",
        "React to #4 (Cato: Shield flares)",
        FIREBOLT,
        "Pass",
    ]
    answer(session, "Pass")
    assert asker(session) == "Ayla"
    assert labels(session) == [
        "React to #5 (Dara: Smother)",
        "React to #4 (Cato: Shield flares)",
        "React to #2 (Cato: Shield)",
        "Pass",
    ]
    answer(session, "Pass")
    for number in (5, 4, 2, 1):
        assert session.prompt().key == ("resolve", 1, number)
        answer(session, "Completed")
    assert session.prompt() is None
    assert logs(session)[-5:] == [
        "Completed: #5 Dara reacts to #4: Smother.",
        "Completed: #4 trigger by Cato: Shield flares.",
        "Completed: #2 Cato reacts to #1: Shield.",
        "Completed: #1 trigger by Ayla: casts Firebolt at Cato.",
        "The reactions are over.",
    ]
    assert session.encounter.clock.exchange is None
    end(session)
    assert current(session) == "Bren"


def test_undo_walks_back_one_answer_at_a_time():
    session, ids = round_two()
    act(session, "raise_trigger", ids["Ayla"], text="casts Firebolt at Cato")
    prompts = [session.prompt()]
    for label, params in (("Pass", {}), ("React to #1", {"text": "Shield"}), ("Pass", {})):
        answer(session, label, **params)
        prompts.append(session.prompt())
    assert [p.asks for p in prompts] == [ids["Dara"], ids["Cato"], ids["Bren"], ids["Ayla"]]
    for expected in reversed(prompts[:-1]):
        session.undo()
        assert session.prompt() == expected
    assert combatant(session, "Cato").runtime.minor == 0  # his Minor is back
    session.undo()  # the trigger itself
    assert session.prompt() is None
    assert session.encounter.clock.exchange is None


def test_save_and_load_in_the_middle_of_an_exchange():
    session, ids = round_two()
    act(session, "raise_trigger", ids["Ayla"], text="casts Firebolt at Cato")
    answer(session, "Pass")
    answer(session, "React to #1", text="Shield")
    copy = reloaded(session)
    assert copy.prompt() == session.prompt()
    assert copy.prompt().asks == ids["Bren"]
    assert copy.status() == session.status()
    for each in (session, copy):
        answer(each, "React to #2", text="Dispel")
        answer(each, "Pass")
        answer(each, "Completed")
    assert copy.prompt() == session.prompt()
    assert copy.prompt().key == ("resolve", 1, 2)
    # And once more while completing, with a new trigger on top.
    answer(session, "It causes a new trigger", text="Shield flares")
    copy = reloaded(session)
    assert copy.prompt() == session.prompt()
    assert copy.encounter.to_dict() == session.encounter.to_dict()


def test_creatures_before_their_first_turn_are_not_asked():
    session, ids = started()
    end(session)  # Ayla has had her turn; Bren up
    act(session, "begin_turn")
    act(session, "raise_trigger", ids["Bren"], text="kicks the door")
    # Dara and Cato have not had a turn; Bren is the source: only Ayla decides.
    assert asker(session) == "Ayla"
    answer(session, "Pass")
    assert logs(session)[-2:] == [
        "Ayla does not react.",
        "No one can react: the trigger completes.",
    ]
    assert session.prompt() is None


def test_a_trigger_nobody_can_react_to_completes_at_once():
    session, ids = started()
    act(session, "begin_turn")
    act(session, "raise_trigger", ids["Ayla"], text="draws steel")
    assert logs(session)[-2:] == [
        "Trigger #1 by Ayla: draws steel.",
        "No one can react: the trigger completes.",
    ]
    assert session.prompt() is None


def test_a_trigger_without_a_source_asks_everyone():
    session, ids = round_two()
    act(session, "raise_trigger", None, text="a door slams")
    assert logs(session)[-1] == "Trigger #1: a door slams."
    seen = []
    while session.prompt() is not None:
        seen.append(asker(session))
        answer(session, "Pass")
    assert seen == ["Dara", "Cato", "Bren", "Ayla"]


def test_reaction_refusals():
    session, ids = round_two()
    refused_action(session, "react", ids["Dara"], "No trigger", text="x")
    refused_action(session, "pass", ids["Dara"], "No trigger")
    refused_action(session, "resolve", None, "no reaction stack")
    refused_action(session, "raise_trigger", ids["Ayla"], "Say what", text=" ")
    act(session, "raise_trigger", ids["Ayla"], text="casts Firebolt at Cato")
    refused_action(session, "react", ids["Bren"], "It is Dara's moment", text="x")
    refused_action(session, "pass", ids["Ayla"], "It is Dara's moment")
    refused_action(session, "resolve", None, "Dara is still deciding")
    refused_action(session, "raise_trigger", ids["Cato"], "still deciding", text="y")
    refused_action(session, "react", ids["Dara"], "cannot react to #7", to=7, text="x")
    assert_refused(session, EndTurn(), "First answer: Reaction?")
    refused_action(session, "major", None, "Reactions are open")
    assert_refused(session, MoveCombatant(ids["Dara"], 2), "Reactions are open")
    answer(session, "Pass")
    answer(session, "React to #1", text="Shield")
    answer(session, "Pass")  # Bren
    # Ayla may not react to her own trigger.
    refused_action(session, "react", ids["Ayla"], "cannot react to #1", to=1, text="x")
    refused_action(session, "fire_prepared", ids["Bren"], "no prepared action")


def test_raise_trigger_before_the_start_is_refused():
    session, ids = cast_session()
    refused_action(session, "raise_trigger", ids["Ayla"], "not started", text="x")


# --- Prepare Action ----------------------------------------------------------------------
def test_prepare_then_fire_interrupts_and_the_turn_resumes_as_it_was():
    session, ids = started()
    end(session)  # Bren up
    act(session, "prepare", trigger="Cato moves up to me")
    assert logs(session)[-1] == (
        "Bren prepares an action for: Cato moves up to me (Major 0 · Minor 1 left)."
    )
    assert markers(session, "Bren") == ("in Conflict", "prepared: Cato moves up to me")
    assert summary(session, "Bren").startswith("Zeal ") and "Major 0 · Minor 1" in summary(
        session, "Bren"
    )
    end(session)  # Cato up
    act(session, "minor", what="Step")
    assert grant(session) == "Major 1 · Minor 0"
    act(session, "fire_prepared", ids["Bren"])
    assert logs(session)[-1] == (
        "Bren's prepared action fires (Cato moves up to me): it interrupts Cato's turn "
        "to move and take a single action."
    )
    turn = session.current_turn()
    assert turn.combatant_id == ids["Bren"]
    assert turn.key == ("prepared", 1, ids["Bren"], 0)
    assert (turn.phase, turn.grant) == (
        "Prepared action (Cato moves up to me)",
        "a single action, already paid; Cato's turn waits",
    )
    assert turn.values == {
        "round": 1,
        "elapsed": 0,
        "begun": True,
        "interrupts": "Cato",
        "trigger": "Cato moves up to me",
    }
    assert session.status() == "Round 1 · 0 s · Bren's prepared action (interrupting Cato)"
    assert upcoming(session, 3) == [(1, "Bren"), (1, "Cato"), (1, "Dara")]
    assert "prepared: Cato moves up to me" not in markers(session, "Bren")
    refused_action(session, "major", None, "already paid")
    refused_action(session, "minor", ids["Bren"], "already paid")
    refused_action(session, "wait", None, "interrupting")
    refused_action(session, "fire_prepared", ids["Bren"], "no prepared action")
    assert_refused(session, MoveCombatant(ids["Dara"], 2), "interrupting")
    end(session)
    assert logs(session)[-1] == "Bren's prepared action ends; Cato's turn resumes."
    assert current(session) == "Cato"
    assert grant(session) == "Major 1 · Minor 0"  # same pips as before
    assert session.current_turn().values["begun"] is True
    end(session)
    assert current(session) == "Dara"


def test_an_unused_prepared_action_lapses_when_the_next_turn_begins():
    session, ids = started()
    end(session)
    act(session, "prepare", trigger="the door opens")
    end(session, 4)  # Bren, Cato, Dara, the Soulweaver
    end(session)  # Ayla (Round 2); Bren up
    act(session, "begin_turn")
    assert logs(session)[-2:] == [
        "Bren's turn begins: Major 1 · Minor 1 (pips marked before it clear).",
        "Bren's prepared action (the door opens) lapses unused.",
    ]
    assert markers(session, "Bren") == ("in Conflict",)


def test_prepare_refusals():
    session, ids = started()
    refused_action(session, "prepare", None, "Name the event", trigger="")
    act(session, "prepare", trigger="Bren draws")
    refused_action(session, "fire_prepared", ids["Ayla"], "cannot interrupt its own turn")
    refused_action(session, "fire_prepared", ids["Bren"], "no prepared action")
    refused_action(session, "fire_prepared", None, "choose the creature")
    end(session)
    act(session, "begin_turn")
    act(session, "raise_trigger", ids["Bren"], text="draws")
    assert asker(session) == "Ayla"
    refused_action(session, "fire_prepared", ids["Ayla"], "Reactions are open")


def test_nested_prepared_actions_unwind_in_order():
    session, ids = started()
    act(session, "prepare", trigger="Bren acts")
    end(session)
    act(session, "prepare", trigger="Cato moves")
    end(session)  # Cato up
    act(session, "fire_prepared", ids["Bren"])
    act(session, "fire_prepared", ids["Ayla"])
    assert upcoming(session, 4) == [(1, "Ayla"), (1, "Bren"), (1, "Cato"), (1, "Dara")]
    assert session.current_turn().values["interrupts"] == "Bren"
    end(session)
    assert logs(session)[-1] == "Ayla's prepared action ends; Bren's turn resumes."
    assert current(session) == "Bren"
    end(session)
    assert logs(session)[-1] == "Bren's prepared action ends; Cato's turn resumes."
    assert current(session) == "Cato"
    assert session.current_turn().values["begun"] is False  # Cato had not begun yet


def test_a_prepared_action_in_the_soulweavers_turn():
    session, ids = started()
    end(session)
    act(session, "prepare", trigger="an enemy appears")
    end(session, 3)
    assert current(session) == "Soulweaver"
    act(session, "fire_prepared", ids["Bren"])
    assert session.current_turn().values["interrupts"] == "the Soulweaver"
    end(session)
    assert logs(session)[-1] == "Bren's prepared action ends; the Soulweaver's turn resumes."
    assert current(session) == "Soulweaver"
    end(session)
    assert session.encounter.clock.round == 2


def test_a_prepared_action_during_the_pause_hides_the_question_until_it_ends():
    session, ids = started()
    act(session, "wait")  # Ayla
    act(session, "prepare", trigger="Ayla moves")  # Bren
    end(session)  # pause: Ayla may act now; Cato up
    question = session.prompt()
    assert question.title == "Waiting creatures"
    act(session, "fire_prepared", ids["Bren"])
    assert session.prompt() is None
    refused_action(session, "act_now", ids["Ayla"], "only after a turn ends")
    end(session)
    assert session.prompt() == question


def test_fire_prepared_undo():
    session, ids = started()
    end(session)
    act(session, "prepare", trigger="x")
    end(session)
    before = session.encounter.to_dict()
    do(session, RulesetAction("fire_prepared", ids["Bren"]))
    session.undo()
    assert session.encounter.to_dict() == before
    assert current(session) == "Cato"


def test_start_is_not_needed_for_helpers_but_actions_need_it():
    session, ids = cast_session()
    refused_action(session, "fire_prepared", ids["Bren"], "not started")
    do(session, StartEncounter())
    assert current(session) == "Ayla"


def test_a_trigger_in_a_big_fight_looks_no_creature_up_by_id(monkeypatch):
    """Raising a trigger in a fight of 400 creatures, none able to react (no turn of
    their own yet): the pass finds that in one sweep, not by looking each id of its
    order up (thousands of look-ups a trigger at 5,000); the trigger completes as
    before."""
    session = build("priority", 400)
    looked_up: list[str | None] = []
    find = Encounter.find

    def counted(self: Encounter, combatant_id: str | None):
        looked_up.append(combatant_id)
        return find(self, combatant_id)

    monkeypatch.setattr(Encounter, "find", counted)
    source = session.encounter.combatants[5].id
    do(session, RulesetAction("raise_trigger", source, {"text": "the bridge cracks"}))
    assert session.encounter.clock.exchange is None
    assert logs(session)[-1] == "No one can react: the trigger completes."
    assert session.prompt() is None
    assert len(looked_up) < 40  # the source and the like; not one per creature
