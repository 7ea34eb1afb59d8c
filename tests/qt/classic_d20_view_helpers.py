"""What the Classic d20 view tests share: the bundled samples, names to ids, the view."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tracker.engine import Session
from tracker.persistence.files import load_encounter
from tracker.qt.rulesets.classic_d20.view import D20OrderTable

SAMPLES = Path(__file__).resolve().parents[2] / "tracker" / "assets" / "samples"


def sample(name: str = "classic_d20_sample.json") -> Session:
    return Session(load_encounter(SAMPLES / name))


def ids_by_name(session: Session) -> dict[str, str]:
    return {c.name: c.id for c in session.encounter.combatants}


def d20_view(window: Any) -> D20OrderTable:
    view = window.central_view
    assert isinstance(view, D20OrderTable)
    return view
