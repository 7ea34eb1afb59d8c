"""The order shows each combatant's meters as numbers with the change of the last
command: spending AP reads "AP 4/7 (−3)", undoing it "(+3)", the next command clears it."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.qt import priority_fixtures as pf
from tests.qt.conftest import by_name
from tracker.engine import EndTurn, RulesetAction, StartEncounter
from tracker.qt.models.roster_model import RosterModel

pwindow = pf.pwindow


def _resources(model: RosterModel, document, name: str) -> str:
    return model.index(model.row_of(by_name(document, name).id), 2).data()


def test_spent_ap_show_with_their_change_and_undo_gives_it_back(document, qtmodeltester):
    model = RosterModel(document)
    qtmodeltester.check(model)
    assert _resources(model, document, "Echthra") == "Endurance 24/24"  # no Turn yet: no AP
    document.apply(StartEncounter())
    assert _resources(model, document, "Echthra") == "Endurance 24/24 · AP 7/7"
    document.apply(RulesetAction("spend_ap", None, {"amount": 3}))
    assert _resources(model, document, "Echthra") == "Endurance 24/24 · AP 4/7 (−3)"
    document.undo_stack.undo()
    assert _resources(model, document, "Echthra") == "Endurance 24/24 · AP 7/7 (+3)"
    document.apply(EndTurn())  # the Turn passes: Echthra shows nothing, Tirzaiel her AP
    assert _resources(model, document, "Echthra") == "Endurance 24/24"
    assert _resources(model, document, "Tirzaiel") == "Endurance 22/22 · AP 7/7"
    qtmodeltester.check(model)
    document.undo_stack.set_clean()


def test_priority_pips_show_in_the_order_table(pwindow):
    table = pwindow.central_view.order_model
    assert table.headerData(2, Qt.Orientation.Horizontal) == "Resources"
    pwindow.document.apply(StartEncounter())
    ayla = by_name(pwindow.document, "Ayla")
    pwindow.document.apply(RulesetAction("major", ayla.id, {"what": "Strike"}))
    # Health first (Ayla's Grit Pips in her Grit Pool), then the pips.
    assert _resources(table, pwindow.document, "Ayla") == "Grit 1/6 · Major 0/1 (−1) · Minor 2/2"
    assert pf.table_row(pwindow, "Ayla")[0].startswith("Ayla")
