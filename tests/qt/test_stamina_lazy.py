"""The side-phase view of a Stamina battle works out a Unit's readout when its row is
first read, not every Unit's when it is built (issue 26: opening 5,000 Units); a side's
column filters the Units only once its side has some. Whatever rows were read, the
readouts kept, the Stamina changes and the counts of Units to act stay the ruleset's."""

from __future__ import annotations

import random
from pathlib import Path

from benchmarks.fights import params_at_defaults
from tests.qt.test_stamina_steps import in_sight, phases, readouts_read
from tests.qt.test_step_work import close, open_window, step
from tracker.engine import AddCombatant, RemoveCombatant, RulesetAction
from tracker.engine.rulesets.stamina_battle import StaminaBattle
from tracker.qt.rulesets.stamina_battle.model import DeltaRole, ReadoutRole, SideProxy


def test_the_view_of_1000_units_reads_the_readouts_of_those_in_sight(
    qtbot, tmp_path: Path, monkeypatch
):
    read = readouts_read(monkeypatch)
    window = open_window(qtbot, tmp_path, "stamina_battle", 1000, 10)
    try:
        view = phases(window)
        qtbot.waitUntil(lambda: len(read) > 0)  # the first paint
        qtbot.wait(1)
        shown = [index.data(ReadoutRole) for index in in_sight(view)]
        assert len(shown) >= 6
        assert len(set(read)) <= 2 * len(shown), f"{len(set(read))} readouts for 1,000 Units"
    finally:
        close(window, qtbot)


def test_a_side_without_units_filters_nothing_until_it_has_one(qtbot, tmp_path: Path, monkeypatch):
    filtered: list[str] = []
    original = SideProxy.filterAcceptsRow

    def filter_accepts_row(self, source_row, source_parent):
        filtered.append(self.side)
        return original(self, source_row, source_parent)

    monkeypatch.setattr(SideProxy, "filterAcceptsRow", filter_accepts_row)
    window = open_window(qtbot, tmp_path, "stamina_battle", 30, 4)
    try:
        view = phases(window)
        assert "ally" not in {c.side for c in window.document.encounter.combatants}
        assert "ally" not in filtered
        assert not view.columns["ally"].isVisibleTo(view)
        assert window.document.apply(AddCombatant("Late friend", "ally"))
        column = view.columns["ally"]
        assert column.isVisibleTo(view)
        assert column.proxy.rowCount() == 1
        assert column.proxy.combatant_at(0).name == "Late friend"
        assert window.document.undo_stack.can_undo()
        window.document.undo_stack.undo()
        assert column.proxy.rowCount() == 0
        assert not column.isVisibleTo(view)
    finally:
        close(window, qtbot)


def _stamina(ruleset: StaminaBattle, encounter) -> dict[str, int]:
    return {c.id: ruleset.readout(encounter, c).stamina for c in encounter.combatants}


def test_readouts_kept_of_rows_read_at_random_stay_the_rulesets(qtbot, tmp_path: Path):
    """Random actions, End Turns through new rounds, Units added and removed, undo and
    redo, while a few rows at random are read after each (the others never): every row
    read shows the ruleset's readout and the Stamina change of the last command; the
    counts of Units to act and of each side's Units are the ruleset's."""
    window = open_window(qtbot, tmp_path, "stamina_battle", 24, 6)
    document = window.document
    model = phases(window).units_model
    ruleset = document.ruleset
    assert isinstance(ruleset, StaminaBattle)
    rng = random.Random(26)
    actions = [spec for spec in ruleset.actions if spec.on == "current"]
    events: list[object] = []
    document.changed.connect(events.append)
    changes: dict[str, int] = {}  # the Stamina changes of the last command
    try:
        for number in range(200):
            before = _stamina(ruleset, document.encounter)
            events.clear()
            if number % 9 == 8 and document.undo_stack.can_undo():
                document.undo_stack.undo()
                if number % 2:  # the Stamina changes shown are the redo's
                    before = _stamina(ruleset, document.encounter)
                    document.undo_stack.redo()
            elif number % 7 == 3:
                units = document.encounter.combatants
                if len(units) > 16 and rng.random() < 0.6:
                    document.apply(RemoveCombatant(rng.choice(units).id))
                else:
                    document.apply(AddCombatant(f"Late {number}", rng.choice(["party", "enemy"])))
            elif rng.random() < 0.4:
                spec = rng.choice(actions)
                command = RulesetAction(spec.name, None, params_at_defaults(spec.params))
                if document.session.refusal(command) is None:
                    document.apply(command)
            else:
                step(window, qtbot)
            encounter = document.encounter
            after = _stamina(ruleset, encounter)
            if events:  # a refusal changes nothing: the last command's changes stay
                changes = {i: s - before[i] for i, s in after.items() if before.get(i, s) != s}
            for row in rng.sample(range(model.rowCount()), 3):
                unit = model.combatant_at(row)
                assert unit is not None
                index = model.index(row, 0)
                assert index.data(ReadoutRole) == ruleset.readout(encounter, unit)
                assert index.data(DeltaRole) == changes.get(unit.id, 0)
            for side in {c.side for c in encounter.combatants} | {"ally"}:
                units = [c for c in encounter.combatants if c.side == side]
                assert model.units_of(side) == len(units)
                fresh = [c for c in units if not ruleset.readout(encounter, c).acted]
                assert model.to_act(side) == len(fresh)
        assert encounter.clock.round >= 3
    finally:
        close(window, qtbot)
