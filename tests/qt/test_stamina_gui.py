"""The Stamina battle through the GUI: the DM picks who goes next in the side-phase view
(never a Unit of the other side), spends on actions from the turn panel, takes a
reaction off-turn, sees a refused action greyed out with its reason, drags inside a
side; the players' screen never shows a hidden Unit; the sheet prints; every model of
the views passes qtmodeltester."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QComboBox

from tests.qt.conftest import shown_window
from tracker.engine import AddCombatant, EndTurn, RulesetAction, Session, StartEncounter
from tracker.qt.document import EncounterDocument
from tracker.qt.main_window import MainWindow
from tracker.qt.models.roster_model import IdRole
from tracker.qt.players import PlayersScreenSettings, PlayersWindow
from tracker.qt.players.public_state import PublicState
from tracker.qt.printing import Table
from tracker.qt.ruleset_ui import ui_for
from tracker.qt.rulesets.stamina_battle.model import STAMINA, SideProxy, UnitsModel
from tracker.qt.rulesets.stamina_battle.phases_view import SidePhasesView
from tracker.qt.rulesets.stamina_battle.players_panel import StaminaPanel
from tracker.qt.rulesets.stamina_battle.printed import battle_table

LEFT = Qt.MouseButton.LeftButton


def small_battle() -> Session:
    """Mira (6) and Bran (5, shield) of the party; Grub (4) and the hidden Troll (8)."""
    session = Session.new("Bridge at Dawn", "stamina_battle")
    session.apply(AddCombatant("Mira", "party", stats={"stamina_max": 6, "armor": 2}))
    session.apply(AddCombatant("Bran", "party", stats={"stamina_max": 5, "shield": True}))
    session.apply(AddCombatant("Grub", "enemy", stats={"stamina_max": 4, "armor": 3}))
    session.apply(AddCombatant("Troll", "enemy", True, stats={"stamina_max": 8}))
    session.apply(StartEncounter())
    return session


@pytest.fixture
def swindow(qtbot, tmp_path: Path) -> MainWindow:
    yield from shown_window(qtbot, small_battle(), tmp_path / "journal", (1366, 768))


def by_name(document: EncounterDocument, name: str):
    return next(c for c in document.encounter.combatants if c.name == name)


def acting(window: MainWindow) -> str:
    turn = window.document.session.current_turn()
    return window.document.encounter.combatant(turn.combatant_id).name


def view(window: MainWindow) -> SidePhasesView:
    assert isinstance(window.central_view, SidePhasesView)
    return window.central_view


def stamina_shown(window: MainWindow, name: str) -> str:
    model = view(window).units_model
    return model.index(model.row_of(by_name(window.document, name).id), STAMINA).data()


def test_the_window_fits_1366_by_768(swindow: MainWindow):
    assert swindow.width() <= 1366 and swindow.height() <= 768
    assert swindow.minimumSizeHint().width() <= 1366


def test_pick_who_goes_next_from_the_side(qtbot, swindow: MainWindow):
    phases = view(swindow)
    assert acting(swindow) == "Mira"
    phases.select(by_name(swindow.document, "Bran").id)
    assert swindow.selected_combatant_id() == by_name(swindow.document, "Bran").id
    assert phases.next_button.isEnabled()
    qtbot.mouseClick(phases.next_button, LEFT)
    assert acting(swindow) == "Bran"  # Mira had done nothing: Bran takes the turn now
    swindow.document.undo_stack.undo()
    assert acting(swindow) == "Mira"


def test_a_unit_of_the_other_side_cannot_be_picked(qtbot, swindow: MainWindow):
    phases = view(swindow)
    phases.select(by_name(swindow.document, "Grub").id)
    assert not phases.next_button.isEnabled()
    assert phases.next_button.toolTip() == (
        "Not now: Grub is of the enemies; it is the party's phase: only the party can be picked."
    )
    assert phases.columns["party"].title.text() == "Party · their phase · 2 to act"


def test_spending_on_actions_shows_the_bar_change(qtbot, swindow: MainWindow):
    panel = swindow.turn_panel
    qtbot.mouseClick(panel.action_buttons["move"], LEFT)
    assert stamina_shown(swindow, "Mira") == "5/6 (−1)"
    weapon = panel.action_inputs["attack"]["weapon"]
    assert isinstance(weapon, QComboBox)
    weapon.setCurrentText("two-handed")
    qtbot.mouseClick(panel.action_buttons["attack"], LEFT)
    # 5 - 2 = 3.
    assert stamina_shown(swindow, "Mira") == "3/6 (−2)"
    swindow.document.undo_stack.undo()
    assert stamina_shown(swindow, "Mira") == "5/6 (+2)"


def test_a_disabled_action_shows_its_reason(qtbot, swindow: MainWindow):
    panel = swindow.turn_panel
    for _ in range(3):
        qtbot.mouseClick(panel.action_buttons["move"], LEFT)
    button = panel.action_buttons["move"]
    assert not button.isEnabled()
    assert button.toolTip() == "Not now: Mira has already moved 3 times this turn."
    assert stamina_shown(swindow, "Mira") == "3/6 (−1)"


def test_a_reaction_off_turn_from_the_same_pool(qtbot, swindow: MainWindow):
    panel = swindow.turn_panel
    swindow.select_combatant(by_name(swindow.document, "Grub").id)  # Mira's turn
    reaction = panel.action_inputs["react"]["reaction"]
    assert isinstance(reaction, QComboBox)
    reaction.setCurrentText("parry")
    qtbot.mouseClick(panel.action_buttons["react"], LEFT)
    assert stamina_shown(swindow, "Grub") == "2/4 (−2)"
    readout = view(swindow).units_model.readout_at(
        view(swindow).units_model.row_of(by_name(swindow.document, "Grub").id)
    )
    assert readout.reactions == (("Evade", 1), ("Parry", 2))
    qtbot.mouseClick(panel.action_buttons["react"], LEFT)  # 2 - 2 = 0
    assert stamina_shown(swindow, "Grub") == "0/4 (−2)"
    # A custom reaction of cost 0 stays possible; a Parry is refused with the reason.
    qtbot.mouseClick(panel.action_buttons["react"], LEFT)
    assert swindow.banner.label.text() == "Grub's Parry needs 2 Stamina; none left."
    assert stamina_shown(swindow, "Grub") == "0/4 (−2)"


def test_dragging_inside_a_side_moves_the_unit(qtbot, swindow: MainWindow):
    proxy = view(swindow).columns["party"].proxy
    assert [proxy.index(r, 0).data() for r in range(proxy.rowCount())] == ["Mira", "Bran"]
    assert proxy.moveRows(QModelIndex(), 1, 1, QModelIndex(), 0)
    assert [proxy.index(r, 0).data() for r in range(proxy.rowCount())] == ["Bran", "Mira"]
    assert [c.name for c in swindow.document.encounter.combatants][:2] == ["Bran", "Mira"]


def test_players_panel_never_shows_a_hidden_unit(qtbot, swindow: MainWindow):
    players = PlayersWindow(
        swindow.document,
        PlayersScreenSettings(),
        turn_order_model=swindow.turn_order_model,
        effects_model=swindow.effects_model,
    )
    qtbot.addWidget(players)
    players.resize(1280, 720)
    players.show()
    panel = players.board.panel
    assert isinstance(panel, StaminaPanel)
    document = swindow.document
    for step in (
        lambda: document.apply(EndTurn()),
        lambda: document.apply(EndTurn()),
        lambda: document.apply(EndTurn()),  # the Troll acts
        lambda: document.apply(
            RulesetAction("react", by_name(document, "Troll").id, {"reaction": "parry"})
        ),
    ):
        step()
        texts = " ".join(panel.rendered_texts())
        assert "Troll" not in texts
        assert [panel.proxy.index(r, 0).data() for r in range(panel.proxy.rowCount())] == [
            "Mira",
            "Bran",
            "Grub",
        ]
    assert acting(swindow) == "Troll"
    assert panel.phase_text() == "Round 1 · The enemies' phase"  # Grub's, the last shown
    players.close()


def test_enemy_stamina_hidden_when_the_dm_keeps_it_secret(qtbot, swindow: MainWindow):
    from tracker.engine import SetSecretFields
    from tracker.qt.rulesets.stamina_battle.players_panel import PublicUnitRole

    public = PublicState(swindow.document)
    model = UnitsModel(swindow.document)
    from tracker.qt.rulesets.stamina_battle.players_panel import PlayersUnitsProxy

    proxy = PlayersUnitsProxy(model, public)
    grub = proxy.index(2, 0)
    assert grub.data() == "Grub" and grub.data(PublicUnitRole)[:2] == (4, 4)
    swindow.document.apply(SetSecretFields(("stamina_max",)))
    assert proxy.index(2, 0).data(PublicUnitRole)[:2] == (None, None)
    assert proxy.index(0, 0).data(PublicUnitRole)[:2] == (6, 6)  # the party's always


def test_the_battle_sheet_prints_without_hidden_units(swindow: MainWindow):
    tables = ui_for(swindow.document.ruleset).printed_tables(swindow.document, False)
    assert len(tables) == 1 and isinstance(tables[0], Table)
    names = [row[0].text for row in tables[0].rows if row[0].text]
    assert names == ["Mira", "Bran", "Grub"]
    with_hidden = battle_table(swindow.document, include_hidden=True)
    assert [row[0].text for row in with_hidden.rows if row[0].text][-1] == "Troll"
    assert tables[0].rows[0][1].text == "6 / 6"


def test_models_pass_qtmodeltester(qtmodeltester, swindow: MainWindow):
    document = swindow.document
    model = UnitsModel(document)
    qtmodeltester.check(model)
    party = SideProxy(model, "party")
    party.attach()
    assert party.rowCount() > 0
    qtmodeltester.check(party)
    from tracker.qt.rulesets.stamina_battle.players_panel import PlayersUnitsProxy

    qtmodeltester.check(PlayersUnitsProxy(model, PublicState(document)))
    document.apply(RulesetAction("move", None, {}))
    document.apply(EndTurn())
    qtmodeltester.check(model)


def test_after_file_open_a_change_never_reaches_the_replaced_view(qtbot, swindow, tmp_path):
    """File → Open of another battle replaces the side-phases view; the old one was still
    called on every change (a lambda kept it connected), and raised from its deleted
    layout: every change after an Open showed the GM an unexpected problem."""
    from tracker.persistence.files import save_encounter

    path = tmp_path / "other.json"
    save_encounter(small_battle().encounter, path)
    old = view(swindow)
    swindow.document.undo_stack.set_clean()  # nothing to ask about before opening
    assert swindow.open_path(path)
    assert view(swindow) is not old
    qtbot.waitUntil(lambda: not _alive(old))
    swindow.document.apply(EndTurn())  # raised RuntimeError in the old view's refresh
    assert acting(swindow) == "Bran"


def _alive(widget) -> bool:
    from shiboken6 import isValid

    return isValid(widget)


def test_showing_the_selected_unit_reads_no_row_of_the_columns(
    swindow: MainWindow, monkeypatch: pytest.MonkeyPatch
):
    """The Unit is found through its row in the model, mapped to its column: the ids of
    the columns' rows are not read one by one (a scan of thousands of Units)."""
    phases = view(swindow)
    grub = by_name(swindow.document, "Grub")
    reads: list[int] = []
    model = phases.units_model
    data = model.data

    def counted(index, role=Qt.ItemDataRole.DisplayRole):
        reads.append(role)
        return data(index, role)

    monkeypatch.setattr(model, "data", counted)
    phases.show_selected(grub.id)
    assert reads.count(IdRole) == 0
    phases.select(grub.id)
    assert reads.count(IdRole) <= 1  # the column's own answer to its new current row
    enemies = phases.columns["enemy"].list_view
    assert enemies.model().data(enemies.currentIndex(), IdRole) == grub.id
    assert phases.selected == grub.id
