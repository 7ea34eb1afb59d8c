"""Issue 24 point 1 (GUI): the damage box on a Classic d20 creature takes temporary HP
first, counts a blow at 0 HP (a failed death save in 5e, dying raised in PF2e) and
heals, each one undo step."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from tests.qt.conftest import show_pane, shown_window
from tests.qt.test_health_gui import select
from tracker.engine import AddCombatant, RulesetAction, Session, StartEncounter


def _fight(flavour: str) -> Session:
    session = Session.new("Crypt", "classic_d20", options={"flavour": flavour})
    session.apply(AddCombatant("Ayla", "party", stats={"initiative": 18, "hp_max": 20}))
    session.apply(AddCombatant("Ghoul", "enemy", stats={"initiative": 12, "hp_max": 22}))
    session.apply(StartEncounter())
    return session


def _type(window, qtbot, text: str) -> None:
    window.actions_by_name["health"].trigger()  # Edit → Damage or heal (H)
    assert window.health_box.input.hasFocus()
    qtbot.keyClicks(window.health_box.input, text)
    qtbot.keyClick(window.health_box.input, Qt.Key.Key_Return)


def _ayla(window):
    return next(c for c in window.document.encounter.combatants if c.name == "Ayla")


def test_minus_seven_takes_five_temporary_hp_then_two_hp_and_undoes(qtbot, tmp_path: Path):
    session = _fight("5e")
    ayla = session.encounter.combatants[0].id
    session.apply(RulesetAction("temp_hp", ayla, {"amount": 5}))
    for window in shown_window(qtbot, session, tmp_path / "journal"):
        show_pane(window, "combatants", qtbot)
        select(window, "Ayla")
        _type(window, qtbot, "-7")
        assert window.health_box.feedback.property("error") is not True
        assert (_ayla(window).stats["temp_hp"], _ayla(window).stats["damage"]) == (0, 2)
        assert window.document.encounter.log[-1].text == (
            "Ayla −7 (5 from temporary HP; HP 20 → 18)."
        )
        assert window.document.undo_stack.undo_text() == "Harm Ayla (−7)"
        window.document.undo_stack.undo()
        assert (_ayla(window).stats["temp_hp"], _ayla(window).stats["damage"]) == (5, 0)


def test_5e_a_blow_at_0_hp_is_a_failed_death_save_and_healing_wakes_her(qtbot, tmp_path: Path):
    for window in shown_window(qtbot, _fight("5e"), tmp_path / "journal"):
        show_pane(window, "combatants", qtbot)
        select(window, "Ayla")
        _type(window, qtbot, "-20")
        assert _ayla(window).runtime.death.failures == 0
        _type(window, qtbot, "-4")
        assert window.health_box.feedback.property("error") is not True
        assert _ayla(window).runtime.death.failures == 1
        _type(window, qtbot, "+6")
        assert _ayla(window).stats["damage"] == 14
        assert _ayla(window).runtime.death.failures == 0  # healing ends the saves


def test_pf2e_a_blow_at_0_hp_raises_dying(qtbot, tmp_path: Path):
    for window in shown_window(qtbot, _fight("pf2e"), tmp_path / "journal"):
        show_pane(window, "combatants", qtbot)
        select(window, "Ayla")
        _type(window, qtbot, "-20")
        assert _ayla(window).runtime.dying == 1
        _type(window, qtbot, "-3")
        assert window.health_box.feedback.property("error") is not True
        assert _ayla(window).runtime.dying == 2
