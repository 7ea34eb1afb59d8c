"""Opening a large Stamina battle tallies its Units (side, acted, Stamina) on the open's
worker (issue 26): the GM's view and the players' screen's model each copy the tally,
where each tallied every Unit on the GUI thread (counts of Units, not timings)."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.qt.test_chrome_steps import close, open_when_idle, window_and_large_file
from tracker.engine.rulesets.stamina_battle import StaminaBattle, UnitTally
from tracker.engine.state import Combatant, Encounter
from tracker.qt.rulesets.stamina_battle.model import UnitsModel

SIZE = 400


def test_an_open_tallies_the_units_off_the_window_thread(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window, path = window_and_large_file(qtbot, tmp_path, "stamina_battle", SIZE)
    tallied: Counter[bool] = Counter()  # Units tallied, on the GUI thread or not
    original = StaminaBattle.tallies

    def counted(
        ruleset: StaminaBattle, encounter: Encounter, units: Sequence[Combatant]
    ) -> list[UnitTally]:
        tallied[threading.current_thread() is threading.main_thread()] += len(units)
        return original(ruleset, encounter, units)

    monkeypatch.setattr(StaminaBattle, "tallies", counted)
    open_when_idle(window, path)
    assert tallied[False] == SIZE, tallied
    assert tallied[True] == 0, tallied
    model = window.central_view.findChild(UnitsModel)
    assert model is not None
    afresh = UnitsModel(window.document)
    encounter = window.document.encounter
    encounter.memo = {}  # nothing worked out ahead: tallied here
    afresh._load()
    assert model._tallies == afresh._tallies
    assert (model._present, model._to_act) == (afresh._present, afresh._to_act)
    close(window, qtbot)
