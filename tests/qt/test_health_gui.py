"""Issue 11, parts 1 and 5 (GUI): the damage box on several selected combatants, bad text
explained in place, the defeated marked on the rows (not by colour alone), mark
defeated and revive from the menus, rolls from the combatant's dice, and the players'
screen showing health exactly, as a band or not at all, per side."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QItemSelectionModel, QSettings, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from tests.qt.conftest import shown_window
from tracker.engine import (
    AddCombatant,
    ChangeHealth,
    EditCombatant,
    MarkDefeated,
    Session,
    SetSecretFields,
    StartEncounter,
)
from tracker.qt.document import EncounterDocument
from tracker.qt.models.roster_model import RosterModel
from tracker.qt.models.turn_order_model import TurnOrderModel
from tracker.qt.players.board import PlayersBoard
from tracker.qt.players.screen_dialog import PlayersScreenDialog
from tracker.qt.players.settings import PlayersScreenSettings
from tracker.qt.players.themes import DARK


class FakeRng:
    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        return self.faces.pop(0)


def goblins(ruleset_id: str = "ap_countdown", **stats: object) -> Session:
    session = Session.new("Ambush", ruleset_id)
    base = {"ap_countdown": {"hits": 12}, "stamina_battle": {"health": 3, "armor": 2}}
    session.apply(AddCombatant("Hauser", "party", stats={**base[ruleset_id], **stats}))
    session.apply(AddCombatant("Goblin", "enemy", stats={**base[ruleset_id], **stats}, count=2))
    return session


@pytest.fixture
def hwindow(qtbot, tmp_path: Path):
    yield from shown_window(qtbot, goblins(), tmp_path / "journal")


def ids(window, *names: str) -> list[str]:
    by = {c.name: c.id for c in window.document.encounter.combatants}
    return [by[name] for name in names]


def select(window, *names: str) -> None:
    view, model = window.roster_view, window.roster_model
    view.selectionModel().clearSelection()
    for number, combatant_id in enumerate(ids(window, *names)):
        flag = QItemSelectionModel.SelectionFlag.Select
        if number == 0:
            flag |= QItemSelectionModel.SelectionFlag.Current
        view.selectionModel().setCurrentIndex(model.index(model.row_of(combatant_id), 0), flag)


def hits_taken(window, name: str) -> int:
    return next(c for c in window.document.encounter.combatants if c.name == name).stats[
        "hits_taken"
    ]


def test_minus_seven_on_two_selected_harms_both_in_one_undo_step(hwindow, qtbot):
    window = hwindow
    window.actions_by_name["pane_combatants"].trigger()  # its meters say the change
    qtbot.waitUntil(window.roster_view.isVisible)
    qtbot.wait(20)  # painted: the meters as they were are seen
    select(window, "Goblin 1", "Goblin 2")
    assert window.selected_combatant_ids() == ids(window, "Goblin 1", "Goblin 2")
    window.actions_by_name["health"].trigger()  # Edit → Damage or heal (H)
    assert window.health_box.input.hasFocus()
    qtbot.keyClicks(window.health_box.input, "-7")
    qtbot.keyClick(window.health_box.input, Qt.Key.Key_Return)
    assert (hits_taken(window, "Goblin 1"), hits_taken(window, "Goblin 2")) == (7, 7)
    assert hits_taken(window, "Hauser") == 0
    assert window.health_box.input.text() == ""
    assert window.health_box.feedback.text() == "−7 → Goblin 1 Hits 5/12, Goblin 2 Hits 5/12"
    assert window.document.undo_stack.undo_text() == "Harm Goblin 1 and Goblin 2 (−7)"
    row = window.roster_model.row_of(ids(window, "Goblin 1")[0])
    assert window.roster_model.index(row, 2).data() == "Hits 5/12 (−7) · AP 4/4"
    window.document.undo_stack.undo()
    assert (hits_taken(window, "Goblin 1"), hits_taken(window, "Goblin 2")) == (0, 0)
    assert window.health_box.feedback.text() == ""  # the change shown is undone


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("abc", "“abc” is not a change of health"),
        ("7", "Say what 7 does: −7 harms, +7 heals, =7 sets."),
        ("=99", "Goblin 1's Hits goes up to 12; =99 is out of range."),
        ("", "Type a change"),
    ],
)
def test_bad_text_is_explained_under_the_box_and_changes_nothing(hwindow, text, message):
    window = hwindow
    select(window, "Goblin 1", "Goblin 2")
    before = window.document.encounter.to_dict()
    steps = window.document.undo_stack.count()
    window.health_box.input.setText(text)
    assert not window.health_box.apply()
    assert message in window.health_box.feedback.text()
    assert window.health_box.feedback.isVisible()
    assert window.health_box.feedback.property("error") is True
    assert window.document.encounter.to_dict() == before
    assert window.document.undo_stack.count() == steps
    assert window.health_box.input.text() == text  # kept, to be corrected


def test_dice_are_rolled_once_for_all_and_the_faces_are_logged(hwindow):
    window = hwindow
    window.health_box.rng = FakeRng(4, 2)
    select(window, "Goblin 1", "Goblin 2")
    window.health_box.input.setText("-2d6+1")
    assert window.health_box.apply()
    log = window.document.encounter.log[-1].text
    assert log.startswith("Rolled 2d6+1: [4, 2] + 1 = 7. Goblin 1 −7 (Hits 12 → 5)")
    assert window.health_box.feedback.text().startswith("−2d6+1 = 7 → Goblin 1 Hits 5/12")
    window.document.undo_stack.undo()
    window.document.undo_stack.redo()
    assert hits_taken(window, "Goblin 2") == 7  # redo replays the stored faces


def test_the_defeated_are_struck_through_greyed_and_named(hwindow, qtmodeltester):
    window = hwindow
    goblin = ids(window, "Goblin 2")[0]
    window.document.apply(ChangeHealth((goblin,), "-12"))
    model: RosterModel = window.roster_model
    index = model.index(model.row_of(goblin), 0)
    assert index.data() == "Goblin 2  (unconscious)"  # the word: not colour alone
    assert index.data(Qt.ItemDataRole.FontRole).strikeOut()
    muted = QApplication.palette().color(QPalette.ColorRole.PlaceholderText)
    assert index.data(Qt.ItemDataRole.ForegroundRole).color() == muted  # the scheme's
    healthy = model.index(model.row_of(ids(window, "Goblin 1")[0]), 0)
    assert healthy.data(Qt.ItemDataRole.FontRole) is None
    assert "Hits 0/12, down" in index.data(Qt.ItemDataRole.ToolTipRole)
    qtmodeltester.check(model)


def test_the_turn_order_strikes_the_turns_of_the_defeated(qtmodeltester):
    session = Session.new("Ambush", "priority")
    session.apply(AddCombatant("Ayla", "party", stats={"zeal": 9}))
    session.apply(AddCombatant("Goblin", "enemy", stats={"zeal": 5}))
    goblin = session.encounter.combatants[1].id
    session.apply(StartEncounter())
    document = EncounterDocument(session)
    turns = TurnOrderModel(document)
    row = next(r for r in range(turns.rowCount()) if turns.turn_at(r).combatant_id == goblin)
    assert turns.index(row, 0).data(Qt.ItemDataRole.FontRole) is None
    document.apply(MarkDefeated(goblin))
    assert turns.index(row, 0).data(Qt.ItemDataRole.FontRole).strikeOut()
    assert turns.index(row, 0).data() == "Goblin"  # the players see this name: no word
    qtmodeltester.check(turns)


def test_mark_defeated_and_revive_from_the_menu(hwindow):
    window = hwindow
    select(window, "Hauser", "Goblin 1")
    window.actions_by_name["mark_defeated"].trigger()
    assert [c.defeated for c in window.document.encounter.combatants] == [True, True, False]
    assert "Mark defeated" in [a.text().replace("&", "") for a in window.roster_view.actions()]
    window.actions_by_name["revive"].trigger()
    assert [c.defeated for c in window.document.encounter.combatants] == [False, False, False]
    select(window, "Goblin 2")
    window.actions_by_name["revive"].trigger()  # not defeated: the banner says why
    assert window.banner.isVisible()
    assert window.banner.label.text() == "Goblin 2 is not unconscious."


def test_the_editor_tells_health(hwindow):
    window = hwindow
    select(window, "Goblin 1")
    window.document.apply(ChangeHealth(tuple(ids(window, "Goblin 1")), "-6"))
    assert window.editor.title.text() == "Editing Goblin 1 — Hits 6/12, bloodied"


def test_roll_deals_the_acting_combatants_damage_dice(qtbot, tmp_path):
    session = goblins("stamina_battle", damage_dice="2d8+3")
    session.apply(StartEncounter())  # the party first: Hauser acts
    window = next(shown_window(qtbot, session, tmp_path / "journal"))
    window.health_box.rng = FakeRng(8, 7)
    assert window.health_box.roll_button.isVisibleTo(window)
    select(window, "Goblin 1")
    assert window.health_box.roll()
    log = window.document.encounter.log[-1].text
    # 8 + 7 + 3 = 18 against Armor 2: excess 16, 1 wound.
    assert log == "Rolled 2d8+3: [8, 7] + 3 = 18. Goblin 1 −18 (Wounds 0 → 1; vs Armor 2: 1 wound)."
    window.document.undo_stack.set_clean()
    window.close()


def test_zeal_rolled_in_the_editor_is_applied_with_its_faces(qtbot, tmp_path):
    session = Session.new("Ambush", "priority")
    session.apply(AddCombatant("Ayla", "party", stats={"zeal_dice": "3d12+2"}))
    window = next(shown_window(qtbot, session, tmp_path / "journal"))
    window.select_combatant(session.encounter.combatants[0].id)
    window.editor.rng = FakeRng(4, 9, 1)
    window.editor.roll_buttons["zeal"].click()
    assert session.encounter.combatants[0].stats["zeal"] == 16
    assert "Ayla rolled Zeal dice 3d12+2: [4, 9, 1] + 2 = 16." in [
        e.text for e in session.encounter.log
    ]
    assert window.editor.form.editors["zeal"].raw_value() == "16"
    window.document.undo_stack.set_clean()
    window.close()


# --- the players' screen ------------------------------------------------------------------
def _board(qtbot, health: tuple[str, ...], secret: tuple[str, ...] = ()) -> PlayersBoard:
    session = Session.new("Ambush", "ap_countdown")
    for name, side in (
        ("Hauser", "party"),
        ("Mira", "ally"),
        ("Goblin", "enemy"),
        ("Wolf", "neutral"),
    ):
        session.apply(AddCombatant(name, side, stats={"hits": 12}))
    by = {c.name: c.id for c in session.encounter.combatants}
    session.apply(ChangeHealth((by["Hauser"], by["Goblin"], by["Wolf"]), "-7"))
    if secret:
        session.apply(SetSecretFields(secret))
    board = PlayersBoard(EncounterDocument(session), DARK, health=health)
    qtbot.addWidget(board)
    return board


def _told(board: PlayersBoard) -> dict[str, str]:
    return {c.name: board.health_text(c.id) for c in board.document.encounter.combatants}


def test_the_players_see_health_per_side_as_the_gm_chose(qtbot):
    board = _board(qtbot, ("exact", "band", "band", "nothing"))
    assert _told(board) == {"Hauser": "Hits 5/12", "Mira": "", "Goblin": "bloodied", "Wolf": ""}
    board.set_health_modes(("nothing", "exact", "exact", "band"))
    assert _told(board) == {
        "Hauser": "",
        "Mira": "Hits 12/12",
        "Goblin": "Hits 5/12",
        "Wolf": "bloodied",
    }
    goblin = next(c for c in board.document.encounter.combatants if c.name == "Goblin")
    board.document.apply(ChangeHealth((goblin.id,), "-5"))
    assert board.health_text(goblin.id) == "Hits 0/12, unconscious"
    board.set_health_modes(("band", "band", "band", "band"))
    assert board.health_text(goblin.id) == "unconscious"


def test_secret_health_fields_are_never_told_as_numbers(qtbot):
    board = _board(qtbot, ("exact", "exact", "exact", "exact"), secret=("hits",))
    assert _told(board) == {
        "Hauser": "bloodied",
        "Mira": "",
        "Goblin": "bloodied",
        "Wolf": "bloodied",
    }
    board.resize(1280, 720)
    board.show()
    shown = [
        board.turn_delegate.detail(board.turn_proxy.turn_at(row))
        for row in range(board.turn_proxy.rowCount())
    ]
    assert not any("/12" in text or "Hits" in text for text in shown)


def test_a_hidden_combatant_tells_the_players_nothing(qtbot):
    board = _board(qtbot, ("band", "band", "band", "band"))
    goblin = next(c for c in board.document.encounter.combatants if c.name == "Goblin")
    board.document.apply(EditCombatant(goblin.id, {"hidden": True}))
    assert board.health_text(goblin.id) == ""


def test_the_screen_dialog_keeps_health_per_side(qtbot, tmp_path):
    store = QSettings(str(tmp_path / "t.ini"), QSettings.Format.IniFormat)
    settings = PlayersScreenSettings.load(store)
    assert settings.health == ("exact", "exact", "band", "band")
    dialog = PlayersScreenDialog(settings)
    qtbot.addWidget(dialog)
    combo = dialog.health_combos["enemy"]
    combo.setCurrentIndex(combo.findData("nothing"))
    chosen = dialog.settings()
    assert chosen.health_for("enemy") == "nothing" and chosen.health_for("party") == "exact"
    chosen.save(store)
    assert PlayersScreenSettings.load(store).health == ("exact", "exact", "nothing", "band")


# --- part 5: every roll keeps its faces -----------------------------------------------------
def test_a_roll_from_the_action_palette_keeps_its_faces(qtbot, tmp_path):
    session = Session.new("Ambush", "priority")
    session.apply(AddCombatant("Ayla", "party", stats={"zeal_dice": "2d12+1"}))
    window = next(shown_window(qtbot, session, tmp_path / "journal"))
    window.select_combatant(session.encounter.combatants[0].id)
    window.turn_panel._rng = FakeRng(5, 11)
    spec = session.ruleset.action_spec("roll_zeal")
    field = spec.params[0]
    assert window.turn_panel.roll_and_perform(spec, field)
    assert session.encounter.combatants[0].stats["zeal"] == 17
    assert session.history[-1].command.to_dict()["rolls"] == {
        "result": {"dice": "2d12+1", "faces": [5, 11]}
    }
    assert "Ayla rolled Zeal dice 2d12+1: [5, 11] + 1 = 17." in [
        e.text for e in session.encounter.log
    ]
    window.document.undo_stack.set_clean()
    window.close()


def test_a_roll_in_a_prompt_answers_with_its_faces_and_a_typed_number_goes_plain(qtbot, tmp_path):
    session = Session.new("Ford", "initiative_ticks")
    session.apply(AddCombatant("Swift Wind", "party", stats={"join_battle": "3d10>=7!10"}))
    session.apply(AddCombatant("Bandit", "enemy", stats={"join_battle": "2d10>=7!10"}))
    session.apply(StartEncounter())
    window = next(shown_window(qtbot, session, tmp_path / "journal"))
    panel = window.prompt_panel
    panel.rng = FakeRng(10, 7, 2)
    roll_button = panel.answer_rows[0].roll_buttons[0]
    assert roll_button.text() == "Roll 3d10>=7!10 for Swift Wind  [Ctrl+1]"
    roll_button.click()  # rolls Swift Wind's pool and joins at once
    command = session.history[-1].command.to_dict()
    assert command["type"] == "RolledAction"
    assert command["rolls"] == {"successes": {"dice": "3d10>=7!10", "faces": [10, 7, 2]}}
    assert command["params"] == {"successes": 3}
    # The Bandit's successes typed: the typed number alone goes.
    panel.answer_forms[0].editors["successes"].set_value(1)
    panel.answer_buttons[0].click()
    assert session.history[-1].command.to_dict()["type"] == "RulesetAction"
    assert session.history[-1].command.to_dict()["params"] == {"successes": 1}
    window.document.undo_stack.set_clean()
    window.close()
