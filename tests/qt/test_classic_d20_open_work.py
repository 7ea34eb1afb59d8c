"""Opening a large Classic d20 fight (issue 26: 5,000 creatures stalled the window 105 ms):
the order model works a row out when it is first read, not every row when it loads, and
the view estimates its cells' widths a slice of rows at a time between turns of the
event loop, fitting its columns to every row once they are all estimated. Whatever rows
were read, each shows what a row worked out afresh shows. Counts, no timings."""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont
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
from tracker.qt.rulesets.classic_d20 import order_model, width_ranking
from tracker.qt.rulesets.classic_d20.order_model import INIT, STATES, TURN, WHO, D20OrderModel
from tracker.qt.rulesets.classic_d20.rows import D20Row, acting_keys, make_row
from tracker.qt.views.combatant_cell import small_font, tag_font
from tracker.qt.views.widest_rows import CANDIDATES, DIGITS_ALIKE, SLICE, TextWidths, bold

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


def test_opening_1000_creatures_works_out_only_the_rows_it_measures(qtbot, tmp_path, monkeypatch):
    """The open ranks the rows by width from the creatures' data (`width_ranking`), a
    slice of rows a turn of the event loop, and works out only the rows it shows or
    measures: those in sight and the few ranked widest of each fitted column (it made
    all 1,000 rows to rank them), the columns then fitted to every row."""
    window = open_window(qtbot, tmp_path, "classic_d20", 1000, 10)
    path = tmp_path / "large.json"
    try:
        assert window.save_to(path)
        made = rows_made(monkeypatch)
        estimated: list[str | None] = []  # rows estimated, at each turn of the event loop
        original = width_ranking.measurer

        def counted(*args: Any) -> width_ranking.Measure:
            measure = original(*args)

            def each(key: str | None) -> int:
                estimated.append(key)
                return measure(key)

            return each

        monkeypatch.setattr(width_ranking, "measurer", counted)
        beats: list[int] = []
        heartbeat = QTimer()
        heartbeat.setInterval(0)
        heartbeat.timeout.connect(lambda: beats.append(len(estimated)))
        heartbeat.start()
        assert window.open_path(path)
        view = d20_view(window)
        qtbot.waitUntil(lambda: not view._estimates.settling and len(estimated) >= 3000)
        heartbeat.stop()
        marks = [0, *beats, len(estimated)]
        most = max(after - before for before, after in zip(marks, marks[1:], strict=False))
        assert most <= SLICE, f"{most} rows estimated in one turn"
        in_sight = view.rowAt(view.viewport().height() - 1) - view.rowAt(0) + 1
        fitted = (INIT, WHO, TURN)
        assert 0 < len(set(made)) <= in_sight + CANDIDATES * len(fitted), len(set(made))
    finally:
        close(window, qtbot)


@pytest.mark.parametrize("name", ["classic_d20_sample.json", "classic_d20_pf2e_sample.json"])
def test_a_creatures_texts_ranked_are_its_rows(name, qtbot, tmp_path):
    """What the ranking measures of a creature is what its row shows (its digits as
    zeros): the initiative, the name and its line of health, temporary HP and AC, the
    pills of its turn and states, whoever acts, rolled or not, the lair's row too."""
    rng = random.Random(5)
    for window in shown_window(qtbot, sample(name), tmp_path / "journal", (1366, 768)):
        document = window.document
        font = d20_view(window).font()
        checked = 0
        for number in range(40):
            if number % 4 == 3 and (action := an_action(document.session)) is not None:
                document.apply(action)
            elif number == 5:
                document.apply(SetOption("lair", "yes"))
            else:
                document.apply(next_step(document.session))
            creature = rng.choice(document.encounter.combatants)
            temp = rng.choice([0, 7, 12])
            if creature.stats.get("temp_hp", 0) != temp:
                document.apply(EditCombatant(creature.id, {"temp_hp": temp}))
            model = D20OrderModel(document)
            for one_line in (False, True):
                estimates = [
                    width_ranking.estimator(
                        document.session, model.key_at, column, TextWidths(), font, one_line
                    )
                    for column in (INIT, WHO, TURN, STATES)
                ]
                for place in range(model.rowCount()):
                    row = model.row_at(place)
                    assert row is not None
                    wanted = _row_estimates(row, font, one_line)
                    assert [estimate(place) for estimate in estimates] == wanted, row
                    checked += 1
            model.deleteLater()
        assert checked > 300


def _row_estimates(row: D20Row, font: QFont, one_line: bool) -> list[int]:
    """The widths of the texts a row shows, as the ranking measures them."""
    texts = TextWidths()
    bold_width = texts.in_font(bold(font))
    small_width, tag_width = texts.in_font(small_font(font)), texts.in_font(tag_font(font))

    def alike(measure: Callable[[str], int], text: str) -> int:
        return measure(text.encode().translate(DIGITS_ALIKE).decode())

    name = alike(bold_width, row.summary.name)
    second = alike(small_width, row.summary.second_line)
    return [
        alike(bold_width, row.initiative),
        name + second if one_line else max(name, second),
        sum(alike(tag_width, chip.text) for chip in row.turn),
        sum(alike(tag_width, chip.text) for chip in row.states),
    ]


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


def test_an_open_works_the_places_and_ranked_texts_out_on_its_worker(qtbot, tmp_path, monkeypatch):
    """The rows' places (`order_model.shapes`) and the texts the width ranking reads
    (`width_ranking.texts_ahead`) of every creature are worked out on the open's worker:
    the GUI thread looks them up (it worked them out for all 1,000 creatures)."""
    window = open_window(qtbot, tmp_path, "classic_d20", 1000, 10)
    path = tmp_path / "large.json"
    gui = threading.main_thread()
    on_gui: Counter[str] = Counter()
    try:
        assert window.save_to(path)
        for module, name in ((order_model, "_shape"), (width_ranking, "ac_line")):
            original = getattr(module, name)

            def counted(*args: Any, name: str = name, original: Any = original) -> Any:
                on_gui[name] += threading.current_thread() is gui
                on_gui["all"] += 1
                return original(*args)

            monkeypatch.setattr(module, name, counted)
        assert window.open_path(path)
        view = d20_view(window)
        qtbot.waitUntil(lambda: not view._estimates.settling)
        assert on_gui["all"] >= 2000, "every creature's shape and second line, on the worker"
        assert on_gui["_shape"] == 0 and on_gui["ac_line"] == 0, on_gui
        for column in (INIT, WHO):  # the ranking's estimates are those of the texts
            measure = width_ranking.measurer(
                window.document.session, column, TextWidths(), view.font(), view._one_line()
            )
            window.document.encounter.memo.pop(width_ranking.TEXTS)
            afresh = width_ranking.measurer(
                window.document.session, column, TextWidths(), view.font(), view._one_line()
            )
            keys = [view.order_model.key_at(place) for place in range(0, 1000, 37)]
            assert [measure(key) for key in keys] == [afresh(key) for key in keys]
            width_ranking.texts_ahead(window.document.session)
    finally:
        close(window, qtbot)
