"""Ordering ties on the countdown track by dragging a lane: the drop goes through the
engine's `MoveCombatant` (the ruleset's `check_move` decides), so a drag among true ties
moves the lanes and is undone like any command, and a refused one changes nothing."""

from __future__ import annotations

from tests.qt import ap_countdown_fixtures as af
from tests.qt.ap_countdown_fixtures import (
    LEFT,
    by_name,
    drag_lane,
    lanes,
    press_and_drag,
    track,
)
from tracker.engine import EditCombatant, EndTurn, MoveCombatant, SetOption
from tracker.qt.rulesets.ap_countdown.model import TrackModel

awindow = af.awindow


ORDER = ["Mirelle", "Hauser", "Orc Captain", "Orc Archer", "Cave Troll"]


def _tie_hauser_with_mirelle(window) -> None:
    """Both at 35 with Qu 4: a true tie, the GM's to order."""
    hauser = by_name(window.document, "Hauser")
    assert window.document.apply(EditCombatant(hauser.id, {"qu": 4}))


def test_only_true_ties_carry_a_grip(awindow):
    view = track(awindow)
    # Mirelle and Hauser share 35, but ties go to the higher Qu: not the GM's to order.
    assert view.tied_rows() == set()
    _tie_hauser_with_mirelle(awindow)
    assert view.tied_rows() == {0, 1}


def test_a_drag_among_ties_goes_through_move_combatant(awindow, qtbot, monkeypatch):
    view = track(awindow)
    document = awindow.document
    _tie_hauser_with_mirelle(awindow)
    applied: list[object] = []
    original = document.apply
    monkeypatch.setattr(
        document, "apply", lambda command: applied.append(command) or original(command)
    )
    depth = document.undo_stack.count()
    drag_lane(qtbot, view, row=1, slot=0)  # Hauser above Mirelle
    assert applied == [MoveCombatant(by_name(document, "Hauser").id, 0)]
    assert lanes(view.track_model) == [
        "Hauser",
        "Mirelle",
        "Orc Captain",
        "Orc Archer",
        "Cave Troll",
    ]
    assert document.undo_stack.count() == depth + 1
    assert document.undo_stack.undo_text() == "Move Hauser"
    assert view.currentIndex().row() == 0  # the moved lane stays selected
    document.undo_stack.undo()
    assert lanes(view.track_model)[:2] == ["Mirelle", "Hauser"]


def test_a_refused_drag_changes_nothing(awindow, qtbot):
    view = track(awindow)
    document = awindow.document
    before = document.encounter.to_dict()
    depth = document.undo_stack.count()
    captain = view.track_model.row_of(by_name(document, "Orc Captain").id)
    refusal = view.track_model.move_refusal(captain, 0)
    assert refusal is not None and "Orc Captain cannot pass" in refusal
    drag_lane(qtbot, view, row=captain, slot=0)
    assert document.encounter.to_dict() == before
    assert document.undo_stack.count() == depth
    assert lanes(view.track_model)[2] == "Orc Captain"
    assert "cannot pass" in awindow.banner.label.text()  # the GM learns why


def test_the_drop_line_says_where_the_engine_would_refuse(awindow, qtbot):
    view = track(awindow)
    end = press_and_drag(qtbot, view, row=3, slot=0)  # Orc Archer over Mirelle
    assert view.drag_row == 3 and view.drop_slot == 0
    assert view.drop_refusal is not None and "Orc Archer cannot pass" in view.drop_refusal
    view.grab()  # the red line and its reason paint without a warning
    qtbot.mouseRelease(view.viewport(), LEFT, pos=end)
    assert view.drag_row == -1
    assert lanes(view.track_model)[3] == "Orc Archer"


def test_grips_are_the_moves_the_engine_allows_without_trying_them(awindow, monkeypatch):
    """A lane's grip (tied with the next) is what a trial of `MoveCombatant` says, under
    both tie options and through the countdown's steps; working them out tries no
    command (a trial ran the countdown's settling for every lane shown, every step)."""
    view, document = track(awindow), awindow.document
    model, session = view.track_model, document.session
    _tie_hauser_with_mirelle(awindow)
    tried: list[object] = []
    plain_refusal = session.refusal

    def counted(command):
        tried.append(command)
        return plain_refusal(command)

    def trial_says(row: int) -> bool:
        here, below = model.mark_at(row), model.mark_at(row + 1)
        equal = here is not None and below is not None and here.value is not None
        return equal and here.value == below.value and model.move_refusal(row + 1, row) is None

    seen: set[bool] = set()
    for step in range(12):
        if step == 6:
            document.apply(SetOption("ties", "simultaneous"))
        tried.clear()
        fresh = TrackModel(document, view)  # nothing asked yet (the view's has, painting)
        monkeypatch.setattr(session, "refusal", counted)
        grips = [fresh.tied_with_next(row) for row in range(model.rowCount() - 1)]
        monkeypatch.setattr(session, "refusal", plain_refusal)
        assert tried == []
        assert grips == [trial_says(row) for row in range(model.rowCount() - 1)]
        seen.update(grips)
        prompt = session.prompt()
        command = prompt.answers[0].command if prompt is not None else EndTurn()
        if session.refusal(command) is not None:
            command = EndTurn()
        document.apply(command)
    assert seen == {True, False}
