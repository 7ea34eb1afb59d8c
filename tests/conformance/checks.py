"""The machine's checks: after every step (`invariant`), the views' queries, the models
and a file's JSON; at the end (`teardown`), the whole history, a saved file and the
crash journal, and sessions rebuilt from them playing on alike.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from hypothesis import note
from hypothesis.stateful import invariant

from tests.conformance.action_steps import ActionSteps
from tests.conformance.compare import UPCOMING, answers, assert_same, snapshot, without_changes
from tests.conformance.machine_base import MODEL_CHECK_EVERY, STATE_CHECK_EVERY, hashable
from tests.conformance.tally import TALLIES
from tracker.engine import (
    Command,
    CommandError,
    EndTurn,
    RulesetAction,
    Session,
)
from tracker.engine.legal import tried_legal_actions
from tracker.persistence.files import (
    dump,
    encounter_from_document,
    envelope,
    load_encounter,
    save_encounter,
)
from tracker.persistence.recovery import recover
from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.models.roster_model import RosterModel
from tracker.qt.models.turn_order_model import TurnOrderModel


class Checks(ActionSteps):
    """After every step, the queries and the models; at the end, the whole history, a
    file and the crash journal."""

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
        offered = self.ruleset.offered_actions(self.encounter)
        names = {spec.name for spec in offered}
        assert list(offered) == [s for s in self.ruleset.actions if s.name in names], (
            "offered_actions must be some of the ruleset's actions, in their order"
        )
        assert {a.action for a in legal_actions} <= names, (
            f"legal, though not offered: {[a for a in legal_actions if a.action not in names]}"
        )
        tried = tried_legal_actions(self.ruleset, self.encounter)
        assert set(map(hashable, legal_actions)) == set(map(hashable, tried)), (
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
                    shown = without_changes(model.index(row, column).data())
                    assert shown == without_changes(fresh.index(row, column).data()), (
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
