"""The row acting, pinned on every page of a long players' list (Stamina battle's Units,
the War Scroll's grid), is looked up from the engine's turn, not searched for among the
rows: while a hidden combatant acted, every row's readout (Stamina, ~90 ms at 5,000) or
every cell of the grid (War Scroll, ~480 ms) was read at each fitting and page turn.
Counts, not timings."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from benchmarks.fights import build, next_step
from benchmarks.idle_timer import IdleClock
from tests.qt.test_players_open import players_up
from tracker.engine import EditCombatant
from tracker.qt.players.panel_parts import RowPager
from tracker.qt.players.ruleset_panel import RulesetPanel
from tracker.qt.rulesets.stamina_battle import players_panel as stamina
from tracker.qt.rulesets.stamina_battle.model import UnitsModel
from tracker.qt.rulesets.war_scroll.model import StateRole
from tracker.qt.rulesets.war_scroll.players_panel import WarScrollPanel
from tracker.qt.rulesets.war_scroll.players_proxy import PlayersWarScrollProxy

SIZE = 300


def _stamina_acting(panel: Any) -> int | None:
    """The row whose Unit the players see as acting, read row by row."""
    proxy = panel.proxy
    for row in range(proxy.rowCount()):
        unit = proxy.index(row, 0).data(stamina.PublicUnitRole)
        if unit is not None and unit[3] == "acting":
            return row
    return None


def _grid_acting(panel: Any) -> int | None:
    """The grid's row with a cell the players see as the current Turn, read cell by cell."""
    proxy = panel.grid_proxy
    for row in range(proxy.rowCount()):
        for column in range(proxy.columnCount()):
            if proxy.index(row, column).data(StateRole) == "current":
                return row
    return None


def _count_stamina(monkeypatch: pytest.MonkeyPatch, read: list[int]) -> None:
    original = stamina.public_unit

    def counted(model: UnitsModel, row: int, secret: bool) -> stamina.PublicUnit:
        read.append(row)
        return original(model, row, secret)

    monkeypatch.setattr(stamina, "public_unit", counted)


def _count_grid(monkeypatch: pytest.MonkeyPatch, read: list[int]) -> None:
    original = PlayersWarScrollProxy._state

    def counted(proxy: PlayersWarScrollProxy, index: Any) -> str | None:
        read.append(index.row())
        return original(proxy, index)

    monkeypatch.setattr(PlayersWarScrollProxy, "_state", counted)


Count = Callable[[pytest.MonkeyPatch, list[int]], None]
CASES: dict[str, tuple[type[RulesetPanel], Callable[[Any], int | None], Count, int]] = {
    # ruleset: the panel, its acting row read row by row, the reads counted, reads a row
    "stamina_battle": (stamina.StaminaPanel, _stamina_acting, _count_stamina, 1),
    "war_scroll": (WarScrollPanel, _grid_acting, _count_grid, 20),
}


@pytest.mark.parametrize("ruleset_id", sorted(CASES))
def test_the_acting_row_is_looked_up_not_searched(
    ruleset_id: str, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    panel_class, by_rows, count, per_row = CASES[ruleset_id]
    window, players = players_up(qtbot, tmp_path, build(ruleset_id, SIZE))
    panel = players.findChildren(panel_class)[0]
    pager = panel.findChildren(RowPager)[0]
    assert pager.pages > 1
    for _step in range(3):  # the one acting, wherever its row
        window.document.apply(next_step(window.document.session))
        IdleClock().settle()
        acting = by_rows(panel)
        assert acting is not None
        assert pager.pinned() == acting
        pager.turn_page()
        assert acting in pager.shown_rows()
    actor = window.document.session.current_turn()
    assert actor is not None and actor.combatant_id is not None
    window.document.apply(EditCombatant(actor.combatant_id, {"hidden": True}))
    IdleClock().settle()
    assert by_rows(panel) is None
    read: list[int] = []
    count(monkeypatch, read)
    assert pager.pinned() is None
    pager.turn_page()
    assert len(read) <= pager.per_page * per_row, f"{len(read)} reads for a page turn"
    players.close()
    window.document.undo_stack.set_clean()
    window.close()
    window.deleteLater()
    qtbot.wait(1)
