"""Classic d20 offers the GM the actions of the encounter's flavour only: Pathfinder 2e
has no bonus action, legendary action, death save or surprise; 5e no recovery check,
and Delay only where its option allows it. Each one left out is one the rules refuse,
whoever it is for."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker.engine import RulesetAction, Session, SetOption, StartEncounter
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
    assert FIVE_E_ONLY <= offered
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
