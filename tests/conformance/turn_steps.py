"""The machine's steps that pass time: End Turn in a row, and turns played as a GM
plays them.
"""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.stateful import rule

from tests.conformance.action_steps import ActionSteps
from tests.conformance.machine_base import (
    ACTIONS_PER_TURN,
    FORESEEN,
    PROMPTS_PER_TURN,
    TURNS_PLAYED,
)
from tracker.engine import (
    EndTurn,
    RulesetAction,
    StartEncounter,
)
from tracker.engine.health import is_defeated


class TurnSteps(ActionSteps):
    """Time: starting the fight, ending turns (checking what `upcoming_turns` and
    `ends_soon` announced), playing turns as a GM plays them."""

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
        """Take, with its offered values, the first action of the current turn's own (or
        on an effect) that this playthrough never took, if one is offered: those that
        only a later turn offers (a spell charged over turns, then resolved; an effect
        sustained on its creator's next turn) are reached too."""
        own = [s.name for s in self.ruleset.actions if s.on in ("current", "effect")]
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
                plausible = self._plausible_actions()
                if not legal and not plausible:
                    break
                self._apply_legal(data, legal, plausible)
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
