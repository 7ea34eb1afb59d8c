"""Revealing a hidden combatant at its first turn: after the command that starts the
turn (never inside its change event), as an undoable step of its own, not on undo or
redo, and again if the GM undoes back before the turn and plays it again."""

from __future__ import annotations

from tests.qt.conftest import by_name
from tracker.engine import EndTurn, RulesetAction, StartEncounter
from tracker.qt.players import FirstTurnReveals, due_reveal
from tracker.qt.players.board import PlayersBoard
from tracker.qt.players.public_state import NEUTRAL
from tracker.qt.players.themes import DARK


def _to_turn_before(document, name: str) -> None:
    """End turns until the turn just before `name`'s first one."""
    target = by_name(document, name).id
    document.apply(StartEncounter())
    while document.session.upcoming_turns(2)[1].combatant_id != target:
        document.apply(EndTurn())


def test_due_reveal_names_the_flagged_hidden_combatant_whose_turn_it_is(document):
    nephil = by_name(document, "Lurking Nephil").id
    assert due_reveal(document.session, {nephil}) is None  # not started
    _to_turn_before(document, "Lurking Nephil")
    document.apply(EndTurn())
    assert due_reveal(document.session, set()) is None
    assert due_reveal(document.session, {nephil}) == nephil
    by_name(document, "Lurking Nephil").hidden = False
    assert due_reveal(document.session, {nephil}) is None


def test_a_flagged_combatant_is_revealed_just_after_its_turn_begins(document, qtbot):
    reveals = FirstTurnReveals(document)
    nephil = by_name(document, "Lurking Nephil")
    reveals.set_flag(nephil.id)
    assert reveals.is_flagged(nephil.id)
    board = PlayersBoard(document, DARK)
    qtbot.addWidget(board)
    _to_turn_before(document, "Lurking Nephil")
    with qtbot.waitSignal(reveals.revealed, timeout=2000) as blocker:
        document.apply(EndTurn())
        assert nephil.hidden  # not from inside the change event
        assert board.now_panel.name.full_text() == NEUTRAL
    assert blocker.args == [nephil.id]
    assert not nephil.hidden
    assert board.now_panel.name.full_text() == "Lurking Nephil"
    assert document.undo_stack.undo_text() == "Edit Lurking Nephil"

    document.undo_stack.undo()  # the GM takes the reveal back: it stays hidden
    qtbot.wait(20)
    assert nephil.hidden
    assert board.now_panel.name.full_text() == NEUTRAL
    assert document.apply(RulesetAction("spend_ap", None, {"amount": 1}))
    qtbot.wait(20)
    assert nephil.hidden  # the same turn going on is no new turn

    document.undo_stack.undo()  # back to Shade 2's turn, and play on again
    document.undo_stack.undo()
    assert document.session.current_turn().combatant_id == by_name(document, "Shade 2").id
    with qtbot.waitSignal(reveals.revealed, timeout=2000):
        document.apply(EndTurn())
    assert not nephil.hidden


def test_redo_and_unflagged_combatants_are_left_alone(document, qtbot):
    reveals = FirstTurnReveals(document)
    nephil = by_name(document, "Lurking Nephil")
    _to_turn_before(document, "Lurking Nephil")
    document.apply(EndTurn())
    qtbot.wait(20)
    assert nephil.hidden  # not flagged
    document.undo_stack.undo()
    reveals.set_flag(nephil.id)
    document.undo_stack.redo()
    qtbot.wait(20)
    assert nephil.hidden  # a redo replays history, it reveals nothing
    assert reveals.reveal_due()  # the GM (or a menu) may still reveal at once
    assert not nephil.hidden
    reveals.set_flag(nephil.id, False)
    assert not reveals.is_flagged(nephil.id)
