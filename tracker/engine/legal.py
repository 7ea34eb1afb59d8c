"""The legal actions of an encounter found by trying them (`Ruleset.legal_actions`'s
default): every declared action on each combatant or effect it may concern, run and
rolled back through `Session.refusal`, the very rules that apply it.

A ruleset that knows its rules more cheaply overrides `legal_actions` and may use
`targets_of` (whom an action may concern) and `tried` (one action, one target) for the
actions it does not compute itself.

The rules never read the GM's words (a combatant's name or notes, an effect's notes) to
allow or refuse: a change of those alone leaves what is allowed as it was
(`allows_as_before`), and the GUI need not try every action again after a rename.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from typing import Any, Literal

from tracker.engine.changes import LOG, Record, Transaction
from tracker.engine.commands import EndTurn, RulesetAction
from tracker.engine.errors import CommandError
from tracker.engine.fields import Field, clean_all
from tracker.engine.ruleset import ActionSpec, AnyRuleset, LegalAction, Turn
from tracker.engine.session import Session
from tracker.engine.state import Combatant, Effect, Encounter

EFFECT_PARAM = "effect"  # where an "effect" action names its effect (the effects panel's)
TEXT_TRIED = "x"  # a text parameter refused blank is tried with this

Refusal = Callable[[RulesetAction], CommandError | None]

# The fields the rules never read to allow or refuse, by the kind of object they are of.
# (An effect's name is not among them: a ruleset may know a condition by its name.)
_WORDS: dict[type, frozenset[str]] = {
    Combatant: frozenset({"name", "notes"}),
    Effect: frozenset({"notes"}),
}


def remembered_refusal(session: Session) -> Refusal:
    """`session.refusal`, each question asked once between two changes of the encounter
    (the answers are kept with what else is worked out then, `Encounter.derived`): the
    trials of `legal_actions` and the turn panel's reasons share them."""
    kept: dict[tuple[Any, ...], CommandError | None] = session.encounter.derived(
        ("legal.refusals",), dict
    )

    def refusal(command: RulesetAction) -> CommandError | None:
        key = (command.action, command.combatant_id, *sorted(command.params.items()))
        try:
            hash(key)
        except TypeError:  # a list among the values: asked as it is
            return session.refusal(command)
        if key not in kept:
            kept[key] = session.refusal(command)
        return kept[key]

    return refusal


def allows_as_before(record: object) -> bool:
    """True if the change `record` (an applied command's undo record) cannot alter what
    the rules allow: it changed only the GM's words (names, notes) and wrote to the log.
    Anything else, or a record of another kind, may have: False."""
    if not isinstance(record, Record):
        return False
    if any(edit.collection != LOG for edit in record.edits):
        return False
    for snapshot in record.snapshots:
        words = _WORDS.get(type(snapshot.target))
        if words is None or not words.issuperset(snapshot.fields):
            return False
    return True


def targets_of(
    ruleset: AnyRuleset,
    encounter: Encounter,
    spec: ActionSpec,
    targets: Collection[str] | None = None,
    turn: Turn | None | Literal["ask"] = "ask",
    ids: list[str] | None = None,
) -> Iterator[tuple[str | None, dict[str, Any]]]:
    """(combatant id, parameters it fixes) for each one the action may concern now (see
    `Ruleset.legal_actions`); with `targets`, combatants among them only. `turn`: the
    current turn, and `ids`: `asked_ids(encounter, targets)`, when the caller has them
    already (found once for every action)."""
    if spec.on == "prompt":
        return
    if spec.on == "effect":
        for effect in encounter.effects:
            yield None, {EFFECT_PARAM: effect.id}
        return
    if spec.on == "current":
        if turn == "ask":
            turn = ruleset.current_turn(encounter)
        if turn is None:
            return
        if turn.combatant_id is not None:
            yield None, {}
            return
    for combatant_id in asked_ids(encounter, targets) if ids is None else ids:
        yield combatant_id, {}


def asked_ids(encounter: Encounter, targets: Collection[str] | None) -> list[str]:
    """The ids of the combatants asked about, in list order: of a few targets, look-ups
    (the turn panel asks of one combatant in a fight of thousands), not a pass."""
    if targets is None:
        return [c.id for c in encounter.combatants]
    found = [(p, i) for i in set(targets) if (p := encounter.position(i)) is not None]
    return [combatant_id for _, combatant_id in sorted(found)]


def trial_refusal(
    ruleset: AnyRuleset,
    encounter: Encounter,
    run: Callable[[Transaction, RulesetAction, dict[str, Any]], None],
) -> Refusal:
    """A refusal that runs `run` (an action's own checks and changes, without what
    follows every accepted action: a ruleset's re-sort of the whole order, which never
    refuses) on the action's cleaned parameters, up to its first change (`_Probe`): the
    core's checks of a `RulesetAction`, then the ruleset's, at a part of the cost."""

    def refusal(command: RulesetAction) -> CommandError | None:
        tx = _Probe(encounter, lambda _tx, _point: None)
        try:
            params = clean_all(ruleset.action_spec(command.action).params, command.params)
            if command.combatant_id is not None:
                encounter.combatant(command.combatant_id)
            run(tx, command, params)
        except CommandError as error:
            return error
        except _Accepted:
            return None
        return None

    return refusal


def end_turn_refusal(session: Session) -> CommandError | None:
    """Why End Turn would be refused now, as `Session.refusal` says, at a part of its
    cost: the command run up to its first change (`_Probe`), not to the next turn's
    start and back. A ruleset's end of a turn checks before it changes, as its actions
    do (`tests/engine/test_legal_overrides.py` holds every ruleset's answer here to the
    whole command's, in random fights)."""
    tx = _Probe(session.encounter, lambda _tx, _point: None)
    try:
        EndTurn().execute(tx, session.encounter, session.ruleset)
    except CommandError as error:
        return error.with_traceback(None)
    except _Accepted:
        return None
    return None


class _Accepted(BaseException):  # noqa: N818 - not an error: the action got past its checks
    """Raised by `_Probe` at an action's first change: every refusal comes before it. A
    `BaseException`, as `GeneratorExit` is: a handler's `except Exception` (a plugin's)
    must not swallow it and go on to change what the probe never copied."""


class _Probe(Transaction):
    """A transaction that stops the action at its first change: an action refuses, if it
    does, before it changes anything (a ruleset's handlers check first, then change), so
    once it changes something it is accepted; nothing is copied, changed or rolled back.
    (`tests/engine/test_legal_overrides.py` and the conformance machine hold each
    ruleset's trials to what trying every action through the session says.)"""

    def _keep(self, target: Any) -> None:
        raise _Accepted

    def _edit(self, edit: Any) -> None:
        raise _Accepted

    def reach(self, point: Any) -> None:
        raise _Accepted


def plausible_values(field: Field) -> list[Any]:
    """Plausible values of a parameter refused at its default."""
    if field.kind == "int":
        values = [1, field.minimum, field.maximum]
        return [v for v in dict.fromkeys(values) if v is not None and v != field.default]
    if field.kind == "bool":
        return [not field.default]
    if field.kind == "choice":
        return [c for c in field.choices if c != field.default]
    return [TEXT_TRIED]


def tried(
    refusal: Refusal, spec: ActionSpec, combatant_id: str | None, fixed: dict[str, Any]
) -> LegalAction | None:
    """The action on `combatant_id` if the rules accept it with some values: its
    defaults (and `fixed`), or, where the refusal names a parameter, that parameter's
    plausible values; then which choices of each choice parameter apply."""
    params = {f.name: f.default for f in spec.params} | fixed
    fields = {f.name: f for f in spec.params if f.name not in fixed}
    accepted: dict[str, Any] | None = None
    error = refusal(RulesetAction(spec.name, combatant_id, params))
    for _ in range(len(spec.params) + 1):
        if error is None:
            accepted = params
            break
        field = fields.pop(error.field or "", None)
        if field is None:  # refused whatever value it names: another choice may do
            accepted = _a_choice_taken(refusal, spec, combatant_id, params, fields, fixed)
            if accepted is None:
                return None
            break
        for value in plausible_values(field):
            candidate = {**params, field.name: value}
            refused = refusal(RulesetAction(spec.name, combatant_id, candidate))
            if refused is None or refused.field != field.name:
                params, error = candidate, refused  # each question is asked once
                break
        else:
            return None
    if accepted is None:
        return None
    choices: dict[str, tuple[str, ...]] = {}
    for field in spec.params:
        if field.kind != "choice" or field.name in fixed:
            continue
        choices[field.name] = tuple(
            choice
            for choice in field.choices
            if choice == accepted[field.name]
            or refusal(RulesetAction(spec.name, combatant_id, {**accepted, field.name: choice}))
            is None
        )
    return LegalAction(spec.name, combatant_id, accepted, choices)


def _a_choice_taken(
    refusal: Refusal,
    spec: ActionSpec,
    combatant_id: str | None,
    params: dict[str, Any],
    fields: dict[str, Field],
    fixed: dict[str, Any],
) -> dict[str, Any] | None:
    """The values of another choice of a choice parameter that the rules accept (a
    Parry too dear, an Evade paid; a custom reaction named, at a cost it can pay),
    found as `tried` finds them with that choice fixed; or None."""
    for field in fields.values():
        if field.kind != "choice":
            continue
        for choice in field.choices:
            if choice == params.get(field.name):
                continue
            found = tried(refusal, spec, combatant_id, {**fixed, field.name: choice})
            if found is not None:
                return found.params
    return None


def tried_legal_actions(
    ruleset: AnyRuleset,
    encounter: Encounter,
    targets: Collection[str] | None = None,
    specs: Collection[ActionSpec] | None = None,
    refusal: Refusal | None = None,
) -> tuple[LegalAction, ...]:
    """`Ruleset.legal_actions` by trying every action (or those of `specs`): through
    `Session.refusal`, or `refusal` (a ruleset's cheaper trial, which must agree)."""
    refusal = refusal or remembered_refusal(Session(encounter, ruleset))
    turn = ruleset.current_turn(encounter)  # asked once: no trial changes anything
    found: list[LegalAction] = []
    for spec in ruleset.actions if specs is None else specs:
        for combatant_id, fixed in targets_of(ruleset, encounter, spec, targets, turn):
            legal = tried(refusal, spec, combatant_id, fixed)
            if legal is not None:
                found.append(legal)
    return tuple(found)
