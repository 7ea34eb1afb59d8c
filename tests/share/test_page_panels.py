"""One code path: the page's state is the players' board's own projection, and each
ruleset's panel reaches the page through its `page_source`, the same source (models,
proxies, row functions) its panel on the players' screen shows; the War Scroll's grid
goes as cells, the same the players' grid paints."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QAbstractItemModel, QObject, Qt

from tests.qt.players_crowd import (
    RULESETS,
    crowd_document,
    is_hidden_turn,
    play_to_hidden_turn,
    step,
)
from tests.share.feeds import own_timer
from tracker.engine import RulesetAction
from tracker.qt.players.board import PlayersBoard
from tracker.qt.players.page_content import list_rows
from tracker.qt.players.settings import DEFAULT_HEALTH
from tracker.qt.players.themes import DARK
from tracker.qt.ruleset_ui import ui_for
from tracker.qt.rulesets.ap_countdown.players_panel import resolution_row
from tracker.qt.rulesets.classic_d20.players_panel import card_row
from tracker.qt.rulesets.initiative_ticks.players_panel import tick_row
from tracker.qt.rulesets.stamina_battle.players_panel import unit_row
from tracker.qt.rulesets.war_scroll.model import StateRole
from tracker.qt.share.feed import PageFeed

TIMED = ("Turn 0:00", "Turn 0:00 · Round 0:00", "Turn 0:00 · Cycle 0:00")
PANELS = [r for r in RULESETS if r != "priority"]  # priority's board has no panel


def side_by_side(qtbot: Any, ruleset_id: str) -> tuple[Any, PlayersBoard, PageFeed, QObject]:
    document = crowd_document(ruleset_id, extra=6)
    timer = own_timer(True)
    now = [100.0]
    board = PlayersBoard(document, DARK, timer=timer, now=lambda: now[0])
    qtbot.addWidget(board)
    board.resize(1280, 720)
    board.show()
    parent = QObject()
    feed = PageFeed(document, parent, health=DEFAULT_HEALTH, timer=timer, now=lambda: now[0])
    return document, board, feed, parent


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_page_is_the_players_boards_projection_step_by_step(qtbot, ruleset_id):
    document, board, feed, _parent = side_by_side(qtbot, ruleset_id)
    seen_hidden = False
    for _ in range(30):
        state = feed.state()
        assert state.board == board.projection()
        # ... and the board shows what it projects.
        assert board.now_panel.name.full_text() == state.board.now_name
        assert board.round_label.text() == state.board.round
        assert board.up_next.text() == state.board.up_next
        timing = board.timer_label.text()  # the clock stands still: "Turn 0:00 · …"
        assert (state.timer is None) == (timing == "") and timing in ("", *TIMED)
        seen_hidden |= is_hidden_turn(document)
        step(document)
    if not seen_hidden:
        play_to_hidden_turn(document)
    assert feed.state().board == board.projection()


@pytest.mark.parametrize("ruleset_id", PANELS)
def test_each_panel_reaches_the_page_through_its_own_source(qtbot, ruleset_id):
    document, board, feed, _parent = side_by_side(qtbot, ruleset_id)
    panel = board.panel
    assert panel is not None and feed.panel is not None
    assert type(feed.panel) is type(panel.source)  # type: ignore[attr-defined]
    hidden = [c.name for c in document.encounter.combatants if c.hidden]
    for _ in range(20):
        content = feed.panel.content()
        assert content == panel.source.content()  # type: ignore[attr-defined]
        shown = [content.lines, content.big, content.rows, content.grid]
        assert not [name for name in hidden if name in repr(shown)]
        if content.grid is None:  # (the War Scroll's grid: cell by cell below)
            # The rows the players' list paints, each named as it paints it.
            rows = panel.rows.model.rowCount()  # type: ignore[attr-defined]
            painted = panel.rendered_texts()  # type: ignore[attr-defined]
            assert len(content.rows) == rows
            assert all(row.name in painted for row in content.rows)
        step(document)


def test_the_war_scroll_grid_goes_to_the_page_cell_by_cell_as_the_screen_paints_it(qtbot):
    document, board, feed, _parent = side_by_side(qtbot, "war_scroll")
    proxy = board.panel.grid_proxy  # type: ignore[union-attr]
    for _ in range(12):
        grid = feed.panel.content().grid  # type: ignore[union-attr]
        assert grid is not None and len(grid.rows) == proxy.rowCount() > 0
        horizontal, vertical = Qt.Orientation.Horizontal, Qt.Orientation.Vertical
        assert list(grid.columns) == [
            str(proxy.headerData(c, horizontal) or "") for c in range(proxy.columnCount())
        ]
        for row, shown in enumerate(grid.rows):
            assert shown.name == proxy.headerData(row, vertical)
            painted = [
                (str(proxy.index(row, c).data() or ""), proxy.index(row, c).data(StateRole))
                for c in range(proxy.columnCount())
            ]
            assert [(cell.text, cell.state) for cell in shown.cells] == [
                (text, state or "none") for text, state in painted
            ]
        step(document)


@pytest.mark.parametrize("ruleset_id", PANELS)
def test_the_panels_source_shares_the_gms_views_models_and_follows_undo(qtbot, ruleset_id):
    """Given the GM's central view, the page's panel adds no ruleset model of its own
    (the view's already follow every change) and still shows what the players' panel
    shows, through End Turn, undo and redo."""
    document, board, _feed, parent = side_by_side(qtbot, ruleset_id)
    view = ui_for(document.ruleset).central_view(document)
    qtbot.addWidget(view)
    feed = PageFeed(document, parent, health=DEFAULT_HEALTH, timer=own_timer(False), view=view)
    panel = board.panel
    assert panel is not None and feed.panel is not None
    viewed = {type(model) for model in view.findChildren(QAbstractItemModel)}
    own = {type(model) for model in feed.panel.findChildren(QAbstractItemModel)}
    assert not viewed & own
    for number in range(12):
        assert feed.panel.content() == panel.source.content()  # type: ignore[attr-defined]
        if number % 3 == 2:
            document.undo_stack.undo()
        else:
            step(document)
    document.undo_stack.redo()
    assert feed.panel.content() == panel.source.content()  # type: ignore[attr-defined]


def declare_or_step(document: Any, number: int) -> None:
    """`step`, but two times in three the one acting first declares an action when the
    rules let it (AP countdown's resolutions to come; refused elsewhere)."""
    turn = document.session.current_turn()
    if turn is not None and turn.combatant_id is not None and number % 3:
        params = {"action": "ranged attack", "ap": 1 + number % 3}
        if document.apply(RulesetAction("declare", turn.combatant_id, params)):
            return
    step(document)


def ticks_rows(panel: Any) -> tuple[Any, Any]:
    return panel.source.page_rows(), list_rows(panel.source.proxy, tick_row)


def units_rows(panel: Any) -> tuple[Any, Any]:
    return panel.source.page_rows(), list_rows(panel.source.proxy, unit_row)


def resolutions_rows(panel: Any) -> tuple[Any, Any]:
    return panel.source.page_rows(), list_rows(panel.source.proxy, resolution_row)


def cards_rows(panel: Any) -> tuple[Any, Any]:
    return panel.source.content().rows, list_rows(panel.order_model, card_row)


# The page's rows (read behind the proxy, or without a model) and what the list paints.
PAGE_AND_PAINTED = {
    "initiative_ticks": ticks_rows,
    "stamina_battle": units_rows,
    "ap_countdown": resolutions_rows,
    "classic_d20": cards_rows,
}


@pytest.mark.parametrize("ruleset_id", PAGE_AND_PAINTED)
def test_the_page_rows_read_their_own_way_are_what_the_players_list_paints(qtbot, ruleset_id):
    """The page reads a list's rows its own way (from the model behind the players'
    proxy, or the cards without a model): the same rows, texts and marks as the row
    function through the list's model (what the delegate paints), hidden turns and undo
    included."""
    document, board, _feed, _parent = side_by_side(qtbot, ruleset_id)
    seen_hidden, shown = False, 0
    for number in range(40):
        page, painted = PAGE_AND_PAINTED[ruleset_id](board.panel)
        assert page == painted
        shown += len(page)
        seen_hidden |= is_hidden_turn(document)
        if number % 5 == 4:
            document.undo_stack.undo()
        else:
            declare_or_step(document, number)
    assert seen_hidden and shown
