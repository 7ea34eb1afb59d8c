"""The turn panel shows only the actions the encounter's rules offer (a flavour's own),
and builds them again when an option changes them; the effects panel follows too."""

from __future__ import annotations

from pathlib import Path

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
        ruleset.offered_actions = lambda encounter: tuple(  # type: ignore[method-assign]
            spec for spec in every(encounter) if spec.name != "sustain"
        )
        try:
            window.document.apply(SetOption("reroll", "yes"))
            assert list(panel.action_buttons) == []
        finally:
            del ruleset.offered_actions
        window.document.undo_stack.undo()
        assert list(panel.action_buttons) == ["sustain"]
