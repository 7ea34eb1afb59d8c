"""On Linux with X11, before Qt starts: no display to open the window on (DISPLAY unset,
or no X server where it points) is said as it is, with exit status 1, instead of Qt's
message blaming a library (libxcb-cursor0) and an abort."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tracker.x_display import X11_TCP_BASE, answers, display_name, parse, problem

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, ""),
        ({"DISPLAY": ":0"}, ":0"),
        ({"DISPLAY": " localhost:10.0 "}, "localhost:10.0"),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb:display=:3"}, ":3"),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb:nograb,display=:4;wayland"}, ":4"),
        ({"DISPLAY": ":1", "QT_QPA_PLATFORM": "xcb"}, ":1"),
    ],
)
def test_the_display_qt_would_open(environ, expected):
    assert display_name(environ) == expected


@pytest.mark.parametrize(
    ("display", "expected"),
    [
        (":0", ("", 0)),
        (":1.0", ("", 1)),
        ("unix:12", ("", 12)),
        ("localhost:10.0", ("localhost", 10)),
        ("192.0.2.9:2", ("192.0.2.9", 2)),
        ("tcp/localhost:11", ("localhost", 11)),
        ("unix/:2", ("", 2)),
        ("nonsense", None),
        (":x", None),
        ("/private/tmp/com.apple.launchd.x/org.xquartz:0", None),
    ],
)
def test_display_names_are_read_as_x_writes_them(display, expected):
    assert parse(display) == expected


def test_without_display_the_message_says_so_and_names_no_library():
    text = problem("linux", {}, lambda _host, _number: True)
    assert text is not None and "DISPLAY environment variable is not set" in text
    assert "libxcb" not in text and "--self-test" in text


def test_a_display_that_does_not_answer_is_named():
    asked: list[tuple[str, int]] = []

    def nobody(host: str, number: int) -> bool:
        asked.append((host, number))
        return False

    text = problem("linux", {"DISPLAY": "localhost:10.0"}, nobody)
    assert asked == [("localhost", 10)]
    assert text is not None and "the display localhost:10.0 does not answer" in text


def test_nothing_is_said_where_a_display_answers_or_qt_uses_another_platform():
    def never_asked(_host: str, _number: int) -> bool:
        raise AssertionError("not to be asked")

    assert problem("linux", {"DISPLAY": ":0"}, lambda _host, _number: True) is None
    assert problem("linux", {"QT_QPA_PLATFORM": "offscreen"}, never_asked) is None
    assert problem("linux", {"WAYLAND_DISPLAY": "wayland-0"}, never_asked) is None
    assert problem("win32", {}, never_asked) is None
    assert problem("linux", {"DISPLAY": "odd-name"}, never_asked) is None  # left to Qt


def test_a_local_display_answers_on_its_socket(tmp_path):
    assert not answers("", 7, sockets=tmp_path)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(str(tmp_path / "X7"))
        server.listen()
        assert answers("", 7, sockets=tmp_path)
        assert not answers("", 8, sockets=tmp_path)


def test_a_display_over_tcp_answers_on_its_port():
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        number = server.getsockname()[1] - X11_TCP_BASE
        assert answers("127.0.0.1", number)
    assert not answers("127.0.0.1", number)  # closed: refused at once


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 is Linux's here")
@pytest.mark.parametrize(
    ("display", "said"),
    [
        (None, "the DISPLAY environment variable is not set"),
        (":9871", "the display :9871 does not answer"),
    ],
)
def test_the_command_says_it_and_exits_1_without_starting_qt(display, said):
    assert not answers("", 9871)  # (no X server there on this machine)
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    }
    if display is not None:
        env["DISPLAY"] = display
    result = subprocess.run(
        [sys.executable, "-c", "import sys, tracker.cli as c; sys.exit(c.main(['roundkeeper']))"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 1
    assert said in result.stderr
    assert "xcb-cursor0" not in result.stderr and "qt.qpa" not in result.stderr
