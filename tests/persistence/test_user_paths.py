"""User folders: ROUNDKEEPER_HOME (or the former TRACKER_HOME) overrides the platform
folders; folders appear on demand."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from tracker.persistence import paths


def test_tracker_home_holds_data_and_config(tracker_home: Path) -> None:
    assert not tracker_home.exists()
    assert paths.data_dir() == tracker_home / "data"
    assert paths.encounters_dir() == tracker_home / "data" / "encounters"
    assert paths.journal_dir() == tracker_home / "data" / "journal"
    assert paths.config_dir() == tracker_home / "config"
    for folder in ("data", "data/encounters", "data/journal", "config"):
        assert (tracker_home / folder).is_dir()


def test_folders_are_created_on_demand_and_reused(tracker_home: Path) -> None:
    folder = paths.encounters_dir()
    (folder / "kept.txt").write_text("still here", encoding="utf-8")
    assert paths.encounters_dir() == folder
    assert (folder / "kept.txt").read_text(encoding="utf-8") == "still here"


def test_without_tracker_home_the_platform_folders_are_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TRACKER_HOME")
    asked: list[tuple[str, object]] = []

    def user_data_dir(name: str, appauthor: object = None) -> str:
        asked.append((name, appauthor))
        return str(tmp_path / "platform-data")

    def user_config_dir(name: str, appauthor: object = None) -> str:
        asked.append((name, appauthor))
        return str(tmp_path / "platform-config")

    monkeypatch.setattr(platformdirs, "user_data_dir", user_data_dir)
    monkeypatch.setattr(platformdirs, "user_config_dir", user_config_dir)

    assert paths.data_dir() == tmp_path / "platform-data"
    assert paths.journal_dir() == tmp_path / "platform-data" / "journal"
    assert paths.config_dir() == tmp_path / "platform-config"
    assert (tmp_path / "platform-data" / "journal").is_dir()
    assert asked and all(entry == ("roundkeeper", False) for entry in asked)


def test_an_empty_tracker_home_counts_as_unset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRACKER_HOME", "")
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(tmp_path / "platform"))
    assert paths.data_dir() == tmp_path / "platform"


def test_roundkeeper_home_comes_before_the_former_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROUNDKEEPER_HOME", str(tmp_path / "new"))
    assert paths.data_dir() == tmp_path / "new" / "data"
    monkeypatch.setenv("ROUNDKEEPER_HOME", " ")
    assert paths.data_dir() == Path(paths.os.environ["TRACKER_HOME"]) / "data"
