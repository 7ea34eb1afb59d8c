"""The machine's steps on the roster and the encounter: combatants, effects (some as a
GM adds them, with the durations the ruleset declares), health, options, undo and
redo.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hypothesis import note
from hypothesis import strategies as st
from hypothesis.stateful import rule

from tests.conformance.compare import assert_same, snapshot
from tests.conformance.machine_base import BOGUS_COMBATANT, PROMPTS_PER_TURN, MachineBase
from tests.conformance.strategies import (
    HARM_TEXTS,
    WORDS,
    declared_values,
    field_value,
    health_texts,
    hidden_flags,
    names,
    notes,
    sides,
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
    MarkDefeated,
    MoveCombatant,
    RemoveCombatant,
    RenameEncounter,
    Revive,
    SetOption,
    SetSecretFields,
)
from tracker.engine.dice import roll_faces
from tracker.engine.health import parse_change


class RosterSteps(MachineBase):
    """The GM's steps outside the turns: combatants, effects, health, the encounter,
    undo and redo."""

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
    def add_declared_effect(self, data: st.DataObject) -> None:
        self._add_declared_effect(data)

    @rule(data=st.data())
    def add_another_declared_effect(self, data: st.DataObject) -> None:
        self._add_declared_effect(data)

    @rule(data=st.data())
    def add_one_more_declared_effect(self, data: st.DataObject) -> None:
        self._add_declared_effect(data)

    def _add_declared_effect(self, data: st.DataObject) -> None:
        """An effect as a GM adds one: on a combatant, by a combatant (or nobody), a
        valid value for every duration field, each declared choice (how it ends: a
        sustained effect, persistent damage, ...) as likely as any other and each flag
        (held by concentration) as often on as off."""
        self.busy = True
        ids = self._combatant_ids()
        if not ids:
            return
        creator = data.draw(st.sampled_from(ids), label="creator")
        command = AddEffect(
            data.draw(st.sampled_from(WORDS), label="effect name"),
            data.draw(st.sampled_from(ids), label="carrier"),
            None if data.draw(st.integers(0, 3), label="nobody's") == 0 else creator,
            data.draw(declared_values(self.ruleset.duration_fields, self.steps), label="duration"),
        )
        self._apply(command)

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
    def harm_those_effects_concern(self, data: st.DataObject) -> None:
        self._harm_those_effects_concern(data)

    @rule(data=st.data())
    def harm_again_those_effects_concern(self, data: st.DataObject) -> None:
        self._harm_those_effects_concern(data)

    def _harm_those_effects_concern(self, data: st.DataObject) -> None:
        """Harm at once the creator of every effect (without a creator, its carrier), as
        a blast hits the casters holding spells: where the rules of effects and harm
        meet (5e concentration); then, half the time, answer what the rules ask."""
        self.busy = True
        targets = tuple(dict.fromkeys(e.creator_id or e.carrier_id for e in self.encounter.effects))
        if not targets:
            return
        text = data.draw(st.sampled_from(HARM_TEXTS), label="harm")
        if self._apply(ChangeHealth(targets, text)) is None:
            return
        for _ in range(PROMPTS_PER_TURN):
            if not self._prompt_open() or not data.draw(st.booleans(), label="answer now"):
                break
            self._answer_prompt(data)  # as a GM does

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
