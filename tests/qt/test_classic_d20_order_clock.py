"""Issue 26 (End Turn at 30 + 10 within the table-speed budget): at each move of the
clock the d20 order model worked out anew the row of every creature carrying an effect
(its badges may end soon now, or say less time left), ten rows made at every End Turn
for the two or three that changed. It now compares the carrier's badges first, and
makes its row only when they changed. Counts, no timings; the rows shown stay those the
session makes (short effects expire, end soon and count down through the steps)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from benchmarks.fights import add_effects, build, next_step
from tests.qt.classic_d20_view_helpers import d20_view
from tests.qt.conftest import shown_window
from tests.qt.table_size import settle
from tracker.qt.main_window import MainWindow
from tracker.qt.models.badges import badges_on
from tracker.qt.rulesets.classic_d20 import order_model
from tracker.qt.rulesets.classic_d20.order_model import D20OrderModel
from tracker.qt.rulesets.classic_d20.rows import acting_keys, make_row


def _window(qtbot, tmp_path: Path, lasting: bool) -> Iterator[MainWindow]:
    session = build("classic_d20", 30)
    add_effects(session, session.apply, 10, random.Random(30), lasting=lasting)
    for shown in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        settle(qtbot)
        yield shown


@pytest.fixture
def lasting(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """The benchmark's table: 30 creatures, 10 effects lasting the whole fight."""
    yield from _window(qtbot, tmp_path, lasting=True)


@pytest.fixture
def short(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """Effects of the rules' own default durations: they end soon and expire."""
    yield from _window(qtbot, tmp_path, lasting=False)


def _model(window: MainWindow) -> D20OrderModel:
    model = d20_view(window).order_model
    assert isinstance(model, D20OrderModel)
    return model


def test_end_turn_makes_the_rows_that_changed_not_every_carriers(lasting, qtbot, monkeypatch):
    model = _model(lasting)
    made: list[str] = []

    def counted(session, key, group, acting):  # noqa: ANN001, ANN202 (make_row's own)
        made.append(key)
        return make_row(session, key, group, acting)

    monkeypatch.setattr(order_model, "make_row", counted)
    session = lasting.document.session
    carriers = {e.carrier_id for e in session.encounter.effects}
    assert len(carriers) >= 6
    lasting.document.apply(next_step(session))  # each carrier's badges compared once
    settle(qtbot)
    made.clear()
    told = 0
    steps = 10
    for _ in range(steps):
        lasting.document.apply(next_step(session))
        told += len(model.told)
        settle(qtbot)
    # The rows that changed (the turn's holders), a row or so more a step at most:
    # before, each step made every carrier's row (10 a step for 2 changed).
    assert len(made) <= told + steps, (len(made), told)


def test_the_rows_shown_follow_the_badges_through_the_steps(short, qtbot):
    model = _model(short)
    session = short.document.session
    view = d20_view(short)
    seen: set[tuple[str, object]] = set()
    for _ in range(40):
        short.document.apply(next_step(session))
        settle(qtbot)
        view.viewport().grab()  # rows read (painted) as at the table
        acting = acting_keys(session)
        for place in range(model.rowCount()):
            key = model.key_at(place)
            row = model.row_at(place)
            assert key is not None and row is not None
            assert row == make_row(session, key, row.group, acting), key
            seen.add((key, badges_on(session, key)))
    carriers = {key for key, badges in seen if badges}
    # The badges moved on without their carriers being touched: the compare mattered.
    assert len([k for k, b in seen if b and k in carriers]) > len(carriers)
