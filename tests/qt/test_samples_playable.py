"""Issue 21, point 8 (first minutes): every bundled sample is playable as shipped (health
set for every combatant, damage through the damage box works), and File → Open sample
lists one sample per installed ruleset and opens it as a new unsaved encounter."""

from __future__ import annotations

import importlib.resources
from pathlib import Path

import pytest

from tests.qt.conftest import shown_window
from tests.test_samples import BUILT_IN
from tracker.engine import Session
from tracker.engine.health import health_of
from tracker.engine.registry import available_rulesets
from tracker.persistence.files import load_encounter
from tracker.qt.app import sample_path

# Dragonpact compares damage with Armor: below it a blow makes no wound (its rule, not a
# defect), so its sample is harmed by a blow above every Armor in it.
HARM = {"stamina_battle": "-12"}


@pytest.mark.parametrize("ruleset_id", BUILT_IN)
def test_every_sample_has_health_set_for_every_combatant(ruleset_id):
    session = Session(load_encounter(sample_path(f"{ruleset_id}_sample.json")))
    for combatant in session.encounter.combatants:
        health = health_of(session.ruleset, combatant)
        assert health is not None and health.maximum > 0, combatant.name
        assert health.text().startswith(session.ruleset.health.label), combatant.name


@pytest.mark.parametrize("ruleset_id", BUILT_IN)
def test_every_sample_takes_damage_through_the_damage_box_after_start(ruleset_id, qtbot, tmp_path):
    session = Session(load_encounter(sample_path(f"{ruleset_id}_sample.json")))
    for window in shown_window(qtbot, session, tmp_path / "journal"):
        window.actions_by_name["start"].trigger()
        assert window.document.encounter.clock.started
        box = window.health_box
        for combatant in list(window.document.encounter.combatants):
            window.select_combatant(combatant.id)
            assert window.selected_combatant_ids() == [combatant.id]
            before = health_of(window.document.ruleset, combatant)
            window.actions_by_name["health"].trigger()  # Edit → Damage or heal (H)
            qtbot.keyClicks(box.input, HARM.get(ruleset_id, "-1"))
            qtbot.keyClick(box.input, "\r")
            assert not box.feedback.property("error"), box.feedback.text()
            after = health_of(window.document.ruleset, window.document.encounter.find(combatant.id))
            assert after is not None and before is not None
            assert after.taken > before.taken, (combatant.name, box.feedback.text())
            assert box.input.text() == ""


def sample_menu_actions(window):
    menu = window.sample_menu
    menu.aboutToShow.emit()  # as when the GM opens File → Open sample
    return {action.text(): action for action in menu.actions()}


def test_file_menu_has_open_sample(window):
    file_menu = window.menuBar().actions()[0].menu()
    assert window.sample_menu.menuAction() in file_menu.actions()
    assert window.sample_menu.title() == "Open sa&mple"


def test_open_sample_lists_one_per_ruleset_with_a_sample_by_display_name(window):
    actions = sample_menu_actions(window)
    rulesets = available_rulesets()
    expected = sorted(rulesets[ruleset_id].name for ruleset_id in BUILT_IN)
    # The example third-party ruleset the tests install brings no sample: not listed. A
    # variant (`<id>_<variant>_sample.json`) follows its ruleset.
    expected.append(f"{rulesets['classic_d20'].name} — pf2e")
    assert sorted(actions) == sorted(expected)
    assert list(actions) == sorted(actions)  # by display name, as the rulesets are


@pytest.mark.parametrize("ruleset_id", BUILT_IN)
def test_choosing_a_sample_opens_it_as_a_new_unsaved_encounter(ruleset_id, window, tmp_path):
    path = sample_path(f"{ruleset_id}_sample.json")
    bundled = path.read_bytes()
    ruleset = available_rulesets()[ruleset_id]
    sample_menu_actions(window)[ruleset.name].trigger()
    document = window.document
    assert document.ruleset.id == ruleset_id
    assert document.encounter.to_dict() == load_encounter(path).to_dict()
    assert document.path is None  # Save asks where
    assert "not saved yet" in window.windowTitle()
    window.actions_by_name["start"].trigger()
    assert document.encounter.clock.started
    assert path.read_bytes() == bundled  # the bundled file is never written over


def test_open_sample_asks_before_dropping_unsaved_changes(window, questions):
    window.actions_by_name["start"].trigger()  # an unsaved change
    before = window.document.encounter.to_dict()
    ruleset = available_rulesets()["priority"]
    sample_menu_actions(window)[ruleset.name].trigger()
    assert questions and "first?" in questions[-1]
    assert window.document.encounter.to_dict() != before
    assert window.document.ruleset.id == "priority"


def test_a_ruleset_package_may_bring_its_own_sample(monkeypatch, tmp_path: Path):
    from tracker.qt.widgets import sample_menu

    ruleset = available_rulesets()["war_scroll"]
    folder = tmp_path / "samples"
    folder.mkdir()
    own = folder / "war_scroll_sample.json"
    own.write_text(sample_path().read_text(encoding="utf-8"), encoding="utf-8")
    real_files = importlib.resources.files  # (sample_menu imports it when asked)
    monkeypatch.setattr(
        importlib.resources,
        "files",
        lambda package: tmp_path if package != "tracker" else real_files(package),
    )
    monkeypatch.setattr(type(ruleset), "__module__", "elsewhere.ruleset")
    assert sample_menu.sample_of(ruleset) == own


def test_a_variant_sample_opens_with_its_own_options(window):
    ruleset = available_rulesets()["classic_d20"]
    sample_menu_actions(window)[f"{ruleset.name} — pf2e"].trigger()
    assert window.document.ruleset.id == "classic_d20"
    assert window.document.encounter.options["flavour"] == "pf2e"
    window.actions_by_name["start"].trigger()
    assert window.document.session.current_turn() is not None
