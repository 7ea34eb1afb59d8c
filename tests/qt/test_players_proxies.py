"""The players' proxies over the GM's models: each passes qtmodeltester through the
scripted fight, gives no hidden name or secret value at any step, and filters what it
should (hidden turns, rows, Segment columns only hidden combatants have, effects)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QAbstractItemModel, QObject, Qt

from tests.qt.conftest import by_name
from tests.qt.test_players_fight import (
    SECRET_LABEL,
    add_secret_field,
    fight_steps,
    leaked,
    model_texts,
)
from tracker.engine import AddCombatant, AddEffect, EditCombatant, EndTurn, StartEncounter
from tracker.engine.fields import Field
from tracker.qt.document import EncounterDocument
from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.models.turn_order_model import TurnOrderModel
from tracker.qt.players import (
    PartyEffectsProxy,
    PlayersTurnOrderProxy,
    PublicState,
    ShownCurrentRole,
)
from tracker.qt.rulesets.war_scroll.model import StateRole, WarScrollModel
from tracker.qt.rulesets.war_scroll.players_proxy import PlayersWarScrollProxy


@pytest.fixture
def secret_field(monkeypatch: pytest.MonkeyPatch) -> Field:
    return add_secret_field(monkeypatch)


class Players(QObject):
    """The GM's models, then the public state, then one proxy of each kind over them
    (kept alive by the document, so they outlive the test body)."""

    def __init__(self, document: EncounterDocument) -> None:
        super().__init__(document)
        self.turns = TurnOrderModel(document, self)
        self.effects = EffectsModel(document, self)
        self.grid = WarScrollModel(document, self)
        self.public = PublicState(document, self)
        self.turn_proxy = PlayersTurnOrderProxy(self.turns, self.public, parent=self)
        self.next_proxy = PlayersTurnOrderProxy(
            self.turns, self.public, include_current=False, parent=self
        )
        self.effects_proxy = PartyEffectsProxy(self.effects, self.public, parent=self)
        self.grid_proxy = PlayersWarScrollProxy(self.grid, self.public, parent=self)

    def proxies(self) -> dict[str, QAbstractItemModel]:
        return {
            "turn_order": self.turn_proxy,
            "turns_to_come": self.next_proxy,
            "effects": self.effects_proxy,
            "war_scroll": self.grid_proxy,
        }


PROXY_NAMES = ("turn_order", "turns_to_come", "effects", "war_scroll")


def column_labels(model: QAbstractItemModel) -> list[str]:
    return [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]


def row_names(model: QAbstractItemModel) -> list[str]:
    return [model.headerData(r, Qt.Orientation.Vertical) for r in range(model.rowCount())]


@pytest.mark.parametrize("name", PROXY_NAMES)
def test_every_proxy_passes_qtmodeltester_through_the_fight(
    document,
    qapp,
    qtmodeltester,
    secret_field,
    name,
):
    players = Players(document)
    proxy = players.proxies()[name]
    qtmodeltester.check(proxy, force_py=True)  # and watches every signal from now on
    for _label, action in fight_steps(document):
        action()
    qapp.processEvents()  # the proxy's queued header signals, checked here too
    qtmodeltester.check(proxy, force_py=True)


def test_no_proxy_shows_a_hidden_name_or_secret_at_any_step(document, secret_field):
    players = Players(document)
    for label, action in fight_steps(document):
        action()
        for name, proxy in players.proxies().items():
            assert leaked(model_texts(proxy), document) == [], (label, name)
    # The GM's own models do show them: the check above can fail.
    assert leaked(model_texts(players.grid), document)


def test_hidden_rows_and_their_segment_columns_are_left_out(document):
    players = Players(document)
    document.apply(
        AddCombatant("Azazel", "enemy", hidden=True, stats={"speed": 30, "swiftness": 10})
    )
    assert column_labels(players.grid) == ["1", "2", "3", "", "A", "B"]
    assert column_labels(players.grid_proxy) == ["1", "2", "", "A"]
    assert row_names(players.grid_proxy) == [
        "Echthra",
        "Tirzaiel",
        "Thomas",
        "Kandor",
        "Fallen Watcher",
        "Shade",
        "Shade 2",
    ]
    document.apply(EditCombatant(by_name(document, "Azazel").id, {"hidden": False}))
    assert column_labels(players.grid_proxy) == ["1", "2", "3", "", "A", "B"]
    assert row_names(players.grid_proxy)[0] == "Azazel"
    document.undo_stack.undo()
    assert column_labels(players.grid_proxy) == ["1", "2", "", "A"]
    assert "Azazel" not in row_names(players.grid_proxy)


def test_the_turn_order_drops_hidden_turns_and_can_leave_out_the_current_one(document):
    players = Players(document)
    document.apply(StartEncounter())
    names = [players.turn_proxy.index(r, 0).data() for r in range(players.turn_proxy.rowCount())]
    assert "Lurking Nephil" not in names
    assert names[:3] == ["Echthra", "Tirzaiel", "Thomas"]
    assert players.turn_proxy.index(0, 0).data(ShownCurrentRole) is True
    assert players.turn_proxy.index(1, 0).data(ShownCurrentRole) is False
    assert players.next_proxy.index(0, 0).data() == "Tirzaiel"
    assert players.next_proxy.rowCount() == players.turn_proxy.rowCount() - 1
    document.apply(EndTurn())
    assert players.turn_proxy.index(0, 0).data() == "Tirzaiel"
    assert players.next_proxy.index(0, 0).data() == "Thomas"


def test_while_a_hidden_one_acts_its_turn_is_nowhere_and_no_cell_is_current(document):
    players = Players(document)
    nephil = by_name(document, "Lurking Nephil").id
    document.apply(StartEncounter())
    while document.session.current_turn().combatant_id != nephil:
        document.apply(EndTurn())
    shown = players.public.shown_turn()
    assert shown is not None and shown.combatant_id == by_name(document, "Shade 2").id
    # The shown turn was played: it is in no list, and no row is marked current.
    rows = players.turn_proxy.rowCount()
    assert not any(players.turn_proxy.index(r, 0).data(ShownCurrentRole) for r in range(rows))
    assert players.turn_proxy.index(0, 0).data() == "Echthra"  # Segment 2 comes next
    assert players.next_proxy.index(0, 0).data() == "Echthra"
    states = [players.grid_proxy.index(r, 0).data(StateRole) for r in range(7)]
    assert states == ["played"] * 7  # Shade 2's Turn is over; the Nephil's is not shown


def test_effects_on_the_party_only_and_none_from_or_on_hidden_ones(document):
    players = Players(document)
    ids = {c.name: c.id for c in document.encounter.combatants}
    document.apply(StartEncounter())
    document.apply(AddEffect("Blessed", ids["Thomas"], ids["Echthra"], {"cycles": 1}))
    document.apply(AddEffect("Dread", ids["Thomas"], ids["Lurking Nephil"], {"cycles": 1}))
    document.apply(AddEffect("Veil", ids["Lurking Nephil"], None, {"cycles": 1}))
    document.apply(AddEffect("Marked", ids["Shade"], ids["Echthra"], {"cycles": 1}))
    shown = [players.effects_proxy.index(r, 0).data() for r in range(2)]
    assert players.effects_proxy.rowCount() == 1 and shown[0] == "Blessed"
    document.apply(EditCombatant(ids["Lurking Nephil"], {"hidden": False, "side": "party"}))
    names = {
        players.effects_proxy.index(r, 0).data() for r in range(players.effects_proxy.rowCount())
    }
    assert names == {"Blessed", "Dread", "Veil"}


def test_a_duration_that_names_a_hidden_one_is_told_without_the_name(document):
    players = Players(document)
    nephil = by_name(document, "Lurking Nephil").id
    document.apply(StartEncounter())
    while document.session.current_turn().combatant_id != nephil:
        document.apply(EndTurn())
    document.apply(AddEffect("Blessed", by_name(document, "Thomas").id, None, {"cycles": 1}))
    gm_text = players.effects.index(0, 3).data()
    assert "Lurking Nephil" in gm_text
    assert players.effects_proxy.index(0, 3).data() == "until Cycle 2"


def test_secret_fields_stay_out_of_the_grid_tooltips(document, secret_field):
    players = Players(document)
    tip = players.grid_proxy.headerData(0, Qt.Orientation.Vertical, Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("Echthra: Speed 17")
    assert SECRET_LABEL not in tip


def test_the_time_left_told_to_players_is_worked_out_once_per_change(document, monkeypatch):
    """A paint asks each effect's time left several times; the ruleset is asked once per
    effect between two changes, and again after a change (which may change it)."""
    players = Players(document)
    ids = {c.name: c.id for c in document.encounter.combatants}
    document.apply(StartEncounter())
    document.apply(AddEffect("Blessed", ids["Thomas"], ids["Echthra"], {"cycles": 2}))
    ruleset = type(document.ruleset)
    asked: list[str] = []
    real = ruleset.public_remaining

    def counting(self, encounter, effect, visible_ids):
        asked.append(effect.name)
        return real(self, encounter, effect, visible_ids)

    monkeypatch.setattr(ruleset, "public_remaining", counting)
    first = [players.effects_proxy.index(0, 3).data() for _ in range(5)]
    assert asked == ["Blessed"] and len(set(first)) == 1
    document.apply(EndTurn())
    for _ in range(3):
        players.effects_proxy.index(0, 3).data()
    assert asked == ["Blessed", "Blessed"]
