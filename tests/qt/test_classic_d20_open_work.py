"""Opening a large Classic d20 fight (issue 26: 5,000 creatures stalled the window 105 ms):
the order model works a row out when it is first read, not every row when it loads, and
the view estimates its cells' widths a slice of rows at a time between turns of the
event loop, fitting its columns to every row once they are all estimated. Whatever rows
were read, each shows what a row worked out afresh shows. Counts, no timings."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QStyleOptionViewItem

from benchmarks.fights import an_action, next_step
from tests.qt.classic_d20_view_helpers import d20_view, sample
from tests.qt.conftest import shown_window
from tests.qt.test_step_work import close, open_window
from tracker.engine import (
    AddCombatant,
    EditCombatant,
    RemoveCombatant,
    SetOption,
    StartEncounter,
)
from tracker.qt.models.roster_model import IdRole
from tracker.qt.rulesets.classic_d20 import order_model
from tracker.qt.rulesets.classic_d20.order_model import WHO, D20OrderModel
from tracker.qt.rulesets.classic_d20.rows import D20Row, acting_keys, make_row
from tracker.qt.rulesets.classic_d20.view import SLICE

OPTIONS = [("groups", "each"), ("groups", "group"), ("lair", "yes"), ("lair", "no")]


def rows_made(monkeypatch) -> list[str]:
    """The keys of the rows the order model works out, in order."""
    made: list[str] = []

    def counted(session, key, group, acting) -> D20Row:
        made.append(key)
        return make_row(session, key, group, acting)

    monkeypatch.setattr(order_model, "make_row", counted)
    return made


def test_the_model_of_a_large_fight_works_out_only_the_rows_read(qtbot, tmp_path, monkeypatch):
    window = open_window(qtbot, tmp_path, "classic_d20", 400, 4)
    try:
        made = rows_made(monkeypatch)
        model = D20OrderModel(window.document)
        assert model.rowCount() == 400
        assert made == []
        for place in range(400):  # the ids and flags the selection and drags read
            index = model.index(place, 0)
            assert index.data(IdRole) == model.key_at(place)
            assert index.flags() & Qt.ItemFlag.ItemIsDragEnabled
        assert made == []
        row = model.row_at(123)
        assert row is not None and made == [row.key]
        assert model.row_at(123) is row  # kept
        assert len(made) == 1
    finally:
        close(window, qtbot)


def test_opening_1000_creatures_works_out_a_slice_of_rows_a_turn(qtbot, tmp_path, monkeypatch):
    """Between two turns of the event loop (a 0 ms timer's beats) the open works out at
    most a slice of rows and those in sight; every row once all are estimated, and the
    columns then fitted (it made all 1,000 at once, then ranked them at once)."""
    window = open_window(qtbot, tmp_path, "classic_d20", 1000, 10)
    path = tmp_path / "large.json"
    try:
        assert window.save_to(path)
        made = rows_made(monkeypatch)
        beats: list[int] = []
        heartbeat = QTimer()
        heartbeat.setInterval(0)
        heartbeat.timeout.connect(lambda: beats.append(len(made)))
        heartbeat.start()
        assert window.open_path(path)
        view = d20_view(window)
        qtbot.waitUntil(lambda: len(set(made)) >= 1000)  # every row estimated
        heartbeat.stop()
        marks = [0, *beats, len(made)]
        most = max(after - before for before, after in zip(marks, marks[1:], strict=False))
        in_sight = view.rowAt(view.viewport().height() - 1) - view.rowAt(0) + 1
        assert most <= SLICE + 2 * in_sight, f"{most} rows in one turn"
        assert len(set(made)) == 1000
    finally:
        close(window, qtbot)


def test_a_long_name_out_of_sight_is_fitted_once_every_row_is_estimated(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path, "classic_d20", 600, 0)
    path = tmp_path / "long.json"
    try:
        model = d20_view(window).order_model
        last = model.key_at(model.rowCount() - 1)
        assert last is not None
        assert window.document.apply(EditCombatant(last, {"name": "Wide " + "W" * 24}))
        assert window.save_to(path)
        assert window.open_path(path)
        view = d20_view(window)
        qtbot.waitUntil(lambda: not view._estimates.settling)
        qtbot.wait(1)
        model = view.order_model
        place = model.row_of(last)
        assert place > view.rowAt(view.viewport().height() - 1)  # out of sight
        option = QStyleOptionViewItem()
        view.initViewItemOption(option)
        index = model.index(place, WHO)
        wanted = view.itemDelegateForIndex(index).sizeHint(option, index).width()
        assert view.columnWidth(WHO) >= min(wanted, view._who_room())
    finally:
        close(window, qtbot)


def test_rows_read_at_random_are_the_rows_worked_out_afresh(qtbot, tmp_path, qtmodeltester):
    """Turns, actions, renames, creatures added and removed, groups on and off, undo and
    redo, while a few rows at random and the acting one are read after each (the others
    never; a model joins every 20 steps, none of its rows read): each row read equals
    the row a model made afresh shows at its place."""
    session = sample()
    for number in range(20):
        stats = {"initiative": number % 7 + 8}
        session.apply(AddCombatant(f"Orc {number % 3}", "enemy", stats=stats))
    session.apply(StartEncounter())
    rng = random.Random(26)
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        document = window.document
        qtmodeltester.check(d20_view(window).order_model, force_py=True)
        turns = 0  # steps with someone acting
        models: list[D20OrderModel] = []  # no view reads them: their rows are read below
        for number in range(160):
            if number % 20 == 0:
                models.append(D20OrderModel(document))
            encounter = document.encounter
            choice = rng.random()
            if number % 11 == 10 and document.undo_stack.can_undo():
                document.undo_stack.undo()
                if number % 2:
                    document.undo_stack.redo()
            elif choice < 0.1:
                document.apply(AddCombatant(f"Orc {number % 3}", "enemy"))
            elif choice < 0.15 and len(encounter.combatants) > 12:
                document.apply(RemoveCombatant(rng.choice(encounter.combatants).id))
            elif choice < 0.25:
                name = rng.choice(["Orc 1", "Troll", f"Renamed {number}"])
                document.apply(EditCombatant(rng.choice(encounter.combatants).id, {"name": name}))
            elif choice < 0.28:
                document.apply(SetOption(*rng.choice(OPTIONS)))
            elif choice < 0.55 and (action := an_action(document.session)) is not None:
                document.apply(action)
            else:
                document.apply(next_step(document.session))
            fresh = D20OrderModel(document)
            keys = [fresh.key_at(r) for r in range(fresh.rowCount())]
            acting = [keys.index(k) for k in acting_keys(document.session) if k in keys]
            turns += bool(acting)
            for model in models:
                assert [model.key_at(r) for r in range(model.rowCount())] == keys
                for place in [*rng.sample(range(len(keys)), 2), *acting]:
                    assert model.row_at(place) == fresh.row_at(place)
            fresh.deleteLater()
        assert turns > 20
        qtmodeltester.check(models[-1], force_py=True)
