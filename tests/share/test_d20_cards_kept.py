"""Classic d20's cards on the shared page (`D20Source`, kept by `ChangeMemo`) after a
rename, a combatant added or removed, an effect added, edited or ended: while nobody is
hidden, only the cards of the combatants concerned are made anew (for an effect, a
caster whose spell it changed); with someone hidden, a rename makes them all anew (what
a text is made safe by changed); either way they are the cards made afresh."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QObject

from tests.qt.players_crowd import step
from tests.share.test_page_rows_calls import _fresh_cards, feed_of
from tracker.engine import AddCombatant, RemoveCombatant
from tracker.engine.commands import EditCombatant
from tracker.engine.effect_commands import AddEffect, EditEffect, EndEffect
from tracker.qt.players.visibility import Visibility
from tracker.qt.rulesets.classic_d20 import players_panel
from tracker.qt.rulesets.classic_d20.players_panel import D20Source, page_row
from tracker.qt.share.feed import PageFeed


def _made(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the cards made from now on."""
    made: list[str] = []
    original = players_panel._card

    def counted(*args: Any) -> Any:
        made.append(args[3].name)  # the combatant's
        return original(*args)

    monkeypatch.setattr(players_panel, "_card", counted)
    return made


def _everyone_shown(steps: int) -> tuple[Any, PageFeed, QObject]:
    """A Classic d20 fight shared, nobody hidden, `steps` steps in (the feed's parent
    with it: keep it, it owns the feed)."""
    document, feed, parent = feed_of("classic_d20")
    assert isinstance(feed.panel, D20Source)
    for combatant in [c for c in document.encounter.combatants if c.hidden]:
        assert document.apply(EditCombatant(combatant.id, {"hidden": False}))
    for _ in range(steps):
        step(document)
    return document, feed, parent


def _cards_counter(
    document: Any, feed: PageFeed, monkeypatch: pytest.MonkeyPatch
) -> Callable[[], list[str]]:
    """`cards()`: the names of the cards made for the page's panel as it is read now
    (its rows checked against cards made afresh)."""
    made = _made(monkeypatch)

    def cards() -> list[str]:
        made.clear()
        rows = feed.panel.content().rows
        making = list(made)
        assert rows == tuple(page_row(c) for c in _fresh_cards(document, feed.public))
        return making

    return cards


def test_a_rename_or_a_combatant_in_or_out_makes_anew_only_its_card(qtbot, monkeypatch):
    document, feed, _parent = _everyone_shown(steps=6)
    source = feed.panel
    assert Visibility.of(document.encounter).texts_basis == ()
    cards = _cards_counter(document, feed, monkeypatch)
    assert len(cards()) > 10
    who = document.encounter.combatants[-2]
    assert document.apply(EditCombatant(who.id, {"name": "Renamed Rook"}))
    assert cards() == ["Renamed Rook"]
    assert document.apply(AddCombatant("Late Lynx", "enemy", stats={"initiative": 3}))
    assert cards() == ["Late Lynx"]
    late = next(c for c in document.encounter.combatants if c.name == "Late Lynx")
    assert document.apply(RemoveCombatant(late.id))
    assert cards() == []
    document.undo_stack.undo()  # back, as it was: made again (its id may be another's)
    assert cards() == ["Late Lynx"]

    hidden = document.encounter.combatants[0]
    assert document.apply(EditCombatant(hidden.id, {"hidden": True}))
    shown = len(source.content().rows)
    assert document.apply(EditCombatant(who.id, {"name": "Rook"}))
    assert len(cards()) == shown  # the texts are safe by every name now: all made anew


def test_an_effect_makes_anew_only_the_card_of_a_caster_whose_spell_it_changed(qtbot, monkeypatch):
    """A card reads of the effects only the spell its combatant concentrates on (in its
    key): an effect added or ended makes no other card anew (they were all made again)."""
    document, feed, _parent = _everyone_shown(steps=3)
    source = feed.panel
    cards = _cards_counter(document, feed, monkeypatch)
    cards()
    combatants = document.encounter.combatants
    caster = next(c for c in combatants if c.side == "party")
    target = next(c for c in combatants if c.side == "enemy")
    assert document.apply(AddEffect("Prone", target.id, None, {"until": "until_ended"}))
    assert cards() == []  # nobody concentrates on it
    bless = {"until": "rounds", "amount": 3, "concentration": True}
    assert document.apply(AddEffect("Bless", target.id, caster.id, bless))
    assert cards() == [caster.name]
    assert any(r.detail.startswith("concentrating: Bless") for r in source.content().rows)
    blessed = next(e for e in document.encounter.effects if e.name == "Bless")
    assert document.apply(EditEffect(blessed.id, {"name": "Bane"}))
    assert cards() == [caster.name]  # its spell's name changed
    prone = next(e for e in document.encounter.effects if e.name == "Prone")
    assert document.apply(EndEffect(prone.id))
    assert cards() == []
    assert document.apply(EndEffect(blessed.id))
    assert cards() == [caster.name]  # it concentrates on nothing now
    document.undo_stack.undo()
    assert cards() == [caster.name]
