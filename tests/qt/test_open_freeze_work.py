"""A large fight opened is frozen out of the collector's full passes (`heap`) with its
young collection made on the open's worker, while the window waits: the young
collection a slot of the window makes after the swap walks only what the window made
since, not the whole new fight (10-15 ms at 5,000 combatants, right after the fight
view's build: one stall). Counts, no timings."""

from __future__ import annotations

import gc
import threading

from pytestqt.qtbot import QtBot

from benchmarks.idle_timer import IdleClock
from tests.qt.test_step_work import close, open_window
from tracker.qt import heap

SIZE = 1000


def test_an_open_walks_the_new_fight_young_off_the_windows_thread(
    qtbot: QtBot, tmp_path, monkeypatch
) -> None:
    """The new fight walked young once, on the worker (about 17 objects a combatant);
    the window's young collection after the swap, what the views made (the whole
    fight before: 18,000 objects at 1,000 combatants)."""
    window = open_window(qtbot, tmp_path, "classic_d20", SIZE, 4)
    path = tmp_path / "large.json"
    try:
        assert window.save_to(path)
        IdleClock().settle()
        young: list[tuple[bool, int]] = []  # a young collection: on the window's thread? walks
        original = gc.collect

        def counted(generation: int = 2) -> int:
            if generation < 2:
                walked = sum(len(gc.get_objects(g)) for g in range(generation + 1))
                young.append((threading.current_thread() is threading.main_thread(), walked))
            return original(generation)

        monkeypatch.setattr(heap.gc, "collect", counted)
        assert window.open_path(path)
        IdleClock().settle()
        on_worker = [walked for main, walked in young if not main]
        on_window = [walked for main, walked in young if main]
        assert on_worker and max(on_worker) > 10 * SIZE, "the new fight, walked on the worker"
        assert on_window and max(on_window) < 5 * SIZE, "what the window made since"
    finally:
        close(window, qtbot)
