"""`safe_read`: only a regular file is read, never more than its limit, and opening a
named pipe never waits; what is read is what was checked, even if the path is swapped
between the check and the open."""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest

from tests.damage.special_paths import make_special_paths, no_hang
from tracker.persistence import paths, safe_read
from tracker.persistence.recent import RecentFiles, load_recent, save_recent
from tracker.persistence.safe_read import NotRegularFileError, TooLargeError, read_regular

WHAT = "a Roundkeeper encounter"


def test_a_regular_file_is_read_whole_up_to_its_limit(tmp_path: Path) -> None:
    path = tmp_path / "war.json"
    path.write_bytes(b"x" * 100)
    assert read_regular(path, 100, WHAT) == b"x" * 100
    with pytest.raises(TooLargeError) as refused:
        read_regular(path, 99, WHAT)
    assert refused.value.message == (
        "“war.json” is too large to be a Roundkeeper encounter (100 bytes; at most 99 bytes)."
    )
    link = tmp_path / "link.json"
    link.symlink_to(path)  # a link to a file is read as the file
    assert read_regular(link, 100, WHAT) == b"x" * 100


def test_a_file_larger_than_it_says_is_read_no_further_than_the_limit() -> None:
    status = Path("/proc/self/status")  # a regular file whose size reads as 0
    assert status.stat().st_size == 0
    with pytest.raises(TooLargeError) as refused:
        read_regular(status, 10, "a list of files")
    said = refused.value.message
    assert said == "“status” is too large to be a list of files (at most 10 bytes)."


def test_a_small_file_under_a_large_limit_is_read_without_asking_for_the_limit(
    tmp_path: Path,
) -> None:
    # A journal's limit is 256 MB: a read that asks for the limit makes Python allocate
    # it, whatever the file holds.
    path = tmp_path / "events.jsonl"
    path.write_bytes(b"x" * 1000)
    tracemalloc.start()
    try:
        assert read_regular(path, 256 * 1024 * 1024, "a journal") == b"x" * 1000
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 64 * 1024


def test_a_file_that_grew_after_it_was_measured_is_read_on_up_to_the_limit() -> None:
    status = Path("/proc/self/status")  # measures 0, holds about a kilobyte
    read = read_regular(status, 1024 * 1024, "a list of files")
    assert read.startswith(b"Name:") and len(read) > 100


def test_every_special_path_is_refused_by_what_it_is(tmp_path: Path) -> None:
    made = make_special_paths(tmp_path)
    said: dict[str, str] = {}
    with no_hang(made["fifo"]):
        for kind, path in made.items():
            with pytest.raises(OSError) as refused:
                read_regular(path, 64 * 1024 * 1024, WHAT)
            said[kind] = str(refused.value)
    assert said["fifo"] == "“fifo.json” is a named pipe, not a Roundkeeper encounter."
    for kind in ("/dev/zero", "/dev/urandom", "/dev/null", "link to a device"):
        assert said[kind].endswith("is a device, not a Roundkeeper encounter."), kind
    assert said["socket"] == "“socket.json” is a socket, not a Roundkeeper encounter."
    assert said["folder"] == "“folder.json” is a folder, not a Roundkeeper encounter."
    assert said["huge file"] == (
        "“huge.json” is too large to be a Roundkeeper encounter (65 MB; at most 64 MB)."
    )
    if "unreadable" in made:
        assert "Permission denied" in said["unreadable"]


def test_a_path_swapped_for_a_pipe_after_its_check_is_refused_without_waiting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "war.json"
    path.write_text("{}", encoding="utf-8")
    real_open = os.open

    def swapped(target: Path, flags: int, *args: int) -> int:
        path.unlink()  # between the check of the path and the open
        os.mkfifo(path)
        return real_open(target, flags, *args)

    monkeypatch.setattr(safe_read.os, "open", swapped)
    with no_hang(path), pytest.raises(NotRegularFileError, match="is a named pipe"):
        read_regular(path, 100, WHAT)


def test_a_recent_list_that_is_a_pipe_reads_as_empty(tmp_path: Path) -> None:
    save_recent(RecentFiles(last=tmp_path / "war.json"))
    listed = paths.config_dir() / "recent.json"
    listed.unlink()
    os.mkfifo(listed)
    with no_hang(listed):
        assert load_recent() == RecentFiles()


def test_a_save_never_replaces_a_pipe_or_a_device(tmp_path: Path) -> None:
    from tracker.persistence.files import FileFormatError, load_encounter, save_encounter

    sample = Path(__file__).parents[2] / "tracker" / "assets" / "samples"
    encounter = load_encounter(sample / "war_scroll_sample.json")
    made = make_special_paths(tmp_path)
    for kind in ("fifo", "/dev/null", "socket", "link to a device"):
        path = made[kind]
        before = os.stat(path).st_mode
        with no_hang(made["fifo"]), pytest.raises(FileFormatError, match="not a file"):
            save_encounter(encounter, path)
        assert os.stat(path).st_mode == before, kind
