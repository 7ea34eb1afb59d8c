"""Helpers shared by the AP countdown tests (no tests here): build sessions, answer
prompts the way the GUI does (fields checked by the answer's own fields), read state."""

from __future__ import annotations

import dataclasses
from typing import Any, cast

from tracker.engine import (
    AddCombatant,
    AddEffect,
    Command,
    CommandError,
    EndTurn,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.engine.prompts import Prompt
from tracker.engine.rulesets.ap_countdown import ApCountdown
from tracker.engine.rulesets.ap_countdown.state import Anchor, Runtime
from tracker.engine.state import Combatant


def new(**options: str) -> Session:
    return Session.new("Test", "ap_countdown", options=options or None)


def add(session: Session, name: str, qu: int = 0, side: str = "party", **stats: Any) -> str:
    changes = session.apply(AddCombatant(name, side, stats={"qu": qu, **stats}))
    return changes.edits_of("combatants")[0].item.id


def ruleset(session: Session) -> ApCountdown:
    return cast(ApCountdown, session.ruleset)


def who(session: Session, name: str) -> Combatant:
    return next(c for c in session.encounter.combatants if c.name == name)


def cid(session: Session, name: str) -> str:
    return who(session, name).id


def runtime(session: Session, name: str) -> Runtime:
    return cast(Runtime, who(session, name).runtime)


def anchor(session: Session, effect_name: str) -> Anchor:
    effect = next(e for e in session.encounter.effects if e.name == effect_name)
    return cast(Anchor, effect.anchor)


def act(session: Session, action: str, name: str | None = None, /, **params: Any) -> None:
    """A ruleset action for the named combatant (None: the one due)."""
    combatant_id = cid(session, name) if name is not None else None
    session.apply(RulesetAction(action, combatant_id, params))


def enter(session: Session, name: str, base: int) -> None:
    act(session, "set_initiative", name, base=base)


def fight(cast_: list[tuple[str, int, int]], *, countdown: bool = True, **options: str) -> Session:
    """(name, base, qu) each: added, the fight started, bases entered; the countdown
    begun unless `countdown` is False (then: the Initiative phase)."""
    session = new(**options)
    for name, _base, qu in cast_:
        add(session, name, qu)
    session.apply(StartEncounter())
    for name, base, _qu in cast_:
        enter(session, name, base)
    if countdown:
        session.apply(EndTurn())
    return session


def due(session: Session) -> tuple[str, str, int] | None:
    """(name, "declare" | "resolve", count) of whoever acts now."""
    found = ruleset(session).due_now(session.encounter)
    if found is None:
        return None
    return (session.encounter.combatant(found[0]).name, found[1], found[2])


def value(session: Session, name: str) -> int | None:
    return ruleset(session).value_of(session.encounter, who(session, name))


def count(session: Session) -> int | None:
    return ruleset(session).count(session.encounter)


def phase(session: Session) -> str:
    return ruleset(session).phase(session.encounter)


def prompt(session: Session) -> Prompt:
    found = session.prompt()
    assert found is not None, "no prompt"
    return found


def answer(session: Session, label: str, **values: Any) -> None:
    """Answer the open prompt with the answer whose label starts with `label`; `values`
    fill its fields, checked by those fields as the GUI's form does."""
    open_prompt = prompt(session)
    matches = [a for a in open_prompt.answers if a.label.startswith(label)]
    assert len(matches) == 1, f"{label!r} in {[a.label for a in open_prompt.answers]}"
    chosen = matches[0]
    fields = {f.name: f for f in chosen.fields}
    assert set(values) <= set(fields), f"{set(values) - set(fields)} not among the fields"
    filled = {name: f.default for name, f in fields.items()}
    filled.update({name: fields[name].clean(v) for name, v in values.items()})
    command: Command = chosen.command
    if filled:
        assert isinstance(command, RulesetAction)
        command = dataclasses.replace(command, params={**command.params, **filled})
    session.apply(command)


def answer_labels(session: Session) -> list[str]:
    return [a.label for a in prompt(session).answers]


def effect(session: Session, name: str, carrier: str, **duration: Any) -> str:
    changes = session.apply(AddEffect(name, cid(session, carrier), None, duration))
    return changes.edits_of("effects")[0].item.id


def log_texts(session: Session, kind: str | None = None) -> list[str]:
    return [e.text for e in session.encounter.log if kind is None or e.kind == kind]


def refused(session: Session, command: Command) -> CommandError:
    """Apply `command`, which must be refused and change nothing; return the refusal."""
    before = session.encounter.to_dict()
    history = len(session.history)
    reason = session.refusal(command)
    assert reason is not None, f"{command!r} was not refused"
    try:
        session.apply(command)
    except CommandError as error:
        assert error.message == reason.message
    else:
        raise AssertionError(f"{command!r} applied")
    assert session.encounter.to_dict() == before
    assert len(session.history) == history
    return reason


def end_turns_until(session: Session, wanted_phase: str, limit: int = 100) -> None:
    for _ in range(limit):
        if phase(session) == wanted_phase:
            return
        session.apply(EndTurn())
    raise AssertionError(f"never reached {wanted_phase}")
