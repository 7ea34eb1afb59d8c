"""Issue 24 point 1 (players' screen): Classic d20's panel lists the combatants the
players see in initiative order, marks those acting now (a group's members together),
tells of the party a reaction used, death saves or dying and wounded, of the others only
what is seen; never a hidden combatant nor a text naming one. It is what the UI gives
the board."""

from __future__ import annotations

from pathlib import Path

from tracker.engine import (
    AddCombatant,
    ChangeHealth,
    EditCombatant,
    EndTurn,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.persistence.files import load_encounter
from tracker.qt.document import EncounterDocument
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.themes import DARK
from tracker.qt.ruleset_ui import ui_for
from tracker.qt.rulesets.classic_d20.players_panel import (
    D20Panel,
    DetailRole,
    InitiativeRole,
    NowRole,
)

SAMPLES = Path(__file__).resolve().parents[2] / "tracker" / "assets" / "samples"


def _panel(document: EncounterDocument) -> D20Panel:
    public = PublicState(document, listen=False)
    panel = ui_for(document.ruleset).players_panel(document, public, DARK)
    assert isinstance(panel, D20Panel)
    public.listen()
    panel.set_look(DARK, 0.6)
    panel.fit(700)
    return panel


def _cards(panel: D20Panel) -> dict[str, tuple[str, bool, str]]:
    model = panel.order_model
    return {
        model.index(row, 0).data(): (
            model.index(row, 0).data(InitiativeRole),
            model.index(row, 0).data(NowRole),
            model.index(row, 0).data(DetailRole),
        )
        for row in range(model.rowCount())
    }


def test_the_5e_order_marks_the_group_and_tells_of_the_party(qtbot, qtmodeltester):
    document = EncounterDocument(Session(load_encounter(SAMPLES / "classic_d20_sample.json")))
    document.apply(StartEncounter())
    panel = _panel(document)
    qtmodeltester.check(panel.order_model, force_py=True)
    cards = _cards(panel)
    assert list(cards) == ["Ayla", "Goblin", "Goblin 2", "Bren", "Bugbear", "Corin"]  # no Ogre
    assert cards["Ayla"] == ("17", True, "")
    document.apply(RulesetAction("reaction", "c2", {"what": "Shield"}))  # Bren's reaction
    document.apply(ChangeHealth(("c3",), "-24"))  # Corin falls
    document.apply(EndTurn())  # the goblins' shared turn
    cards = _cards(panel)
    assert [name for name, card in cards.items() if card[1]] == ["Goblin", "Goblin 2"]
    assert cards["Bren"][2] == "reaction used"
    assert cards["Corin"][2] == "death saves 0✓ 0✗"
    qtmodeltester.check(panel.order_model, force_py=True)
    panel.deleteLater()


def test_a_hidden_one_and_a_trigger_naming_it_are_never_shown(qtbot):
    session = Session.new("Crypt", "classic_d20")
    for name, side, initiative in [("Ayla", "party", 18), ("Scout", "party", 15)]:
        session.apply(AddCombatant(name, side, stats={"initiative": initiative, "hp_max": 20}))
    session.apply(AddCombatant("Assassin", "enemy", stats={"initiative": 12, "hp_max": 20}))
    document = EncounterDocument(session)
    ids = {c.name: c.id for c in session.encounter.combatants}
    document.apply(EditCombatant(ids["Scout"], {"hidden": True}))
    document.apply(EditCombatant(ids["Assassin"], {"hidden": True}))
    document.apply(StartEncounter())
    document.apply(RulesetAction("ready", ids["Ayla"], {"trigger": "the Assassin moves"}))
    panel = _panel(document)
    texts = " ".join(panel.rendered_texts())
    assert "Ayla" in texts and "Scout" not in texts and "Assassin" not in texts
    assert _cards(panel) == {"Ayla": ("18", True, "")}  # the trigger names a hidden one
    document.apply(EndTurn())  # the hidden Scout acts: nobody marked
    assert _cards(panel) == {"Ayla": ("18", False, "")}
    document.apply(EditCombatant(ids["Assassin"], {"hidden": False}))
    assert _cards(panel)["Ayla"][2] == "ready: the Assassin moves"
    assert _cards(panel)["Assassin"] == ("12", False, "")  # a monster's Ready stays the GM's
    panel.deleteLater()


def test_pf2e_dying_and_wounded_are_shown(qtbot):
    document = EncounterDocument(Session(load_encounter(SAMPLES / "classic_d20_pf2e_sample.json")))
    document.apply(StartEncounter())
    panel = _panel(document)
    document.apply(ChangeHealth(("c2",), "-45"))  # Valeros to 0 HP: dying 1
    document.apply(ChangeHealth(("c2",), "+5"))  # healed: wounded 1
    assert _cards(panel)["Valeros"][2] == "wounded 1"
    document.apply(ChangeHealth(("c2",), "-5"))  # down again: dying 1 + wounded 1
    assert _cards(panel)["Valeros"][2] == "dying 2 · wounded 1"
    assert "Ghoul" not in " ".join(panel.rendered_texts())
    panel.deleteLater()
