"""The page's turns to come are the engine's (`RoundAhead`), filtered by the players'
turn order: with a page fed and no players' screen, the GM's window's lazy turn order
model keeps its glance (no round of turns kept in step at each change for the page),
and the page lists the turns the players' screen lists over a model kept whole, with
many hidden combatants, while hidden ones act, through undo and hiding."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QObject

from benchmarks.fights import add_effects, build
from tests.plugins import built_in_rulesets
from tests.qt.test_players_turn_reach import _hide_most, _step
from tests.share.feeds import page_feed
from tracker.engine.ruleset import Turn
from tracker.qt.document import EncounterDocument
from tracker.qt.models.turn_order_model import GLANCE, SPARE, TurnOrderModel
from tracker.qt.players.effects_proxy import PartyEffectsProxy
from tracker.qt.players.projection import one_round, project
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.turn_order_proxy import PlayersTurnOrderProxy, one_round_reach


@pytest.mark.parametrize("ruleset_id", built_in_rulesets())
def test_the_page_lists_the_engines_round_and_the_window_keeps_its_glance(
    qtbot, monkeypatch, ruleset_id
):
    rng = random.Random(5)
    session = build(ruleset_id, 30)
    add_effects(session, session.apply, 20, rng)
    document = EncounterDocument(session)
    owner = QObject()
    lazy = TurnOrderModel(document, owner, lazy=True)  # the GM's window's, its pane hidden
    whole = TurnOrderModel(document, owner)
    feed = page_feed(document, owner, lazy)
    # The players' screen's list (a proxy with rows, over the whole model), as reference.
    public = PublicState(document, owner)
    players = PlayersTurnOrderProxy(whole, public, include_current=False, parent=owner)
    effects = PartyEffectsProxy(feed.effects_model, public, parent=owner)
    asked: list[int] = []
    upcoming = document.session.upcoming_turns

    def counted(limit: int = 20) -> list[Turn]:
        asked.append(limit)
        return upcoming(limit)

    _hide_most(document, rng)
    held = listed = 0
    for number in range(40):
        _step(document, rng)
        asked.clear()
        monkeypatch.setattr(document.session, "upcoming_turns", counted)
        page = feed.state().board.turns
        monkeypatch.undo()
        reference = project(document, public, players, effects, feed.health_modes, None)
        assert page == reference.turns, f"step {number}"
        assert len(page) == one_round(players)
        # The glance alone kept in step by the window's model for the page.
        assert lazy.rowCount() == min(GLANCE, whole.rowCount()), f"step {number}"
        # The engine asked for the round and a few turns more (twice as far when short).
        turns = [turn for row in range(whole.rowCount()) if (turn := whole.turn_at(row))]
        reach = one_round_reach(document, turns) or len(turns)
        assert max(asked) <= 2 * (reach + SPARE), (asked, reach)
        held += public.is_held()
        listed += len(page)
    assert held and listed > 100
    owner.deleteLater()
