"""How long effects have left and which end soon are worked out from the state once per
change, not by playing the order ahead once for every effect: with ten effects in a
fight of thirty, asking about every effect (twice, as several views do) plays the
order ahead once (a count of calls, not a timing: the machine is shared)."""

from __future__ import annotations

import random

import pytest

from benchmarks.fights import add_effects, build, next_step
from tracker.engine import EditCombatant

RULESETS = ["ap_countdown", "initiative_ticks", "priority", "stamina_battle", "war_scroll"]


@pytest.fixture
def counted(monkeypatch):
    """Calls of each ruleset's `coming_points` (playing the order ahead)."""
    calls: list[str] = []

    def counting(cls):
        original = cls.coming_points

        def coming_points(self, encounter):
            calls.append(cls.id)
            return original(self, encounter)

        monkeypatch.setattr(cls, "coming_points", coming_points)

    return calls, counting


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_effect_asked_about_plays_the_order_ahead_once(ruleset_id, counted):
    calls, counting = counted
    session = build(ruleset_id, 30)
    add_effects(session, session.apply, 10, random.Random(3))
    assert len(session.encounter.effects) == 10
    counting(type(session.ruleset))
    for _step in range(3):
        calls.clear()
        for _view in range(2):
            for effect in session.encounter.effects:
                session.ends_soon(effect.id)
                session.remaining(effect.id)
            session.ending_soon()
        assert len(calls) == 1, f"the order was played ahead {len(calls)} times"
        session.apply(next_step(session))


def test_remaining_is_worked_out_again_after_a_change():
    session = build("war_scroll", 10)
    add_effects(session, session.apply, 1, random.Random(3))
    effect = session.encounter.effects[0]
    carrier = session.encounter.combatant(effect.carrier_id)
    before = session.remaining(effect.id)
    owner = session.encounter.combatant(effect.anchor.owner)
    session.apply(EditCombatant(owner.id, {"name": "Renamed Owner"}))
    assert "Renamed Owner" in session.remaining(effect.id)
    assert "Renamed Owner" not in before
    session.undo()
    assert session.remaining(effect.id) == before
    assert carrier.id == effect.carrier_id
