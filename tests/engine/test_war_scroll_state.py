"""The War Scroll's typed records: files saved before (plain tables) open unchanged and
save back identically; damaged records are refused naming the problem; the meters, the
clock and a new combatant's state come from the records."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tests.engine.helpers import action, add, combatant, started
from tracker.engine import EndTurn, Session
from tracker.engine.records import to_json
from tracker.engine.ruleset import Meter
from tracker.engine.rulesets.war_scroll import (
    CycleAnchor,
    SongAnchor,
    TurnAnchor,
    WarClock,
    WarScroll,
    WarState,
)
from tracker.persistence.files import FileFormatError, dump, encounter_from_document, envelope

# Written by the War Scroll before its state was typed (string-keyed tables), mid-War:
# Kandor's Segment 1 Turn of Cycle 1 with 2 AP spent; Echthra holds 4 AP in reserve;
# Kandor has bonus AP this Cycle and AP promised to the next; Shade joined late (his
# Segment 1 Turn is missed); Tirzaiel's Speed dropped; all three shapes of anchor.
SAVED_BEFORE = """\
{"format": "tracker-encounter", "schema_version": 1, "saved_at": "2026-11-23T12:00:00+00:00",
 "encounter": {"name": "Test", "ruleset_id": "war_scroll",
  "options": {
   "late_joiner": "next_segment",
   "speed_change": "redeal",
   "lost_turn_duration": "last_turn",
   "carry_target": "next_turn",
   "columns_on_defeat": "keep_cycle"},
  "combatants": [
   {"id": "c1", "name": "Echthra", "side": "party", "hidden": false, "notes": "",
    "stats": {"speed": 17, "swiftness": 9, "allegiance": "holy"},
    "runtime": {"base": [7, 7, 3], "extra": [0, 0, 0], "played": [true, false, false],
     "missed": [false, false, false], "next_extra": [], "reserve": 4}},
   {"id": "c2", "name": "Tirzaiel", "side": "party", "hidden": false, "notes": "",
    "stats": {"speed": 9, "swiftness": 8, "allegiance": "holy"},
    "runtime": {"base": [7, 2, 0], "extra": [0, 0, 0], "played": [true, false, false],
     "missed": [false, false, false], "next_extra": [], "reserve": 0}},
   {"id": "c3", "name": "Thomas", "side": "party", "hidden": false, "notes": "",
    "stats": {"speed": 12, "swiftness": 6, "allegiance": "other"},
    "runtime": {"base": [7, 5], "extra": [0, 0], "played": [true, false],
     "missed": [false, false], "next_extra": [], "reserve": 0}},
   {"id": "c4", "name": "Kandor", "side": "party", "hidden": false, "notes": "",
    "stats": {"speed": 11, "swiftness": 5, "allegiance": "fallen"},
    "runtime": {"base": [7, 4], "extra": [5, 8], "played": [false, false],
     "missed": [false, false], "next_extra": [5, 1], "reserve": 0}},
   {"id": "c9", "name": "Shade", "side": "enemy", "hidden": false, "notes": "",
    "stats": {"speed": 9, "swiftness": 3, "allegiance": "other"},
    "runtime": {"base": [7, 2], "extra": [0, 0], "played": [false, false],
     "missed": [true, false], "next_extra": [], "reserve": 0}}
  ],
  "effects": [
   {"id": "e5", "name": "Vigil", "carrier_id": "c4", "creator_id": null,
    "duration": {"cycles": 3, "ongoing_song": false},
    "anchor": {"cycle": 3}, "notes": ""},
   {"id": "e6", "name": "Valour", "carrier_id": "c3", "creator_id": "c2",
    "duration": {"ongoing_song": true, "cycles": 1},
    "anchor": {"song": "stopped"}, "notes": ""},
   {"id": "e7", "name": "Hymn", "carrier_id": "c1", "creator_id": "c3",
    "duration": {"ongoing_song": true, "cycles": 1},
    "anchor": {"song": "maintained"}, "notes": ""},
   {"id": "e8", "name": "Bless", "carrier_id": "c4", "creator_id": "c3",
    "duration": {"cycles": 1, "ongoing_song": false},
    "anchor": {"owner": "c3", "slot": 0, "cycle": 2}, "notes": ""}
  ],
  "clock": {"started": true, "cycle": 1, "current": ["c4", 0], "spent": 2, "columns": 3},
  "log": [{"when": "setup", "text": "Echthra joins (party).", "kind": "change"}],
  "next_id": 10, "secret_fields": []}}
"""


def saved_before() -> dict[str, Any]:
    return json.loads(SAVED_BEFORE)


def load(document: dict[str, Any]) -> Session:
    return Session(encounter_from_document(document, Path("war.tracker.json")))


def test_a_file_saved_before_opens_as_records():
    session = load(saved_before())
    encounter = session.encounter
    assert encounter.clock == WarClock(started=True, cycle=1, current=("c4", 0), spent=2, columns=3)
    assert combatant(session, "Kandor").runtime == WarState(
        base=[7, 4],
        extra=[5, 8],
        played=[False, False],
        missed=[False, False],
        next_extra=[5, 1],
        reserve=0,
    )
    assert combatant(session, "Shade").runtime.missed == [True, False]
    assert [e.anchor for e in encounter.effects] == [
        CycleAnchor(cycle=3),
        SongAnchor("stopped"),
        SongAnchor("maintained"),
        TurnAnchor(owner="c3", slot=0, cycle=2),
    ]
    assert session.status() == "Cycle 1 · Segment 1 · Kandor: 12 AP, 10 left"


def test_a_file_saved_before_saves_back_byte_for_byte():
    """The encounter is written back exactly as it was read (the envelope around it, the
    schema version and time saved, is the file format's own)."""
    document = saved_before()
    again = envelope(load(copy.deepcopy(document)).encounter)
    assert dump({"encounter": again["encounter"]}) == dump({"encounter": document["encounter"]})


def test_a_file_saved_before_plays_on():
    session = load(saved_before())
    session.apply(EndTurn())  # Kandor's Turn; Shade's Segment 1 Turn is missed
    turn = session.current_turn()
    assert turn is not None and combatant(session, "Echthra").id == turn.combatant_id
    assert turn.phase == "Segment 2"
    assert combatant(session, "Echthra").runtime.reserve == 0  # lapsed at her Turn


# --- damaged records ---------------------------------------------------------------------
def _damage(document: dict[str, Any], how: str) -> None:
    encounter = document["encounter"]
    echthra = encounter["combatants"][0]["runtime"]
    if how == "base not a list":
        echthra["base"] = "x"
    elif how == "played not yes or no":
        echthra["played"][1] = 1
    elif how == "reserve missing":
        del echthra["reserve"]
    elif how == "unknown state entry":
        echthra["bonus"] = 3
    elif how == "slots disagree":
        echthra["missed"].pop()
    elif how == "clock cycle missing":
        del encounter["clock"]["cycle"]
    elif how == "clock unknown entry":
        encounter["clock"]["round"] = 2
    elif how == "current turn without its slot":
        encounter["clock"]["current"] = ["c4"]
    elif how == "clock not a table":
        encounter["clock"] = [1, 0]
    elif how == "song neither maintained nor stopped":
        encounter["effects"][1]["anchor"] = {"song": "paused"}
    elif how == "anchor with an unknown entry":
        encounter["effects"][3]["anchor"]["segment"] = "1"
    elif how == "anchor cycle not a number":
        encounter["effects"][0]["anchor"] = {"cycle": "3"}
    else:  # pragma: no cover
        raise AssertionError(how)


@pytest.mark.parametrize(
    ("how", "expected"),
    [
        ("base not a list", "Echthra's state.base should be a list, not 'x'"),
        ("played not yes or no", r"Echthra's state.played\[1\] should be yes or no, not 1"),
        ("reserve missing", "Echthra's state has no 'reserve'"),
        ("unknown state entry", "Echthra's state has an unknown entry 'bonus'"),
        ("slots disagree", "Echthra's state: base, extra, played and missed should hold one"),
        ("clock cycle missing", "the clock has no 'cycle'"),
        ("clock unknown entry", "the clock has an unknown entry 'round'"),
        ("current turn without its slot", "the clock.current should hold 2 values, not 1"),
        ("clock not a table", "the clock should be a table, not a list"),
        ("song neither maintained nor stopped", "the end of effect 'Valour'.song should be"),
        ("anchor with an unknown entry", "the end of effect 'Bless'.* unknown entry 'segment'"),
        ("anchor cycle not a number", r"the end of effect 'Vigil'.cycle should be a whole"),
    ],
)
def test_a_damaged_war_scroll_state_is_refused_naming_the_problem(how: str, expected: str):
    document = saved_before()
    _damage(document, how)
    with pytest.raises(FileFormatError, match=r"is damaged: .*" + expected):
        encounter_from_document(document, Path("war.tracker.json"))


# --- typed state in use ------------------------------------------------------------------
def test_a_new_combatant_state_and_the_clock_are_records():
    session, ids = started()
    echthra = session.encounter.combatant(ids["Echthra"])
    assert echthra.runtime == WarState(
        base=[7, 7, 3],
        extra=[0, 0, 0],
        played=[False, False, False],
        missed=[False, False, False],
        next_extra=[],
        reserve=0,
    )
    assert to_json(session.encounter.clock) == {
        "started": True,
        "cycle": 1,
        "current": [ids["Echthra"], 0],
        "spent": 0,
        "columns": 3,
    }
    ruleset = session.ruleset
    assert isinstance(ruleset, WarScroll)
    assert ruleset.is_started(session.encounter) and ruleset.cycle(session.encounter) == 1


def test_is_started_and_cycle_before_the_war():
    session = Session.new("T", "war_scroll")
    ruleset = session.ruleset
    assert isinstance(ruleset, WarScroll)
    assert not ruleset.is_started(session.encounter)
    assert ruleset.cycle(session.encounter) == 0


def test_meters_show_ap_left_of_the_current_turn_and_the_reserve():
    session, ids = started()
    encounter, ruleset = session.encounter, session.ruleset
    echthra, tirzaiel = (encounter.combatant(ids[n]) for n in ("Echthra", "Tirzaiel"))
    assert ruleset.meters(encounter, echthra) == (Meter("ap", "AP", 7, 7),)
    assert ruleset.meters(encounter, tirzaiel) == ()
    action(session, "spend_ap", amount=2)
    action(session, "bonus_ap", ids["Echthra"], amount=3, turn="current")
    assert ruleset.meters(encounter, echthra) == (Meter("ap", "AP", 8, 10),)
    action(session, "stand_ready")  # the 8 AP left go into reserve
    assert ruleset.meters(encounter, echthra) == (
        Meter("ap", "AP", 0, 10),
        Meter("reserve", "Reserve", 8),
    )
    session.apply(EndTurn())
    assert ruleset.meters(encounter, echthra) == (Meter("reserve", "Reserve", 8),)
    assert ruleset.meters(encounter, tirzaiel) == (Meter("ap", "AP", 7, 7),)
    action(session, "use_reserve", ids["Echthra"], amount=8)
    assert ruleset.meters(encounter, echthra) == ()


def test_no_meters_before_the_war():
    session = Session.new("T", "war_scroll")
    add(session, "Echthra", 17)
    assert session.ruleset.meters(session.encounter, session.encounter.combatants[0]) == ()
