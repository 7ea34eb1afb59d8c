"""The GM's steps with Initiative ticks through the GUI: Join Battle in the prompt panel,
a withering attack from the turn panel shown as deltas in the tick track and the log,
a re-order after an Initiative change (row moves, no reset), a disabled action with its
reason; the players' panel never shows a hidden combatant; the printed sheet."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument

from tests.qt.conftest import shown_window
from tracker.engine import AddCombatant, EndTurn, RulesetAction, Session, StartEncounter
from tracker.qt.document import EncounterDocument
from tracker.qt.main_window import MainWindow
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.themes import DARK
from tracker.qt.rulesets.initiative_ticks.model import INITIATIVE, NAME, TickModel
from tracker.qt.rulesets.initiative_ticks.players_panel import TicksPanel
from tracker.qt.rulesets.initiative_ticks.printed import ticks_table
from tracker.qt.rulesets.initiative_ticks.track_view import TickTrackView

CAST = (("Kaoru", "party", False), ("Bandit", "enemy", False), ("Archer", "enemy", True))


def new_session() -> Session:
    session = Session.new("Ford", "initiative_ticks")
    for name, side, hidden in CAST:
        session.apply(AddCombatant(name, side, hidden, stats={"stamina": 3}))
    return session


@pytest.fixture
def twindow(qtbot, tmp_path: Path):
    yield from shown_window(qtbot, new_session(), tmp_path / "journal", (1366, 768))


def ids(document: EncounterDocument) -> dict[str, str]:
    return {c.name: c.id for c in document.encounter.combatants}


def rows(model: TickModel) -> list[tuple[str, str]]:
    """(name, Initiative as shown) down the track."""
    return [
        (model.index(r, NAME).data(), model.index(r, INITIATIVE).data())
        for r in range(model.rowCount())
    ]


def join_through_prompts(window: MainWindow, successes: dict[str, int]) -> None:
    panel = window.prompt_panel
    while (prompt := window.document.session.prompt()) is not None and prompt.key[0] == "join":
        name = window.document.encounter.combatant(prompt.asks).name
        form = panel.answer_forms[0]
        form.editors["successes"].set_value(successes[name])
        panel.answer_buttons[0].click()


def to_round_one(window: MainWindow) -> None:
    window.document.apply(StartEncounter())
    join_through_prompts(window, {"Kaoru": 6, "Bandit": 2, "Archer": 4})
    window.prompt_panel.answer_buttons[0].click()  # begin the free actions
    for _ in CAST:
        window.prompt_panel.answer_buttons[0].click()  # free action taken


def test_join_battle_and_a_withering_attack_show_as_deltas(twindow, qtmodeltester):
    view = twindow.central_view
    assert isinstance(view, TickTrackView)
    model = view.tick_model
    qtmodeltester.check(model, force_py=True)
    to_round_one(twindow)
    # 3 + 6 = 9, 3 + 4 = 7, 3 + 2 = 5: the ticks from high to low.
    assert [name for name, _ in rows(model)] == ["Kaoru", "Archer  (hidden)", "Bandit"]
    assert view.tick_label.text() == "Tick 9"
    resets: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    moves: list[int] = []
    model.rowsMoved.connect(lambda *args: moves.append(1))
    twindow.select_combatant(ids(twindow.document)["Bandit"])
    panel = twindow.turn_panel
    panel.action_inputs["withering"]["damage"].setValue(3)
    panel.action_buttons["withering"].click()
    # Kaoru 9 + 1 + 3 = 13; Bandit 5 − 3 = 2.
    assert ("Kaoru", "13 (+4)") in rows(model) and ("Bandit", "2 (−3)") in rows(model)
    assert "Kaoru 9 → 13 (+4)" in twindow.document.encounter.log[-1].text
    assert (
        twindow.log_model.index(twindow.log_model.rowCount() - 1, 1)
        .data()
        .endswith("Bandit Onslaught 1 (−1 Defense).")
    )
    assert not resets
    qtmodeltester.check(model, force_py=True)


def test_an_initiative_change_reorders_by_moving_rows(twindow, qtmodeltester):
    to_round_one(twindow)
    model = twindow.central_view.tick_model
    qtmodeltester.check(model, force_py=True)
    resets: list[int] = []
    moves: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    model.rowsMoved.connect(lambda *args: moves.append(1))
    bandit = ids(twindow.document)["Bandit"]
    twindow.select_combatant(bandit)
    panel = twindow.turn_panel
    panel.action_inputs["adjust"]["amount"].setValue(4)  # Bandit 5 + 4 = 9, before the Archer
    panel.action_buttons["adjust"].click()
    assert [name for name, _ in rows(model)][:2] == ["Kaoru", "Bandit"]
    assert moves and not resets
    assert model.index(1, INITIATIVE).data() == "9 (+4)"


def test_a_disabled_action_shows_its_reason(twindow):
    to_round_one(twindow)
    panel = twindow.turn_panel
    button = panel.action_buttons["act_now"]
    twindow.select_combatant(ids(twindow.document)["Bandit"])
    panel.refresh()
    assert not button.isEnabled()
    assert "Bandit has no delayed turn to take." in button.toolTip()
    clash = panel.action_buttons["clash"]
    assert not clash.isEnabled() and "same tick" in clash.toolTip()


def test_the_players_panel_never_shows_a_hidden_combatant(twindow, qtmodeltester):
    to_round_one(twindow)
    document = twindow.document
    public = PublicState(document, listen=False)
    panel = TicksPanel(document, public, DARK)
    public.listen()
    panel.set_look(DARK, 0.6)
    panel.fit(700)
    qtmodeltester.check(panel.proxy, force_py=True)
    texts = " ".join(panel.rendered_texts())
    assert "Kaoru" in texts and "Bandit" in texts and "Archer" not in texts
    assert panel.proxy.rowCount() == 2  # no gap for the Archer
    document.apply(EndTurn())  # the hidden Archer acts now: still Kaoru's tick shown
    texts = " ".join(panel.rendered_texts())
    assert "Archer" not in texts and panel.tick_label.text() == "9"
    panel.deleteLater()


def test_the_printed_sheet_lists_the_ticks(twindow):
    to_round_one(twindow)
    table = ticks_table(twindow.document, include_hidden=False)
    names = [row[1].text for row in table.rows if row[1].text]
    assert names == ["Kaoru", "Bandit"]
    assert "Round 1, tick 9" in table.subtitle
    full = ticks_table(twindow.document, include_hidden=True)
    assert [row[1].text for row in full.rows if row[1].text] == ["Kaoru", "Archer", "Bandit"]


def test_the_start_of_turn_checklist_shows_beside_the_track(twindow):
    to_round_one(twindow)
    view = twindow.central_view
    shown = QTextDocument()  # what the rich label draws (names in it are escaped)
    shown.setHtml(view.checklist.text())
    assert "Start of Kaoru's turn" in shown.toPlainText()
    assert "End of Kaoru's turn" in shown.toPlainText()
    assert twindow.document.session.prompt().key[0] == "start"
    twindow.prompt_panel.answer_buttons[0].click()
    assert "(applied)" in view.checklist.text()
    twindow.document.apply(RulesetAction("flurry"))
    assert "flurry −3" in view.tick_model.index(0, 3).data()
    assert view.tick_model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole).startswith("Kaoru")
