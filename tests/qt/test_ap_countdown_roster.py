"""The combatant list of an AP countdown follows what the clock changes in rows no
command touched: an action's progress as the count runs down, "done" going at Upkeep
(and coming back on undo)."""

from __future__ import annotations

from tests.engine.test_ap_countdown_helpers import act, answer, fight, who
from tracker.engine import AddEffect, EndEffect
from tracker.qt.document import EncounterDocument
from tracker.qt.models.roster_model import RosterModel


def _watch(model: RosterModel) -> set[int]:
    repainted: set[int] = set()
    model.dataChanged.connect(
        lambda top, bottom, *_: repainted.update(range(top.row(), bottom.row() + 1))
    )
    return repainted


def _name_cell(model: RosterModel, session, name: str) -> tuple[int, str]:
    row = model.row_of(who(session, name).id)
    return row, model.index(row, 0).data()


def test_rows_the_clock_changes_are_repainted(qapp, qtmodeltester):
    session = fight([("Hauser", 15, 1), ("Orc", 10, 0), ("Rat", 5, 0)])
    document = EncounterDocument(session)
    roster = RosterModel(document)
    qtmodeltester.check(roster, force_py=True)
    act(session, "declare", action="reload")  # Hauser at 35: 6 AP, 4 this round
    act(session, "declare", action="melee attack")  # the Orc at 30: resolves at 10
    act(session, "done")  # the Rat at 25
    row, text = _name_cell(roster, session, "Rat")
    assert text == "Rat  (done)"
    repainted = _watch(roster)
    answer(session, "Resolved")  # the Orc at 10: the countdown is over, Upkeep
    assert _name_cell(roster, session, "Rat") == (row, "Rat")
    assert row in repainted
    repainted.clear()
    session.undo()
    assert _name_cell(roster, session, "Rat") == (row, "Rat  (done)")
    assert row in repainted


def test_an_actions_progress_follows_the_count(qapp):
    session = fight([("Hauser", 15, 1), ("Orc", 10, 0)])
    document = EncounterDocument(session)
    roster = RosterModel(document)
    act(session, "declare", action="reload")  # Hauser at 35
    assert "charging Reload 1/6" in _name_cell(roster, session, "Hauser")[1]  # count 30
    repainted = _watch(roster)
    act(session, "declare", action="melee attack")  # only the Orc: the count goes to 10
    row, text = _name_cell(roster, session, "Hauser")
    assert "charging Reload 4/6" in text  # 35 → 10: 5 counts of 5, at most the 4 AP
    assert row in repainted


def test_a_carriers_row_is_repainted_when_its_effect_goes(qapp):
    session = fight([("Hauser", 15, 1), ("Orc", 10, 0)])
    document = EncounterDocument(session)
    roster = RosterModel(document)
    orc = who(session, "Orc").id
    session.apply(AddEffect("Stunned", orc, None, {"rounds": 2, "kind": "stunned"}))
    row, text = _name_cell(roster, session, "Orc")
    assert "stunned" in text
    repainted = _watch(roster)
    session.apply(EndEffect(session.encounter.effects[0].id))  # only the effect changes
    assert row in repainted
    assert "stunned" not in _name_cell(roster, session, "Orc")[1]
