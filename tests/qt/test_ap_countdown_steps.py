"""A step of a large countdown works out the marks of the lanes it changed and of those
shown, not of every combatant (counts of work, not timings: the machine is shared); the
marks it keeps are always those the whole track gives."""

from __future__ import annotations

from pathlib import Path

from benchmarks.fights import build, next_step
from tracker.engine.rulesets.ap_countdown import turns
from tracker.qt.main_window import MainWindow
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


def _range_of_all(model) -> tuple[int, int]:
    marks = [model.mark_at(row) for row in range(model.rowCount())]
    return value_range(marks, model.count())
