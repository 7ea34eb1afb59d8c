"""Priority's state in files: typed records read back with checks. Files saved before
the records (schema 1, untyped tables) open and play on exactly as they did; damaged
state is refused as a damaged file (`FileFormatError`), never a KeyError or TypeError."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.engine.test_priority_helpers import combatant
from tracker.engine import EndTurn, RulesetAction, Session
from tracker.engine.kit.counters import Counters
from tracker.engine.rulesets.priority.state import (
    Asking,
    CreatureState,
    Exchange,
    Gap,
    PriorityAnchor,
    PriorityClock,
    Reminder,
    StackItem,
)
from tracker.persistence.files import (
    SCHEMA_VERSION,
    FileFormatError,
    encounter_from_document,
    envelope,
)

# Saved by the untyped Priority (schema 1) in Round 13 of the test cast: Ayla used the
# Trick "Flash" in Round 12, Bren prepared an action, Cato waits, everyone owes an
# Overexertion roll, and a trigger of Dara's asks for reactions.
SCHEMA_1 = json.loads(
    r"""
{
 "format": "tracker-encounter",
 "schema_version": 1,
 "saved_at": "2026-01-01T00:00:00+00:00",
 "encounter": {
  "name": "Test",
  "ruleset_id": "priority",
  "options": {
   "ties": "drag",
   "late_joiners": "append",
   "waiting_at_soulweaver": "keep_waiting",
   "npc_turns": "own_slot"
  },
  "combatants": [
   {
    "id": "c1",
    "name": "Ayla",
    "side": "party",
    "hidden": false,
    "notes": "",
    "stats": {
     "zeal": 20,
     "minor_pool": 2,
     "grit_pips": 0,
     "zeal_dice": "",
     "social_tier": 5,
     "conflict": true
    },
    "runtime": {
     "done_round": 12,
     "had_turn": true,
     "waiting": false,
     "moved": false,
     "late": false,
     "batch": 0,
     "major": 0,
     "minor": 1,
     "tricks": ["Flash"],
     "prepared": null,
     "conflict_rounds": 12,
     "tiebreak": []
    }
   },
   {
    "id": "c2",
    "name": "Bren",
    "side": "party",
    "hidden": false,
    "notes": "",
    "stats": {
     "zeal": 15,
     "minor_pool": 1,
     "grit_pips": 0,
     "zeal_dice": "",
     "social_tier": 5,
     "conflict": true
    },
    "runtime": {
     "done_round": 12,
     "had_turn": true,
     "waiting": false,
     "moved": false,
     "late": false,
     "batch": 0,
     "major": 1,
     "minor": 0,
     "tricks": [],
     "prepared": "the door opens",
     "conflict_rounds": 12,
     "tiebreak": []
    }
   },
   {
    "id": "c3",
    "name": "Cato",
    "side": "enemy",
    "hidden": false,
    "notes": "",
    "stats": {
     "zeal": 12,
     "minor_pool": 1,
     "grit_pips": 2,
     "zeal_dice": "",
     "social_tier": 5,
     "conflict": true
    },
    "runtime": {
     "done_round": 11,
     "had_turn": true,
     "waiting": true,
     "moved": false,
     "late": false,
     "batch": 0,
     "major": 0,
     "minor": 0,
     "tricks": [],
     "prepared": null,
     "conflict_rounds": 12,
     "tiebreak": []
    }
   },
   {
    "id": "c4",
    "name": "Dara",
    "side": "party",
    "hidden": false,
    "notes": "",
    "stats": {
     "zeal": 8,
     "minor_pool": 0,
     "grit_pips": 0,
     "zeal_dice": "",
     "social_tier": 5,
     "conflict": true
    },
    "runtime": {
     "done_round": 12,
     "had_turn": true,
     "waiting": false,
     "moved": false,
     "late": false,
     "batch": 0,
     "major": 0,
     "minor": 0,
     "tricks": [],
     "prepared": null,
     "conflict_rounds": 12,
     "tiebreak": []
    }
   }
  ],
  "effects": [
   {
    "id": "e5",
    "name": "Ward",
    "carrier_id": "c2",
    "creator_id": "c1",
    "duration": {"amount": 40, "ritual": false},
    "anchor": {"left": 28},
    "notes": ""
   },
   {
    "id": "e6",
    "name": "Sanctum",
    "carrier_id": "c1",
    "creator_id": "c1",
    "duration": {"amount": 1, "ritual": true},
    "anchor": {"ritual": true},
    "notes": ""
   }
  ],
  "clock": {
   "started": true,
   "round": 13,
   "current": "c1",
   "begun": false,
   "gap": {"after": "soulweaver"},
   "interrupts": [],
   "exchange": {
    "id": 1,
    "items": [
     {
      "id": 1,
      "kind": "trigger",
      "text": "Dara shouts",
      "by": "c4",
      "by_name": "Dara",
      "to": null,
      "reacted": []
     }
    ],
    "next": 2,
    "asking": {"order": ["c4", "c3", "c2", "c1"], "pos": 0}
   },
   "exchanges": 1,
   "overexertion": [["c1", 1], ["c2", 1], ["c3", 1], ["c4", 1]]
  },
  "log": [{"when": "R13", "text": "Trigger #1 by Dara: Dara shouts.", "kind": "action"}],
  "next_id": 7,
  "secret_fields": []
 }
}
"""
)

# What the untyped Priority logged playing on from that file (`_play_on`).
PLAYED_ON = [
    "Cato does not react.",
    "Bren does not react.",
    "Ayla does not react.",
    "No one can react: the trigger completes.",
    "Ayla rolls Overexertion after 1 minute in Conflict.",
    "Bren rolls Overexertion after 1 minute in Conflict.",
    "Cato rolls Overexertion after 1 minute in Conflict.",
    "Dara rolls Overexertion after 1 minute in Conflict.",
    "No waiting creature acts now.",
    "Round 13: Ayla's turn.",
    "Ayla's turn begins: Major 1 · Minor 2 (pips marked before it clear).",
    "Ward on Bren: 27 more of Ayla's turns in Conflict.",
    "Ayla uses the Trick “flash”, paying a Minor (Major 1 · Minor 1 left).",
    "Ayla's turn ends.",
    "Waiting (Cato) may act now.",
    "Cato acts now, after Ayla's turn: its place in Priority is now 2.",
    "Cato's turn begins: Major 1 · Minor 1.",
    "Cato takes a Minor Action: Step, paying a Minor (Major 1 · Minor 0 left).",
    "Bren's prepared action fires (the door opens): it interrupts Cato's turn to move and "
    "take a single action.",
    "Bren's prepared action ends; Cato's turn resumes.",
    "Cato's turn ends.",
    "Round 13: Bren's turn.",
    "Bren's turn begins: Major 1 · Minor 1 (pips marked before it clear).",
    "Bren's turn ends.",
    "Round 13: Dara's turn.",
    "Dara's turn begins: Major 1 · Minor 0.",
    "Dara's turn ends.",
    "Round 13: the Soulweaver's turn.",
]


def _open(document: dict[str, Any], tmp_path: Path) -> Session:
    return Session(encounter_from_document(document, tmp_path / "fight.tracker.json"))


def _answer(session: Session, label: str) -> None:
    prompt = session.prompt()
    assert prompt is not None
    chosen = [a for a in prompt.answers if a.label.startswith(label)]
    assert len(chosen) == 1, [a.label for a in prompt.answers]
    session.apply(chosen[0].command)


def _play_on(session: Session) -> None:
    for label in ["Pass", "Pass", "Pass", "Rolled", "Rolled", "Rolled", "Rolled"]:
        _answer(session, label)
    _answer(session, "No one acts now")
    session.apply(RulesetAction("trick", None, {"name": "flash"}))  # a new turn: again
    session.apply(EndTurn())
    _answer(session, "Cato acts now")
    session.apply(RulesetAction("minor", None, {"what": "Step"}))
    session.apply(RulesetAction("fire_prepared", "c2"))
    for _ in range(4):  # Bren's prepared action, Cato's, Bren's and Dara's turns
        session.apply(EndTurn())


# --- files saved before the records ------------------------------------------------------
def test_a_schema_1_file_opens_as_typed_records(tmp_path: Path) -> None:
    assert SCHEMA_VERSION >= 2  # read through every upgrade since
    document = copy.deepcopy(SCHEMA_1)
    encounter = encounter_from_document(document, tmp_path / "old.tracker.json")
    assert document == SCHEMA_1  # the upgrade works on a copy
    clock = encounter.clock
    assert isinstance(clock, PriorityClock)
    assert (clock.started, clock.round, clock.current, clock.begun) == (True, 13, "c1", False)
    assert clock.gap == Gap("soulweaver")
    assert clock.exchange == Exchange(
        id=1,
        items=[StackItem(1, "trigger", "Dara shouts", "c4", "Dara", None)],
        next=2,
        asking=Asking(["c4", "c3", "c2", "c1"]),
    )
    assert clock.overexertion == [Reminder(f"c{n}", 1) for n in range(1, 5)]
    ayla, bren, cato, dara = (c.runtime for c in encounter.combatants)
    assert ayla == CreatureState(
        done_round=12, had_turn=True, minor=1, tricks=Counters({"Flash": 1}), conflict_rounds=12
    )
    assert bren.prepared == "the door opens" and bren.major == 1
    assert cato.waiting and cato.done_round == 11
    assert isinstance(dara, CreatureState)
    anchors = [e.anchor for e in encounter.effects]
    assert anchors == [PriorityAnchor(left=28), PriorityAnchor(ritual=True)]
    # Saved again, it is the new shape.
    saved = envelope(encounter)
    assert saved["encounter"]["combatants"][0]["runtime"]["tricks"] == {"used": {"Flash": 1}}
    assert saved["encounter"]["clock"]["overexertion"][0] == {"combatant_id": "c1", "minute": 1}


def test_a_schema_1_file_plays_on_as_it_did(tmp_path: Path) -> None:
    session = _open(copy.deepcopy(SCHEMA_1), tmp_path)
    # What the untyped Priority said of this file:
    assert session.status() == (
        "Round 13 · 60 s · Ayla: Major 1 · Minor 2 (up: may wait) · waiting: Cato · "
        "reaction stack: 1"
    )
    prompt = session.prompt()
    assert prompt is not None and prompt.key == ("react", 1, 1, "c3")
    assert prompt.question == "Does Cato react (in reverse Priority)? A reaction costs a Minor."
    assert [(t.round, t.combatant_id, t.grant) for t in session.upcoming_turns(6)] == [
        (13, "c1", "Major 1 · Minor 2"),
        (13, "c2", "Major 1 · Minor 1"),
        (13, "c4", "Major 1 · Minor 0"),
        (13, None, ""),
        (14, "c1", "Major 1 · Minor 2"),
        (14, "c2", "Major 1 · Minor 1"),
    ]
    ruleset = session.ruleset
    assert [ruleset.markers(session.encounter, c) for c in session.encounter.combatants] == [
        ("in Conflict", "Overexertion due"),
        ("in Conflict", "prepared: the door opens", "Overexertion due"),
        ("in Conflict", "waiting", "Overexertion due"),
        ("in Conflict", "Overexertion due"),
    ]
    assert [session.remaining(e.id) for e in session.encounter.effects] == [
        "28 more of Ayla's turns in Conflict",
        "Ritual: does not tick in Conflict (end it by hand)",
    ]
    start = len(session.encounter.log)
    _play_on(session)
    assert [e.text for e in session.encounter.log[start:]] == PLAYED_ON
    assert session.status() == "Round 13 · 60 s · the Soulweaver's turn"
    assert combatant(session, "Ayla").runtime.tricks == Counters({"flash": 1})


def test_a_schema_1_state_or_clock_left_empty_opens_with_the_defaults(tmp_path: Path) -> None:
    document = copy.deepcopy(SCHEMA_1)
    document["encounter"]["combatants"][3]["runtime"] = None
    document["encounter"]["clock"] = None
    document["encounter"]["effects"] = []
    session = _open(document, tmp_path)
    assert session.encounter.combatants[3].runtime == CreatureState()
    assert session.encounter.clock == PriorityClock()
    assert session.status() == "Setting up: roll Zeal, then start Priority."


# --- damaged state -----------------------------------------------------------------------
def _current_document(tmp_path: Path) -> dict[str, Any]:
    """A schema 2 document of the same moment (the old file, opened and saved again)."""
    return envelope(_open(copy.deepcopy(SCHEMA_1), tmp_path).encounter)


DAMAGE = [
    ("the round is text", ("clock", "round"), "x", "the clock.round should be a whole number"),
    ("a stack item without its kind", ("clock", "exchange", "items", 0), {"id": 1}, "has no"),
    (
        "a stack item of an unknown kind",
        ("clock", "exchange", "items", 0, "kind"),
        "shout",
        "one of",
    ),
    ("an empty reaction stack", ("clock", "exchange", "items"), [], "at least its trigger"),
    ("a stack that is a list", ("clock", "exchange"), [1, 2], "should be a table"),
    ("a reminder as a pair", ("clock", "overexertion"), [["c1", 1]], "should be a table"),
    ("a pass position below 0", ("clock", "exchange", "asking", "pos"), -1, "below 0"),
    ("a gap after a number", ("clock", "gap", "after"), 3, "should be text"),
    ("an unknown entry in a state", ("combatants", 0, "runtime", "mood"), "calm", "'mood'"),
    ("Tricks as a list", ("combatants", 0, "runtime", "tricks"), ["Flash"], "should be a table"),
    (
        "a Trick counted as text",
        ("combatants", 0, "runtime", "tricks", "used", "Flash"),
        "1",
        "whole",
    ),
    ("pips below 0", ("combatants", 1, "runtime", "major"), -1, "below 0"),
    ("waiting as a number", ("combatants", 2, "runtime", "waiting"), 1, "yes or no"),
    ("a Ritual with turns left", ("effects", 1, "anchor", "left"), 2, "unless it is a Ritual"),
    ("an anchor of no kind", ("effects", 0, "anchor"), {}, "unless it is a Ritual"),
]


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [case[1:] for case in DAMAGE],
    ids=[case[0] for case in DAMAGE],
)
def test_damaged_state_is_refused_as_a_damaged_file(
    path: tuple[Any, ...], value: Any, message: str, tmp_path: Path
) -> None:
    document = _current_document(tmp_path)
    parent: Any = document["encounter"]
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    with pytest.raises(FileFormatError, match="is damaged") as refused:
        encounter_from_document(document, tmp_path / "damaged.tracker.json")
    assert message in refused.value.message


def test_the_same_document_undamaged_opens(tmp_path: Path) -> None:
    document = _current_document(tmp_path)
    session = _open(document, tmp_path)
    assert session.encounter.to_dict() == document["encounter"]
