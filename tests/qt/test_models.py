"""Every Qt model passes qtmodeltester through a scripted War, and follows the engine
with row-level signals: ending a turn never resets a model."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt

from tests.qt.conftest import by_name
from tracker.engine import (
    AddCombatant,
    AddEffect,
    DuplicateCombatant,
    EditCombatant,
    EndTurn,
    MoveCombatant,
    RemoveCombatant,
    RulesetAction,
    StartEncounter,
)
from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.models.log_model import LogModel
from tracker.qt.models.roster_model import RosterModel
from tracker.qt.models.turn_order_model import TurnOrderModel
from tracker.qt.rulesets.war_scroll.model import GAP, StateRole, WarScrollModel

MODEL_CLASSES = (RosterModel, WarScrollModel, TurnOrderModel, LogModel, EffectsModel)


def _all_models(document):
    return [model_class(document) for model_class in MODEL_CLASSES]


def _script(document) -> None:
    """A War touching every kind of change: adds, moves, removals, Speed changes that
    add and drop Segment columns, effects that expire, cycle rollovers, undo and redo."""
    apply = document.apply
    assert apply(AddCombatant("Shade 3", "enemy", stats={"speed": 9, "swiftness": 3}))
    shade3 = by_name(document, "Shade 3").id
    assert apply(
        MoveCombatant(shade3, document.encounter.combatants.index(by_name(document, "Shade")))
    )
    assert apply(StartEncounter())
    thomas = by_name(document, "Thomas").id
    assert apply(AddEffect("Blessed", thomas, None, {"cycles": 1}))
    for _ in range(4):
        assert apply(EndTurn())
    assert apply(EditCombatant(by_name(document, "Kandor").id, {"speed": 30}))  # columns grow
    assert apply(RulesetAction("bonus_ap", thomas, {"amount": 9, "turn": "next"}))
    assert apply(DuplicateCombatant(thomas))
    for _ in range(20):
        assert apply(EndTurn())
    assert apply(RemoveCombatant(by_name(document, "Kandor").id))
    for _ in range(3):
        document.undo_stack.undo()
    for _ in range(2):
        document.undo_stack.redo()


@pytest.mark.parametrize("model_class", MODEL_CLASSES, ids=lambda c: c.__name__)
def test_every_model_passes_qtmodeltester_through_a_war(document, qtmodeltester, model_class):
    model = model_class(document)
    qtmodeltester.check(model, force_py=True)  # also watches every signal from now on
    _script(document)
    qtmodeltester.check(model, force_py=True)


def test_models_stay_equal_to_fresh_models_after_the_script(document):
    models = _all_models(document)
    _script(document)
    for model, fresh in zip(models, _all_models(document), strict=True):
        assert model.rowCount() == fresh.rowCount()
        columns = 1 if isinstance(fresh, QAbstractListModel) else fresh.columnCount()
        assert columns == (1 if isinstance(model, QAbstractListModel) else model.columnCount())
        for row in range(fresh.rowCount()):
            for column in range(columns):
                role = Qt.ItemDataRole.DisplayRole
                assert model.index(row, column).data(role) == fresh.index(row, column).data(role), (
                    type(model).__name__,
                    row,
                    column,
                )


def test_ending_a_turn_repaints_only_the_rows_that_changed(document, qtbot):
    grid = WarScrollModel(document)
    turns = TurnOrderModel(document)
    roster = RosterModel(document)
    document.apply(StartEncounter())
    resets: list[str] = []
    for model in (grid, turns, roster):
        model.modelReset.connect(lambda m=model: resets.append(type(m).__name__))
    grid_rows: set[int] = set()
    grid.dataChanged.connect(
        lambda top, bottom, *_: grid_rows.update(range(top.row(), bottom.row() + 1))
    )
    removed: list[tuple[int, int]] = []
    turns.rowsRemoved.connect(lambda _parent, first, last: removed.append((first, last)))
    document.apply(EndTurn())  # Echthra (row 0) → Tirzaiel (row 1), same Cycle
    assert resets == []
    assert grid_rows == {0, 1}
    assert removed == [(0, 0)]
    assert grid.index(0, 0).data(StateRole) == "played"
    assert grid.index(1, 0).data(StateRole) == "current"


def test_grid_shows_segments_numbered_then_a_gap_then_lettered(document):
    grid = WarScrollModel(document)
    headers = [grid.headerData(c, Qt.Orientation.Horizontal) for c in range(grid.columnCount())]
    assert headers == ["1", "2", "", "A"]
    assert grid.is_gap(2) and not grid.flags(grid.index(0, 2)) & Qt.ItemFlag.ItemIsEnabled
    rows = {
        grid.headerData(r, Qt.Orientation.Vertical): [
            grid.index(r, c).data() for c in range(grid.columnCount())
        ]
        for r in range(4)
    }
    assert rows == {
        "Echthra": ["7", "3", None, "7"],
        "Tirzaiel": ["7", "2", None, "7"],
        "Thomas": ["7", "", None, "5"],
        "Kandor": ["7", "", None, "4"],
    }
    tooltip = grid.headerData(0, Qt.Orientation.Vertical, Qt.ItemDataRole.ToolTipRole)
    assert tooltip == "Echthra: Speed 17 · Swiftness 9 · Allegiance holy · Endurance 24/24"


def test_a_speed_rise_inserts_segment_columns_without_reset(document):
    grid = WarScrollModel(document)
    resets: list[bool] = []
    grid.modelReset.connect(lambda: resets.append(True))
    inserted: list[tuple[int, int]] = []
    grid.columnsInserted.connect(lambda _p, first, last: inserted.append((first, last)))
    document.apply(EditCombatant(by_name(document, "Echthra").id, {"speed": 24}))
    # 24 = 7 + 7 + 7 + 3 over 1, A, 2, B: columns 1 2 | A B
    headers = [grid.headerData(c, Qt.Orientation.Horizontal) for c in range(grid.columnCount())]
    assert headers == ["1", "2", "", "A", "B"]
    assert inserted == [(4, 4)] and resets == []
    assert grid.columnCount() == 5 and GAP == "gap"


def test_turn_order_lists_this_cycle_then_the_next(document):
    turns = TurnOrderModel(document)
    document.apply(StartEncounter())
    first = [turns.index(r, 0).data() for r in range(4)]
    assert first == ["Echthra", "Tirzaiel", "Thomas", "Kandor"]
    whens = [turns.index(r, 1).data() for r in range(turns.rowCount())]
    assert whens[0] == "Cycle 1 · Segment 1"
    assert "Cycle 2 · Segment 1" in whens
    assert turns.index(0, 2).data().startswith("7 AP")
    assert turns.rowCount() == 2 * 18  # 18 Turns a Cycle in the sample, shown twice


def test_roster_move_rows_issues_the_engine_move(document):
    roster = RosterModel(document)
    shade, shade2 = by_name(document, "Shade").id, by_name(document, "Shade 2").id
    row = roster.row_of(shade2)
    assert roster.moveRows(QModelIndex(), row, 1, QModelIndex(), row - 1)
    assert roster.row_of(shade2) == row - 1 and roster.row_of(shade) == row
    assert document.undo_stack.undo_text() == "Move Shade 2"
    # Moving past a character of another Swiftness is refused and changes nothing.
    refusals: list[str] = []
    document.refused.connect(lambda message, _field: refusals.append(message))
    assert not roster.moveRows(QModelIndex(), 0, 1, QModelIndex(), 3)
    assert roster.index(0, 0).data() == "Echthra"
    assert "cannot pass" in refusals[0]


def test_removing_an_effects_creator_repaints_its_row_as_gone(document):
    effects = EffectsModel(document)
    thomas, kandor = by_name(document, "Thomas").id, by_name(document, "Kandor").id
    assert document.apply(AddEffect("Blessed", kandor, thomas, {"cycles": 2}))
    repainted: set[int] = set()
    effects.dataChanged.connect(
        lambda top, bottom, *_: repainted.update(range(top.row(), bottom.row() + 1))
    )
    assert effects.index(0, 2).data() == "Thomas"  # the creator's column
    assert document.apply(RemoveCombatant(thomas))
    assert repainted == {0}
    assert effects.index(0, 2).data() == "(gone)"
    repainted.clear()
    document.undo_stack.undo()
    assert repainted == {0}
    assert effects.index(0, 2).data() == "Thomas"


def test_the_inspectors_effects_filter_passes_qtmodeltester_through_a_war(document, qtmodeltester):
    from tracker.qt.models.effects_filter import SelectedEffects
    from tracker.qt.models.effects_model import EffectsModel

    shown = SelectedEffects(EffectsModel(document))
    thomas = by_name(document, "Thomas").id
    shown.show_for(thomas)
    qtmodeltester.check(shown, force_py=True)  # also watches every signal from now on
    _script(document)
    assert document.apply(AddEffect("Marked", thomas, None, {"cycles": 3}))
    shown.show_all(True)
    shown.show_for(by_name(document, "Echthra").id)
    shown.show_all(False)
    shown.show_for(thomas)
    on_thomas = [
        e.name for e in document.encounter.effects if thomas in (e.carrier_id, e.creator_id)
    ]
    assert [shown.effect_at(r).name for r in range(shown.rowCount())] == on_thomas
    assert "Marked" in on_thomas
