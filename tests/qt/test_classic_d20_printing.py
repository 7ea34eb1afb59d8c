"""Issue 24 point 1 (paper): Classic d20 registers its UI, and prints its initiative
sheet before the turn order: initiative, AC, HP with temporary HP, the turn's resources
left per flavour, legendary actions, death saves and dying, the lair on count 20, the
current turn shaded; the players' copy leaves the hidden out and gives the HP of the
party only."""

from __future__ import annotations

from pathlib import Path

from tracker.engine import (
    ChangeHealth,
    EditCombatant,
    EndTurn,
    RulesetAction,
    Session,
    SetOption,
    StartEncounter,
)
from tracker.persistence.files import load_encounter
from tracker.qt.document import EncounterDocument
from tracker.qt.printing import Table
from tracker.qt.ruleset_ui import ui_for
from tracker.qt.rulesets.classic_d20 import ClassicD20Ui

SAMPLES = Path(__file__).resolve().parents[2] / "tracker" / "assets" / "samples"


def _sample(name: str) -> EncounterDocument:
    return EncounterDocument(Session(load_encounter(SAMPLES / name)))


def _sheet(document: EncounterDocument, include_hidden: bool) -> Table:
    [table] = ui_for(document.ruleset).printed_tables(document, include_hidden)
    return table


def _rows(table: Table) -> dict[str, tuple[str, ...]]:
    return {row[1].text: tuple(cell.text for cell in row) for row in table.rows if row[1].text}


def _current(table: Table) -> list[str]:
    return [row[1].text for row in table.rows if row[0].state == "current"]


def test_classic_d20_has_its_own_ui_with_the_initiative_sheet(qapp):
    document = _sample("classic_d20_sample.json")
    assert isinstance(ui_for(document.ruleset), ClassicD20Ui)
    assert _sheet(document, False).title == "Initiative — Goblin Ambush at the Old Mill"


def test_the_5e_sheet_shows_hp_temporary_hp_resources_and_death_saves(qapp):
    document = _sample("classic_d20_sample.json")
    document.apply(StartEncounter())
    document.apply(RulesetAction("temp_hp", "c1", {"amount": 5}))
    document.apply(RulesetAction("action", "c1", {"what": "Attack"}))
    document.apply(ChangeHealth(("c4",), "-4"))
    document.apply(RulesetAction("damage", "c3", {"amount": 30}))  # Corin to 0 HP
    gm = _rows(_sheet(document, True))
    assert gm["Ayla"][:5] == ("17", "Ayla", "18", "28/28 +5", "bonus · reaction")
    assert gm["Goblin"][3:5] == ("3/7", "action · bonus · reaction")
    assert gm["Corin"][3] == "0/24" and "death saves 0✓ 0✗" in gm["Corin"][6]
    assert "Ogre" in gm
    assert _current(_sheet(document, True)) == ["Ayla"]
    players = _sheet(document, False)
    shown = _rows(players)
    assert "Ogre" not in shown  # hidden
    assert shown["Ayla"][3] == "28/28 +5"  # the party's HP
    assert shown["Goblin"][3] == "bloodied"  # the others' band only
    assert "Ogre" not in players.subtitle + str(players.rows)


def test_the_group_acts_together_and_the_lair_acts_on_count_20(qapp):
    document = _sample("classic_d20_sample.json")
    document.apply(SetOption("lair", "yes"))
    document.apply(EditCombatant("c1", {"initiative": 21}))
    document.apply(StartEncounter())
    table = _sheet(document, True)
    names = [row[1].text for row in table.rows if row[1].text]
    assert names[:3] == ["Ayla", "Lair", "Goblin"]
    assert table.rows[1][0].text == "20"
    document.apply(EndTurn())  # the lair's turn
    assert _current(_sheet(document, True)) == ["Lair"]
    document.apply(EndTurn())  # the goblins' shared turn
    assert _current(_sheet(document, True)) == ["Goblin", "Goblin 2"]


def test_the_pf2e_sheet_counts_actions_and_dying(qapp):
    document = _sample("classic_d20_pf2e_sample.json")
    document.apply(StartEncounter())
    document.apply(RulesetAction("action", "c1", {"what": "Strike", "cost": 2}))
    document.apply(RulesetAction("damage", "c2", {"amount": 99}))  # Valeros at 0 HP
    rows = _rows(_sheet(document, True))
    assert rows["Kyra"][4] == "1 action · reaction"
    assert rows["Ezren"][4] == "3 actions · reaction"
    assert "dying 1" in rows["Valeros"][6]
    assert "A turn: 3 actions and 1 reaction" in _sheet(document, True).subtitle
    assert "Ghoul" not in _rows(_sheet(document, False))
