"""Issue 24 point 1 (what a d20 row shows): a valued condition's badge with its value,
5e death saves and PF2e dying and wounded, legendary actions left, Ready and surprise on
the creature's row; a fight of a dozen creatures and more fits the view at 1,366 × 768
(rows of one line, whose identity block keeps its health in sight)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QStyleOptionViewItem

from tests.qt.classic_d20_view_helpers import d20_view, ids_by_name, sample
from tests.qt.conftest import shown_window
from tracker.engine import AddCombatant, AddEffect, RulesetAction, StartEncounter
from tracker.qt.rulesets.classic_d20.order_model import STATES, TURN, WHO


def test_a_valued_condition_shows_its_value_on_the_badge(qtbot, tmp_path: Path):
    session = sample("classic_d20_pf2e_sample.json")
    ids = ids_by_name(session)
    session.apply(StartEncounter())
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        model = d20_view(window).order_model
        duration = {"until": "countdown", "of": "carrier", "amount": 2}
        window.document.apply(AddEffect("Frightened", ids["Valeros"], ids["Ghoul"], duration))
        row = model.row_at(model.row_of(ids["Valeros"]))
        assert [b.name for b in row.summary.badges] == ["Frightened 2"]


def test_death_saves_and_the_reaction_used_show_on_the_row_5e(qtbot, tmp_path: Path):
    session = sample()
    ids = ids_by_name(session)
    session.apply(StartEncounter())
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        model = d20_view(window).order_model
        corin = model.row_of(ids["Corin"])
        window.document.apply(
            RulesetAction("damage", ids["Corin"], {"amount": 30, "critical": False})
        )
        assert model.index(corin, STATES).data() == "Death saves 0✓ 0✗"
        window.document.apply(
            RulesetAction("damage", ids["Corin"], {"amount": 3, "critical": False})
        )
        assert model.index(corin, STATES).data() == "Death saves 0✓ 1✗"  # a blow at 0 HP
        assert "HP 0/24" in model.row_at(corin).summary.second_line
        window.document.apply(RulesetAction("reaction", ids["Bren"], {"what": "Shield"}))
        assert model.index(model.row_of(ids["Bren"]), TURN).data() == "Reaction used"


def test_dying_and_wounded_show_on_the_row_pf2e(qtbot, tmp_path: Path):
    session = sample("classic_d20_pf2e_sample.json")
    ids = ids_by_name(session)
    session.apply(StartEncounter())
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        model = d20_view(window).order_model
        ezren = model.row_of(ids["Ezren"])
        window.document.apply(
            RulesetAction("damage", ids["Ezren"], {"amount": 30, "critical": True})
        )
        assert model.index(ezren, STATES).data() == "Dying 2"
        values = {"dying": 1, "wounded": 1, "doomed": 0}
        window.document.apply(RulesetAction("set_dying", ids["Ezren"], values))
        assert model.index(ezren, STATES).data() == "Dying 1 · Wounded 1"


def test_legendary_actions_ready_and_surprise_show_on_the_row(qtbot, tmp_path: Path):
    session = sample()
    session.apply(AddCombatant("Dragon", "enemy", stats={"initiative": 19, "legendary": 3}))
    ids = ids_by_name(session)
    session.apply(RulesetAction("surprise", ids["Bugbear"], {}))
    session.apply(StartEncounter())
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        model = d20_view(window).order_model
        dragon = model.row_of(ids["Dragon"])
        assert "Legendary 3/3" in model.index(dragon, TURN).data()
        assert model.index(model.row_of(ids["Bugbear"]), STATES).data() == "Surprised"
        window.document.apply(RulesetAction("ready", None, {"trigger": "the door opens"}))
        assert model.index(dragon, STATES).data() == "Ready: the door opens"  # its turn


def test_a_dozen_creatures_and_more_fit_at_1366_by_768(qtbot, tmp_path: Path):
    session = sample()
    for number in range(3, 10):
        stats = {"initiative": 5, "hp_max": 11}
        session.apply(AddCombatant(f"Kobold {number}", "enemy", stats=stats))
    session.apply(StartEncounter())
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        view = d20_view(window)
        model = view.order_model
        assert model.rowCount() == 14
        last = view.visualRect(model.index(model.rowCount() - 1, WHO))
        assert last.bottom() <= view.viewport().height()  # every row in sight
        assert last.height() >= view.fontMetrics().height()  # a whole line each
        option = QStyleOptionViewItem()
        view.initViewItemOption(option)
        kobold = model.index(model.rowCount() - 1, WHO)
        wanted = view.itemDelegateForColumn(WHO).sizeHint(option, kobold).width()
        assert view.columnWidth(WHO) >= wanted  # the name and its health on one line
