"""The AP countdown's central view in the main window: the countdown track follows the
rules' worked example (Hauser, base 15, acts from 35, declares a 3-AP melee attack that
resolves at 20, then a 1-AP action that resolves at 15) as the GM answers the prompts
and presses End Turn; undo brings every step of the track back; its model passes
qtmodeltester all along, with row-level updates."""

from __future__ import annotations

import shiboken6

from tests.qt import ap_countdown_fixtures as af
from tests.qt.ap_countdown_fixtures import (
    LEFT,
    answer,
    by_name,
    end_turn,
    lane_point,
    lanes,
    mark_of,
    model_rows,
    start,
    track,
)
from tracker.engine import EndTurn, RulesetAction, StartEncounter
from tracker.qt.rulesets.ap_countdown.model import ACTION, SPAN, TrackModel
from tracker.qt.rulesets.ap_countdown.track_view import CountdownTrack

ORDER = ["Mirelle", "Hauser", "Orc Captain", "Orc Archer", "Cave Troll"]

adocument = af.adocument
awindow = af.awindow


def _due(model: TrackModel) -> tuple[str, str] | None:
    """(name, "declare" | "resolve") of the lane marked as acting now."""
    for row in range(model.rowCount()):
        mark = model.mark_at(row)
        if mark is not None and mark.due is not None:
            return model.combatant_at(row).name, mark.due
    return None


def test_the_central_view_is_the_countdown_track(awindow):
    view = track(awindow)
    model = view.track_model
    assert lanes(model) == ORDER
    assert view.phase_texts()[0] == "Setting up: the fight has not begun"
    hauser = mark_of(model, "Hauser")
    assert (hauser.value, hauser.base, hauser.ap, hauser.action) == (35, 15, 4, None)
    assert mark_of(model, "Cave Troll").value == 24
    # The scale runs from the top of the round down past the lowest value.
    assert view.scale.high == 35 and view.scale.low <= 20
    assert view.scale.x_of(35) < view.scale.x_of(24)


def test_the_worked_example_on_the_track(awindow, qtbot, qtmodeltester):
    view = track(awindow)
    model = view.track_model
    document = awindow.document
    qtmodeltester.check(model, force_py=True)  # and watches every signal from now on
    resets: list[int] = []
    model.modelReset.connect(lambda: resets.append(1))
    steps = [model_rows(model)]

    def step() -> None:
        steps.append(model_rows(model))

    start(qtbot, awindow)
    step()
    assert view.phase_texts()[:2] == ("Round 1 · Initiative phase", "Round 1 · Initiative")
    answer(qtbot, awindow, "Begin the countdown")
    step()
    assert view.phase_texts()[0] == "Round 1 · Resolution at count 35"
    assert _due(model) == ("Mirelle", "declare")  # ties go to the higher Qu
    answer(qtbot, awindow, "Hold (declare nothing now)")
    step()
    assert mark_of(model, "Mirelle").value == 30
    assert _due(model) == ("Hauser", "declare")

    # At 35 Hauser declares a melee attack for 3 AP: it resolves at 35 − 15 = 20.
    answer(qtbot, awindow, "Melee Attack (2–4 AP)", ap="3")
    step()
    hauser = mark_of(model, "Hauser")
    assert (hauser.value, hauser.ap, hauser.action) == (20, 1, "Melee Attack")
    assert (hauser.declared_at, hauser.starts_at, hauser.resolves_at) == (35, 35, 20)
    assert (hauser.progress, hauser.penalty) == ((0, 3), -25)  # 1 AP below the maximum
    row = model.row_of(by_name(document, "Hauser").id)
    assert model.index(row, SPAN).data() == "35 → 20"
    assert model.index(row, ACTION).data() == "Melee Attack · 3 AP · −25"
    assert view.scale.x_of(35) < view.scale.x_of(20)  # the bar runs down the count

    # The others are done for the round as the GM presses End Turn, down to 20.
    counts = []
    while _due(model) != ("Hauser", "resolve"):
        counts.append(document.ruleset.count(document.encounter))
        end_turn(qtbot, awindow)
        step()
        assert len(counts) < 8
    assert counts == [33, 30, 30, 24]  # Captain, Mirelle, Archer, the hidden Troll
    assert view.phase_texts()[0] == "Round 1 · Resolution at count 20"
    assert lanes(model)[0] == "Hauser"  # the lane acting now is on top

    # At 20 he resolves, then declares his next action with the 1 AP left: 20 → 15.
    answer(qtbot, awindow, "Resolved", note="hits for 12")
    step()
    assert _due(model) == ("Hauser", "declare")
    assert mark_of(model, "Hauser").action is None
    answer(qtbot, awindow, "Free-form action", name="Shield bash", ap="1")
    step()
    hauser = mark_of(model, "Hauser")
    assert (hauser.value, hauser.ap, hauser.action) == (15, 0, "Shield bash")
    assert (hauser.declared_at, hauser.resolves_at) == (20, 15)
    assert model.index(model.row_of(hauser.combatant_id), SPAN).data() == "20 → 15"
    assert _due(model) == ("Hauser", "resolve")
    assert view.phase_texts()[0] == "Round 1 · Resolution at count 15"

    end_turn(qtbot, awindow)  # resolves it (no note): nobody is left; Upkeep
    step()
    assert view.phase_texts()[0] == "Round 1 · Upkeep"
    assert _due(model) is None

    # Undo brings every step of the track back, in reverse.
    for expected in reversed(steps[:-1]):
        document.undo_stack.undo()
        assert model_rows(model) == expected
    assert view.phase_texts()[0] == "Setting up: the fight has not begun"
    assert resets == []  # row by row, never a reset
    qtmodeltester.check(model, force_py=True)  # the whole model again, at the end
    fresh = TrackModel(document)
    assert model_rows(fresh) == model_rows(model)


def test_only_changed_rows_are_repainted(adocument, qtbot):
    model = TrackModel(adocument)
    adocument.apply(StartEncounter())
    adocument.apply(EndTurn())  # the countdown begins: Mirelle declares at 35
    changed: set[int] = set()
    model.dataChanged.connect(
        lambda top, bottom, *_: changed.update(range(top.row(), bottom.row() + 1))
    )
    mirelle = by_name(adocument, "Mirelle").id
    adocument.apply(RulesetAction("declare", mirelle, {"action": "ranged attack", "ap": 3}))
    # Mirelle's lane (her action) and Hauser's (due now); the others did not change.
    names = {model.combatant_at(row).name for row in changed}
    assert names == {"Mirelle", "Hauser"}


def test_a_click_on_a_lane_selects_the_combatant(awindow, qtbot):
    view = track(awindow)
    row = view.track_model.row_of(by_name(awindow.document, "Orc Archer").id)
    with qtbot.waitSignal(view.combatant_selected) as selected:
        qtbot.mouseClick(view.viewport(), LEFT, pos=lane_point(view, row))
    assert selected.args == [by_name(awindow.document, "Orc Archer").id]
    assert awindow.selected_combatant_id() == by_name(awindow.document, "Orc Archer").id


def test_many_combatants_scroll_and_the_acting_lane_comes_into_view(adocument, qtbot):
    from tracker.engine import AddCombatant

    for number in range(40):
        assert adocument.apply(AddCombatant(f"Goblin {number + 1}", "enemy", stats={"qu": 0}))
    view = CountdownTrack(adocument)
    qtbot.addWidget(view)
    view.resize(900, 300)
    view.show()
    qtbot.waitExposed(view)
    assert view.verticalScrollBar().maximum() > 0
    apply = adocument.apply
    goblin = by_name(adocument, "Goblin 40").id
    assert apply(StartEncounter())
    assert apply(RulesetAction("set_initiative", goblin, {"base": 40}))
    for other in adocument.encounter.combatants:
        if other.name.startswith("Goblin") and other.id != goblin:
            assert apply(RulesetAction("set_initiative", other.id, {"base": 1}))
    assert apply(EndTurn())  # Goblin 40 acts first, at 60
    row = view.track_model.row_of(goblin)
    view.verticalScrollBar().setValue(view.verticalScrollBar().maximum())
    assert apply(RulesetAction("hold", goblin))  # still Goblin 40, at 55: no jump
    assert view.verticalScrollBar().value() == view.verticalScrollBar().maximum()
    assert apply(RulesetAction("done", goblin))  # someone else acts: into view
    due = next(r for r in range(view.track_model.rowCount()) if view.track_model.mark_at(r).due)
    top = view.visualRect(view.track_model.index(due, 0)).top()
    assert 0 <= top < view.viewport().height()
    assert row >= 0
    view.grab()  # paints without a warning


def test_another_encounter_replaces_the_track(awindow, qtbot):
    from tracker.qt.app import sample_session
    from tracker.qt.rulesets.war_scroll.grid import WarScrollGrid

    old = track(awindow)
    awindow.replace_session(sample_session(), None)  # a War Scroll
    assert isinstance(awindow.central_view, WarScrollGrid)
    assert not shiboken6.isValid(old)  # deleted at once: it let go of the document
    awindow.replace_session(af.ap_session(), None)
    view = track(awindow)
    assert lanes(view.track_model) == ORDER
    assert view.phase_texts()[0] == "Setting up: the fight has not begun"
    view.grab()


def test_the_model_follows_joins_removals_undo_and_redo(adocument, qtmodeltester):
    from tracker.engine import AddCombatant, DuplicateCombatant, RemoveCombatant

    model = TrackModel(adocument)
    qtmodeltester.check(model, force_py=True)  # watches every signal from now on
    apply = adocument.apply
    assert apply(AddCombatant("Bat Swarm", "enemy", stats={"qu": 8}))
    assert apply(StartEncounter())
    bats = by_name(adocument, "Bat Swarm").id
    assert apply(RulesetAction("set_initiative", bats, {"base": 22}))  # acts from 42
    assert apply(DuplicateCombatant(by_name(adocument, "Orc Archer").id))
    while (prompt := adocument.session.prompt()) is not None and prompt.title == "Base initiative":
        assert apply(RulesetAction("set_initiative", prompt.asks, {"base": 10}))
    assert apply(EndTurn())  # the countdown begins at 42 (the bats)
    assert apply(RulesetAction("declare", bats, {"action": "pick lock / disarm trap", "ap": 0}))
    assert apply(RemoveCombatant(by_name(adocument, "Orc Captain").id))
    for _ in range(8):
        assert apply(EndTurn())
    for _ in range(5):
        adocument.undo_stack.undo()
    for _ in range(3):
        adocument.undo_stack.redo()
    qtmodeltester.check(model, force_py=True)
    assert model_rows(model) == model_rows(TrackModel(adocument))
    assert [c.name for c in adocument.encounter.combatants] == lanes(model)
