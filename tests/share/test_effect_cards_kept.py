"""The effects' cards on the shared page are kept from one state to the next by their
texts (`ToldHealth.effect_cards`): the same objects again while an effect's name, its
carrier's name and its time left are (so the pages' writer finds their JSON kept), and
always the cards made afresh, through steps, a rename of a carrier and hiding (while
nobody is hidden, a rename of another keeps them all)."""

from __future__ import annotations

import pytest

from tests.qt.players_crowd import RULESETS, step
from tests.share.test_page_rows_calls import feed_of
from tracker.engine.commands import EditCombatant
from tracker.engine.effect_commands import AddEffect
from tracker.qt.players.projection import effect_cards


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_effects_cards_are_kept_and_are_the_cards_made_afresh(qtbot, ruleset_id):
    document, feed, _parent = feed_of(ruleset_id)
    combatants = document.encounter.combatants
    for combatant in [c for c in combatants if c.hidden]:  # (a rename then keeps them)
        assert document.apply(EditCombatant(combatant.id, {"hidden": False}))
    party = [c for c in combatants if c.side == "party" and not c.hidden]
    for combatant in party[:2]:
        assert document.apply(AddEffect("Blessed", combatant.id, None, {}))
    before = feed.state().board.effects
    assert len(before) >= 2, "no effect on the party to show"
    again = feed.state().board.effects
    assert all(card is kept for card, kept in zip(again, before, strict=True))
    other = next(c for c in combatants if c.side != "party" and not c.hidden)
    assert document.apply(EditCombatant(other.id, {"name": "Renamed Rook"}))
    again = feed.state().board.effects  # not their carrier: the same cards
    assert all(card is kept for card, kept in zip(again, before, strict=True))
    assert document.apply(EditCombatant(party[0].id, {"name": "Renamed Ranger"}))
    renamed = feed.state().board.effects
    assert renamed == effect_cards(feed.effects_proxy)  # made afresh, nothing kept
    assert [card.carrier == "Renamed Ranger" for card in renamed].count(True) == 1
    assert any(card is kept for card in renamed for kept in before)  # the other's
    for number in range(30):
        if number == 3:
            assert document.apply(EditCombatant(party[1].id, {"hidden": True}))
        step(document)
        effects = feed.state().board.effects
        assert effects == effect_cards(feed.effects_proxy), number
