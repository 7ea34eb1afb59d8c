"""Issue 26 (Classic d20 in a long fight): a creature joining or leaving moves rows,
and only the rows it may change are worked out again (the joiner, the turn's holders,
the rows whose group place changed), not every row of the fight; the rows are still
those a fresh look at the session gives, after undo and redo too."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.qt.conftest import shown_window
from tracker.engine import AddCombatant, RemoveCombatant, Session, StartEncounter
from tracker.qt.rulesets.classic_d20 import order_model
from tracker.qt.rulesets.classic_d20.order_model import D20OrderModel
from tracker.qt.rulesets.classic_d20.rows import (
    D20Row,
    GroupPlace,
    acting_keys,
    layout,
    make_row,
)
from tracker.qt.rulesets.classic_d20.view import D20OrderTable

SIZE = 60


def _fight() -> Session:
    session = Session.new("Long", "classic_d20")
    for number in range(SIZE):
        side = "party" if number % 4 == 0 else "enemy"
        stats = {"initiative": 30 - number // 2, "hp_max": 10}
        session.apply(AddCombatant(f"Creature {number}", side, stats=stats))
    session.apply(StartEncounter())
    return session


def _rows(model: D20OrderModel) -> list[D20Row | None]:
    return [model.row_at(r) for r in range(model.rowCount())]


def _fresh_rows(session: Session) -> list[D20Row | None]:
    shown = layout(session.encounter)
    acting = acting_keys(session)
    return [make_row(session, k, g, acting) for k, g in zip(shown.keys, shown.groups, strict=True)]


def test_a_joiner_and_a_leaver_work_out_only_the_rows_they_may_change(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    worked_out: list[str] = []

    def counted(session: Session, key: str, group: GroupPlace, acting: frozenset[str]) -> D20Row:
        worked_out.append(key)
        return make_row(session, key, group, acting)

    monkeypatch.setattr(order_model, "make_row", counted)
    for window in shown_window(qtbot, _fight(), tmp_path / "journal", (1366, 768)):
        document = window.document
        view = window.central_view
        assert isinstance(view, D20OrderTable)
        model = view.order_model
        leaver = document.session.encounter.combatants[SIZE // 2].id
        steps = [
            AddCombatant("Late", "enemy", stats={"initiative": 12, "hp_max": 5}),
            RemoveCombatant(leaver),
        ]
        for step in steps:
            worked_out.clear()
            assert document.apply(step), step
            assert len(worked_out) <= 6, (step, worked_out)
            assert _rows(model) == _fresh_rows(document.session)
        for _ in range(2):
            document.undo_stack.undo()
            assert _rows(model) == _fresh_rows(document.session)
        for _ in range(2):
            document.undo_stack.redo()
            assert _rows(model) == _fresh_rows(document.session)
