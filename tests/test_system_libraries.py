"""On Linux, before Qt starts: missing libraries of Qt's X11 plugin are named with the
Debian/Ubuntu packages to install, instead of Qt's misleading message (checked with a
fake loader: the libraries here are all installed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tracker import cli, system_libraries
from tracker.system_libraries import XCB_LIBRARIES, missing_libraries, problem, uses_xcb

ROOT = Path(__file__).resolve().parent.parent
ABSENT = {"libxcb-cursor.so.0", "libxkbcommon-x11.so.0"}


def fake_load(name: str) -> bool:
    return name not in ABSENT


@pytest.mark.parametrize(
    ("platform", "environ", "expected"),
    [
        ("linux", {}, True),
        ("linux", {"QT_QPA_PLATFORM": "xcb"}, True),
        ("linux", {"QT_QPA_PLATFORM": "xcb:display=:1"}, True),
        ("linux", {"QT_QPA_PLATFORM": "offscreen"}, False),
        ("linux", {"QT_QPA_PLATFORM": "wayland;xcb"}, False),
        ("linux", {"WAYLAND_DISPLAY": "wayland-0"}, False),
        ("win32", {}, False),
        ("darwin", {}, False),
    ],
)
def test_the_check_runs_where_qt_would_use_xcb(platform, environ, expected):
    assert uses_xcb(platform, environ) is expected


def test_missing_libraries_are_named_with_their_packages():
    assert missing_libraries(fake_load, folders=[]) == {
        "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
        "libxcb-cursor.so.0": "libxcb-cursor0",
    }
    text = problem("linux", {}, fake_load, folders=[])
    assert "libxcb-cursor.so.0, libxkbcommon-x11.so.0" in text or (
        "libxkbcommon-x11.so.0, libxcb-cursor.so.0" in text
    )
    assert "sudo apt install libxkbcommon-x11-0 libxcb-cursor0\n" in text


def test_a_bundle_carries_its_own(tmp_path):
    for name in ABSENT:
        (tmp_path / name).write_bytes(b"")
    assert missing_libraries(fake_load, folders=[tmp_path]) == {}
    assert problem("linux", {}, fake_load, folders=[tmp_path]) is None


def test_nothing_is_said_when_all_are_there_or_qt_uses_another_platform():
    assert problem("linux", {}, lambda name: True, folders=[]) is None
    assert problem("linux", {"QT_QPA_PLATFORM": "offscreen"}, fake_load, folders=[]) is None


def test_the_real_loader_finds_an_installed_library_and_not_a_made_up_one():
    assert system_libraries._loads("libc.so.6")
    assert not system_libraries._loads("libroundkeeper-nothing.so.9")


def test_the_readme_apt_line_before_the_first_command_installs_every_package_checked():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = readme[: readme.index("```sh")].split("`sudo apt install ")[1].split("`")[0]
    packages = set(line.split())
    assert set(XCB_LIBRARIES.values()) | {"python3-venv"} <= packages
    assert {"libegl1", "libgl1", "libfontconfig1", "libdbus-1-3", "libglib2.0-0"} <= packages


def test_the_command_stops_with_the_message_before_qt(monkeypatch):
    said: list[tuple[str, bool]] = []
    monkeypatch.setattr(cli, "show", lambda text, error: said.append((text, error)))
    monkeypatch.setattr(system_libraries, "_loads", fake_load)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    started = []
    from tracker.qt import app as app_module

    monkeypatch.setattr(app_module, "start", lambda options: started.append(options) or 0)
    assert cli.main(["roundkeeper"]) == 1
    assert not started and said[0][1] is True
    assert "sudo apt install" in said[0][0]


def test_a_library_qt_itself_needs_is_named_when_the_import_fails():
    error = ImportError("libEGL.so.1: cannot open shared object file: No such file or directory")
    text = system_libraries.import_problem(error)
    assert "(libEGL.so.1)" in text and "sudo apt install libegl1\n" in text
    assert system_libraries.import_problem(ImportError("No module named 'PySide6'")) is None


def test_the_command_turns_a_failed_qt_import_into_the_advice(monkeypatch):
    said: list[tuple[str, bool]] = []
    monkeypatch.setattr(cli, "show", lambda text, error: said.append((text, error)))
    monkeypatch.setattr(system_libraries, "problem", lambda: None)
    real_import = __import__

    def failing_import(name, *args, **kwargs):
        if name == "tracker.qt.app":
            raise ImportError("libfontconfig.so.1: cannot open shared object file")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr("builtins.__import__", failing_import)
    assert cli.main(["roundkeeper"]) == 1
    assert "sudo apt install libfontconfig1" in said[0][0] and said[0][1] is True
