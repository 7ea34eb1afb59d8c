"""The user folders of the former name (`tracker`) move to Roundkeeper's on the first
start: everything is moved, nothing in the new folders is overwritten, the recent-files
list follows, and a second start does nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tracker.persistence import paths
from tracker.persistence.migration import FolderMove, migrate_user_folders, platform_moves
from tracker.persistence.recent import load_recent


def _old_install(root: Path) -> tuple[Path, Path]:
    data, config = root / "share" / "tracker", root / "config" / "tracker"
    (data / "journal").mkdir(parents=True)
    (data / "journal" / "journal.jsonl").write_text("line\n", encoding="utf-8")
    (data / "encounters").mkdir()
    (data / "encounters" / "war.json").write_text("{}", encoding="utf-8")
    (data / "library.sqlite3").write_bytes(b"SQLite format 3\x00")
    config.mkdir(parents=True)
    (config / "tracker.ini").write_text("[players_screen]\ntheme=light\n", encoding="utf-8")
    outside = root / "elsewhere" / "ford.json"
    recent = {
        "last": str(data / "encounters" / "war.json"),
        "recent": [str(data / "encounters" / "war.json"), str(outside)],
    }
    (config / "recent.json").write_text(json.dumps(recent), encoding="utf-8")
    return data, config


def _moves(root: Path) -> list[FolderMove]:
    return [
        FolderMove(root / "share" / "tracker", root / "share" / "roundkeeper"),
        FolderMove(root / "config" / "tracker", root / "config" / "roundkeeper"),
    ]


def test_old_folders_move_whole_and_recent_paths_follow(tmp_path: Path) -> None:
    old_data, old_config = _old_install(tmp_path)
    data, config = tmp_path / "share" / "roundkeeper", tmp_path / "config" / "roundkeeper"

    result = migrate_user_folders(_moves(tmp_path))

    assert not old_data.exists() and not old_config.exists()
    assert (data / "journal" / "journal.jsonl").read_text(encoding="utf-8") == "line\n"
    assert (data / "library.sqlite3").read_bytes().startswith(b"SQLite")
    assert "theme=light" in (config / "tracker.ini").read_text(encoding="utf-8")
    recent = load_recent(config)
    assert recent.last == data / "encounters" / "war.json"
    assert recent.recent == [data / "encounters" / "war.json", tmp_path / "elsewhere/ford.json"]
    assert result.kept_old == [] and result.problems == []
    assert migrate_user_folders(_moves(tmp_path)).moved == []  # the second start: nothing


def test_existing_new_data_is_never_overwritten(tmp_path: Path) -> None:
    old_data, _ = _old_install(tmp_path)
    data = tmp_path / "share" / "roundkeeper"
    (data / "encounters").mkdir(parents=True)
    (data / "encounters" / "war.json").write_text('{"new": 1}', encoding="utf-8")
    (data / "journal").mkdir()  # an empty folder made by an earlier start

    result = migrate_user_folders(_moves(tmp_path))

    assert (data / "encounters" / "war.json").read_text(encoding="utf-8") == '{"new": 1}'
    assert (old_data / "encounters" / "war.json").read_text(encoding="utf-8") == "{}"
    assert result.kept_old == [old_data / "encounters" / "war.json"]
    assert (data / "journal" / "journal.jsonl").is_file()  # merged into the empty folder
    assert (data / "library.sqlite3").is_file()
    assert sorted(p.name for p in old_data.rglob("*")) == ["encounters", "war.json"]


def test_one_folder_for_data_and_config_moves_once(tmp_path: Path) -> None:
    old = tmp_path / "Application Support" / "tracker"
    (old / "unsaved").mkdir(parents=True)
    (old / "unsaved" / "x.json").write_text("{}", encoding="utf-8")
    (old / "recent.json").write_text(
        json.dumps({"last": str(old / "unsaved" / "x.json"), "recent": []}), encoding="utf-8"
    )
    new = tmp_path / "Application Support" / "roundkeeper"

    migrate_user_folders([FolderMove(old, new), FolderMove(old, new)])

    assert load_recent(new).last == new / "unsaved" / "x.json"
    assert not old.exists()


def test_nothing_moves_when_a_home_variable_is_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _old_install(tmp_path)

    def folder(kind: str):
        return lambda name=paths.APP_NAME: tmp_path / kind / name

    monkeypatch.setattr(paths, "platform_data_dir", folder("share"))
    monkeypatch.setattr(paths, "platform_config_dir", folder("config"))
    assert migrate_user_folders().moved == []  # TRACKER_HOME is set by the tests' conftest
    monkeypatch.delenv("TRACKER_HOME")
    monkeypatch.delenv("ROUNDKEEPER_HOME", raising=False)
    migrate_user_folders()
    assert (tmp_path / "share" / "roundkeeper" / "journal" / "journal.jsonl").is_file()
    assert (tmp_path / "config" / "roundkeeper" / "tracker.ini").is_file()
    assert not (tmp_path / "share" / "tracker").exists()


def test_another_programs_files_in_the_old_folder_stay(tmp_path: Path) -> None:
    """~/.local/share/tracker was also GNOME's file indexer's folder: its files stay."""
    old_data, _ = _old_install(tmp_path)
    (old_data / "data").mkdir()
    (old_data / "data" / "meta.db").write_bytes(b"GNOME Tracker's")
    (old_data / "notes.txt").write_text("someone else's", encoding="utf-8")

    migrate_user_folders(_moves(tmp_path))

    assert sorted(p.name for p in old_data.iterdir()) == ["data", "notes.txt"]
    assert (old_data / "data" / "meta.db").read_bytes() == b"GNOME Tracker's"
    assert (tmp_path / "share" / "roundkeeper" / "library.sqlite3").is_file()


def test_the_platform_folders_and_what_moves_from_each(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths, "platform_data_dir", lambda name=paths.APP_NAME: Path(f"/d/{name}"))
    monkeypatch.setattr(
        paths, "platform_config_dir", lambda name=paths.APP_NAME: Path(f"/c/{name}")
    )
    data, config = platform_moves()
    assert (data.old, data.new) == (Path("/d/tracker"), Path("/d/roundkeeper"))
    assert "journal" in data.names and "recent.json" not in data.names
    assert (config.old, config.new) == (Path("/c/tracker"), Path("/c/roundkeeper"))
    assert config.names == {"recent.json", "tracker.ini"}
    monkeypatch.setattr(
        paths, "platform_config_dir", lambda name=paths.APP_NAME: Path(f"/d/{name}")
    )
    (both,) = platform_moves()  # Windows and macOS: one folder
    assert {"journal", "recent.json"} <= both.names


def test_a_recent_path_to_a_file_left_behind_keeps_pointing_at_it(tmp_path: Path) -> None:
    old_data, _ = _old_install(tmp_path)
    data = tmp_path / "share" / "roundkeeper"
    (data / "encounters").mkdir(parents=True)
    (data / "encounters" / "war.json").write_text('{"new": 1}', encoding="utf-8")

    migrate_user_folders(_moves(tmp_path))

    recent = load_recent(tmp_path / "config" / "roundkeeper")
    assert recent.last == old_data / "encounters" / "war.json"  # not the new folder's war


@pytest.mark.parametrize("kind", ["share", "config"])
def test_the_start_asks_for_the_move_only_when_a_former_folder_is_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """The start imports the migration only when there is something to move
    (`paths.former_folders_present`): never with a home variable set, nor without a
    folder of the former name; with either of them, always."""

    def folder(where: str):
        return lambda name=paths.APP_NAME: tmp_path / where / name

    monkeypatch.setattr(paths, "platform_data_dir", folder("share"))
    monkeypatch.setattr(paths, "platform_config_dir", folder("config"))
    monkeypatch.delenv("TRACKER_HOME")
    monkeypatch.delenv("ROUNDKEEPER_HOME", raising=False)
    assert not paths.former_folders_present()
    (tmp_path / kind / "roundkeeper").mkdir(parents=True)  # the new name's: nothing to move
    assert not paths.former_folders_present()
    (tmp_path / kind / "tracker").mkdir(parents=True)
    assert paths.former_folders_present()
    monkeypatch.setenv("ROUNDKEEPER_HOME", str(tmp_path / "home"))
    assert not paths.former_folders_present()
