"""Plain helpers for the War Scroll engine tests: build sessions, read turns by name."""

from __future__ import annotations

from typing import Any

from tracker.engine import AddCombatant, EndTurn, RulesetAction, Session, StartEncounter
from tracker.engine.state import Combatant

# The sample War Scroll of the rules (shared/rules/war-scroll.md, "Tracker notes"),
# already in Swiftness order. Swiftness values are ours; only their order matters.
SAMPLE: tuple[tuple[str, int, int, str], ...] = (
    ("Echthra", 17, 9, "holy"),
    ("Tirzaiel", 16, 8, "holy"),
    ("Thomas", 12, 6, "other"),
    ("Kandor", 11, 5, "fallen"),
)


def new_session(**options: str) -> Session:
    return Session.new("Test", "war_scroll", options=options or None)


def add(
    session: Session,
    name: str,
    speed: int,
    swiftness: int = 1,
    allegiance: str = "other",
    side: str = "party",
) -> str:
    """Add a combatant; return its id."""
    changes = session.apply(
        AddCombatant(
            name,
            side,
            stats={"speed": speed, "swiftness": swiftness, "allegiance": allegiance},
        )
    )
    return changes.edits_of("combatants")[0].item.id


def sample_session(**options: str) -> tuple[Session, dict[str, str]]:
    """The sample War Scroll, not started. Returns the session and name → id."""
    session = new_session(**options)
    ids = {
        name: add(session, name, speed, swift, allegiance)
        for name, speed, swift, allegiance in SAMPLE
    }
    return session, ids


def started(**options: str) -> tuple[Session, dict[str, str]]:
    """The sample War Scroll with the War begun: Echthra's Segment 1 Turn of Cycle 1."""
    session, ids = sample_session(**options)
    session.apply(StartEncounter())
    return session, ids


def combatant(session: Session, name: str) -> Combatant:
    return next(c for c in session.encounter.combatants if c.name == name)


def order(session: Session) -> list[str]:
    return [c.name for c in session.encounter.combatants]


def _name(session: Session, combatant_id: str) -> str:
    return session.encounter.combatant(combatant_id).name


def turns(session: Session, limit: int = 60) -> list[tuple[str, str, int]]:
    """Current Turn first, then the rest of this Cycle, then the next Cycle."""
    return [
        (_name(session, t.combatant_id), t.values["segment"], t.values["ap"])
        for t in session.upcoming_turns(limit)
    ]


def cycle_turns(session: Session, cycle: int | None = None) -> list[tuple[str, str, int]]:
    """The Turns of one Cycle (default: the current one) from `upcoming_turns`."""
    if cycle is None:
        cycle = session.encounter.clock.cycle
    return [
        (_name(session, t.combatant_id), t.values["segment"], t.values["ap"])
        for t in session.upcoming_turns(200)
        if t.round == cycle
    ]


def current(session: Session) -> tuple[str, str, int] | None:
    turn = session.current_turn()
    if turn is None:
        return None
    return (_name(session, turn.combatant_id), turn.values["segment"], turn.values["ap"])


def left(session: Session) -> int:
    turn = session.current_turn()
    assert turn is not None
    return turn.values["ap"] - turn.values["spent"]


def end_turns(session: Session, count: int) -> list[tuple[str, str, int]]:
    """End `count` Turns; return the Turns that were ended, in order."""
    ended = []
    for _ in range(count):
        ended.append(current(session))
        session.apply(EndTurn())
    return ended


def play_until(session: Session, name: str, segment: str) -> None:
    """End Turns until `name` has the current Turn in `segment` (at most 100 Turns)."""
    for _ in range(100):
        now = current(session)
        if now is not None and now[:2] == (name, segment):
            return
        session.apply(EndTurn())
    raise AssertionError(f"{name} never got a Turn in Segment {segment}")


def action(session: Session, name: str, combatant_id: str | None = None, **params: Any) -> None:
    session.apply(RulesetAction(name, combatant_id, params))


def cells(session: Session, name: str) -> dict[str, tuple[int, str]]:
    """Grid row of one combatant: Segment label → (AP, state), for every shown column."""
    ruleset = session.ruleset
    who = combatant(session, name)
    labels = column_labels(session)
    return {
        label: ruleset.cell(session.encounter, who, slot)  # type: ignore[attr-defined]
        for label, slot in zip(labels, ruleset.columns(session.encounter), strict=True)  # type: ignore[attr-defined]
    }


def column_labels(session: Session) -> list[str]:
    labels = []
    for slot in session.ruleset.columns(session.encounter):  # type: ignore[attr-defined]
        labels.append(str(slot // 2 + 1) if slot % 2 == 0 else chr(ord("A") + slot // 2))
    return labels


def effect_names(session: Session) -> list[str]:
    return [e.name for e in session.encounter.effects]


def log_kinds(session: Session, kind: str) -> list[str]:
    return [entry.text for entry in session.encounter.log if entry.kind == kind]
