"""Re-ordering (a Priority delay, a drag among ties) moves rows in the turn-order model;
it never resets it, and the rows always equal the engine's upcoming turns."""

from __future__ import annotations

import random

from tracker.engine import MoveCombatant, Session, StartEncounter
from tracker.persistence.files import load_encounter
from tracker.qt.app import sample_path
from tracker.qt.document import EncounterDocument
from tracker.qt.models.keyed_rows import sync_keys
from tracker.qt.models.turn_order_model import TurnOrderModel


def _rows(model: TurnOrderModel) -> list[object]:
    return [model.turn_at(row).key for row in range(model.rowCount())]


def test_a_priority_delay_moves_rows_and_never_resets(qtbot, qtmodeltester):
    session = Session(load_encounter(sample_path("priority_sample.json")))
    document = EncounterDocument(session)
    model = TurnOrderModel(document)
    resets: list[bool] = []
    moves: list[tuple[int, int]] = []
    model.modelReset.connect(lambda: resets.append(True))
    model.rowsMoved.connect(lambda _p, first, _last, _d, row: moves.append((first, row)))
    document.apply(StartEncounter())
    current = session.current_turn()
    assert current is not None and current.combatant_id is not None
    document.apply(MoveCombatant(current.combatant_id, 2))  # delay before acting
    assert moves  # the order changed by moving rows
    assert resets == []
    assert _rows(model) == [turn.key for turn in session.upcoming_turns(len(_rows(model)))]
    document.undo_stack.undo()
    assert resets == []
    assert _rows(model) == [turn.key for turn in session.upcoming_turns(len(_rows(model)))]
    qtmodeltester.check(model)  # after the fact: live checks would redo it on every row


def _synced(current: list[int], wanted: list[int]) -> tuple[list[int], list[str]]:
    mirror = list(current)
    calls: list[str] = []

    def begin_move(source: int, destination: int) -> bool:
        calls.append("move")
        assert 0 <= destination < source < len(mirror)
        return True

    done = sync_keys(
        mirror,
        wanted,
        begin_remove=lambda first, last: calls.append("remove"),
        end_remove=lambda: None,
        begin_insert=lambda first, last: calls.append("insert"),
        end_insert=lambda: None,
        begin_move=begin_move,
        end_move=lambda: None,
    )
    assert done
    return mirror, calls


def test_sync_keys_reaches_any_order_by_moves():
    rng = random.Random(7)
    for _ in range(300):
        current = rng.sample(range(12), rng.randint(0, 10))
        wanted = rng.sample(range(12), rng.randint(0, 10))
        mirror, calls = _synced(current, wanted)
        assert mirror == wanted
        assert calls == sorted(calls, key=["remove", "move", "insert"].index)
    assert _synced([1, 2, 3], [3, 1, 2])[1] == ["move"]
