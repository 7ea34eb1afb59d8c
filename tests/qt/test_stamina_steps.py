"""A step of a Stamina battle costs what changed: the side-phase view restyles nothing
inside a phase (no style sheet set, no re-polish), repaints only the Units whose readout
changed, and works out again only the readouts a change may have changed; those kept
stay exactly the ruleset's, whatever happens (actions, Guards, undo, new rounds)."""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import QEvent, QModelIndex, QObject
from PySide6.QtWidgets import QApplication, QWidget

from benchmarks.fights import params_at_defaults
from tests.qt.test_step_work import close, open_window, step
from tracker.engine import AddCombatant, RemoveCombatant, RulesetAction
from tracker.engine.rulesets.stamina_battle import StaminaBattle
from tracker.qt.main_window import MainWindow
from tracker.qt.rulesets.stamina_battle.delegate import UnitDelegate
from tracker.qt.rulesets.stamina_battle.phases_view import SidePhasesView


def readouts_read(monkeypatch) -> list[str]:
    """The ids of the Units whose readout the rules work out from now on, in order."""
    read: list[str] = []
    original = StaminaBattle.readout

    def readout(self, encounter, combatant):
        read.append(combatant.id)
        return original(self, encounter, combatant)

    monkeypatch.setattr(StaminaBattle, "readout", readout)
    return read


def in_sight(view: SidePhasesView) -> list[QModelIndex]:
    """The rows of every side's column that show in its list."""
    return [
        column.proxy.index(row, 0)
        for column in view.columns.values()
        for row in range(column.proxy.rowCount())
        if column.list_view.visualRect(column.proxy.index(row, 0)).intersects(
            column.list_view.viewport().rect()
        )
    ]


class StyleEvents(QObject):
    """Counts the style changes and polish requests of the widgets inside `root`."""

    def __init__(self, root: QWidget) -> None:
        super().__init__()
        self.root = root
        self.seen: list[str] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        kind = event.type()
        styling = kind in (QEvent.Type.StyleChange, QEvent.Type.Polish, QEvent.Type.PolishRequest)
        if styling and isinstance(watched, QWidget) and self.root.isAncestorOf(watched):
            self.seen.append(f"{kind.name} {watched.objectName()}")
        return False


def phases(window: MainWindow) -> SidePhasesView:
    assert isinstance(window.central_view, SidePhasesView)
    return window.central_view


def test_a_step_inside_a_phase_restyles_nothing(qtbot, tmp_path: Path):
    window = open_window(qtbot, tmp_path, "stamina_battle", 30, 10)
    view = phases(window)
    ruleset = window.document.ruleset
    assert isinstance(ruleset, StaminaBattle)
    qtbot.wait(1)  # the window's own polishing, as it was shown
    events = StyleEvents(view)
    QApplication.instance().installEventFilter(events)
    try:
        inside = 0
        for _ in range(8):
            side = ruleset.phase_side(window.document.encounter)
            events.seen.clear()
            step(window, qtbot)
            if ruleset.phase_side(window.document.encounter) == side:
                inside += 1
                assert events.seen == []
        assert inside >= 5
        title = view.columns[side].title.text()
        assert "their phase" in title and title.endswith("to act")
    finally:
        QApplication.instance().removeEventFilter(events)
        close(window, qtbot)


def test_a_step_repaints_only_the_units_that_changed(qtbot, tmp_path: Path, monkeypatch):
    """The Unit whose turn ended and the one whose turn begins: a few rows painted, not
    every row of both sides."""
    painted: list[str] = []
    original = UnitDelegate.paint

    def paint(self, painter, option, index):
        painted.append(index.data())
        return original(self, painter, option, index)

    monkeypatch.setattr(UnitDelegate, "paint", paint)
    window = open_window(qtbot, tmp_path, "stamina_battle", 30, 10)
    try:
        shown = len(in_sight(phases(window)))
        assert shown >= 6
        qtbot.wait(1)
        for _ in range(4):
            painted.clear()
            step(window, qtbot)
            assert len(painted) <= 3, f"{len(painted)} Units painted: {painted}"
    finally:
        close(window, qtbot)


def test_a_step_reads_only_the_readouts_that_may_change(qtbot, tmp_path: Path, monkeypatch):
    window = open_window(qtbot, tmp_path, "stamina_battle", 30, 10)
    read = readouts_read(monkeypatch)
    qtbot.wait(1)  # the first paint reads the Units in sight: not a step
    try:
        ruleset = window.document.ruleset
        for _ in range(6):
            round_ = window.document.encounter.clock.round
            read.clear()
            step(window, qtbot)
            if window.document.encounter.clock.round == round_:
                assert len(read) <= 4, f"{len(read)} readouts worked out in a step"
    finally:
        close(window, qtbot)
    assert isinstance(ruleset, StaminaBattle)


def test_the_readouts_kept_are_always_the_rulesets(qtbot, tmp_path: Path):
    """Random actions of the acting Unit (Guards among them: effects on carriers),
    End Turns through new rounds, Units added and removed, undo and redo: every readout
    the model keeps, and the count of Units to act, equal what the ruleset says now."""
    window = open_window(qtbot, tmp_path, "stamina_battle", 12, 4)
    document = window.document
    model = phases(window).units_model
    ruleset = document.ruleset
    assert isinstance(ruleset, StaminaBattle)
    rng = random.Random(8)
    actions = [spec for spec in ruleset.actions if spec.on == "current"]
    try:
        for number in range(90):
            if number % 9 == 8 and document.undo_stack.can_undo():
                document.undo_stack.undo()
                if number % 2:
                    document.undo_stack.redo()
            elif number % 7 == 3:  # Units come and go (and come back by undo)
                units = document.encounter.combatants
                if len(units) > 6 and rng.random() < 0.6:
                    document.apply(RemoveCombatant(rng.choice(units).id))
                else:
                    side = rng.choice(["party", "enemy"])
                    document.apply(AddCombatant(f"Late {number}", side))
            elif rng.random() < 0.6:
                spec = rng.choice(actions)
                command = RulesetAction(spec.name, None, params_at_defaults(spec.params))
                if document.session.refusal(command) is None:
                    document.apply(command)
            else:
                step(window, qtbot)
            encounter = document.encounter
            for row in range(model.rowCount()):
                unit = model.combatant_at(row)
                assert unit is not None
                assert model.readout_at(row) == ruleset.readout(encounter, unit)
            active = ruleset.phase_side(encounter)
            if active is not None:
                expected = sum(
                    1
                    for c in encounter.combatants
                    if c.side == active and not ruleset.readout(encounter, c).acted
                )
                assert model.to_act(active) == expected
        assert encounter.clock.round >= 3
    finally:
        close(window, qtbot)
