"""Fixtures of the persistence tests: War Scroll sessions (each test's own home is
`tests/conftest.py`'s `tracker_home`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tracker.engine import (
    AddCombatant,
    AddEffect,
    EndTurn,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.persistence.paths import journal_dir

AUREL = {"speed": 17, "swiftness": 9, "allegiance": "holy"}
BRAKK = {"speed": 10, "swiftness": 5, "allegiance": "fallen"}
CIRA = {"speed": 24, "swiftness": 12, "allegiance": "other"}


def _add_party(session: Session) -> None:
    session.apply(AddCombatant("Aurel", "party", stats=AUREL))
    session.apply(AddCombatant("Brakk", "enemy", stats=BRAKK))
    session.apply(AddCombatant("Cira", "ally", stats=CIRA))
    session.apply(AddEffect("Blessed", "c1", duration={"cycles": 1}))


def _wage_war(session: Session) -> None:
    """Start the War and play into Cycle 2: AP spent, bonus AP, a song stopped, effects
    that expire on the way and one still running."""
    session.apply(StartEncounter())
    session.apply(RulesetAction("spend_ap", None, {"amount": 3}))
    session.apply(EndTurn())
    session.apply(EndTurn())
    session.apply(RulesetAction("bonus_ap", "c2", {"amount": 5, "turn": "next"}))
    session.apply(AddEffect("Song of Dawn", "c1", creator_id="c3", duration={"ongoing_song": True}))
    session.apply(AddEffect("Stunned", "c2", creator_id="c1", duration={"cycles": 2}))
    session.apply(RulesetAction("stop_song", None, {"effect": "e5"}))
    for _ in range(8):
        session.apply(EndTurn())
    session.apply(RulesetAction("spend_ap", None, {"amount": 2}))


@pytest.fixture
def make_setup_session() -> Callable[[], Session]:
    """Builds an encounter in setup: three combatants and an effect, not started."""

    def make() -> Session:
        session = Session.new("Ambush at the ford", "war_scroll")
        _add_party(session)
        return session

    return make


@pytest.fixture
def make_war_session(make_setup_session: Callable[[], Session]) -> Callable[[], Session]:
    """Builds an encounter in Cycle 2 of the War (see `_wage_war`)."""

    def make() -> Session:
        session = make_setup_session()
        _wage_war(session)
        return session

    return make


@pytest.fixture
def add_party() -> Callable[[Session], None]:
    """Adds the combatants and the effect of `make_setup_session` to a new session."""
    return _add_party


@pytest.fixture
def play_into_war() -> Callable[[Session], None]:
    """Plays `_wage_war` on a session in setup (for journaling an ongoing session)."""
    return _wage_war


@pytest.fixture
def folder() -> Path:
    """The crash journal's folder (a module of encounter files has its own)."""
    return journal_dir()
