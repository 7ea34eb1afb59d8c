"""Directed cases of hidden combatants on the players' screen and in print: a hidden
creature first in Priority (numbering counts only what the players see), a wait before
a hidden creature's turn (the held turn is not listed again under NEXT), a reveal (the
numbering then counts the revealed one), and the printed PDF read back with pdftotext."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.qt.players_views import board_view
from tracker.engine import (
    AddCombatant,
    EditCombatant,
    EndTurn,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.qt.document import EncounterDocument
from tracker.qt.players.board import PlayersBoard
from tracker.qt.players.public_state import NEUTRAL
from tracker.qt.players.themes import DARK
from tracker.qt.printing import export_pdf, turn_order_table


def priority_fight(qtbot) -> tuple[EncounterDocument, PlayersBoard]:
    """The hidden Witch has the highest Zeal: she is first in the order."""
    document = EncounterDocument(Session.new("Mire", "priority", {}))
    document.apply(AddCombatant("Witch", "enemy", hidden=True, stats={"zeal": 20}))
    document.apply(AddCombatant("Ayla", "party", stats={"zeal": 9}))
    document.apply(AddCombatant("Bren", "party", stats={"zeal": 7}))
    document.apply(AddCombatant("Knight", "enemy", stats={"zeal": 5}))
    board = PlayersBoard(document, DARK)
    qtbot.addWidget(board)
    board.resize(1280, 720)
    board.show()
    return document, board


def whens(board: PlayersBoard) -> list[str]:
    """ "Priority 1 · Zeal 9" of each turn to come (what it grants left out)."""
    return [board.turn_delegate.detail(turn).split(" · Major")[0] for turn in _turns(board)]


def _turns(board: PlayersBoard):
    proxy = board.turn_proxy
    return [proxy.turn_at(row) for row in range(proxy.rowCount())]


def printed_whens(document: EncounterDocument) -> list[str]:
    return [row[1].text for row in turn_order_table(document).rows]


def test_numbering_counts_only_the_creatures_the_players_see(qtbot):
    document, board = priority_fight(qtbot)
    assert [c.name for c in document.encounter.combatants][0] == "Witch"
    assert whens(board)[:3] == ["Priority 1 · Zeal 9", "Priority 2 · Zeal 7", "Priority 3 · Zeal 5"]
    assert printed_whens(document)[:3] == [
        "Priority 1 · Zeal 9",
        "Priority 2 · Zeal 7",
        "Priority 3 · Zeal 5",
    ]
    # The Witch's turn comes first: the players see nothing begin.
    document.apply(StartEncounter())
    assert board.now_panel.caption.text() == "NOT STARTED"
    assert board.round_label.text() == "Setting up"
    document.apply(EndTurn())
    assert board.now_panel.name.full_text() == "Ayla"
    assert board.now_panel.detail.full_text().startswith("Priority 1 ·")
    # Revealed, she counts: the players now see four creatures.
    witch = document.encounter.combatants[0].id
    document.apply(EditCombatant(witch, {"hidden": False}))
    assert board.now_panel.detail.full_text().startswith("Priority 2 ·")
    assert "Priority 1 · Zeal 20" in " ".join(printed_whens(document))


def test_a_wait_before_a_hidden_turn_does_not_show_the_waiting_one_twice(qtbot):
    document = EncounterDocument(Session.new("Mire", "priority", {}))
    document.apply(AddCombatant("Ayla", "party", stats={"zeal": 9}))
    document.apply(AddCombatant("Witch", "enemy", hidden=True, stats={"zeal": 8}))
    document.apply(AddCombatant("Bren", "party", stats={"zeal": 7}))
    board = PlayersBoard(document, DARK)
    qtbot.addWidget(board)
    board.resize(1280, 720)
    board.show()
    document.apply(StartEncounter())
    assert board.now_panel.name.full_text() == "Ayla"
    before = board_view(board)
    assert document.apply(RulesetAction("wait", None, {}))
    # The Witch's turn: the players see a neutral turn, and Ayla only once.
    turn = document.session.current_turn()
    assert turn is not None and turn.combatant_id == document.encounter.combatants[1].id
    shown = board_view(board)
    assert shown.turn_part() == before.neutral().turn_part()
    assert shown.now[1] == NEUTRAL
    names = [row[0] for row in shown.next]
    assert names[0] == "Bren" and "Ayla" not in names[:2]
    printed = turn_order_table(document).rows
    assert [r[2].text for r in printed][:2] == ["Ayla", "Bren"]
    assert printed[0][2].state == "now" and printed[1][2].state == ""
    # Undo: back to Ayla's own turn, shown as it was.
    document.undo_stack.undo()
    assert board_view(board) == before


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) missing")
@pytest.mark.parametrize("ruleset_id", ["priority", "war_scroll", "ap_countdown"])
def test_the_printed_pdf_reads_alike_with_or_without_hidden_ones(qtbot, tmp_path, ruleset_id):
    """The PDF itself, read back as text: the hidden ones leave no trace at all."""
    texts = []
    for hidden in (True, False):
        document = EncounterDocument(Session.new("Ambush", ruleset_id, {}))
        if hidden:
            document.apply(AddCombatant("Lurker", "enemy", hidden=True))
        document.apply(AddCombatant("Hero", "party"))
        document.apply(AddCombatant("Foe", "enemy"))
        if hidden:
            document.apply(AddCombatant("Second lurker", "enemy", hidden=True))
        path = export_pdf(document, Path(tmp_path) / f"{ruleset_id}-{hidden}.pdf")
        out = subprocess.run(
            ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
        )
        texts.append(out.stdout)
    with_hidden, without = texts
    assert "Lurker" not in with_hidden
    assert with_hidden == without
