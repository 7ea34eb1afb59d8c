"""The effects panel's rows grow to show a long text whole (`views/fitted_rows.py`):
Classic d20's "until the start of its carrier's turn in round 11 (10 rounds)
(concentration)" takes four lines of the Remaining column at 1,366 × 768, where a row
held three and cut the rest."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtCore import QRect, Qt

from tests.qt.classic_d20_view_helpers import ids_by_name, sample
from tests.qt.conftest import shown_window
from tracker.engine import AddEffect, EditEffect, StartEncounter
from tracker.qt.views import fitted_rows

REMAINING = 3
MEASURE = fitted_rows.wrapped_lines
LONG = {"until": "minutes", "of": "carrier", "amount": 1, "concentration": True}
SHORT = {"until": "end_of_turn", "of": "carrier", "amount": 1, "concentration": False}


def wrapped_height(view, row: int) -> int:
    """The height the Remaining text of `row` takes, wrapped at its column's width."""
    index = view.model().index(row, REMAINING)
    room = QRect(0, 0, view.columnWidth(REMAINING) - 8, 10_000)
    flags = Qt.TextFlag.TextWordWrap
    return view.fontMetrics().boundingRect(room, flags, index.data()).height()


def test_a_long_remaining_text_gets_the_lines_it_needs(qtbot, tmp_path: Path):
    session = sample()
    ids = list(ids_by_name(session).values())
    session.apply(StartEncounter())
    session.apply(AddEffect("Bless", ids[0], ids[0], LONG))
    session.apply(AddEffect("Hex", ids[1], ids[0], SHORT))
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        panel = window.effects_panel
        panel.show_all.setChecked(True)
        view = panel.view
        three = view.verticalHeader().defaultSectionSize()
        lines = view.fontMetrics().lineSpacing()
        long_row, short_row = 0, 1
        assert "(concentration)" in view.model().index(long_row, REMAINING).data()
        assert wrapped_height(view, long_row) > 3 * lines  # more than a row held
        assert view.rowHeight(long_row) >= wrapped_height(view, long_row)
        assert view.rowHeight(short_row) == three
        # Shortened, it gives the lines back; lengthened, the other grows.
        effects = window.document.encounter.effects
        assert window.document.apply(EditEffect(effects[0].id, {"duration": SHORT}))
        assert view.rowHeight(long_row) == three
        assert window.document.apply(EditEffect(effects[1].id, {"duration": LONG}))
        assert view.rowHeight(short_row) >= wrapped_height(view, short_row) > 3 * lines


def test_narrower_columns_fit_the_rows_again(qtbot, tmp_path: Path):
    session = sample()
    ids = list(ids_by_name(session).values())
    session.apply(StartEncounter())
    session.apply(AddEffect("Hex", ids[1], ids[0], SHORT))
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        panel = window.effects_panel
        panel.show_all.setChecked(True)
        view = panel.view
        three = view.verticalHeader().defaultSectionSize()
        assert view.rowHeight(0) == three
        header = view.horizontalHeader()
        wide = view.columnWidth(REMAINING)
        header.resizeSection(0, header.sectionSize(0) + 70)  # Remaining squeezed
        assert view.columnWidth(REMAINING) < wide
        most = panel.fitted.line_height(6)  # past six lines, elided (the tooltip has it)
        assert view.rowHeight(0) >= min(wrapped_height(view, 0), most)
        assert view.rowHeight(0) > three


def counted(laid_out: list[str], option, widget) -> int:
    laid_out.append(option.text)
    return MEASURE(option, widget)


def test_a_text_measured_once_is_not_laid_out_again(qtbot, tmp_path: Path, monkeypatch):
    session = sample()
    ids = list(ids_by_name(session).values())
    session.apply(StartEncounter())
    session.apply(AddEffect("Bless", ids[0], ids[0], LONG))
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        window.effects_panel.show_all.setChecked(True)
        laid_out: list[str] = []
        monkeypatch.setattr(fitted_rows, "wrapped_lines", partial(counted, laid_out))
        effect = window.document.encounter.effects[0]
        assert window.document.apply(EditEffect(effect.id, {"name": "Blessed"}))  # row told
        assert window.document.apply(EditEffect(effect.id, {"duration": SHORT}))
        assert laid_out == [window.effects_panel.view.model().index(0, REMAINING).data()]
        window.document.undo_stack.undo()  # the long text again: known
        assert len(laid_out) == 1
        assert window.effects_panel.view.rowHeight(0) > 3 * window.fontMetrics().lineSpacing()


def test_a_row_out_of_sight_is_fitted_as_it_comes_into_sight(qtbot, tmp_path: Path):
    """Rows out of sight are not read (a step that changes every effect's time left
    reads the rows shown alone): the long text at the end gets its lines once scrolled
    to."""
    session = sample()
    ids = list(ids_by_name(session).values())
    session.apply(StartEncounter())
    for number in range(8):
        session.apply(AddEffect(f"Hex {number}", ids[1], ids[0], SHORT))
    session.apply(AddEffect("Bless", ids[0], ids[0], LONG))
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        panel = window.effects_panel
        panel.show_all.setChecked(True)
        view = panel.view
        three = view.verticalHeader().defaultSectionSize()
        last = view.model().rowCount() - 1
        assert view.rowAt(view.viewport().height() - 1) < last  # out of sight
        assert view.rowHeight(last) == three
        view.scrollToBottom()
        assert view.rowHeight(last) >= wrapped_height(view, last) > three
