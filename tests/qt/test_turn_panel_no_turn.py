"""The turn panel while the fight has started and nobody has a turn: under the status,
why, in the ruleset's words (End Turn's refusal), or nothing when the status says it.
It once told every system's GM "raise a Speed or add a combatant", one system's advice,
also to a Classic d20 GM waiting for an initiative roll."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.qt.conftest import shown_window
from tracker.engine import AddCombatant, Session, StartEncounter
from tracker.engine.rulesets.classic_d20.ruleset import ClassicD20
from tracker.persistence.files import load_encounter

SAMPLES = Path(__file__).resolve().parents[2] / "tracker" / "assets" / "samples"


def _waiting_for_a_roll() -> Session:
    """The sample's fight started with a newcomer still to roll initiative."""
    session = Session(load_encounter(SAMPLES / "classic_d20_sample.json"))
    session.apply(AddCombatant("Owlbear"))
    session.apply(StartEncounter())
    assert session.current_turn() is None
    return session


def test_waiting_for_initiative_the_panel_says_it_once_and_gives_no_other_systems_advice(
    qtbot, tmp_path: Path
):
    for window in shown_window(qtbot, _waiting_for_a_roll(), tmp_path / "journal", (1366, 768)):
        panel = window.turn_panel
        assert "Waiting for initiative: Owlbear still to roll." in panel.clock_label.text()
        assert panel.turn_label.text() == ""  # the status says why: not said twice
        assert "Speed" not in panel.turn_label.text() + panel.clock_label.text()


def test_a_reason_the_status_does_not_give_is_shown_under_it_as_plain_text(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    def reason(self: ClassicD20, encounter: object) -> str:
        return "Nobody can act until <Owlbear> & co roll."

    monkeypatch.setattr(ClassicD20, "no_turn_reason", reason)
    for window in shown_window(qtbot, _waiting_for_a_roll(), tmp_path / "journal", (1366, 768)):
        label = window.turn_panel.turn_label
        # Escaped: the label reads rich text (the acting one's name is set large).
        assert label.text() == "Nobody can act until &lt;Owlbear&gt; &amp; co roll."
