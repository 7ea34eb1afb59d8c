"""Loading checks everything a later command relies on: an encounter that loads can be
played, saved and reopened; one that holds what would break that (an id counter below
an id in use, an unknown entry, text UTF-8 cannot write, an impossible or huge number)
is refused with the file error, and left as it was."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tracker.engine import AddCombatant, Session
from tracker.persistence.files import (
    FileFormatError,
    envelope,
    load_encounter,
    save_encounter,
)
from tracker.persistence.paths import encounters_dir

MakeSession = Callable[[], Session]
Change = Callable[[dict[str, Any]], None]


def _written(session: Session, change: Change, text: str | None = None) -> Path:
    """The session's encounter, changed, in a file written the way an editor or another
    program would (NaN and escapes allowed); `text` replaces the JSON text's "HUGE"."""
    document = envelope(session.encounter)
    change(document["encounter"])
    written = json.dumps(document, ensure_ascii=True, allow_nan=True, indent=1)
    if text is not None:
        written = written.replace('"HUGE"', text)
    path = encounters_dir() / "edited.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(written, encoding="utf-8")
    return path


def _refused(path: Path, *words: str) -> str:
    before = path.read_bytes()
    with pytest.raises(FileFormatError) as caught:
        load_encounter(path)
    assert path.read_bytes() == before
    for word in words:
        assert word in caught.value.message
    return caught.value.message


def _set(*keys: Any, value: Any) -> Change:
    def change(data: dict[str, Any]) -> None:
        for key in keys[:-1]:
            data = data[key]
        data[keys[-1]] = value

    return change


# --- the id counter ----------------------------------------------------------------------
@pytest.mark.parametrize("next_id", [1, 3, 6, 0, -5])
def test_an_id_counter_not_above_every_id_is_refused(
    make_war_session: MakeSession, next_id: int
) -> None:
    session = make_war_session()  # combatants c1..c3, effect e6
    assert session.encounter.next_id == 7
    path = _written(session, _set("next_id", value=next_id))
    _refused(path, "damaged", "id counter", f"{next_id}")


def test_an_effects_id_counts_too(make_war_session: MakeSession) -> None:
    session = make_war_session()
    path = _written(session, _set("next_id", value=5))  # e6 is in use
    _refused(path, "“e6”")


def test_a_counter_above_every_id_loads_and_the_next_add_saves(
    make_war_session: MakeSession,
) -> None:
    session = make_war_session()
    path = _written(session, _set("next_id", value=40))
    loaded = Session(load_encounter(path))
    loaded.apply(AddCombatant("Latecomer"))
    assert loaded.encounter.combatants[-1].id == "c40"
    save_encounter(loaded.encounter, path)
    assert load_encounter(path).to_dict() == loaded.encounter.to_dict()


def test_ids_not_numbered_do_not_count(make_setup_session: MakeSession) -> None:
    session = make_setup_session()

    def rename(data: dict[str, Any]) -> None:
        old = data["combatants"][0]["id"]
        data["combatants"][0]["id"] = "hero"
        for effect in data["effects"]:
            if effect["carrier_id"] == old:
                effect["carrier_id"] = "hero"

    assert load_encounter(_written(session, rename)).combatants[0].id == "hero"


# --- unknown entries ---------------------------------------------------------------------
def test_an_unknown_entry_of_the_encounter_is_refused(make_setup_session: MakeSession) -> None:
    path = _written(make_setup_session(), _set("turn_order", value=["c1"]))
    _refused(path, "unknown entry “turn_order”")


# --- text --------------------------------------------------------------------------------
SURROGATES: dict[str, Change] = {
    "encounter's name": _set("name", value="Ford\ud800"),
    "combatant's name": _set("combatants", 1, "name", value="Bra\udc00kk"),
    "combatant's notes": _set("combatants", 0, "notes", value="\udfff"),
    "effect's name": _set("effects", 0, "name", value="\ud800"),
    "log text": _set("log", 0, "text", value="\ud800"),
    "an option": _set("options", "late_joiner", value="\ud800"),
    "a stat's name": _set("combatants", 0, "stats", "sp\ud800eed", value=1),
}


@pytest.mark.parametrize("case", sorted(SURROGATES))
def test_a_lone_surrogate_is_refused(make_war_session: MakeSession, case: str) -> None:
    path = _written(make_war_session(), SURROGATES[case])
    assert "\\ud" in path.read_text(encoding="utf-8")  # an escape, valid JSON
    _refused(path, "broken character (U+D")


def test_surrogate_pairs_are_text_like_any_other(make_setup_session: MakeSession) -> None:
    path = _written(make_setup_session(), _set("combatants", 0, "name", value="Dragon 🐉"))
    assert load_encounter(path).combatants[0].name == "Dragon 🐉"


# --- numbers -----------------------------------------------------------------------------
NUMBERS: dict[str, tuple[Change, str | None]] = {
    "NaN stat": (_set("combatants", 0, "stats", "speed", value=float("nan")), None),
    "NaN in a stat no field reads": (
        _set("combatants", 0, "stats", "mood", value=float("nan")),
        None,
    ),
    "infinite stat": (_set("combatants", 0, "stats", "speed", value=float("-inf")), None),
    "huge id counter": (_set("next_id", value=2**40), None),
    "huge clock": (_set("clock", "cycle", value=10**30), None),
    "NaN in a record": (_set("combatants", 0, "runtime", "reserve", value=float("nan")), None),
    "4,000 digits in a record": (
        _set("combatants", 0, "runtime", "reserve", value="HUGE"),
        "9" * 4000,
    ),
    "huge duration": (_set("effects", 0, "duration", "cycles", value=10**12), None),
}


@pytest.mark.parametrize("case", sorted(NUMBERS))
def test_an_impossible_or_huge_number_is_refused(make_war_session: MakeSession, case: str) -> None:
    change, text = NUMBERS[case]
    path = _written(make_war_session(), change, text)
    _refused(path, "damaged")


def test_a_5001_digit_number_is_refused(make_war_session: MakeSession) -> None:
    path = _written(
        make_war_session(), _set("combatants", 0, "stats", "speed", value="HUGE"), "1" * 5001
    )
    _refused(path)
