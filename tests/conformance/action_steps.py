"""The machine's steps that take ruleset actions (`Ruleset.legal_actions`, values from
`Ruleset.plausible_params`, actions not offered, any) and answer prompts.
"""

from __future__ import annotations

import dataclasses

from hypothesis import strategies as st
from hypothesis.stateful import precondition, rule

from tests.conformance.machine_base import MachineBase, a_little_more
from tests.conformance.strategies import (
    valid_field_values,
)
from tests.conformance.tally import TALLIES
from tracker.engine import (
    Command,
    RulesetAction,
)
from tracker.engine.legal import targets_of
from tracker.engine.ruleset import ActionSpec, LegalAction


class ActionSteps(MachineBase):
    """The ruleset's actions: mostly those it offers, or with the values it suggests;
    sometimes one it does not offer, or any; and prompts answered."""

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
            plausible = self._plausible_actions()
            if legal or plausible:
                self._apply_legal(data, legal, plausible)
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

    def _plausible_actions(self) -> dict[str, list[RulesetAction]]:
        """Per action, the commands with the values `Ruleset.plausible_params` suggests
        now, on each one the action may concern (values only the state says, which
        `legal_actions` does not try: Roll all's typed faces)."""
        assert self.session is not None
        encounter, ruleset = self.encounter, self.ruleset
        found: dict[str, list[RulesetAction]] = {}
        for spec in ruleset.actions:
            for combatant_id, fixed in targets_of(ruleset, encounter, spec):
                for params in ruleset.plausible_params(encounter, spec.name, combatant_id):
                    command = RulesetAction(spec.name, combatant_id, {**params, **fixed})
                    found.setdefault(spec.name, []).append(command)
        return found

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

    def _apply_legal(
        self,
        data: st.DataObject,
        legal: tuple[LegalAction, ...],
        plausible: dict[str, list[RulesetAction]],
    ) -> None:
        """One legal action, or one with the values the ruleset suggests (`plausible`:
        see `_plausible_actions`), each action as likely as any other whatever its
        targets. A legal action's offered values must apply; it is taken with them, or
        half the time with other valid values (which may be refused, for a value). A
        suggested one is taken as suggested (the rules may refuse it)."""
        assert self.session is not None
        kinds = sorted({a.action for a in legal} | set(plausible))
        if data.draw(st.booleans(), label="least taken"):
            # half the time, the action of a turn or an effect this playthrough took least
            # (those on any combatant are there at any time: the spell they would drop,
            # the concentration they would end, is left to go on; but not one that only
            # suggested values apply, there only now: Roll all): the states that follow
            # only from a rarer one (a maintained song stopped) are reached
            rare = [
                k for k in kinds if k in plausible or self.ruleset.action_spec(k).on != "any"
            ] or kinds
            name = min(rare, key=lambda kind: (self.taken[kind], kind))
        else:
            name = data.draw(st.sampled_from(kinds), label="legal action")
        offered = [a for a in legal if a.action == name]
        if not offered:
            self._apply(data.draw(st.sampled_from(plausible[name]), label=name))
            return
        chosen = data.draw(st.sampled_from(offered), label=name)
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
                values = data.draw(a_little_more(spec, params), label="params")
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
    @precondition(MachineBase._prompt_open)
    @rule(data=st.data())
    def answer_prompt(self, data: st.DataObject) -> None:
        self._answer_prompt(data)

    @precondition(MachineBase._prompt_open)
    @rule(data=st.data())
    def answer_another_prompt(self, data: st.DataObject) -> None:
        self._answer_prompt(data)

    @precondition(MachineBase._prompt_open)
    @rule(data=st.data())
    def answer_prompt_once_more(self, data: st.DataObject) -> None:
        self._answer_prompt(data)
