"""Nothing covers the fight, on a laptop: the GM's window maximised on a 1,366 × 768
screen (its inside 1,366 × 743 under a title bar), a party of twelve, and every prompt
each ruleset asks over a fight. With each prompt open, the ruleset's view shows at
least 8 combatants' rows whole, and every answer button of the prompt is in view in
the inspector beside it, whole, no scrolling needed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QPushButton, QWidget

from benchmarks.fights import next_step
from tests.plugins import built_in_rulesets
from tests.qt.conftest import shown_window
from tracker.engine import DuplicateCombatant, Session, StartEncounter
from tracker.persistence import load_encounter
from tracker.qt.views.combatant_cell import paint_cell

RULESETS = built_in_rulesets()  # every built-in, however many
SAMPLES = Path(__file__).parents[2] / "tracker" / "assets" / "samples"
LAPTOP_INSIDE = (1366, 743)
STEPS = 40  # steps of the fight, each prompt on the way checked


def _party_of_twelve(ruleset_id: str) -> Session:
    session = Session(load_encounter(SAMPLES / f"{ruleset_id}_sample.json"))
    party = next(c for c in session.encounter.combatants if c.side == "party")
    while sum(c.side == "party" for c in session.encounter.combatants) < 12:
        session.apply(DuplicateCombatant(party.id))
    return session


def _in(widget: QWidget, outer: QWidget) -> bool:
    """`widget` lies whole inside `outer`'s rectangle (both as shown in the window)."""
    top_left = widget.mapTo(outer, QPoint(0, 0))
    return outer.rect().contains(QRect(top_left, widget.size()))


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_prompt_leaves_eight_rows_and_shows_every_answer(
    ruleset_id, qtbot, tmp_path, monkeypatch
):
    session = _party_of_twelve(ruleset_id)
    whole: set[str] = set()
    original = paint_cell
    view_box: list[QWidget] = []

    def recorded(painter, rect, summary, *args, **kwargs):
        shown = painter.deviceTransform().mapRect(QRect(rect))  # in the view's grab
        if view_box[0].rect().contains(shown):
            whole.add(summary.id)
        return original(painter, rect, summary, *args, **kwargs)

    windows = shown_window(qtbot, session, tmp_path / "journal", LAPTOP_INSIDE)
    window = next(windows)
    # Patched once every view's module is imported: a module imported later would keep
    # the recording function, and the view it records for, past this test.
    for module in list(sys.modules.values()):
        if getattr(module, "paint_cell", None) is original:
            monkeypatch.setattr(module, "paint_cell", recorded)
    cells = getattr(window.central_view, "kept", None)  # a view that keeps its drawing
    if cells is not None:
        cells.keep = False  # draws them straight into the view: their places are seen
    try:
        view_box.append(window.central_view)
        panel, column = window.prompt_panel, window.dock("dock_inspector")
        prompts = tallest = 0
        assert window.document.apply(StartEncounter())
        for _ in range(STEPS):
            assert window.document.apply(next_step(window.document.session))
            qtbot.wait(1)
            if panel.isVisible():
                prompts += 1
                tallest = max(tallest, panel.height())

                def shown(panel=panel) -> list[QPushButton]:
                    return [b for b in panel.findChildren(QPushButton) if b.isVisible()]

                def whole_buttons() -> bool:  # once the column has made room (a few
                    return all(  # posted layouts)
                        b.height() >= b.minimumSizeHint().height() for b in shown()
                    )

                qtbot.waitUntil(whole_buttons, timeout=2000)
                buttons = shown()
                assert buttons and all(_in(b, column) for b in buttons), panel.title.text()
                assert _in(panel, column)
            whole.clear()
            window.central_view.grab()
            rows = len(whole)
            asked = panel.title.text() if panel.isVisible() else "no prompt"
            assert rows >= 8, f"{rows} whole rows ({asked})"
        if ruleset_id in ("ap_countdown", "initiative_ticks"):
            assert prompts >= 3 and tallest > 150, (prompts, tallest)
    finally:
        next(windows, None)  # closes the window
