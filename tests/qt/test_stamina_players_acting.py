"""Stamina battle on the players' screen: the Unit acting, pinned on every page of a long
list, is looked up by the battle's clock, not searched for among the rows' readouts
(while a hidden Unit acted, a pass over all of them at each fitting and page turn:
~90 ms at 5,000 Units). Counts, not timings."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from benchmarks.fights import build, next_step
from benchmarks.idle_timer import IdleClock
from tracker.engine import EditCombatant
from tracker.qt.main_window import MainWindow
from tracker.qt.players.launcher import open_players_screen
from tracker.qt.players.panel_parts import FittedRows
from tracker.qt.rulesets.stamina_battle import players_panel
from tracker.qt.rulesets.stamina_battle.model import UnitsModel
from tracker.qt.rulesets.stamina_battle.players_panel import PublicUnitRole, StaminaPanel

SIZE = 300


def _acting_by_status(panel: StaminaPanel) -> int | None:
    """The row whose Unit the players see as acting, read row by row."""
    for row in range(panel.proxy.rowCount()):
        unit = panel.proxy.index(row, 0).data(PublicUnitRole)
        if unit is not None and unit[3] == "acting":
            return row
    return None


def test_the_acting_unit_is_looked_up_not_searched(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = build("stamina_battle", SIZE)
    window = MainWindow(session, None, tmp_path / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    players = open_players_screen(
        window.document,
        window,
        ask=False,
        turn_order_model=window.turn_order_model,
        effects_model=window.effects_model,
        store=QSettings(str(tmp_path / "players.ini"), QSettings.Format.IniFormat),
    )
    assert players is not None
    IdleClock().settle()
    panel = players.findChildren(StaminaPanel)[0]
    pager = panel.findChildren(FittedRows)[0].pager
    assert pager.pages > 1
    for _step in range(3):  # the one acting, wherever its row
        window.document.apply(next_step(window.document.session))
        IdleClock().settle()
        acting = _acting_by_status(panel)
        assert acting is not None
        assert pager.pinned() == acting
        pager.turn_page()
        assert acting in pager.shown_rows()
    actor = window.document.session.current_turn()
    assert actor is not None and actor.combatant_id is not None
    window.document.apply(EditCombatant(actor.combatant_id, {"hidden": True}))
    IdleClock().settle()
    assert _acting_by_status(panel) is None
    read: list[int] = []
    original = players_panel.public_unit

    def counted(model: UnitsModel, row: int, secret: bool) -> object:
        read.append(row)
        return original(model, row, secret)

    monkeypatch.setattr(players_panel, "public_unit", counted)
    assert pager.pinned() is None
    pager.turn_page()
    assert len(read) <= pager.per_page, f"{len(read)} Units read for a page turn"
    players.close()
    window.document.undo_stack.set_clean()
    window.close()
    window.deleteLater()
    qtbot.wait(1)
