"""Classic d20's own `legal_actions` (its handlers tried without what follows every
action) says exactly what the default says (every action tried through
`Session.refusal`), over random fights of both flavours and every option; and after
every step the turn stands where following its holder would put it (`perform` skips
that pass over the order after actions that change neither the order nor the clock)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tracker.engine import (
    AddCombatant,
    AddEffect,
    Command,
    CommandError,
    EditCombatant,
    EndTurn,
    RemoveCombatant,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.engine.changes import Transaction
from tracker.engine.legal import tried_legal_actions
from tracker.engine.rulesets.classic_d20.options import OPTIONS
from tracker.engine.rulesets.classic_d20.order import follow_current, slots
from tracker.engine.rulesets.classic_d20.schedule import _turn
from tracker.engine.rulesets.classic_d20.state import END_KINDS, clock
from tracker.engine.rulesets.classic_d20.valued import VALUED_WORDS
from tracker.engine.state import Encounter

NAMES = ("Goblin", "Goblin 2", "Goblin 3", "Ana", "Bo", "Orc", "Orc 2", "Dragon")
EFFECTS = (*sorted(VALUED_WORDS), "Bless", "Burning", "Spirit", "prone")


def _options(rng: random.Random, flavour: str) -> dict[str, str]:
    found = {choice.name: rng.choice(choice.values)[0] for choice in OPTIONS}
    found["flavour"] = flavour
    return found


def _add(session: Session, rng: random.Random) -> None:
    stats: dict[str, Any] = {
        "initiative": rng.choice((0, 0, 20, 15, 15, 8, 21)),
        "dex_mod": rng.choice((0, 2)),
        "hp_max": rng.choice((0, 8, 20)),
        "legendary": rng.choice((0, 0, 3)),
        "advantage": rng.random() < 0.2,
    }
    side = rng.choice(("party", "enemy", "ally"))
    session.apply(AddCombatant(rng.choice(NAMES), side, stats=stats))


def _effect(session: Session, rng: random.Random) -> Command:
    ids = [c.id for c in session.encounter.combatants]
    duration = {
        "until": rng.choice(END_KINDS),
        "of": rng.choice(("creator", "carrier")),
        "amount": rng.choice((1, 2, 3)),
        "concentration": rng.random() < 0.3,
    }
    name = rng.choice(EFFECTS)
    return AddEffect(name, rng.choice(ids), rng.choice(ids), duration)


def _a_step(session: Session, rng: random.Random) -> Command | None:
    encounter = session.encounter
    roll = rng.random()
    prompt = session.ruleset.prompt(encounter)
    if prompt is not None and roll < 0.5:
        return rng.choice(prompt.answers).command
    if roll < 0.2:
        return EndTurn()
    if roll < 0.3 and encounter.combatants:
        return _effect(session, rng)
    if roll < 0.38 and encounter.combatants:
        target = rng.choice(encounter.combatants).id
        field, value = rng.choice(
            (("initiative", rng.choice((0, 12, 15, 20))), ("damage", rng.choice((0, 5, 30))))
        )
        return EditCombatant(target, {field: value})
    if roll < 0.41 and len(encounter.combatants) > 2:
        return RemoveCombatant(rng.choice(encounter.combatants).id)
    if roll < 0.44:
        _add(session, rng)
        return None
    offered = tried_legal_actions(session.ruleset, encounter)
    if not offered:
        return EndTurn()
    legal = rng.choice(offered)
    return RulesetAction(legal.action, legal.combatant_id, rng.choice(legal.variants()))


def _same(session: Session, rng: random.Random) -> None:
    encounter: Encounter = session.encounter
    ruleset = session.ruleset
    assert ruleset.legal_actions(encounter) == tried_legal_actions(ruleset, encounter)
    if encounter.combatants:
        chosen = (rng.choice(encounter.combatants).id,)
        own = ruleset.legal_actions(encounter, chosen)
        assert own == tried_legal_actions(ruleset, encounter, chosen)


def _turn_in_place(session: Session) -> None:
    """Following the turn's holder through the order changes nothing now."""
    encounter = session.encounter
    tx = Transaction(encounter, lambda _tx, _point: None)
    begun: list[bool] = []
    try:
        follow_current(tx, encounter, lambda: begun.append(True))
        assert not tx.changes.clock and not begun
    finally:
        tx.rollback()


def _turns_one_by_one(session: Session) -> None:
    """The turns to come are each slot's turn worked out on its own (the schedule
    works out a slot's turn once for both rounds)."""
    encounter = session.encounter
    found, now = slots(encounter), clock(encounter)
    if not found or not now.started or now.rolling or now.current is None:
        return
    start = found.index(now.current) if now.current in found else now.index
    shown = session.ruleset.upcoming_turns(encounter, 4 * len(found))
    assert len(shown) <= 2 * len(found)
    for position, turn in enumerate(shown, start):
        slot, round_ = found[position % len(found)], now.round + position // len(found)
        paused = position == start and now.gap_after is not None
        expected = _turn(encounter, slot, round_, position == start and not paused, paused)
        assert (turn, turn.values) == (expected, expected.values)


@pytest.mark.parametrize("flavour", ["5e", "pf2e"])
@pytest.mark.parametrize("seed", range(6))
def test_the_rulesets_legal_actions_are_the_defaults_over_random_fights(
    flavour: str, seed: int
) -> None:
    rng = random.Random(f"{flavour}-{seed}")
    session = Session.new("Legal", "classic_d20", options=_options(rng, flavour))
    for _ in range(rng.randint(2, 6)):
        _add(session, rng)
    _same(session, rng)
    session.apply(StartEncounter())
    steps = 0
    for _ in range(60):
        command = _a_step(session, rng)
        try:
            if command is not None:
                session.apply(command)
        except CommandError:
            continue
        steps += 1
        _same(session, rng)
        _turn_in_place(session)
        _turns_one_by_one(session)
    assert steps > 20  # the fight went on: most steps were taken
