"""Saving and loading encounter files: round trips, atomic writes, clear errors, and
never overwriting a file that is not ours."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from tracker.engine import EndTurn, RulesetAction, Session
from tracker.engine.errors import TrackerError
from tracker.persistence import files
from tracker.persistence.files import (
    FORMAT,
    SCHEMA_VERSION,
    FileFormatError,
    SaveError,
    is_tracker_file,
    load_encounter,
    save_encounter,
)
from tracker.persistence.paths import encounters_dir

MakeSession = Callable[[], Session]


@pytest.fixture
def folder() -> Path:
    return encounters_dir()


def _document(session: Session) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "saved_at": "2024-05-01T20:15:00+00:00",
        "encounter": session.encounter.to_dict(),
    }


def _write_json(path: Path, document: Any) -> Path:
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


# --- round trips -------------------------------------------------------------------------
def test_round_trip_in_setup(make_setup_session: MakeSession, folder: Path) -> None:
    session = make_setup_session()
    path = folder / "ambush.tracker.json"
    save_encounter(session.encounter, path)
    loaded = load_encounter(path)
    assert loaded.to_dict() == session.encounter.to_dict()
    assert [c.name for c in loaded.combatants] == ["Cira", "Aurel", "Brakk"]
    assert loaded.effects[0].name == "Blessed"


def test_round_trip_mid_war(make_war_session: MakeSession, folder: Path) -> None:
    session = make_war_session()
    assert session.encounter.clock.cycle == 2
    assert [e.name for e in session.encounter.effects] == ["Stunned"]
    path = folder / "war.tracker.json"
    save_encounter(session.encounter, path)
    loaded = load_encounter(path)
    assert loaded.to_dict() == session.encounter.to_dict()
    # The loaded encounter plays on exactly like the original.
    resumed = Session(loaded)
    assert resumed.status() == session.status()
    assert resumed.upcoming_turns(30) == session.upcoming_turns(30)
    for target in (session, resumed):
        target.apply(RulesetAction("spend_ap", None, {"amount": 4}))
        for _ in range(6):
            target.apply(EndTurn())
    assert resumed.encounter.to_dict() == session.encounter.to_dict()


def test_file_layout(make_war_session: MakeSession, folder: Path) -> None:
    session = make_war_session()
    path = folder / "war.tracker.json"
    save_encounter(session.encounter, path)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["format"] == "tracker-encounter"
    assert document["schema_version"] == SCHEMA_VERSION
    assert datetime.fromisoformat(document["saved_at"]).tzinfo is not None
    assert document["encounter"] == session.encounter.to_dict()


def test_names_beyond_ascii_are_kept_as_utf8(make_setup_session: MakeSession, folder: Path) -> None:
    session = make_setup_session()
    session.encounter.name = "Drachenhöhle — Ærøskøbing 竜"
    path = folder / "höhle.tracker.json"
    save_encounter(session.encounter, path)
    assert "Drachenhöhle — Ærøskøbing 竜" in path.read_bytes().decode("utf-8")
    assert load_encounter(path).name == "Drachenhöhle — Ærøskøbing 竜"


def test_a_byte_order_mark_is_accepted(make_setup_session: MakeSession, folder: Path) -> None:
    session = make_setup_session()
    path = folder / "bom.tracker.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(_document(session)).encode("utf-8"))
    assert load_encounter(path).to_dict() == session.encounter.to_dict()


# --- atomic saving -----------------------------------------------------------------------
def test_saving_leaves_no_temporary_files(make_war_session: MakeSession, folder: Path) -> None:
    session = make_war_session()
    path = folder / "war.tracker.json"
    save_encounter(session.encounter, path)
    session.apply(EndTurn())
    save_encounter(session.encounter, path)  # over our own file: fine
    assert sorted(p.name for p in folder.iterdir()) == ["war.tracker.json"]
    assert load_encounter(path).to_dict() == session.encounter.to_dict()


@pytest.mark.parametrize("failing", ["os.replace", "os.fsync", "json.dumps"])
def test_a_failed_save_leaves_the_old_file_intact(
    make_war_session: MakeSession,
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    failing: str,
) -> None:
    session = make_war_session()
    path = folder / "war.tracker.json"
    save_encounter(session.encounter, path)
    before = path.read_bytes()
    session.apply(EndTurn())

    def broken(*args: Any, **kwargs: Any) -> Any:
        if failing == "json.dumps":
            raise ValueError("cannot serialise")
        raise OSError(28, "No space left on device")

    module_name, name = failing.split(".")
    monkeypatch.setattr(sys.modules[module_name], name, broken)
    with pytest.raises(SaveError) as caught:
        save_encounter(session.encounter, path)
    monkeypatch.undo()

    assert "war.tracker.json" in str(caught.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["war.tracker.json"]
    assert isinstance(caught.value, TrackerError)


def test_a_failed_first_save_leaves_nothing(
    make_setup_session: MakeSession, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(SaveError, match="No space left on device"):
        save_encounter(make_setup_session().encounter, folder / "new.tracker.json")
    assert list(folder.iterdir()) == []


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions and links")
def test_saving_keeps_permissions_and_symbolic_links(
    make_setup_session: MakeSession, folder: Path, tmp_path: Path
) -> None:
    session = make_setup_session()
    real = tmp_path / "elsewhere" / "real.tracker.json"
    real.parent.mkdir()
    save_encounter(session.encounter, real)
    os.chmod(real, 0o640)
    link = folder / "link.tracker.json"
    link.symlink_to(real)
    session.encounter.name = "Renamed"
    save_encounter(session.encounter, link)
    assert link.is_symlink()
    assert load_encounter(real).name == "Renamed"
    assert real.stat().st_mode & 0o777 == 0o640


# --- never overwrite a file that is not ours ----------------------------------------------
@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b'{"hello": 1}', "not a Roundkeeper encounter"),
        (b"Shopping list: bread, ale", "not a Roundkeeper encounter"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe", "not a Roundkeeper encounter"),
        (b'{"format": "tracker-encounter", "schema_version": 1, "enc', "damaged"),
        (b'{"format": "tracker-encounter", "schema_version": 1}', "damaged"),
        (b'{"format": "tracker-encounter", "schema_version": 7, "x": 1}', "newer Roundkeeper"),
    ],
)
def test_saving_over_a_foreign_or_damaged_file_is_refused(
    make_setup_session: MakeSession, folder: Path, content: bytes, reason: str
) -> None:
    path = folder / "precious.json"
    path.write_bytes(content)
    with pytest.raises(FileFormatError) as caught:
        save_encounter(make_setup_session().encounter, path)
    message = str(caught.value)
    assert reason in message
    assert "will not save over" in message
    assert path.read_bytes() == content
    assert [p.name for p in folder.iterdir()] == ["precious.json"]


def test_saving_over_an_empty_file_is_allowed(
    make_setup_session: MakeSession, folder: Path
) -> None:
    session = make_setup_session()
    path = folder / "empty.tracker.json"
    path.write_bytes(b"")
    save_encounter(session.encounter, path)
    assert load_encounter(path).to_dict() == session.encounter.to_dict()


def _unreadable_cases(session: Session) -> dict[str, dict[str, Any]]:
    """Tracker encounters whose core structure is sound but which do not load in full."""
    cases = {}
    for name, change in {
        "uninstalled ruleset": lambda e: e.__setitem__("ruleset_id", "lost_ruleset"),
        "damaged record": lambda e: e["combatants"][0].__setitem__("runtime", "broken"),
        "NaN": lambda e: e["combatants"][0]["stats"].__setitem__("speed", float("nan")),
    }.items():
        document = _document(session)
        change(document["encounter"])
        cases[name] = document
    return cases


@pytest.mark.parametrize("case", ["uninstalled ruleset", "damaged record", "NaN"])
def test_saving_over_an_encounter_that_does_not_load_is_refused(
    make_setup_session: MakeSession, folder: Path, case: str
) -> None:
    session = make_setup_session()
    path = _write_json(folder / "other.tracker.json", _unreadable_cases(session)[case])
    before = path.read_bytes()
    with pytest.raises(files.UnreadableTargetError) as caught:
        save_encounter(session.encounter, path)
    assert "will not save over" in caught.value.message
    assert caught.value.reason in caught.value.message
    assert path.read_bytes() == before
    assert [p.name for p in folder.iterdir()] == ["other.tracker.json"]


@pytest.mark.parametrize("case", ["uninstalled ruleset", "damaged record", "NaN"])
def test_replacing_a_file_that_does_not_load_keeps_it_beside(
    make_setup_session: MakeSession, folder: Path, case: str
) -> None:
    session = make_setup_session()
    path = _write_json(folder / "other.tracker.json", _unreadable_cases(session)[case])
    before = path.read_bytes()
    kept = save_encounter(session.encounter, path, replace_unreadable=True)
    assert kept is not None and kept.parent == folder
    assert kept.name.startswith("other.tracker.unreadable-") and kept.suffix == ".json"
    assert kept.read_bytes() == before
    assert load_encounter(path).to_dict() == session.encounter.to_dict()
    again = _write_json(path, _unreadable_cases(session)[case])  # a second copy, not over it
    second = save_encounter(session.encounter, again, replace_unreadable=True)
    assert second is not None and second != kept and kept.read_bytes() == before


def test_replacing_a_readable_file_keeps_no_copy(
    make_setup_session: MakeSession, folder: Path
) -> None:
    session = make_setup_session()
    path = folder / "fine.json"
    save_encounter(session.encounter, path)
    assert save_encounter(session.encounter, path, replace_unreadable=True) is None
    assert [p.name for p in folder.iterdir()] == ["fine.json"]


def test_saving_to_a_folder_is_refused(make_setup_session: MakeSession, folder: Path) -> None:
    target = folder / "a folder"
    target.mkdir()
    with pytest.raises(FileFormatError, match="is a folder"):
        save_encounter(make_setup_session().encounter, target)
    assert target.is_dir()


# --- clear load errors -------------------------------------------------------------------
def test_missing_file(folder: Path) -> None:
    with pytest.raises(FileFormatError, match=r"There is no file “nowhere\.tracker\.json”"):
        load_encounter(folder / "nowhere.tracker.json")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", r"“x\.json” is empty"),
        (b"   \n", r"“x\.json” is empty"),
        (b"Dear diary,\nthe goblins won.", r"“x\.json” is not a Roundkeeper encounter"),
        (b"\xff\xd8\xff\xe0JFIF\x00", r"is not a Roundkeeper encounter \(it is not a text file\)"),
        (b'{"hello": 1}', r"“x\.json” is not a Roundkeeper encounter\.$"),
        (b"[1, 2, 3]", r"is not a Roundkeeper encounter\.$"),
        (b'{"format": "other-app", "schema_version": 1}', r"is not a Roundkeeper encounter\.$"),
        (
            b'{\n "format": "tracker-encounter",\n "schema_version": 1,\n "encounter": {"na',
            r"“x\.json” is damaged: not valid JSON \(line 4",
        ),
        (
            b'{"format": "tracker-encounter", "schema_version": 99, "encounter": {}}',
            rf"was saved by a newer Roundkeeper \(schema 99; this one reads up to "
            rf"{SCHEMA_VERSION}\)",
        ),
        (
            b'{"format": "tracker-encounter", "encounter": {}}',
            r"is damaged: its schema version is missing",
        ),
        (
            b'{"format": "tracker-encounter", "schema_version": "1", "encounter": {}}',
            r"is damaged: its schema version is missing or not a number",
        ),
        (
            b'{"format": "tracker-encounter", "schema_version": 0, "encounter": {}}',
            r"impossible schema version \(0\)",
        ),
        (
            b'{"format": "tracker-encounter", "schema_version": 1}',
            r"is damaged: the encounter data is missing",
        ),
        (
            b'{"format": "tracker-encounter", "schema_version": 1, "encounter": {"name": "A"}}',
            r"is damaged: the encounter has no “ruleset_id”",
        ),
    ],
)
def test_load_errors_say_what_is_wrong(folder: Path, content: bytes, expected: str) -> None:
    path = folder / "x.json"
    path.write_bytes(content)
    with pytest.raises(FileFormatError, match=expected) as caught:
        load_encounter(path)
    assert caught.value.path == path
    assert path.read_bytes() == content  # loading never writes


def test_a_truncated_save_is_reported_as_damaged(
    make_war_session: MakeSession, folder: Path
) -> None:
    path = folder / "cut.tracker.json"
    save_encounter(make_war_session().encounter, path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(FileFormatError, match=r"“cut\.tracker\.json” is damaged: not valid JSON"):
        load_encounter(path)


def test_unknown_ruleset(make_setup_session: MakeSession, folder: Path) -> None:
    document = _document(make_setup_session())
    document["encounter"]["ruleset_id"] = "chrono_wheel"
    path = _write_json(folder / "wheel.tracker.json", document)
    with pytest.raises(FileFormatError) as caught:
        load_encounter(path)
    message = str(caught.value)
    assert "“wheel.tracker.json” cannot be opened" in message
    assert "'chrono_wheel', which is not installed" in message
    assert "war_scroll" in message  # what is installed


def _damage(document: dict[str, Any], how: str) -> None:
    encounter = document["encounter"]
    if how == "combatant without name":
        del encounter["combatants"][1]["name"]
    elif how == "next_id not a number":
        encounter["next_id"] = "seven"
    elif how == "combatants not a list":
        encounter["combatants"] = {"c1": {}}
    elif how == "unknown combatant entry":
        encounter["combatants"][0]["hit_points"] = 12
    elif how == "hidden not yes/no":
        encounter["combatants"][0]["hidden"] = "no"
    elif how == "unknown side":
        encounter["combatants"][0]["side"] = "pirates"
    elif how == "duplicate ids":
        encounter["combatants"][1]["id"] = encounter["combatants"][0]["id"]
    elif how == "effect of a missing carrier":
        encounter["effects"][0]["carrier_id"] = "c99"
    elif how == "log entry without text":
        del encounter["log"][0]["text"]
    elif how == "speed not a number":
        encounter["combatants"][0]["stats"]["speed"] = "fast"
    elif how == "speed out of range":
        encounter["combatants"][0]["stats"]["speed"] = 500
    elif how == "bad option value":
        encounter["options"]["late_joiner"] = "never"
    elif how == "runtime data missing":
        encounter["combatants"][0]["runtime"] = {}
    elif how == "effect cycles not a number":
        encounter["effects"][0]["duration"]["cycles"] = "two"


@pytest.mark.parametrize(
    ("how", "expected"),
    [
        ("combatant without name", r"combatant 2 has no “name”"),
        ("next_id not a number", r"the encounter's “next_id” should be a number"),
        ("combatants not a list", r"the encounter's “combatants” should be a list"),
        ("unknown combatant entry", r"combatant 1 has an unknown entry “hit_points”"),
        ("hidden not yes/no", r"combatant 1: “hidden” should be yes/no"),
        ("unknown side", r"combatant “Cira” is on an unknown side “pirates”"),
        ("duplicate ids", r"two combatants have the same id"),
        ("effect of a missing carrier", r"effect “Stunned” is carried by a combatant who"),
        ("log entry without text", r"log entry 1 has no “text”"),
        ("speed not a number", r"“Cira”: Speed must be a whole number"),
        ("speed out of range", r"“Cira”: Speed must be between 0 and 60"),
        ("bad option value", r"option Late joiner: 'never' is not one of"),
        ("runtime data missing", r"Cira's state has no 'base'"),
        ("effect cycles not a number", r"effect “Stunned”: Cycles must be a whole number"),
    ],
)
def test_damaged_encounter_data_is_reported(
    make_war_session: MakeSession, folder: Path, how: str, expected: str
) -> None:
    document = _document(make_war_session())
    _damage(document, how)
    path = _write_json(folder / "broken.tracker.json", document)
    before = path.read_bytes()
    with pytest.raises(FileFormatError, match=r"“broken\.tracker\.json” is damaged: " + expected):
        load_encounter(path)
    assert path.read_bytes() == before


def test_the_real_file_reads_cleanly_before_damage(
    make_war_session: MakeSession, folder: Path
) -> None:
    """The damage tests start from a document that loads: their errors come from the
    damage alone."""
    session = make_war_session()
    path = _write_json(folder / "intact.tracker.json", _document(session))
    assert load_encounter(path).to_dict() == session.encounter.to_dict()


def test_a_folder_is_not_an_encounter(folder: Path) -> None:
    with pytest.raises(FileFormatError, match="is a folder"):
        load_encounter(folder)


def test_an_oversized_file_is_refused(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "MAX_FILE_BYTES", 10)
    path = folder / "huge.json"
    path.write_bytes(b'{"hello": "a long foreign document"}')
    with pytest.raises(FileFormatError, match="too large to be a Roundkeeper encounter"):
        load_encounter(path)


def test_is_tracker_file(make_setup_session: MakeSession, folder: Path) -> None:
    ours = folder / "ours.tracker.json"
    save_encounter(make_setup_session().encounter, ours)
    newer = _write_json(folder / "newer.json", {"format": FORMAT, "schema_version": 9})
    foreign = _write_json(folder / "foreign.json", {"hello": 1})
    text = folder / "text.txt"
    text.write_text("not json", encoding="utf-8")
    assert is_tracker_file(ours)
    assert is_tracker_file(newer)
    assert not is_tracker_file(foreign)
    assert not is_tracker_file(text)
    assert not is_tracker_file(folder / "missing.json")
