"""The window offers only what the encounter's rules can use (a flavour's own): the
turn panel's actions, built again when an option changes them, the effects panel's, and
the stats the editor and the Add form ask for."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from tests.qt.conftest import shown_window
from tracker.engine import Session, SetOption, StartEncounter
from tracker.persistence.files import load_encounter

SAMPLES = Path(__file__).resolve().parents[2] / "tracker" / "assets" / "samples"


def _session(sample: str) -> Session:
    session = Session(load_encounter(SAMPLES / sample))
    session.apply(StartEncounter())
    return session


def test_pathfinder_shows_no_bonus_action_and_a_change_of_flavour_brings_it(qtbot, tmp_path):
    for window in shown_window(qtbot, _session("classic_d20_pf2e_sample.json"), tmp_path):
        panel = window.turn_panel
        assert "bonus" not in panel.action_buttons and "death_save" not in panel.action_buttons
        assert "recovery" in panel.action_buttons
        window.document.apply(SetOption("flavour", "5e"))
        assert "bonus" in panel.action_buttons and "death_save" in panel.action_buttons
        assert "recovery" not in panel.action_buttons and "delay" not in panel.action_buttons
        bonus = panel.action_buttons["bonus"]
        qtbot.waitUntil(bonus.isVisible)  # shown as the loop comes back (Qt's way)
        assert bonus.isEnabled()  # Kyra may take it
        # Alt+1 … Alt+9 follow the new list.
        assert [a.text() for a in panel.shortcut_actions] == [
            spec.label for spec in panel._built[:9]
        ]
        window.document.undo_stack.undo()
        assert "bonus" not in panel.action_buttons and "recovery" in panel.action_buttons
        assert panel.palette_widget.chips.keys() == panel.action_buttons.keys()


def test_the_effects_panel_shows_the_effect_actions_the_encounter_offers(qtbot, tmp_path):
    for window in shown_window(qtbot, _session("classic_d20_pf2e_sample.json"), tmp_path):
        panel, ruleset = window.effects_panel, window.document.ruleset
        assert list(panel.action_buttons) == ["sustain"]
        every = ruleset.offered_actions
        # A ruleset whose option rules Sustain out: the panel follows at the next change.
        ruleset.offered_actions = lambda encounter, every=every: tuple(  # type: ignore[method-assign]
            spec for spec in every(encounter) if spec.name != "sustain"
        )
        try:
            window.document.apply(SetOption("reroll", "yes"))
            assert list(panel.action_buttons) == []
        finally:
            del ruleset.offered_actions
        window.document.undo_stack.undo()
        assert list(panel.action_buttons) == ["sustain"]


def _shown_stats(form) -> set[str]:
    return {name for name, editor in form.editors.items() if editor.isVisible()}


def test_the_editor_asks_only_for_the_stats_the_rules_read(qtbot, tmp_path):
    for window in shown_window(qtbot, _session("classic_d20_pf2e_sample.json"), tmp_path):
        kyra = next(c for c in window.document.encounter.combatants if c.name == "Kyra")
        window.select_combatant(kyra.id)
        form = window.editor.form
        qtbot.waitUntil(form.editors["initiative"].isVisible)
        shown = _shown_stats(form)
        assert {"name", "initiative", "init_mod", "hp_max", "ac"} <= shown
        assert not {"advantage", "legendary", "dex_mod"} & shown
        label = form._layout.labelForField(form.editors["advantage"])
        assert label is not None and not label.isVisible()
        # An edit leaves the stats out of sight as they were.
        before = dict(kyra.stats)
        form.editors["ac"].input.setText("20")
        window.editor.apply()
        after = window.document.encounter.combatant(kyra.id).stats
        assert after["ac"] == 20
        assert {k: v for k, v in after.items() if k != "ac"} == {
            k: v for k, v in before.items() if k != "ac"
        }
        window.document.apply(SetOption("flavour", "5e"))  # ties by Dexterity: all read
        assert {"advantage", "legendary", "dex_mod"} <= _shown_stats(form)
        window.document.apply(SetOption("ties", "gm"))
        assert "dex_mod" not in _shown_stats(form) and "advantage" in _shown_stats(form)


def test_the_add_form_asks_only_for_the_stats_the_rules_read(qtbot, tmp_path):
    for window in shown_window(qtbot, _session("classic_d20_pf2e_sample.json"), tmp_path):
        window.actions_by_name["add"].trigger()
        form = window.add_form
        assert form is not None
        qtbot.waitUntil(form.stats_form.editors["initiative"].isVisible)
        assert not {"advantage", "legendary", "dex_mod"} & _shown_stats(form.stats_form)
        form.name_edit.setText("Imp")
        form.accept()
        imp = next(c for c in window.document.encounter.combatants if c.name == "Imp")
        assert imp.stats["advantage"] is False and imp.stats["legendary"] == 0  # defaults


def test_the_combatants_list_tip_names_only_the_stats_the_rules_read(qtbot, tmp_path):
    for window in shown_window(qtbot, _session("classic_d20_pf2e_sample.json"), tmp_path):
        model = window.roster_model
        tip = model.data(model.index(0, 0), Qt.ItemDataRole.ToolTipRole)
        assert "Initiative modifier" in tip and "AC" in tip
        assert "Advantage" not in tip and "Legendary" not in tip and "Dexterity" not in tip
