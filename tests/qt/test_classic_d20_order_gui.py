"""Issue 24 point 1 (the order in the GM's view): Classic d20 rows are dragged to break
ties only: a drag past a creature of another initiative is refused with the rule's
reason and changes nothing; a drag within a tie reorders, one undo step."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QModelIndex

from tests.qt.conftest import shown_window
from tracker.engine import Session, SetOption, StartEncounter
from tracker.persistence.files import load_encounter

SAMPLES = Path(__file__).resolve().parents[2] / "tracker" / "assets" / "samples"


def _names(window) -> list[str]:
    return [c.name for c in window.document.encounter.combatants]


def _session() -> Session:
    session = Session(load_encounter(SAMPLES / "classic_d20_sample.json"))
    session.apply(SetOption("ties", "gm"))  # ties are the GM's drag
    session.apply(StartEncounter())
    return session


def test_a_drag_past_another_initiative_is_refused_with_the_reason(qtbot, tmp_path: Path):
    for window in shown_window(qtbot, _session(), tmp_path / "journal", (1366, 768)):
        model = window.central_view.order_model
        before, steps = window.document.encounter.to_dict(), window.document.undo_stack.count()
        with qtbot.waitSignal(window.document.refused) as refused:
            assert not model.moveRows(QModelIndex(), 0, 1, QModelIndex(), 2)  # Ayla (17)
        assert "only ties are the GM's to order" in refused.args[0]
        assert window.document.encounter.to_dict() == before
        assert window.document.undo_stack.count() == steps


def test_a_drag_within_a_tie_reorders_in_one_step(qtbot, tmp_path: Path):
    for window in shown_window(qtbot, _session(), tmp_path / "journal", (1366, 768)):
        model = window.central_view.order_model
        assert _names(window)[3:5] == ["Bren", "Bugbear"]  # both 12
        assert model.moveRows(QModelIndex(), 4, 1, QModelIndex(), 3)
        assert _names(window)[3:5] == ["Bugbear", "Bren"]
        window.document.undo_stack.undo()
        assert _names(window)[3:5] == ["Bren", "Bugbear"]
