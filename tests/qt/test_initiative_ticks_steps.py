"""A step of Initiative ticks (End Turn, an action, an edit, an undo) lays out none of
the main window: the tick track's tick and "who acts" lines change at every step, in
steady boxes (counts of events, not timings: the machine is shared)."""

from __future__ import annotations

from tests.qt.test_chrome_steps import close, counted_steps, open_window


def test_a_step_of_the_tick_track_lays_out_nothing_around_it(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path, "initiative_ticks")
    try:
        track = window.central_view
        acting = track.acting_label.text()
        requests = counted_steps(window, qtbot, 4)
        assert track.acting_label.text() != acting  # the texts changed
        assert requests.counts["MainWindow"] == 0, requests.named
        assert requests.counts["TickTrackView"] == 0, requests.named
    finally:
        close(window, qtbot)
