"""The main window's turn order is lazy: while its pane is hidden and nobody holds it, a
change works out only the first turns (what the up-next strip reads); shown, it has
every turn to come, the same rows as a model kept whole; held by the players' proxy, the
first turns as far as their list of one round needs (`tests/qt/test_players_turn_reach.py`)."""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import QModelIndex, QObject

from benchmarks.fights import add_effects, an_action, build, next_step
from tests.qt.conftest import show_pane
from tests.qt.test_chrome_steps import close, open_window
from tracker.engine import EditCombatant
from tracker.engine.ruleset import Turn
from tracker.qt.main_window import MainWindow
from tracker.qt.models.turn_order_model import GLANCE, TurnOrderModel
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.turn_order_proxy import PlayersTurnOrderProxy, one_round_reach
from tracker.qt.widgets.up_next import up_next_text


def _turns(model: TurnOrderModel) -> list[Turn]:
    return [turn for row in range(model.rowCount()) if (turn := model.turn_at(row))]


def _rows(model: TurnOrderModel) -> list[object]:
    return [(turn.key, turn.grant, turn.values) for turn in _turns(model)]


def _changes(window: MainWindow, rng: random.Random, count: int) -> None:
    """End Turns, actions and renames, as the GM makes them."""
    document = window.document
    for number in range(count):
        session = document.session
        choice = rng.random()
        action = an_action(session) if choice < 0.4 else None
        if action is not None:
            document.apply(action)
        elif choice < 0.6 and session.encounter.combatants:
            combatant = rng.choice(session.encounter.combatants)
            document.apply(EditCombatant(combatant.id, {"name": f"Renamed {number}"}))
        else:
            document.apply(next_step(session))


def _upcoming(window: MainWindow, calls: list[int]) -> None:
    """Note the number of turns each look-up of the turns to come asks for."""
    session = window.document.session
    original = session.upcoming_turns

    def counted(limit: int) -> list[object]:
        calls.append(limit)
        return original(limit)

    session.upcoming_turns = counted


def test_hidden_pane_works_out_a_glance_and_shown_has_every_turn(qtbot, tmp_path, qtmodeltester):
    window = open_window(qtbot, tmp_path, "war_scroll")
    model = window.turn_order_model
    assert not window.turn_order_view.isVisible()
    limits: list[int] = []
    _upcoming(window, limits)
    _changes(window, random.Random(3), 25)
    assert limits and max(limits) <= GLANCE + 1  # no change looked further
    whole = TurnOrderModel(window.document)  # the reference: kept whole
    assert model.rowCount() == GLANCE
    assert _rows(model) == _rows(whole)[:GLANCE]
    assert window.up_next.label.full_text() == up_next_text(whole, window.document)
    show_pane(window, "turn_order", qtbot)
    assert _rows(model) == _rows(whole)  # every turn to come, as one kept whole
    assert model.rowCount() > GLANCE
    _changes(window, random.Random(4), 15)
    assert _rows(model) == _rows(whole)
    qtmodeltester.check(model)
    close(window, qtbot)


def test_a_players_proxy_holds_one_round_until_it_goes(qtbot, tmp_path: Path):
    session = build("priority", 30)
    add_effects(session, session.apply, 10, random.Random(5))
    window = MainWindow(session, None, tmp_path / "journal")
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    model = window.turn_order_model
    whole = TurnOrderModel(window.document)
    owner = QObject()
    proxy = PlayersTurnOrderProxy(model, PublicState(window.document, owner), parent=owner)
    reach = one_round_reach(window.document, _turns(whole))
    assert reach is not None and GLANCE < reach < whole.rowCount()
    assert _rows(model) == _rows(whole)[:reach]  # brought in at once, one round's worth
    _changes(window, random.Random(6), 12)
    assert _rows(model) == _rows(whole)[: one_round_reach(window.document, _turns(whole))]
    assert proxy.rowCount() > GLANCE
    assert not model.canFetchMore(QModelIndex())  # the players' views never ask for more
    with qtbot.waitSignal(owner.destroyed):
        owner.deleteLater()
    _changes(window, random.Random(7), 3)
    assert model.rowCount() == GLANCE  # nobody needs more
    assert _rows(model) == _rows(whole)[:GLANCE]
    close(window, qtbot)
