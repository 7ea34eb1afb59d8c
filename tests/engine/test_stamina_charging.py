"""Issue 8, item 5: a spell costing more Stamina than the pool holds charges across
rounds; the tracker shows its progress, that the caster is vulnerable, and announces
when the spell completes."""

from __future__ import annotations

from tests.engine.stamina_helpers import (
    act,
    acting,
    battle,
    end_turns,
    pool,
    refused_action,
    state,
    undo_all_checks,
    unit,
)


def test_a_spell_the_pool_can_pay_is_cast_at_once():
    session, _ = battle()
    act(session, "spell", name="Spark", cost=4)
    assert pool(session, "Mira") == 2 and state(session, "Mira").charge is None


def test_a_costlier_spell_charges_across_rounds_and_completes():
    session, _ = battle()
    mira = unit(session, "Mira")
    act(session, "spell", name="Fireball", cost=15)
    # Round 1: the whole pool, 6, goes in: 6/15, the caster vulnerable.
    assert pool(session, "Mira") == 0
    assert session.ruleset.markers(session.encounter, mira) == (
        "acting",
        "charging Fireball 6 / 15 Stamina",
        "vulnerable",
    )
    meter = session.ruleset.meters(session.encounter, mira)[1]
    assert (meter.label, meter.value, meter.maximum) == ("Fireball", 6, 15)
    assert refused_action(session, "charge") == "Mira already charged a spell this turn."
    end_turns(session, 4)  # round 2: the pool refills to 6 at the party's phase
    act(session, "charge")
    # 6 + 6 = 12 / 15.
    assert state(session, "Mira").charge.done == 12 and pool(session, "Mira") == 0
    end_turns(session, 4)  # round 3
    act(session, "move")  # 6 - 1 = 5 left: 3 of them complete the charge
    assert session.prompt() is None
    act(session, "charge")
    # 12 + 3 = 15: complete, 5 - 3 = 2 Stamina left.
    assert pool(session, "Mira") == 2 and state(session, "Mira").charge is None
    assert "Mira's Fireball is complete (15 / 15 Stamina): the spell is cast." in [
        entry.text for entry in session.encounter.log
    ]
    prompt = session.prompt()
    assert prompt is not None and prompt.title == "Spell complete"
    assert prompt.question == "Mira's Fireball is fully charged and cast: resolve it."
    assert "vulnerable" not in session.ruleset.markers(session.encounter, mira)
    session.apply(prompt.answers[0].command)
    assert session.prompt() is None


def test_charging_refusals_change_nothing():
    session, _ = battle()
    assert refused_action(session, "charge") == "Mira is charging no spell."
    act(session, "set_stamina", "Mira", stamina=0)
    assert refused_action(session, "spell", name="Fireball", cost=9) == (
        "Mira has no Stamina to charge Fireball with."
    )
    act(session, "set_stamina", "Mira", stamina=2)
    act(session, "spell", name="Fireball", cost=9)
    assert refused_action(session, "spell", name="Spark", cost=1) == (
        "Mira is charging Fireball (2 / 9 Stamina): charge it or drop it first."
    )


def test_dropping_a_charge_keeps_the_stamina_spent():
    session, _ = battle()
    act(session, "spell", name="Fireball", cost=9)
    end_turns(session, 1)
    assert acting(session) == "Bran"
    act(session, "drop_charge", "Mira")
    assert state(session, "Mira").charge is None and pool(session, "Mira") == 0


def test_charging_steps_undo():
    session, _ = battle()
    act(session, "spell", name="Fireball", cost=8)
    end_turns(session, 4)
    undo_all_checks(session, lambda: act(session, "charge"))  # 6 + 6 ≥ 8: completes
    undo_all_checks(session, lambda: session.apply(session.prompt().answers[0].command))
