"""The countdown sheet: each combatant in the order they act next with base, current
value, AP left and the action under way (declared → resolves, progress, penalty), room
to write, blank rows for late joiners; the players' copy leaves the hidden Cave Troll
out, and any text naming it. Printed before the turn order, as a real PDF."""

from __future__ import annotations

from tests.qt import ap_countdown_fixtures as af
from tests.qt.ap_countdown_fixtures import by_name
from tests.qt.test_printing import pdf_text
from tracker.engine import EndTurn, RulesetAction, StartEncounter
from tracker.qt.printing import export_pdf, tables_for, turn_order_table
from tracker.qt.ruleset_ui import ui_for
from tracker.qt.rulesets.ap_countdown.printed import BLANK_ROWS, countdown_table

adocument = af.adocument
HEADERS = [
    "Name",
    "Base",
    "Value",
    "AP left",
    "Action under way",
    "Declared → resolves",
    "Progress",
    "Penalty",
    "Notes",
]


def _mid_round(document) -> None:
    """Count 25: Mirelle resolves her hasty ranged attack; Hauser's melee attack
    resolves at 20; the Captain loads a crossbow over two rounds; the Archer names the
    hidden Troll in his action, which resolves at 15."""
    apply = document.apply

    def act(kind: str, who: str, /, **params) -> None:
        assert apply(RulesetAction(kind, by_name(document, who).id, params)), kind

    assert apply(StartEncounter())
    assert apply(EndTurn())
    act("declare", "Mirelle", action="ranged attack", ap=2)
    act("declare", "Hauser", action="melee attack", ap=3)
    act("declare", "Orc Captain", action="load light crossbow", ap=0)
    act("declare_free", "Orc Archer", name="Shoot the Cave Troll", ap=3)


def _rows(table) -> dict[str, list[str]]:
    return {row[0].text: [cell.text for cell in row[1:]] for row in table.rows if row[0].text}


def test_the_sheet_holds_every_combatant_and_its_action(adocument):
    _mid_round(adocument)
    table = countdown_table(adocument, include_hidden=True)
    assert table.title == "Countdown — Ambush in the Flooded Cave"
    assert table.subtitle.startswith("Round 1 · Resolution at count 25.")
    assert [column.title for column in table.columns] == HEADERS
    assert table.fill_page and table.row_mm >= 10  # room to write
    names = [row[0].text for row in table.rows]
    assert names[:5] == ["Mirelle", "Cave Troll", "Hauser", "Orc Archer", "Orc Captain"]
    assert names[5:] == [""] * BLANK_ROWS
    rows = _rows(table)
    assert rows["Mirelle"] == ["15", "25", "2", "Ranged Attack · 2 AP", "35 → 25", "", "−25", ""]
    assert rows["Hauser"] == ["15", "20", "1", "Melee Attack · 3 AP", "35 → 20", "", "−25", ""]
    assert rows["Orc Captain"] == [
        "13",
        "13",
        "0",
        "Load Light Crossbow · 8 AP",
        "33 → next round",
        "1/8 AP",
        "",
        "",
    ]
    assert rows["Orc Archer"][3:5] == ["Shoot the Cave Troll · 3 AP", "30 → 15"]
    assert rows["Cave Troll"] == ["4", "24", "4", "", "", "", "", ""]
    troll = next(row for row in table.rows if row[0].text == "Cave Troll")
    assert troll[0].note == "enemy · hidden"
    mirelle = table.rows[0]
    assert {cell.state for cell in mirelle} == {"current"}  # she resolves now
    assert {cell.state for cell in table.rows[2]} == {""}


def test_the_players_copy_leaves_the_hidden_troll_out(adocument):
    _mid_round(adocument)
    table = countdown_table(adocument)
    rows = _rows(table)
    assert "Cave Troll" not in rows
    assert rows["Orc Archer"][3] == ""  # its action names the Troll
    texts = [cell.text + cell.note for row in table.rows for cell in row]
    assert not any("Troll" in text for text in texts)


def test_the_players_copy_never_shows_the_count_of_a_hidden_turn(adocument):
    _mid_round(adocument)
    mirelle = by_name(adocument, "Mirelle").id
    assert adocument.apply(RulesetAction("resolve", mirelle, {"note": ""}))
    assert adocument.apply(RulesetAction("done", mirelle, {}))
    assert adocument.ruleset.count(adocument.encounter) == 24  # the hidden Troll declares
    assert countdown_table(adocument).subtitle.startswith("Round 1 · Resolution. ")
    gm = countdown_table(adocument, include_hidden=True)
    assert gm.subtitle.startswith("Round 1 · Resolution at count 24.")
    troll = next(row for row in gm.rows if row[0].text == "Cave Troll")
    assert troll[0].state == "current"


def test_the_sheet_prints_before_the_turn_order(adocument, tmp_path):
    _mid_round(adocument)
    ui = ui_for(adocument.ruleset)
    assert ui.print_action_text == "&Print countdown sheet and turn order…"
    assert ui.print_title == "Print the countdown sheet"
    titles = [table.title for table in tables_for(adocument)]
    assert titles == [
        "Countdown — Ambush in the Flooded Cave",
        "Turn order — Ambush in the Flooded Cave",
    ]
    players = pdf_text(export_pdf(adocument, tmp_path / "players.pdf"))
    assert "Countdown — Ambush in the Flooded Cave" in players
    assert "Melee Attack · 3 AP" in players and "35 → 20" in players
    sheet, _turn_order = players.split("Turn order — Ambush in the Flooded Cave")
    assert "Troll" not in sheet
    gm = pdf_text(export_pdf(adocument, tmp_path / "gm.pdf", include_hidden=True))
    assert "Cave Troll" in gm and "Shoot the Cave Troll · 3 AP" in gm


def test_the_players_turn_order_never_names_the_troll(adocument):
    _mid_round(adocument)
    table = turn_order_table(adocument)
    assert not any("Troll" in cell.text for row in table.rows for cell in row)
