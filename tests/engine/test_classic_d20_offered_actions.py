"""Classic d20 offers the GM the actions (and asks for the stats) of the encounter's
flavour only: Pathfinder 2e has no bonus action, legendary action, death save or
surprise; 5e no recovery check, and Delay only where its option allows it. Each action
left out is one the rules refuse, whoever it is for."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.engine import EditCombatant, RulesetAction, Session, SetOption, StartEncounter
from tracker.persistence.files import load_encounter

SAMPLES = Path(__file__).resolve().parents[2] / "tracker" / "assets" / "samples"
FIVE_E_ONLY = {"bonus", "legendary", "death_save", "surprise"}


def _session(sample: str, **options: str) -> Session:
    session = Session(load_encounter(SAMPLES / sample))
    for name, value in options.items():
        if session.ruleset.option(session.encounter, name) != value:
            session.apply(SetOption(name, value))
    return session


def _offered(session: Session) -> list[str]:
    return [spec.name for spec in session.ruleset.offered_actions(session.encounter)]


def _assert_refused_for_anyone(session: Session, names: set[str]) -> None:
    for name in names:
        for whom in [None, *(c.id for c in session.encounter.combatants)]:
            refusal = session.refusal(RulesetAction(name, whom, {}))
            assert refusal is not None, f"{name} for {whom} applies, yet it is not offered"


def test_pathfinder_leaves_out_the_fifth_editions_actions() -> None:
    session = _session("classic_d20_pf2e_sample.json")
    offered = _offered(session)
    assert not FIVE_E_ONLY & set(offered)
    assert {"action", "reaction", "ready", "delay", "recovery", "set_dying"} <= set(offered)
    every = [spec.name for spec in session.ruleset.actions]
    assert offered == [name for name in every if name not in FIVE_E_ONLY]  # in their order
    for started in (False, True):
        _assert_refused_for_anyone(session, FIVE_E_ONLY)
        if not started:
            session.apply(StartEncounter())


@pytest.mark.parametrize(("delay", "offered_delay"), [("no", False), ("yes", True)])
def test_fifth_edition_leaves_out_the_recovery_check_and_delay_unless_allowed(
    delay: str, offered_delay: bool
) -> None:
    session = _session("classic_d20_sample.json", delay_5e=delay)
    session.apply(StartEncounter())
    offered = set(_offered(session))
    assert offered >= FIVE_E_ONLY
    assert "recovery" not in offered
    assert ("delay" in offered) is offered_delay
    _assert_refused_for_anyone(session, {"recovery"} | ({"delay"} if not offered_delay else set()))


def test_a_change_of_flavour_changes_what_is_offered() -> None:
    session = _session("classic_d20_sample.json")
    assert "bonus" in _offered(session)
    session.apply(SetOption("flavour", "pf2e"))
    assert "bonus" not in _offered(session) and "recovery" in _offered(session)
    session.undo()
    assert "bonus" in _offered(session) and "recovery" not in _offered(session)


def _stats(session: Session) -> set[str]:
    return {field.name for field in session.ruleset.offered_stat_fields(session.encounter)}


def test_the_stats_asked_for_are_those_the_flavour_and_its_tie_rule_read() -> None:
    every = {field.name for field in _session("classic_d20_sample.json").ruleset.stat_fields}
    assert _stats(_session("classic_d20_sample.json")) == every  # 5e, ties by Dexterity
    assert _stats(_session("classic_d20_sample.json", ties="gm")) == every - {"dex_mod"}
    pf2e = _stats(_session("classic_d20_pf2e_sample.json"))
    assert pf2e == every - {"dex_mod", "advantage", "legendary"}


def _what_the_rules_say(session: Session) -> tuple[object, ...]:
    encounter, ruleset = session.encounter, session.ruleset
    return (
        session.upcoming_turns(20),
        [ruleset.meters(encounter, c) for c in encounter.combatants],
        [ruleset.summary(encounter, c) for c in encounter.combatants],
        sorted((a.action, a.combatant_id or "") for a in ruleset.legal_actions(encounter)),
    )


@pytest.mark.parametrize(
    ("sample", "options"),
    [("classic_d20_pf2e_sample.json", {}), ("classic_d20_sample.json", {"ties": "gm"})],
)
def test_a_stat_left_out_changes_nothing_the_rules_say(sample: str, options: dict[str, str]):
    """Tied creatures, legendary pools, advantage: whatever values the stats left out
    hold, the order, the meters and the actions allowed are the same."""
    session = _session(sample, **options)
    every = {field.name for field in session.ruleset.stat_fields}
    left_out = every - _stats(session)
    assert left_out
    for started in (False, True):
        said = _what_the_rules_say(session)
        for combatant in session.encounter.combatants:
            stats = combatant.stats
            changes = {
                "dex_mod": stats.get("dex_mod", 0) + 3,
                "advantage": not stats.get("advantage", False),
                "legendary": stats.get("legendary", 0) + 2,
            }
            session.apply(EditCombatant(combatant.id, {k: changes[k] for k in left_out}))
        assert _what_the_rules_say(session) == said
        if not started:
            session.apply(StartEncounter())
