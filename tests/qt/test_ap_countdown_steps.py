"""A step of a large countdown works out the marks of the lanes it changed and of those
shown, not of every combatant (counts of work, not timings: the machine is shared); the
marks it keeps are always those the whole track gives."""

from __future__ import annotations

import random
from pathlib import Path

from benchmarks.fights import build, next_step
from tracker.engine import AddCombatant, RemoveCombatant
from tracker.engine.rulesets.ap_countdown import turns
from tracker.qt.main_window import MainWindow
from tracker.qt.rulesets.ap_countdown.marks import Marks
from tracker.qt.rulesets.ap_countdown.track_scale import value_range
from tracker.qt.rulesets.ap_countdown.track_view import CountdownTrack


def test_a_step_works_out_few_marks_and_keeps_them_right(qtbot, tmp_path, monkeypatch):
    worked_out: list[str] = []
    original = turns.mark_of

    def mark_of(encounter, combatant):
        worked_out.append(combatant.id)
        return original(encounter, combatant)

    window = MainWindow(build("ap_countdown", 300), None, Path(tmp_path) / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    try:
        view = window.central_view
        assert isinstance(view, CountdownTrack)
        model, session = view.track_model, window.document.session
        monkeypatch.setattr(turns, "mark_of", mark_of)
        for _ in range(12):
            phase = session.ruleset.phase(session.encounter)
            worked_out.clear()
            window.document.apply(next_step(session))
            qtbot.wait(1)
            window.repaint()
            if session.ruleset.phase(session.encounter) == phase == "resolution":
                assert len(set(worked_out)) < 60, f"{len(set(worked_out))} marks worked out"
            marks = [model.mark_at(row) for row in range(model.rowCount())]
            assert marks == list(session.ruleset.track(session.encounter))
            # the scale's range, kept from what each mark reaches: that of every mark
            assert model.marks.value_range(model.count()) == _range_of_all(model)
            assert (view.scale.low, view.scale.high) == _range_of_all(model)
    finally:
        window.document.undo_stack.set_clean()
        window.close()
        window.deleteLater()
        qtbot.wait(1)


def test_marks_kept_through_joins_removals_undo_and_redo_are_the_whole_tracks(qtbot, tmp_path):
    """Combatants join and leave mid-countdown, steps between, undone and redone: the
    marks kept, what each reaches on the scale and who acts are those worked out afresh
    from the whole track (a combatant coming or going works out its own mark only)."""
    rng = random.Random(26)
    window = MainWindow(build("ap_countdown", 40), None, Path(tmp_path) / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    try:
        view = window.central_view
        assert isinstance(view, CountdownTrack)
        model, document = view.track_model, window.document
        session = document.session
        for number in range(60):
            roll = rng.random()
            if roll < 0.2:
                stats = {"qu": rng.randint(-5, 5), "penalty": -rng.randint(0, 30)}
                assert document.apply(AddCombatant(f"Late {number}", "enemy", stats=stats))
            elif roll < 0.35 and len(session.encounter.combatants) > 5:
                gone = rng.choice(session.encounter.combatants)
                assert document.apply(RemoveCombatant(gone.id))
            elif roll < 0.5 and document.undo_stack.can_undo():
                document.undo_stack.undo()
                if rng.random() < 0.5:
                    document.undo_stack.redo()
            else:
                document.apply(next_step(session))
            qtbot.wait(1)
            window.repaint()
            marks = [model.mark_at(row) for row in range(model.rowCount())]
            assert marks == list(session.ruleset.track(session.encounter)), number
            assert model.marks.value_range(model.count()) == _range_of_all(model), number
            fresh = Marks(lambda: session.ruleset, lambda: session.encounter)
            kept = model.marks
            assert (kept._reach, kept._highs, kept._lows, kept._acting) == (
                fresh._reach,
                fresh._highs,
                fresh._lows,
                fresh._acting,
            ), number
    finally:
        window.document.undo_stack.set_clean()
        window.close()
        window.deleteLater()
        qtbot.wait(1)


def _range_of_all(model) -> tuple[int, int]:
    marks = [model.mark_at(row) for row in range(model.rowCount())]
    return value_range(marks, model.count())
