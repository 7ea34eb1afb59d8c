""" "Ends soon" and expiry agree through long random Wars: an effect is flagged exactly
when ending the current Turn and the next one (two EndTurns) expires it. Anything may
happen between the checks (late joiners, departures, Speed changes, bonus AP, Carry
Over, Stand Ready, Rest, songs stopped, effects added and edited); nothing but the two
EndTurns happens while looking ahead, as "ends soon" foresees no Speed change."""

from __future__ import annotations

import contextlib
import random

import pytest

from tests.engine.helpers import add, sample_session
from tracker.engine import (
    AddEffect,
    CommandError,
    EditCombatant,
    EditEffect,
    EndTurn,
    RemoveCombatant,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.engine.commands import Command


def _expiring_within_two_turns(session: Session) -> set[str]:
    """The oracle: end up to two Turns, see which effects are gone, undo."""
    before = {e.id for e in session.encounter.effects}
    ended = 0
    for _ in range(2):
        if session.current_turn() is None:
            break
        session.apply(EndTurn())
        ended += 1
    after = {e.id for e in session.encounter.effects}
    for _ in range(ended):
        session.undo()
    return before - after


def _try(session: Session, command: Command) -> None:
    with contextlib.suppress(CommandError):  # refused: nothing changed
        session.apply(command)


def _random_step(session: Session, rng: random.Random, step: int) -> None:
    encounter = session.encounter
    ids = [c.id for c in encounter.combatants]
    turn = session.current_turn()
    holder = turn.combatant_id if turn is not None else None
    roll = rng.random()
    if roll < 0.25 and ids:
        creator = rng.choice([holder, rng.choice(ids), None])
        duration: dict[str, object] = (
            {"ongoing_song": True}
            if creator is not None and rng.random() < 0.25
            else {"cycles": rng.randint(1, 3)}
        )
        _try(session, AddEffect(f"E{step}", rng.choice(ids), creator, duration))
    elif roll < 0.32 and encounter.effects:
        effect = rng.choice(encounter.effects)
        _try(session, RulesetAction("stop_song", None, {"effect": effect.id}))
    elif roll < 0.36 and encounter.effects:
        effect = rng.choice(encounter.effects)
        _try(session, EditEffect(effect.id, {"duration": {"cycles": rng.randint(1, 3)}}))
    elif roll < 0.44:
        _try(session, RulesetAction("spend_ap", None, {"amount": rng.randint(1, 7)}))
    elif roll < 0.50 and ids:
        which = rng.choice(["current", "next"])
        params = {"amount": rng.randint(1, 14), "turn": which}
        _try(session, RulesetAction("bonus_ap", rng.choice(ids), params))
    elif roll < 0.55:
        _try(session, RulesetAction("carry_over", None, {"amount": rng.randint(1, 4)}))
    elif roll < 0.59:
        _try(session, RulesetAction("stand_ready"))
    elif roll < 0.63:
        _try(session, RulesetAction("rest"))
    elif roll < 0.67:
        speed = rng.choice([0, 5, 7, 9, 16, 24])
        add(session, f"Late {step}", speed, rng.randint(1, 9), side="enemy")
    elif roll < 0.69 and len(ids) > 2:
        _try(session, RemoveCombatant(rng.choice(ids)))
    elif roll < 0.75 and ids:
        speed = rng.choice([0, 3, 7, 9, 12, 17, 25])
        _try(session, EditCombatant(rng.choice(ids), {"speed": speed}))
    # else: nothing but the EndTurn below


@pytest.mark.parametrize(
    "options",
    [{}, {"late_joiner": "next_cycle", "speed_change": "trim", "carry_target": "next_below_7"}],
    ids=["defaults", "other-choices"],
)
@pytest.mark.parametrize("seed", range(3))
def test_ends_soon_and_expiry_agree_through_a_long_random_war(options, seed):
    rng = random.Random(f"ends-soon-{seed}-{sorted(options.items())}")
    session, ids = sample_session(**options)
    add(session, "Shade", 9, 3, side="enemy")
    session.apply(AddEffect("Before", ids["Kandor"], None, {"cycles": 2}))
    session.apply(StartEncounter())
    flagged = checked = 0
    for step in range(150):
        _random_step(session, rng, step)
        expiring = _expiring_within_two_turns(session)
        for effect in session.encounter.effects:
            soon = session.ends_soon(effect.id)
            where = (step, effect.name, effect.anchor, session.status())
            assert soon == (effect.id in expiring), where
            flagged += soon
            checked += 1
        if session.current_turn() is not None:
            session.apply(EndTurn())
    assert checked > 300 and flagged > 20
