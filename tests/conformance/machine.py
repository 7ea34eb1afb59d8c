"""The conformance state machine: random playthroughs of one ruleset through the public
engine API, with the Qt models, a save file and the crash journal following along.

Checked after every step: the queries views make (current turn, upcoming turns, prompt,
status, remaining time of every effect, ...) answer without raising and change nothing;
the Qt models mirror the engine and announce every change a view must repaint (and pass
qtmodeltester). Checked for every command: `Session.refusal` foretells the outcome; a
refused command changes nothing and tells no one; undo and redo walk exactly through the
states the session passed; End Turn brings the turns that `upcoming_turns` announced, and
the effects that expire are those `ends_soon` announced (and those end). What is legal:
the actions are mostly those `Ruleset.legal_actions` offers (each must apply, with each
choice offered), now and then one it does not offer on someone it may concern (it must
be refused), and whole turns are played as a GM plays them (`play_turns`); `TALLIES`
counts, per ruleset, each action applied and refused and the furthest round reached.
At the end (`teardown`): undoing everything gives the start, redoing everything the end;
a saved file and the crash journal give back the same encounter, which plays on alike;
the session the journal gives back (its checkpoints written every few changes, a random
number of them) walks through the same states when it undoes and redoes everything.

Every command tried is recorded with `hypothesis.note`, so a failing example prints the
commands that reproduce it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import random
import re
import tempfile
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from PySide6.QtCore import QtMsgType, qInstallMessageHandler
from pytestqt.modeltest import ModelTester

from tests.conformance.strategies import (
    RulesetStrategies,
    field_value,
    for_ruleset,
    health_texts,
    hidden_flags,
    names,
    notes,
    sides,
    valid_field_values,
)
from tracker.engine import (
    AddCombatant,
    AddEffect,
    ChangeHealth,
    Command,
    CommandError,
    DuplicateCombatant,
    EditCombatant,
    EditEffect,
    EndEffect,
    EndTurn,
    MarkDefeated,
    MoveCombatant,
    RemoveCombatant,
    RenameEncounter,
    Revive,
    RulesetAction,
    Session,
    SetOption,
    SetSecretFields,
    StartEncounter,
)
from tracker.engine.changes import ChangeSet
from tracker.engine.dice import roll_faces
from tracker.engine.health import is_defeated, parse_change
from tracker.engine.legal import tried_legal_actions
from tracker.engine.ruleset import ActionSpec, LegalAction
from tracker.engine.session import SessionEvent
from tracker.engine.state import SIDES, Encounter
from tracker.persistence.files import (
    dump,
    encounter_from_document,
    envelope,
    load_encounter,
    save_encounter,
)
from tracker.persistence.journal import Journal, recover
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
UPCOMING = 20  # upcoming turns asked for, as a turn panel does
FORESEEN = 6  # turns after the current one that End Turn must bring as announced
BOGUS_COMBATANT = "c999"
BOGUS_EFFECT = "e999"
METER_CHANGE = re.compile(r" \([+−]\d+\)")  # see tracker.qt.models.meters.meter_text
SHARED_MEMORY = Path("/dev/shm")  # no disk syncs for the journal's fsync, where available


@dataclass
class Tally:
    """What the playthroughs of one ruleset reached: per action, [applied, refused]; the
    furthest round of each playthrough."""

    actions: defaultdict[str, list[int]] = dataclasses.field(
        default_factory=lambda: defaultdict(lambda: [0, 0])
    )
    rounds: list[int] = dataclasses.field(default_factory=list)
    not_offered: int = 0  # actions legal_actions did not offer, tried: each refused
    # per prompt (its key's first part) and answer (the action, or the command's type)
    answers: defaultdict[str, int] = dataclasses.field(default_factory=lambda: defaultdict(int))

    def never_applied(self, declared: tuple[ActionSpec, ...]) -> list[str]:
        """The declared actions (prompt answers among them) no playthrough applied."""
        return [spec.name for spec in declared if self.actions[spec.name][0] == 0]

    def report(self, ruleset_id: str) -> str:
        deep = sum(r >= 3 for r in self.rounds)
        lines = [
            f"{ruleset_id}: {len(self.rounds)} playthroughs, furthest round "
            f"{max(self.rounds, default=0)}, {deep} reached round 3 or later; "
            f"{self.not_offered} actions not offered tried, each refused",
        ]
        lines += [
            f"  {name:<18} applied {counts[0]:>5}  refused {counts[1]:>5}"
            for name, counts in sorted(self.actions.items())
        ]
        lines += ["  prompt answers:"] + [
            f"    {answer:<34} {count:>5}" for answer, count in sorted(self.answers.items())
        ]
        return "\n".join(lines)


TALLIES: defaultdict[str, Tally] = defaultdict(Tally)


# --- comparing encounters --------------------------------------------------------------
def snapshot(encounter: Encounter) -> dict[str, Any]:
    """`encounter.to_dict()`, with the log kept as its (immutable) entries: equal exactly
    when `to_dict()` is equal, without turning hundreds of log entries into dicts at every
    step of every example (the log is put back at once; nothing runs in between)."""
    log = encounter.log
    encounter.log = []
    try:
        data = encounter.to_dict()
    finally:
        encounter.log = log
    data["log"] = list(log)
    return data


def first_difference(left: Any, right: Any, path: str = "") -> str:
    """Where two `to_dict` trees first differ, for readable failures."""
    if type(left) is not type(right):
        return f"{path or '<root>'}: {left!r} != {right!r}"
    if isinstance(left, dict):
        for key in sorted(set(left) | set(right), key=str):
            if key not in left or key not in right:
                return f"{path}.{key}: only on one side"
            if left[key] != right[key]:
                return first_difference(left[key], right[key], f"{path}.{key}")
    if isinstance(left, list):
        if len(left) != len(right):
            return f"{path}: {len(left)} items != {len(right)} items"
        for index, (a, b) in enumerate(zip(left, right, strict=True)):
            if a != b:
                return first_difference(a, b, f"{path}[{index}]")
    return f"{path or '<root>'}: {left!r} != {right!r}"


def assert_same(actual: dict[str, Any], expected: dict[str, Any], what: str) -> None:
    assert actual == expected, f"{what}: {first_difference(actual, expected)}"


def answers(session: Session) -> tuple[Any, ...]:
    """Everything the views ask of a session, to compare two sessions."""
    encounter, ruleset = session.encounter, session.ruleset
    return (
        session.current_turn(),
        session.upcoming_turns(UPCOMING),
        session.prompt(),
        session.status(),
        [(session.remaining(e.id), session.ends_soon(e.id)) for e in encounter.effects],
        [ruleset.summary(encounter, c) for c in encounter.combatants],
        [ruleset.markers(encounter, c) for c in encounter.combatants],
    )


def _kind(command: Command) -> str:
    """What a command does, whoever it concerns: the action, or the one moved."""
    if isinstance(command, RulesetAction):
        return command.action
    if isinstance(command, MoveCombatant):
        return command.combatant_id
    return type(command).__name__


def _a_little_more(spec: ActionSpec, offered: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
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


def _hashable(legal: LegalAction) -> tuple[Any, ...]:
    return (
        legal.action,
        legal.combatant_id,
        repr(sorted(legal.params.items())),  # a value may be a list
        tuple(sorted(legal.choices.items())),
    )


def _without_changes(shown: Any) -> Any:
    """A cell's text without the changes of the last command ("AP 4/7 (−3)" → "AP 4/7")."""
    return METER_CHANGE.sub("", shown) if isinstance(shown, str) else shown


def _temporary_folder() -> tempfile.TemporaryDirectory[str]:
    shm = SHARED_MEMORY if SHARED_MEMORY.is_dir() else None
    return tempfile.TemporaryDirectory(prefix="tracker-conformance-", dir=shm)


# --- Qt ------------------------------------------------------------------------------------
class QtWarnings:
    """Records Qt warnings (a model's wrong row signals end up there) so that a step fails
    on them while hypothesis can still shrink; passes every message on to the previous
    handler (pytest-qt's, which fails the test on them too)."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self._previous: Any = None
        self._installed = False

    def install(self) -> None:
        self._previous = qInstallMessageHandler(self._handle)
        self._installed = True

    def uninstall(self) -> None:
        if self._installed:
            qInstallMessageHandler(self._previous)
            self._installed = False

    def _handle(self, kind: QtMsgType, context: Any, message: str) -> None:
        if kind not in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg):
            self.messages.append(message)
        if self._previous is not None:
            self._previous(kind, context, message)

    def check(self) -> None:
        messages, self.messages = self.messages, []
        assert not messages, f"Qt warned: {messages}"


class WatchingModelTester(ModelTester):
    """qtmodeltester watching one model for a whole playthrough: its cheap per-signal
    checks (rows announced, inserted, removed and moved consistently, valid dataChanged
    ranges) run on every signal; the full check of the whole model, a pass over every
    row, only in `check` and `full_check`."""

    def __init__(self) -> None:
        super().__init__(None)
        self._full = True

    def check(self, model: Any, force_py: bool = True) -> None:
        self._full = True
        try:
            super().check(model, force_py=True)
        finally:
            self._full = False

    def full_check(self) -> None:
        self._full = True
        try:
            self._run()
        finally:
            self._full = False

    def close(self) -> None:
        self._cleanup()

    def _run(self) -> None:
        if self._full:
            super()._run()

    def _debug(self, text: str) -> None:
        """Quiet: the base class prints a line for every signal."""


class PaintedCells:
    """What a view would show of a model: the text of every cell, read when the model
    announces rows or a change and never otherwise. A cell whose change the model never
    announced (a row it forgot to repaint) differs from the model's text now."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.cells: list[list[Any]] = []
        self._read_all()
        self._slots = (
            (model.modelReset, self._read_all),
            (model.layoutChanged, self._read_all),
            (model.rowsInserted, self._inserted),
            (model.rowsRemoved, self._removed),
            (model.rowsMoved, self._moved),
            (model.dataChanged, self._changed),
        )
        for signal, slot in self._slots:
            signal.connect(slot)

    def close(self) -> None:
        for signal, slot in self._slots:
            signal.disconnect(slot)

    def check(self) -> None:
        """Every cell shows what the model says now."""
        name = type(self.model).__name__
        assert len(self.cells) == self.model.rowCount(), f"{name}: rows painted"
        for row, painted in enumerate(self.cells):
            now = self._row(row)
            assert painted == now, f"{name} row {row} was not repainted: {painted}, now {now}"

    def _row(self, row: int) -> list[Any]:
        model = self.model
        return [
            _without_changes(model.index(row, column).data())
            for column in range(model.columnCount())
        ]

    def _read_all(self, *_: Any) -> None:
        self.cells = [self._row(row) for row in range(self.model.rowCount())]

    def _inserted(self, _parent: Any, first: int, last: int) -> None:
        self.cells[first:first] = [self._row(row) for row in range(first, last + 1)]

    def _removed(self, _parent: Any, first: int, last: int) -> None:
        del self.cells[first : last + 1]

    def _moved(self, _parent: Any, first: int, last: int, _to: Any, row: int) -> None:
        moving = self.cells[first : last + 1]
        del self.cells[first : last + 1]
        at = row - len(moving) if row > last else row
        self.cells[at:at] = moving

    def _changed(self, top_left: Any, bottom_right: Any, *_: Any) -> None:
        for row in range(top_left.row(), bottom_right.row() + 1):
            self.cells[row] = self._row(row)


# --- the machine -----------------------------------------------------------------------------
class ConformanceMachine(RuleBasedStateMachine):
    """Plays one ruleset (`ruleset_id`, set by `machine_for`) at random."""

    ruleset_id = ""

    def __init__(self) -> None:
        super().__init__()
        self.strategies: RulesetStrategies = for_ruleset(self.ruleset_id)
        self.ruleset = self.strategies.ruleset
        self.session: Session | None = None
        self.folder = _temporary_folder()
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
                    allowed.setdefault(_kind(command), []).append(command)
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

    # --- combatants -------------------------------------------------------------------
    def _add_combatant(self, data: st.DataObject) -> None:
        self.busy = True
        command = AddCombatant(
            data.draw(names(), label="name"),
            data.draw(sides(), label="side"),
            data.draw(hidden_flags(), label="hidden"),
            data.draw(notes(), label="notes"),
            data.draw(self.strategies.stats, label="stats"),
        )
        self._apply(command)

    @rule(data=st.data())
    def add_combatant(self, data: st.DataObject) -> None:
        self._add_combatant(data)

    @rule(data=st.data())
    def add_another_combatant(self, data: st.DataObject) -> None:
        self._add_combatant(data)

    @rule(data=st.data())
    def edit_combatant(self, data: st.DataObject) -> None:
        """Several fields at once, base fields (name, side, ...) and stats."""
        self.busy = True
        combatant_id = self._draw_combatant(data)
        changes = data.draw(self.strategies.combatant_changes, label="changes")
        self._apply(EditCombatant(combatant_id, changes))  # type: ignore[arg-type]

    def _edit_stat(self, data: st.DataObject) -> None:
        """One stat of one combatant (Speed mid-Cycle, Zeal of a late joiner, ...)."""
        self.busy = True
        if not self.ruleset.stat_fields:
            return
        combatant_id = self._draw_combatant(data)
        field = data.draw(st.sampled_from(self.ruleset.stat_fields), label="stat")
        value = data.draw(field_value(field), label="value")
        self._apply(EditCombatant(combatant_id, {field.name: value}))  # type: ignore[arg-type]

    @rule(data=st.data())
    def edit_stat(self, data: st.DataObject) -> None:
        self._edit_stat(data)

    @rule(data=st.data())
    def edit_another_stat(self, data: st.DataObject) -> None:
        self._edit_stat(data)

    @rule(data=st.data())
    def remove_combatant(self, data: st.DataObject) -> None:
        self.busy = True
        self._apply(RemoveCombatant(self._draw_combatant(data)))  # type: ignore[arg-type]

    @rule(data=st.data())
    def duplicate_combatant(self, data: st.DataObject) -> None:
        self.busy = True
        self._apply(DuplicateCombatant(self._draw_combatant(data)))  # type: ignore[arg-type]

    @rule(data=st.data())
    def move_combatant(self, data: st.DataObject) -> None:
        """The GM drags a combatant to a place in the order (sometimes off the list)."""
        self.busy = True
        ids = self._combatant_ids()
        moves: list[Command] = [
            MoveCombatant(combatant_id, index)
            for combatant_id in ids
            for index in range(len(ids))
            if ids[index] != combatant_id
        ]
        self._apply_guided(data, moves, lambda: self._draw_move(data))

    def _draw_move(self, data: st.DataObject) -> Command:
        combatant_id = self._draw_combatant(data)
        count = len(self.encounter.combatants)
        to_index = data.draw(
            st.one_of(st.integers(0, max(count - 1, 0)), st.sampled_from((-1, count))),
            label="to_index",
        )
        return MoveCombatant(combatant_id, to_index)  # type: ignore[arg-type]

    # --- time -------------------------------------------------------------------------
    @rule()
    def start_encounter(self) -> None:
        self.busy = True
        self._apply(StartEncounter())

    def _end_turns(self, data: st.DataObject) -> None:
        """End a few turns in a row (starting the fight first if nobody has a turn, and
        answering the prompts the rules wait for)."""
        self.busy = True
        assert self.session is not None
        soon: set[str] | None = None
        for _ in range(data.draw(st.integers(1, 10), label="turns")):
            for _ in range(PROMPTS_PER_TURN):
                if self.session.prompt() is None:
                    break
                self._answer_prompt(data)
                soon = None  # something else happened: no longer two End Turns in a row
            if self._take_a_new_own_action():
                soon = None
            if self.session.current_turn() is None:
                soon = None
                if not self._apply(StartEncounter()):
                    return
                continue
            soon = self._end_turn(soon)
            if soon is None:
                return

    def _take_a_new_own_action(self) -> bool:
        """Take, with its offered values, the first action of the current turn's own that
        this playthrough never took, if one is offered: those that only a later turn
        offers (a spell charged over turns, then resolved) are reached too."""
        own = [s.name for s in self.ruleset.actions if s.on == "current"]
        if all(self.taken[name] for name in own):
            return False
        for legal in self.ruleset.legal_actions(self.encounter, ()):  # nobody's but the turn's
            if legal.action in own and not self.taken[legal.action]:
                command = RulesetAction(legal.action, legal.combatant_id, legal.params)
                return self._apply(command, must_accept=True) is not None
        return False

    def _end_turn(self, soon_before: set[str] | None) -> set[str] | None:
        """End the turn: the turns that come next are those `upcoming_turns` announced
        (less those of the defeated it skipped, with the encounter's option: logged, and
        each a defeated combatant's); every effect that expires as it ends was said to
        end soon (when none was skipped: a skip passes more time); and every effect said
        to end soon (this turn or the next) before the previous End Turn, `soon_before`,
        when nothing else happened since, has ended by now. Returns the effects ending
        soon before this End Turn, or None if it was refused."""
        assert self.session is not None
        session = self.session
        upcoming = session.upcoming_turns(FORESEEN + 1)
        soon = {e.id for e in self.encounter.effects if session.ends_soon(e.id)}
        logged = len(self.encounter.log)
        changes = self._apply(EndTurn())
        if changes is None:
            return None
        skipped = sum(
            entry.text.endswith(": turn skipped.") for entry in self.encounter.log[logged:]
        )
        for turn in upcoming[1 : 1 + skipped]:
            combatant = self.encounter.find(turn.combatant_id)
            assert combatant is not None and is_defeated(self.ruleset, combatant), (
                f"End Turn skipped {turn.key}, not the turn of a defeated combatant"
            )
        expired = {e.id for e in changes.expired}
        assert skipped or expired <= soon, (
            f"{sorted(expired - soon)} expired as the turn ended without ending soon "
            f"(ends_soon before: {sorted(soon)})"
        )
        if soon_before is not None:
            left = soon_before & set(self._effect_ids())
            assert not left, (
                f"{sorted(left)} ended soon (this turn or the next) two End Turns ago "
                "and are still there"
            )
        announced = [t.key for t in upcoming[1 + skipped :]]
        now = [t.key for t in session.upcoming_turns(len(announced))]
        assert now == announced, f"after End Turn the turns are {now}, announced {announced}"
        return soon

    @rule(data=st.data())
    def end_turns(self, data: st.DataObject) -> None:
        self._end_turns(data)

    @rule(data=st.data())
    def end_more_turns(self, data: st.DataObject) -> None:
        self._end_turns(data)

    @rule(data=st.data())
    def end_turns_once_more(self, data: st.DataObject) -> None:
        self._end_turns(data)

    def _play_turns(self, data: st.DataObject) -> None:
        """Play a few turns as a GM would: answer what the rules ask, take a few of the
        actions they offer, end the turn (starting the fight first if nobody has one)."""
        self.busy = True
        assert self.session is not None
        for _ in range(data.draw(st.integers(1, TURNS_PLAYED), label="turns played")):
            for _ in range(PROMPTS_PER_TURN):
                if self.session.prompt() is None:
                    break
                self._answer_prompt(data)
            for _ in range(data.draw(st.integers(0, ACTIONS_PER_TURN), label="actions")):
                legal = self.ruleset.legal_actions(self.encounter)
                if not legal:
                    break
                self._apply_legal(data, legal)
            if self.session.current_turn() is None:
                if not self._apply(StartEncounter()):
                    return
                continue
            if self._end_turn(None) is None:
                return

    @rule(data=st.data())
    def play_turns(self, data: st.DataObject) -> None:
        self._play_turns(data)

    @rule(data=st.data())
    def play_more_turns(self, data: st.DataObject) -> None:
        self._play_turns(data)

    # --- ruleset actions --------------------------------------------------------------
    def _ruleset_action(self, data: st.DataObject) -> None:
        """Mostly an action `Ruleset.legal_actions` offers (which must then apply, with
        its values and each of its choices); sometimes one it does not offer on someone
        it may concern (which must be refused); else any action, valid or not."""
        self.busy = True
        if not self.ruleset.actions:
            return
        assert self.session is not None
        kind = data.draw(st.integers(0, 7), label="legal, not offered or any")
        if kind < 6:
            legal = self.ruleset.legal_actions(self.encounter)
            if legal:
                self._apply_legal(data, legal)
                return
        elif kind == 6:
            offered = {
                (a.action, a.combatant_id) for a in self.ruleset.legal_actions(self.encounter)
            }
            others = self._not_offered(offered)
            if others:
                command = data.draw(st.sampled_from(others), label="not offered")
                assert self._apply(command) is None, f"not offered, yet applied: {command!r}"
                TALLIES[self.ruleset_id].not_offered += 1
                return
        self._apply(self._draw_action(data))

    def _not_offered(self, offered: set[tuple[str, str | None]]) -> list[RulesetAction]:
        """The actions (with their defaults) on those they may concern that are not
        `offered`: the rules must refuse each."""
        return [
            c
            for c in self._action_candidates()
            if isinstance(c, RulesetAction)
            and (c.action, c.combatant_id) not in offered
            and self.ruleset.action_spec(c.action).on not in ("effect", "prompt")
            and not (c.combatant_id is not None and c.combatant_id == self._holder())
        ]

    def _apply_legal(self, data: st.DataObject, legal: tuple[LegalAction, ...]) -> None:
        """One legal action (each action as likely as any other, whatever its targets):
        its offered values must apply; it is taken with them, or half the time with other
        valid values (which may be refused, for a value)."""
        assert self.session is not None
        kinds = sorted({a.action for a in legal})
        if data.draw(st.booleans(), label="least taken"):
            # half the time, the action of a turn or an effect this playthrough took least
            # (those on any combatant are there at any time: the spell they would drop,
            # the concentration they would end, is left to go on): the states that follow
            # only from a rarer one (a maintained song stopped) are reached
            rare = [k for k in kinds if self.ruleset.action_spec(k).on != "any"] or kinds
            name = min(rare, key=lambda kind: (self.taken[kind], kind))
        else:
            name = data.draw(st.sampled_from(kinds), label="legal action")
        chosen = data.draw(st.sampled_from([a for a in legal if a.action == name]), label=name)
        variants = chosen.variants()
        for params in variants[1:]:  # each choice offered applies (the first: below)
            command = RulesetAction(chosen.action, chosen.combatant_id, params)
            refused = self.session.refusal(command)
            assert refused is None, f"offered {chosen!r}, yet {command!r}: {refused}"
        params = data.draw(st.sampled_from(variants), label="offered values")
        command = RulesetAction(chosen.action, chosen.combatant_id, params)
        if data.draw(st.booleans(), label="other values"):
            refused = self.session.refusal(command)
            assert refused is None, f"offered {chosen!r}, yet refused: {refused}"
            spec = self.ruleset.action_spec(chosen.action)
            if data.draw(st.booleans(), label="a little more"):
                values = data.draw(_a_little_more(spec, params), label="params")
            else:
                values = data.draw(valid_field_values(spec.params), label="params")
            self._apply(dataclasses.replace(command, params={**params, **values}))
            return
        self._apply(command, must_accept=True)

    def _action_candidates(self) -> list[Command]:
        """Every declared action with its parameters' defaults, on everyone it may concern:
        the current turn's holder, any combatant, or any effect (in its text parameters,
        the only ones filled in here)."""
        assert self.session is not None
        turn = self.session.current_turn()
        ids = self._combatant_ids()
        candidates: list[Command] = []
        for spec in self.ruleset.actions:
            if spec.on == "effect":
                texts = [f.name for f in spec.params if f.kind == "text"]
                for effect_id in self._effect_ids():
                    params = dict.fromkeys(texts, effect_id)
                    candidates.append(RulesetAction(spec.name, None, params))
                continue
            targets: list[str | None] = [None]
            if spec.on == "current":
                targets += [turn.combatant_id] if turn is not None and turn.combatant_id else []
            else:
                targets += ids
            candidates += [RulesetAction(spec.name, target, {}) for target in targets]
        return candidates

    def _draw_action(self, data: st.DataObject) -> Command:
        """Any declared action, any target, parameters valid or not."""
        spec = data.draw(st.sampled_from(self.ruleset.actions), label="action")
        combatant_id = self._action_target(data, spec)
        params = dict(data.draw(self.strategies.params(spec), label="params"))
        if spec.on == "effect":  # the effect goes in the action's text parameters
            for field in spec.params:
                if field.kind == "text":
                    params[field.name] = self._draw_effect(data)
        return RulesetAction(spec.name, combatant_id, params)

    def _action_target(self, data: st.DataObject, spec: ActionSpec) -> str | None:
        if spec.on == "current":
            turn = self.session.current_turn() if self.session else None
            holder = [turn.combatant_id] if turn is not None and turn.combatant_id else []
            if data.draw(st.integers(0, 3), label="someone else") < 3:
                return data.draw(st.sampled_from([None, *holder]), label="combatant")
            return self._draw_combatant(data)
        if spec.on == "effect":
            return None
        return self._draw_combatant(data, none=True)

    @rule(data=st.data())
    def ruleset_action(self, data: st.DataObject) -> None:
        self._ruleset_action(data)

    @rule(data=st.data())
    def another_ruleset_action(self, data: st.DataObject) -> None:
        self._ruleset_action(data)

    @rule(data=st.data())
    def yet_another_ruleset_action(self, data: st.DataObject) -> None:
        self._ruleset_action(data)

    @rule(data=st.data())
    def one_more_ruleset_action(self, data: st.DataObject) -> None:
        self._ruleset_action(data)

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

    @precondition(_prompt_open)
    @rule(data=st.data())
    def answer_prompt(self, data: st.DataObject) -> None:
        self._answer_prompt(data)

    @precondition(_prompt_open)
    @rule(data=st.data())
    def answer_another_prompt(self, data: st.DataObject) -> None:
        self._answer_prompt(data)

    @precondition(_prompt_open)
    @rule(data=st.data())
    def answer_prompt_once_more(self, data: st.DataObject) -> None:
        self._answer_prompt(data)

    # --- effects ----------------------------------------------------------------------
    def _add_effect(self, data: st.DataObject) -> None:
        self.busy = True
        command = AddEffect(
            data.draw(names(), label="effect name"),
            self._draw_combatant(data),  # type: ignore[arg-type]
            self._draw_combatant(data, none=True),
            data.draw(self.strategies.duration, label="duration"),
            data.draw(notes(), label="notes"),
        )
        self._apply(command)

    @rule(data=st.data())
    def add_effect(self, data: st.DataObject) -> None:
        self._add_effect(data)

    @rule(data=st.data())
    def add_another_effect(self, data: st.DataObject) -> None:
        self._add_effect(data)

    @rule(data=st.data())
    def edit_effect(self, data: st.DataObject) -> None:
        self.busy = True
        effect_id = self._draw_effect(data)
        keys = data.draw(
            st.lists(
                st.sampled_from(("name", "notes", "carrier_id", "creator_id", "duration")),
                unique=True,
                min_size=1,
            ),
            label="what",
        )
        changes: dict[str, Any] = {}
        for key in keys:
            if key == "name":
                changes[key] = data.draw(names(), label="name")
            elif key == "notes":
                changes[key] = data.draw(notes(), label="notes")
            elif key == "carrier_id":
                changes[key] = self._draw_combatant(data)
            elif key == "creator_id":
                changes[key] = self._draw_combatant(data, none=True)
            else:
                changes[key] = data.draw(self.strategies.duration_changes, label="duration")
        self._apply(EditEffect(effect_id, changes))

    @rule(data=st.data())
    def end_effect(self, data: st.DataObject) -> None:
        self.busy = True
        self._apply(EndEffect(self._draw_effect(data)))

    # --- health -----------------------------------------------------------------------
    @rule(data=st.data())
    def change_health(self, data: st.DataObject) -> None:
        """Harm, heal or set one or several (area damage), by number or dice."""
        self.busy = True
        ids = self._combatant_ids() + [BOGUS_COMBATANT]
        targets = data.draw(st.lists(st.sampled_from(ids), max_size=3), label="targets")
        text = data.draw(health_texts(), label="change")
        faces: tuple[int, ...] = ()
        try:
            dice = parse_change(text).dice
        except CommandError:
            dice = ""
        if dice:
            seed = data.draw(st.integers(0, 99), label="seed")
            faces = roll_faces(dice, random.Random(seed)).faces
        self._apply(ChangeHealth(tuple(targets), text, faces))

    @rule(data=st.data())
    def mark_defeated_or_revive(self, data: st.DataObject) -> None:
        self.busy = True
        combatant_id = self._draw_combatant(data)
        assert combatant_id is not None
        if data.draw(st.booleans(), label="mark"):
            self._apply(MarkDefeated(combatant_id))
        else:
            value = data.draw(st.one_of(st.none(), st.integers(-3, 12)), label="value")
            self._apply(Revive(combatant_id, value))

    # --- the encounter ----------------------------------------------------------------
    @rule(data=st.data())
    def set_option(self, data: st.DataObject) -> None:
        self.busy = True
        option, value = data.draw(self.strategies.option, label="option")
        self._apply(SetOption(option, value))

    @rule(data=st.data())
    def set_secret_fields_or_rename(self, data: st.DataObject) -> None:
        self.busy = True
        if data.draw(st.booleans(), label="rename"):
            self._apply(RenameEncounter(data.draw(names(), label="name")))
        else:
            self._apply(SetSecretFields(data.draw(self.strategies.secret_fields, label="secret")))

    # --- undo and redo ----------------------------------------------------------------
    @rule()
    def undo(self) -> None:
        self.busy = True
        assert self.session is not None
        if not self.session.can_undo:
            self._refused_history_step(self.session.undo, "undo")
            return
        note("session.undo()")
        self.session.undo()
        self.position -= 1
        assert_same(snapshot(self.encounter), self.states[self.position], "undo")

    @rule()
    def redo(self) -> None:
        self.busy = True
        assert self.session is not None
        if not self.session.can_redo:
            self._refused_history_step(self.session.redo, "redo")
            return
        note("session.redo()")
        self.session.redo()
        self.position += 1
        assert_same(snapshot(self.encounter), self.states[self.position], "redo")

    def _refused_history_step(self, step: Callable[[], Any], what: str) -> None:
        try:
            step()
        except CommandError:
            pass
        else:
            raise AssertionError(f"{what} with nothing to {what} did not raise CommandError")
        assert_same(snapshot(self.encounter), self.states[self.position], f"refused {what}")

    # --- after every step -------------------------------------------------------------
    @invariant()
    def queries_answer_and_change_nothing(self) -> None:
        """What the views ask after every change never raises and never changes state;
        the models mirror the engine; every few steps qtmodeltester checks them all and
        the encounter goes through a file's JSON."""
        if self.session is None:
            return
        session, encounter, ruleset = self.session, self.encounter, self.ruleset
        turn = session.current_turn()
        upcoming = session.upcoming_turns(UPCOMING)
        assert len(upcoming) <= UPCOMING
        if turn is not None:
            self.furthest = max(self.furthest, turn.round)
            assert upcoming and upcoming[0] == turn, "upcoming turns must start with the current"
            ruleset.round_text(encounter, turn)
        assert len({t.key for t in upcoming}) == len(upcoming), "turn keys must be unique"
        assert session.upcoming_turns(3) == upcoming[:3], "a shorter list is not a prefix"
        rounds = [t.round for t in upcoming]
        assert rounds == sorted(rounds), f"upcoming turns go back in time: rounds {rounds}"
        prompt = session.prompt()
        if prompt is not None:
            assert prompt.answers, f"a prompt without answers: {prompt}"
        session.status()
        ruleset.clock_label(encounter)
        for effect in encounter.effects:
            session.remaining(effect.id)
            session.ends_soon(effect.id)
            ruleset.remaining_unnamed(encounter, effect)
        for combatant in encounter.combatants:
            ruleset.summary(encounter, combatant)
            ruleset.markers(encounter, combatant)
        self.steps += 1
        full = self.steps % MODEL_CHECK_EVERY == 0
        self._check_mirrors(full=full)
        if full:
            self._check_models()
            self._check_file_round_trip()
            self._check_everything_offered_applies()
        if self.steps % STATE_CHECK_EVERY == 0:  # a change that sticks is also caught on undo
            assert_same(snapshot(encounter), self.states[self.position], "queries changed state")
        self.busy = False

    def _check_everything_offered_applies(self, *, and_nothing_else: bool = False) -> None:
        """Every action `legal_actions` offers applies, with each choice it offers; with
        `and_nothing_else`, every action not offered is refused (with its defaults)."""
        assert self.session is not None
        legal_actions = self.ruleset.legal_actions(self.encounter)
        tried = tried_legal_actions(self.ruleset, self.encounter)
        assert set(map(_hashable, legal_actions)) == set(map(_hashable, tried)), (
            f"legal_actions differs from trying every action: {legal_actions} != {tried}"
        )
        for legal in legal_actions:
            for params in legal.variants():
                command = RulesetAction(legal.action, legal.combatant_id, params)
                refused = self.session.refusal(command)
                assert refused is None, f"offered {legal!r}, yet {command!r}: {refused}"
        if and_nothing_else:
            offered = {(a.action, a.combatant_id) for a in legal_actions}
            for command in self._not_offered(offered):
                assert self.session.refusal(command) is not None, (
                    f"not offered, yet it applies: {command!r}"
                )

    def _check_mirrors(self, *, full: bool = False) -> None:
        """Each model's rows are the engine's, row for row, and every cell a view shows
        was repainted when it changed (the turn order's first rows and the small models;
        with `full` all of them)."""
        assert self.session is not None
        roster, turns, effects, log = self.models
        encounter = self.encounter
        assert [roster.combatant_at(r).id for r in range(roster.rowCount())] == [
            c.id for c in encounter.combatants
        ], "roster rows"
        assert [effects.effect_at(r).id for r in range(effects.rowCount())] == [
            e.id for e in encounter.effects
        ], "effect rows"
        for row, effect in enumerate(encounter.effects):
            assert effects.ends_soon(row) == self.ruleset.ends_soon(encounter, effect)
        assert log.rowCount() == len(encounter.log), "log rows"
        count = turns.rowCount() if full else min(turns.rowCount(), UPCOMING)
        shown = [turns.turn_at(r) for r in range(count)]
        assert shown == self.session.upcoming_turns(count), "turn order rows"
        for model, painted in zip(self.models, self.painted, strict=True):
            if full or isinstance(model, RosterModel | EffectsModel):  # the small ones
                painted.check()
        self.warnings.check()

    def _check_models(self, *, turns: bool = False) -> None:
        """The full qtmodeltester check of every model; that of the turn order only with
        `turns` (each check fetches a page more of turns, which every later change
        recomputes)."""
        for model, tester in zip(self.models, self.testers, strict=True):
            if turns or not isinstance(model, TurnOrderModel):
                tester.full_check()
        self.warnings.check()

    def _check_file_round_trip(self) -> None:
        """The encounter as a file's JSON (in memory) reads back equal, answering alike."""
        assert self.session is not None
        document = json.loads(dump(envelope(self.encounter)))
        loaded = encounter_from_document(document, Path("conformance.tracker.json"))
        assert_same(snapshot(loaded), snapshot(self.encounter), "saved and read back")
        assert answers(Session(loaded)) == answers(self.session), (
            "read back, the encounter answers differently"
        )

    # --- at the end -------------------------------------------------------------------
    def teardown(self) -> None:
        TALLIES[self.ruleset_id].rounds.append(self.furthest)
        try:
            if self.session is not None and not self.busy:
                self._final_checks()
        finally:
            self._close()

    def _final_checks(self) -> None:
        assert self.session is not None and self.journal is not None
        session = self.session
        end = self.encounter.to_dict()
        assert_same(snapshot(self.encounter), self.states[self.position], "queries changed state")
        self._check_mirrors(full=True)
        self._check_models(turns=True)
        self._check_everything_offered_applies(and_nothing_else=True)
        self._models_equal_fresh_ones()
        # The models followed every change, undo and redo of the run; they stay out of
        # the walk through the whole history below, which would cost the most.
        self._detach_document()

        # Single undos and redos were compared step by step during the run.
        end_position = self.position
        assert len(session.history) == end_position
        for _ in range(end_position):
            session.undo()
        assert not session.can_undo
        assert_same(snapshot(self.encounter), self.states[0], "undoing everything")
        for _ in range(len(self.states) - 1):
            session.redo()
        assert not session.can_redo
        assert_same(snapshot(self.encounter), self.states[-1], "redoing everything")
        for _ in range(len(self.states) - 1 - end_position):
            session.undo()
        assert_same(self.encounter.to_dict(), end, "back at the end")

        path = Path(self.folder.name) / "encounter.tracker.json"
        save_encounter(self.encounter, path)
        loaded = Session(load_encounter(path))
        assert_same(loaded.encounter.to_dict(), end, "save and load")

        self.journal.detach()
        recovered, saved_path = recover(Path(self.folder.name) / "journal")
        assert saved_path is None
        assert_same(recovered.encounter.to_dict(), end, "crash journal replay")
        assert [a.text for a in recovered.history] == [a.text for a in session.history]
        assert [a.text for a in recovered.undone] == [a.text for a in session.undone]
        self._walk_history(recovered, end_position, "the recovered session")

        self._play_on_alike(session, {"loaded": loaded, "recovered": recovered})

    def _walk_history(self, other: Session, position: int, what: str) -> None:
        """`other`, at `position` in the run's history, passes through every state of the
        run as it undoes everything and redoes everything, and ends where it began."""
        for back in range(position, 0, -1):
            other.undo()
            assert_same(snapshot(other.encounter), self.states[back - 1], f"{what}, undo")
        assert not other.can_undo
        for forward in range(1, len(self.states)):
            other.redo()
            assert_same(snapshot(other.encounter), self.states[forward], f"{what}, redo")
        assert not other.can_redo
        for _ in range(len(self.states) - 1 - position):
            other.undo()
        assert_same(snapshot(other.encounter), self.states[position], f"{what}, back")

    def _models_equal_fresh_ones(self) -> None:
        """Each model, having followed every change, shows what a fresh one shows (but
        the change the last command made to a meter, which only the first has seen)."""
        assert self.document is not None
        for model in self.models:
            fresh = type(model)(self.document)
            assert model.rowCount() >= fresh.rowCount(), f"{type(model).__name__} rows"
            for row in range(fresh.rowCount()):
                for column in range(fresh.columnCount()):
                    shown = _without_changes(model.index(row, column).data())
                    assert shown == _without_changes(fresh.index(row, column).data()), (
                        f"{type(model).__name__} row {row} column {column}: {shown!r}"
                    )
            self.document.changed.disconnect(fresh._on_changed)
            self.document.replaced.disconnect(fresh._on_replaced)

    def _play_on_alike(self, session: Session, others: dict[str, Session]) -> None:
        """Sessions rebuilt from a file or the journal answer as the original does and
        play on alike: a few more turns, or the first answer of a prompt."""
        for step in range(4):
            expected = answers(session)
            for what, other in others.items():
                assert answers(other) == expected, f"{what} session answers differently"
            prompt = session.prompt()
            answer = prompt.answers[0] if prompt is not None else None
            command = EndTurn() if answer is None or answer.fields else answer.command
            note(f"playing on ({step}): {command!r}")
            outcome = self._outcome(session, command)
            for what, other in others.items():
                assert self._outcome(other, command) == outcome, f"{what} session played on apart"
        end = snapshot(session.encounter)
        for what, other in others.items():
            assert_same(snapshot(other.encounter), end, f"{what} session after playing on")

    @staticmethod
    def _outcome(session: Session, command: Command) -> str:
        try:
            session.apply(command)
        except CommandError as error:
            return f"refused: {error.message}"
        return "applied"

    def _detach_document(self) -> None:
        """The document (and so every model) stops following the session."""
        if self.document is not None and self.session is not None:
            with contextlib.suppress(ValueError):  # already detached
                self.session.unsubscribe(self.document._forward)

    def _close(self) -> None:
        if self.journal is not None:
            self.journal.detach()
        self.warnings.uninstall()
        for tester in self.testers:
            tester.close()
        for painted in self.painted:
            painted.close()
        self.testers = []
        self.painted = []
        self._detach_document()
        self.models = []
        self.document = None
        self.folder.cleanup()


def machine_for(ruleset_id: str) -> type[ConformanceMachine]:
    """The conformance machine of one installed ruleset (a subclass named after it)."""
    name = "".join(part.title() for part in ruleset_id.split("_")) + "Conformance"
    return type(name, (ConformanceMachine,), {"ruleset_id": ruleset_id})
