"""The board at the laptop's 1,366 x 768 as the fight goes on: the War Scroll grid's
rows all as tall as each other (a row the pages once hid comes back at today's height)
and none cut off; the phase before the first round named in the corner."""

from __future__ import annotations

from PySide6.QtWidgets import QTableView

from tests.qt.players_crowd import crowd_document, step
from tracker.qt.players.board import PlayersBoard
from tracker.qt.players.delegates import fitted_detail, pixel_metrics
from tracker.qt.players.themes import DARK, LIGHT, LIST_DETAIL_PX


def played_board(qtbot, ruleset_id: str, steps: int, extra: int = 8) -> PlayersBoard:
    document = crowd_document(ruleset_id, extra=extra)
    board = PlayersBoard(document, LIGHT)
    qtbot.addWidget(board)
    board.resize(1366, 768)
    board.show()
    qtbot.waitExposed(board)
    for _ in range(steps):
        step(document)
    return board


def test_war_scroll_rows_are_one_height_and_none_is_cut_off(qtbot):
    board = played_board(qtbot, "war_scroll", 25)
    grid = board.findChild(QTableView, "players_grid")
    assert grid is not None
    names = grid.verticalHeader()
    shown = [row for row in range(names.count()) if not names.isSectionHidden(row)]
    assert len(shown) >= 2
    assert len({names.sectionSize(row) for row in shown}) == 1
    # The last row shown ends inside the grid's viewport.
    last = shown[-1]
    bottom = names.sectionViewportPosition(last) + names.sectionSize(last)
    assert bottom <= grid.viewport().height()


def test_free_actions_are_named_in_the_corner(qtbot):
    document = crowd_document("initiative_ticks", extra=2)
    board = PlayersBoard(document, DARK)
    qtbot.addWidget(board)
    for _ in range(40):  # start, Join Battle, to the first free action
        turn = document.session.current_turn()
        if turn is not None and turn.phase == "free action":
            break
        step(document)
    assert board.round_label.text() == "Free action"


def test_a_detail_too_long_for_its_row_leaves_whole_parts_off_its_end(qtbot):
    """On the TV "Endurance 22/22 · Segment 2 · 2 AP" showed as "… · Segment 2 · 2…"
    (read as a 2): what does not fit is left off a part at a time; a single part too
    long is cut with "…"; a detail that fits is whole."""
    metrics = pixel_metrics(LIST_DETAIL_PX)
    detail = "Endurance 22/22 · Segment 2 · 2 AP"
    whole = metrics.horizontalAdvance(detail)
    assert fitted_detail(metrics, detail, whole) == detail
    two = metrics.horizontalAdvance("Endurance 22/22 · Segment 2")
    assert fitted_detail(metrics, detail, whole - 1) == "Endurance 22/22 · Segment 2"
    assert fitted_detail(metrics, detail, two - 1) == "Endurance 22/22"
    cut = fitted_detail(metrics, detail, metrics.horizontalAdvance("Endurance") + 2)
    assert cut.endswith("…") and cut.startswith("Endur")
