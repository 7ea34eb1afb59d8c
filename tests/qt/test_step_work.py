"""A step of the fight does work that follows what changed, whatever the size of the
fight (counts of work, not timings: the machine is shared): the prompt panel reuses its
answer rows, the effects view reads the effects it shows and repaints those that
changed, and the order is played ahead once per change for every effect's "ends soon"."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from benchmarks.fights import add_effects, build, next_step
from tracker.engine import EditCombatant
from tracker.qt.main_window import MainWindow
from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.widgets import prompt_panel

RULESETS = ["ap_countdown", "initiative_ticks", "priority", "stamina_battle", "war_scroll"]


def open_window(qtbot, tmp_path: Path, ruleset_id: str, size: int, effects: int) -> MainWindow:
    session = build(ruleset_id, size)
    add_effects(session, session.apply, effects, random.Random(5))
    window = MainWindow(session, None, Path(tmp_path) / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    return window


def close(window: MainWindow, qtbot) -> None:
    window.document.undo_stack.set_clean()
    window.close()
    window.deleteLater()
    qtbot.wait(1)


def step(window: MainWindow, qtbot) -> None:
    window.document.apply(next_step(window.document.session))
    qtbot.wait(1)


def test_the_prompt_panel_keeps_its_answer_rows(qtbot, tmp_path, monkeypatch):
    """AP countdown asks a prompt at every step (declare, resolve): the answer rows and
    their forms are built for the first prompts, then given the new answers."""
    built: list[int] = []
    original = prompt_panel.FieldForm

    class CountedForm(original):  # type: ignore[misc, valid-type]
        def __init__(self, *args, **kwargs):
            built.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(prompt_panel, "FieldForm", CountedForm)
    window = open_window(qtbot, tmp_path, "ap_countdown", 10, 0)
    try:
        panel = window.prompt_panel
        for _ in range(3):  # the first prompts of each kind build their rows
            step(window, qtbot)
        built.clear()
        asked = 0
        for _ in range(12):
            step(window, qtbot)
            asked += panel.isVisible()
            assert all(button.isVisible() for button in panel.answer_buttons)
        assert asked >= 10, "AP countdown asks at nearly every step"
        assert len(built) <= 2, f"{len(built)} answer forms built in 12 steps"
    finally:
        close(window, qtbot)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_step_plays_the_order_ahead_once_for_all_effects(
    ruleset_id, qtbot, tmp_path, monkeypatch
):
    window = open_window(qtbot, tmp_path, ruleset_id, 30, 10)
    calls: list[int] = []
    ruleset_class = type(window.document.ruleset)
    original = ruleset_class.coming_points

    def coming_points(self, encounter):
        calls.append(1)
        return original(self, encounter)

    monkeypatch.setattr(ruleset_class, "coming_points", coming_points)
    try:
        for _ in range(3):
            calls.clear()
            step(window, qtbot)
            window.repaint()
            assert len(calls) <= 1, f"the order was played ahead {len(calls)} times in a step"
    finally:
        close(window, qtbot)


def test_the_effects_view_reads_only_the_effects_it_shows(qtbot, tmp_path, monkeypatch):
    """Sixty lasting effects: a step reads a few rows of the effects model (those on
    screen), never all of them (no measuring of every row to fit its contents)."""
    rows_read: set[int] = set()
    original = EffectsModel.data

    def data(self, index, role=0):
        rows_read.add(index.row())
        return original(self, index, role)

    monkeypatch.setattr(EffectsModel, "data", data)
    window = open_window(qtbot, tmp_path, "war_scroll", 40, 60)
    try:
        assert window.effects_model.rowCount() == 60
        for _ in range(3):
            rows_read.clear()
            step(window, qtbot)
            window.repaint()
            assert len(rows_read) < 20, f"{len(rows_read)} of 60 effects read in a step"
    finally:
        close(window, qtbot)


def test_effect_rows_are_repainted_only_when_their_texts_change(qtbot, tmp_path):
    """Effects lasting 99 Cycles: ending Turns inside a Cycle changes none of their
    texts, so no effect row is announced; renaming a carrier announces its rows only."""
    window = open_window(qtbot, tmp_path, "war_scroll", 30, 10)
    model = window.effects_model
    announced: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda first, last, *_: announced.append((first.row(), last.row())))
    try:
        session = window.document.session
        cycle = session.encounter.clock.cycle
        step(window, qtbot)
        if session.encounter.clock.cycle == cycle:
            assert announced == []
        announced.clear()
        effect = model.effect_at(4)
        assert effect is not None
        window.document.apply(EditCombatant(effect.carrier_id, {"name": "Someone Else"}))
        rows = {row for first, last in announced for row in range(first, last + 1)}
        carried = {
            row
            for row in range(model.rowCount())
            if (e := model.effect_at(row)) is not None
            and effect.carrier_id in (e.carrier_id, e.creator_id)
        }
        assert 4 in rows
        assert rows <= carried | {
            row
            for row in range(model.rowCount())
            if (e := model.effect_at(row)) is not None and e.anchor.owner == effect.carrier_id
        }
        assert model.data(model.index(4, 1)) == "Someone Else"
    finally:
        close(window, qtbot)
