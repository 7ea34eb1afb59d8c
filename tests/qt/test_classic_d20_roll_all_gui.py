"""Issue 24 point 1 (Roll all in the view): Classic d20's order table rolls the d20s the
engine asks for (one per GM's creature still to roll, two with advantage) and sends
them in one undoable step; with nothing to roll it says why and changes nothing."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from tests.qt.conftest import shown_window
from tracker.engine import AddCombatant, Session
from tracker.qt.rulesets.classic_d20.view import D20OrderTable


class FakeRng:
    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        assert (low, high) == (1, 20)
        return self.faces.pop(0)


def _session() -> Session:
    session = Session.new("Crypt", "classic_d20")
    session.apply(AddCombatant("Ayla", "party", stats={"initiative": 15, "hp_max": 20}))
    session.apply(AddCombatant("Orc", "enemy", stats={"init_mod": 1, "hp_max": 15}))
    wolf = {"init_mod": 2, "advantage": True, "hp_max": 11}
    session.apply(AddCombatant("Wolf", "enemy", stats=wolf))
    return session


def _initiatives(window) -> dict[str, int]:
    return {c.name: c.stats["initiative"] for c in window.document.encounter.combatants}


def test_roll_all_rolls_what_the_engine_asks_in_one_step(qtbot, tmp_path: Path):
    for window in shown_window(qtbot, _session(), tmp_path / "journal", (1366, 768)):
        view = window.central_view
        assert isinstance(view, D20OrderTable)
        view.rng = FakeRng(12, 7, 16)  # the Orc's d20, then the Wolf's two (advantage)
        steps = window.document.undo_stack.count()
        view.roll_all_action.trigger()  # its context menu's item (Ctrl+Shift+I)
        assert _initiatives(window) == {"Ayla": 15, "Orc": 13, "Wolf": 18}  # 12+1, 16+2
        assert [c.name for c in window.document.encounter.combatants] == ["Wolf", "Ayla", "Orc"]
        assert window.document.undo_stack.count() == steps + 1
        window.document.undo_stack.undo()
        assert _initiatives(window) == {"Ayla": 15, "Orc": 0, "Wolf": 0}


def test_roll_all_with_nothing_to_roll_says_why(qtbot, tmp_path: Path):
    for window in shown_window(qtbot, _session(), tmp_path / "journal", (1366, 768)):
        view = window.central_view
        view.rng = FakeRng(12, 7, 16)
        assert view.roll_all()
        before = window.document.encounter.to_dict()
        with qtbot.waitSignal(window.document.refused) as refused:
            assert not view.roll_all()
        assert "Every creature of the GM has its initiative already." in refused.args[0]
        assert window.document.encounter.to_dict() == before


def test_ctrl_shift_i_in_the_view_rolls_all(qtbot, tmp_path: Path):
    for window in shown_window(qtbot, _session(), tmp_path / "journal", (1366, 768)):
        view = window.central_view
        view.rng = FakeRng(12, 7, 16)
        window.activateWindow()
        view.setFocus()
        qtbot.waitUntil(view.hasFocus)
        keys = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
        qtbot.keyClick(view, Qt.Key.Key_I, keys)
        assert _initiatives(window) == {"Ayla": 15, "Orc": 13, "Wolf": 18}
