"""A trial run (`Session.refusal`) leaves the encounter exactly as it found it: the same
objects, the same contents, the same structure and what was worked out before."""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass

import pytest

from benchmarks.fights import build
from tracker.engine import AddCombatant, AddEffect, Session, StartEncounter, changes
from tracker.engine.changes import Transaction
from tracker.engine.commands import Command, RulesetAction
from tracker.engine.copying import copy_state
from tracker.engine.errors import CommandError
from tracker.engine.legal import trial_refusal
from tracker.engine.ruleset import AnyRuleset
from tracker.engine.state import Combatant, Effect, Encounter


@dataclass
class _TouchEverythingThenRefuse(Command):
    """Changes a combatant, an effect, the clock, the options and the lists, then is refused."""

    def execute(self, tx: Transaction, encounter: Encounter, ruleset: AnyRuleset) -> str:
        first, second = encounter.combatants[0], encounter.combatants[1]
        tx.touch(first).name = "Changed"
        tx.touch(first).stats["changed"] = 1
        tx.touch_effect(encounter.effects[0]).name = "Changed too"
        tx.touch_clock(type(encounter.clock))
        tx.touch_encounter().options["added"] = "yes"
        tx.new_id("x")
        tx.move_combatant(0, 1)
        tx.remove_combatant(second)
        tx.remove_effect(encounter.effects[0])
        tx.add_effect(Effect("e-new", "New", first.id, first.id))
        tx.log("Never happened")
        raise CommandError("Refused after all.")


def _fight() -> Session:
    session = Session.new("Trial", "war_scroll")
    for name in ("Ann", "Bob", "Cid"):
        session.apply(AddCombatant(name, "party"))
    session.apply(StartEncounter())
    ids = [c.id for c in session.encounter.combatants]
    session.apply(AddEffect("Blessed", ids[0], ids[1]))
    return session


def test_a_refused_trial_run_leaves_the_same_objects_with_the_same_contents() -> None:
    session = _fight()
    encounter = session.encounter
    encounter.derived("worked out", lambda: "before")
    contents = copy.deepcopy(encounter)
    combatants, effects = list(encounter.combatants), list(encounter.effects)
    log_length = len(encounter.log)

    error = session.refusal(_TouchEverythingThenRefuse())

    assert error is not None and str(error) == "Refused after all."
    assert encounter == contents
    assert encounter.combatants == combatants
    assert all(a is b for a, b in zip(encounter.combatants, combatants, strict=True))
    assert all(a is b for a, b in zip(encounter.effects, effects, strict=True))
    assert "added" not in encounter.options
    assert len(encounter.log) == log_length
    assert encounter.next_id == contents.next_id
    assert encounter.derived("worked out", lambda: "recomputed") == "before"


def test_after_a_refused_trial_run_undo_and_redo_are_exact() -> None:
    session = _fight()
    before_effect = copy.deepcopy(session.encounter)
    session.refusal(_TouchEverythingThenRefuse())
    session.undo()  # the effect
    session.redo()
    assert session.encounter == before_effect
    session.refusal(_TouchEverythingThenRefuse())
    session.apply(AddCombatant("Dee", "enemy"))
    session.undo()
    assert session.encounter == before_effect


def test_a_trial_run_copies_what_it_touches_once_and_hands_it_back_uncopied(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Copies are the engine's largest cost of a trial run: one per field touched, taken at
    the first touch; the rollback hands those back instead of copying them again."""
    session = _fight()
    copied: list[object] = []

    def counting(value: object) -> object:
        copied.append(value)
        return copy_state(value)

    monkeypatch.setattr(changes, "copy_state", counting)
    session.refusal(_TouchEverythingThenRefuse())
    fields_touched = (
        len(dataclasses.fields(Combatant)) + len(dataclasses.fields(Effect)) + 5
    )  # the combatant, the effect and the encounter's five scalar fields
    assert len(copied) == fields_touched


def test_a_change_its_check_refuses_is_taken_back_whole() -> None:
    """`Session.apply(command, check)` (how a journal's line is replayed): the command
    ran and made its record, the check refused it, and nothing is left of it: not in the
    encounter, not on the undo stack, nobody told."""
    session = _fight()
    contents = copy.deepcopy(session.encounter)
    history = list(session.history)
    heard: list[object] = []
    session.subscribe(heard.append)
    seen: list[str] = []

    def refuse(text: str, record: changes.Record) -> None:
        seen.append(text)
        assert record.edits  # the record the command made is handed over
        raise CommandError("Not the change the line holds.")

    with pytest.raises(CommandError, match="Not the change"):
        session.apply(AddCombatant("Dee", "enemy"), refuse)

    assert seen and "Dee" in seen[0]
    assert session.encounter == contents
    assert session.history == history and not heard


def test_a_change_its_check_accepts_is_applied_and_undone_as_any() -> None:
    session = _fight()
    before = copy.deepcopy(session.encounter)
    session.apply(AddCombatant("Dee", "enemy"), lambda _text, _record: None)
    assert [c.name for c in session.encounter.combatants][-1] == "Dee"
    session.undo()
    assert session.encounter == before


@pytest.mark.parametrize("ruleset_id", ["classic_d20", "initiative_ticks"])
def test_a_rulesets_trials_stop_at_the_first_change_and_copy_nothing(
    ruleset_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rulesets whose `legal_actions` try their handlers (`legal.trial_refusal`) stop
    each trial at the action's first change: nothing is copied, changed or rolled back,
    though some actions are offered (they got past their checks). (AP countdown tries
    only beginning the countdown and Upkeep, which a fight under way does not offer.)"""
    session = build(ruleset_id, 12)
    before = session.encounter.to_dict()
    copied: list[object] = []

    def counting(value: object) -> object:
        copied.append(value)
        return copy_state(value)

    monkeypatch.setattr(changes, "copy_state", counting)
    acting = session.current_turn()
    targets = [c.id for c in session.encounter.combatants[:3]]
    if acting is not None and acting.combatant_id is not None:
        targets.append(acting.combatant_id)
    offered = session.ruleset.legal_actions(session.encounter, targets)
    assert offered
    assert copied == []
    assert session.encounter.to_dict() == before


def test_a_trial_stopped_at_its_first_change_is_not_swallowed_by_a_handler() -> None:
    """A handler (a plugin's) that wraps its change in `except Exception` does not catch
    the stop, so it never goes on to change what the trial did not copy."""
    session = _fight()
    encounter = session.encounter
    first = encounter.combatants[0]

    def careless(tx: Transaction, command: object, params: object) -> None:
        try:
            tx.touch(first).name = "Changed"
        except Exception:  # noqa: BLE001 - the careless handler under test
            first.name = "Changed behind the trial's back"

    refusal = trial_refusal(session.ruleset, encounter, careless)
    assert refusal(RulesetAction("bonus_ap", first.id, {"amount": 1, "turn": "next"})) is None
    assert first.name == "Ann"
