"""Classic d20's cards on the shared page (`D20Source`, kept by `ChangeMemo`) after a
rename, a combatant added or removed: while nobody is hidden, only the cards of the
combatants concerned are made anew; with someone hidden, a rename makes them all anew
(what a text is made safe by changed); either way they are the cards made afresh."""

from __future__ import annotations

from typing import Any

import pytest

from tests.qt.players_crowd import step
from tests.share.test_page_rows_calls import _fresh_cards, feed_of
from tracker.engine import AddCombatant, RemoveCombatant
from tracker.engine.commands import EditCombatant
from tracker.qt.players.visibility import Visibility
from tracker.qt.rulesets.classic_d20 import players_panel
from tracker.qt.rulesets.classic_d20.players_panel import D20Source, page_row


def _made(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the cards made from now on."""
    made: list[str] = []
    original = players_panel._card

    def counted(document: Any, public: Any, ruleset: Any, combatant: Any, now: bool) -> Any:
        made.append(combatant.name)
        return original(document, public, ruleset, combatant, now)

    monkeypatch.setattr(players_panel, "_card", counted)
    return made


def test_a_rename_or_a_combatant_in_or_out_makes_anew_only_its_card(qtbot, monkeypatch):
    document, feed, _parent = feed_of("classic_d20")
    source = feed.panel
    assert isinstance(source, D20Source)
    for combatant in [c for c in document.encounter.combatants if c.hidden]:
        assert document.apply(EditCombatant(combatant.id, {"hidden": False}))
    for _ in range(6):
        step(document)
    assert Visibility.of(document.encounter).texts_basis == ()
    made = _made(monkeypatch)

    def cards() -> list[str]:
        """The cards made for the page's panel now (checked against cards made afresh)."""
        made.clear()
        rows = source.content().rows
        making = list(made)
        assert rows == tuple(page_row(c) for c in _fresh_cards(document, feed.public))
        return making

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
