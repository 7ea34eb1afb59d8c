"""The base of the conformance machine (`machine`): its state, setting up a session,
applying a command with the checks every command gets, and the helpers of its steps.
"""

from __future__ import annotations

import dataclasses
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize

from tests.conformance.compare import assert_same, snapshot
from tests.conformance.qt_watch import PaintedCells, QtWarnings, WatchingModelTester
from tests.conformance.strategies import (
    RulesetStrategies,
    for_ruleset,
    names,
    valid_field_values,
)
from tests.conformance.tally import TALLIES
from tracker.engine import (
    AddCombatant,
    Command,
    CommandError,
    MoveCombatant,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.engine.changes import ChangeSet
from tracker.engine.ruleset import ActionSpec, LegalAction
from tracker.engine.session import SessionEvent
from tracker.engine.state import SIDES, Encounter
from tracker.persistence.journal import Journal
from tracker.qt.document import EncounterDocument
from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.models.log_model import LogModel
from tracker.qt.models.roster_model import RosterModel
from tracker.qt.models.turn_order_model import TurnOrderModel

MODEL_CLASSES = (RosterModel, TurnOrderModel, EffectsModel, LogModel)
MODEL_CHECK_EVERY = 10  # steps between full qtmodeltester checks (they cost the most)
STATE_CHECK_EVERY = 3  # steps between checks that the queries changed nothing
PROMPTS_PER_TURN = 3  # prompts answered before each End Turn, at most
TURNS_PLAYED = 6  # turns a GM plays in one step, at most (`play_turns`)
ACTIONS_PER_TURN = 3  # legal actions taken in a turn played, at most
FORESEEN = 6  # turns after the current one that End Turn must bring as announced
BOGUS_COMBATANT = "c999"
BOGUS_EFFECT = "e999"
SHARED_MEMORY = Path("/dev/shm")  # no disk syncs for the journal's fsync, where available


def command_kind(command: Command) -> str:
    """What a command does, whoever it concerns: the action, or the one moved."""
    if isinstance(command, RulesetAction):
        return command.action
    if isinstance(command, MoveCombatant):
        return command.combatant_id
    return type(command).__name__


def a_little_more(spec: ActionSpec, offered: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Each number a little above its offered value (within its range): where the rules
    change (a spell just too dear for the pool charges over turns)."""
    return st.fixed_dictionaries(
        {
            f.name: st.integers(offered[f.name], offered[f.name] + 8).map(
                lambda value, f=f: min(value, f.maximum) if f.maximum is not None else value
            )
            for f in spec.params
            if f.kind == "int" and isinstance(offered.get(f.name), int)
        }
    )


def hashable(legal: LegalAction) -> tuple[Any, ...]:
    return (
        legal.action,
        legal.combatant_id,
        repr(sorted(legal.params.items())),  # a value may be a list
        tuple(sorted(legal.choices.items())),
    )


def temporary_folder() -> tempfile.TemporaryDirectory[str]:
    shm = SHARED_MEMORY if SHARED_MEMORY.is_dir() else None
    return tempfile.TemporaryDirectory(prefix="tracker-conformance-", dir=shm)


# --- the machine ------------------------------------------------------------------------
class MachineBase(RuleBasedStateMachine):
    """What every step of the machine uses: the session and what follows it, setting up,
    applying a command (with the checks every command gets), drawing ids, answering
    a prompt. Plays one ruleset (`ruleset_id`, set by `machine_for`)."""

    ruleset_id = ""

    def __init__(self) -> None:
        super().__init__()
        self.strategies: RulesetStrategies = for_ruleset(self.ruleset_id)
        self.ruleset = self.strategies.ruleset
        self.session: Session | None = None
        self.folder = temporary_folder()
        self.journal: Journal | None = None
        self.document: EncounterDocument | None = None
        self.models: list[Any] = []
        self.testers: list[WatchingModelTester] = []
        self.painted: list[PaintedCells] = []
        self.warnings = QtWarnings()
        self.events: list[SessionEvent] = []  # everything the session told its listeners
        self.states: list[dict[str, Any]] = []  # [i]: after the i-th command of the history
        self.position = 0  # where the session is in `states`
        self.steps = 0
        self.furthest = 0  # the furthest round reached
        self.taken: Counter[str] = Counter()  # actions applied in this playthrough
        self.busy = False  # a step is under way: if teardown sees it, the step failed

    @property
    def encounter(self) -> Encounter:
        assert self.session is not None
        return self.session.encounter

    # --- setting up -------------------------------------------------------------------
    @initialize(data=st.data())
    def new_session(self, data: st.DataObject) -> None:
        """A new encounter, journaled and shown by the models; a cast, and half the time
        a started fight."""
        self.busy = True
        name = data.draw(names(), label="encounter name")
        options = data.draw(self.strategies.initial_options, label="options")
        try:
            self.session = Session.new(name, self.ruleset_id, options)
        except CommandError as error:
            note(f"Session.new({name!r}, ...) refused: {error.message}")
            self.session = Session.new("Encounter", self.ruleset_id, options)
        note(f"session = Session.new(..., {self.ruleset_id!r}, {options!r})")
        self.session.subscribe(self.events.append)
        every = data.draw(st.sampled_from([1, 2, 3, 5, 8, 200]), label="checkpoint every")
        self.journal = Journal.begin(
            Path(self.folder.name) / "journal", self.session, None, checkpoint_lines=every
        )
        self.warnings.install()
        self.document = EncounterDocument(self.session)
        self.models = [model_class(self.document) for model_class in MODEL_CLASSES]
        for model in self.models:
            tester = WatchingModelTester()
            tester.check(model)
            self.testers.append(tester)
        self.painted = [PaintedCells(model) for model in self.models]
        self.states = [snapshot(self.encounter)]
        self.position = 0
        cast = data.draw(
            st.lists(valid_field_values(self.ruleset.stat_fields), min_size=1, max_size=6),
            label="cast",
        )
        for number, stats in enumerate(cast, start=1):
            side = data.draw(st.sampled_from(SIDES), label="side")
            self._apply(AddCombatant(f"Fighter {number}", side, stats=stats))
        if data.draw(st.booleans(), label="start now"):
            self._apply(StartEncounter())

    # --- applying ---------------------------------------------------------------------
    def _apply(self, command: Command, *, must_accept: bool = False) -> ChangeSet | None:
        """Apply `command`: `Session.refusal` must foretell the outcome, and a refusal must
        change nothing and tell no one. Returns the changes, or None if refused."""
        assert self.session is not None
        session = self.session
        before = self.states[self.position]
        done, undone, heard = len(session.history), len(session.undone), len(self.events)
        foretold = session.refusal(command)  # what it changed is caught below or on undo
        # The GM's window shows only the actions offered in the encounter: the rules
        # must never accept another.
        offered = {spec.name for spec in self.ruleset.offered_actions(self.encounter)}
        assert len(self.events) == heard, f"Session.refusal({command!r}) told listeners"
        try:
            changes = session.apply(command)
        except CommandError as error:
            note(f"refused: {command!r} ({error.message})")
            assert_same(snapshot(self.encounter), before, f"refused {command!r} changed state")
            assert (len(session.history), len(session.undone)) == (done, undone), (
                f"refused {command!r} changed the undo history"
            )
            assert len(self.events) == heard, f"refused {command!r} told listeners"
            assert not must_accept, f"refused, though the rules offered it: {command!r}: {error}"
            assert foretold is not None, f"Session.refusal said {command!r} would apply"
            self._tally(command, applied=False)
            return None
        except Exception:
            note(f"CRASHED: session.apply({command!r})")
            raise
        note(f"session.apply({command!r})")
        assert foretold is None, f"Session.refusal foretold {foretold.message!r} for {command!r}"
        assert not isinstance(command, RulesetAction) or command.action in offered, (
            f"applied, though not offered in this encounter: {command!r}"
        )
        assert len(session.history) == done + 1 and not session.can_redo
        assert len(self.events) == heard + 1, "an applied command is heard once"
        del self.states[self.position + 1 :]
        self.states.append(snapshot(self.encounter))
        self.position += 1
        self._tally(command, applied=True)
        return changes

    def _tally(self, command: Command, *, applied: bool) -> None:
        if isinstance(command, RulesetAction):
            TALLIES[self.ruleset_id].actions[command.action][0 if applied else 1] += 1
            if applied:
                self.taken[command.action] += 1

    def _holder(self) -> str | None:
        assert self.session is not None
        turn = self.session.current_turn()
        return turn.combatant_id if turn is not None else None

    def _apply_guided(
        self,
        data: st.DataObject,
        candidates: list[Command],
        draw: Callable[[], Command],
        finish: Callable[[Command], Command] = lambda command: command,
    ) -> None:
        """Mostly one of `candidates` that the rules allow now, as the GUI offers only what
        `Session.refusal` allows (a refusal about a parameter's value leaves an action
        available), completed by `finish`; else (or if none is allowed) one drawn by
        `draw`, allowed or not."""
        if data.draw(st.integers(0, 3), label="guided") > 0:
            allowed: dict[str, list[Command]] = {}
            for command in candidates:
                if self._allowed(command):
                    allowed.setdefault(command_kind(command), []).append(command)
            if allowed:  # each kind of command as likely as any other, whatever its targets
                kind = data.draw(st.sampled_from(sorted(allowed)), label="allowed")
                self._apply(finish(data.draw(st.sampled_from(allowed[kind]), label=kind)))
                return
        self._apply(draw())

    def _allowed(self, command: Command) -> bool:
        assert self.session is not None
        refusal = self.session.refusal(command)
        if refusal is None:
            return True
        if isinstance(command, RulesetAction) and refusal.field is not None:
            params = self.ruleset.action_spec(command.action).params
            return refusal.field in {f.name for f in params}
        return False

    def _combatant_ids(self) -> list[str]:
        return [c.id for c in self.encounter.combatants]

    def _effect_ids(self) -> list[str]:
        return [e.id for e in self.encounter.effects]

    def _draw_combatant(self, data: st.DataObject, *, none: bool = False) -> str | None:
        """An existing combatant's id mostly; sometimes a bogus one (or None)."""
        ids = self._combatant_ids()
        extra: list[str | None] = [BOGUS_COMBATANT] + ([None] if none else [])
        if not ids or data.draw(st.integers(0, 7), label="bogus id") == 7:
            return data.draw(st.sampled_from(extra), label="combatant")
        return data.draw(st.sampled_from(ids), label="combatant")

    def _draw_effect(self, data: st.DataObject) -> str:
        ids = self._effect_ids()
        if not ids or data.draw(st.integers(0, 7), label="bogus id") == 7:
            return BOGUS_EFFECT
        return data.draw(st.sampled_from(ids), label="effect")

    # --- prompts ----------------------------------------------------------------------
    def _prompt_open(self) -> bool:
        return self.session is not None and self.session.prompt() is not None

    def _answer_prompt(self, data: st.DataObject) -> None:
        """Answer the open prompt with one of its answers, its fields filled with valid
        values: the rules must accept their own answers."""
        self.busy = True
        assert self.session is not None
        prompt = self.session.prompt()
        assert prompt is not None
        answer = data.draw(st.sampled_from(prompt.answers), label="answer")
        command = answer.command
        if answer.fields:
            assert isinstance(command, RulesetAction), f"fields on a non-action: {answer}"
            values = data.draw(valid_field_values(answer.fields), label="fields")
            command = dataclasses.replace(command, params={**command.params, **values})
        note(f"answering {prompt.key!r} with {answer.label!r}")
        if self._apply(command, must_accept=True) is not None:
            kind = command.action if isinstance(command, RulesetAction) else type(command).__name__
            TALLIES[self.ruleset_id].answers[f"{prompt.key[0]}: {kind}"] += 1
