"""Opening a large AP countdown fight works out its track (every combatant's mark) while
the file is read, off the window's thread (issue 26: 40 ms of the open's longest slot at
5,000); the track shown is the one worked out there (counts of calls, not timings)."""

from __future__ import annotations

import threading
from collections import Counter
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.qt.test_chrome_steps import close, open_when_idle, window_and_large_file
from tracker.engine.rulesets.ap_countdown import turns
from tracker.engine.state import Combatant, Encounter
from tracker.persistence import load_encounter
from tracker.qt.rulesets.ap_countdown import marks
from tracker.qt.rulesets.ap_countdown.texts import Mark
from tracker.qt.rulesets.ap_countdown.track_scale import value_range
from tracker.qt.rulesets.ap_countdown.track_view import CountdownTrack

SIZE = 400


def test_an_open_works_out_the_track_off_the_window_thread(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window, path = window_and_large_file(qtbot, tmp_path, "ap_countdown", SIZE)
    expected = turns.track(load_encounter(path))
    on_gui: Counter[str] = Counter()
    mark_of = turns.mark_of

    def counted(encounter: Encounter, combatant: Combatant) -> turns.TrackMark:
        if threading.current_thread() is threading.main_thread():
            on_gui["marks"] += 1
        return mark_of(encounter, combatant)

    monkeypatch.setattr(turns, "mark_of", counted)
    open_when_idle(window, path)
    assert on_gui["marks"] < SIZE // 10, on_gui
    assert turns.track(window.document.encounter) == expected
    close(window, qtbot)


def test_an_open_tallies_the_marks_reach_off_the_window_thread(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scale needs every mark's reach: the open's worker tallies them
    (`marks.tally_ahead`), the track's model looks the tally up (it took every mark's
    reach on the GUI thread, once for each model that follows the fight)."""
    window, path = window_and_large_file(qtbot, tmp_path, "ap_countdown", SIZE)
    on_gui: Counter[bool] = Counter()
    reach = marks.reach

    def counted(mark: Mark) -> marks.Reach:
        on_gui[threading.current_thread() is threading.main_thread()] += 1
        return reach(mark)

    monkeypatch.setattr(marks, "reach", counted)
    open_when_idle(window, path)
    assert on_gui[False] == SIZE, on_gui
    assert on_gui[True] == 0, on_gui
    view = window.central_view
    assert isinstance(view, CountdownTrack)
    model = view.track_model
    encounter = window.document.encounter
    count = model.count()
    assert model.marks.value_range(count) == value_range(turns.track(encounter), count)
    close(window, qtbot)
