"""Before Qt starts on X11: is there a display to open the window on? Without one (no
DISPLAY set, as on a machine without a desktop or in a plain SSH session, or a display
whose X server is not running) Qt's xcb plugin stops the process with a message that
blames a missing library ("xcb-cursor0 or libxcb-cursor0 is needed"). This check says
what is wrong instead, and the app exits with status 1.

It only connects to the display's socket and closes it (some 0.05 ms): no Xlib call,
which Qt's plugin must be the first to make in the process. A display that answers but
refuses this user (its authorisation) is left to Qt. No Qt here. A local display is
tried with `_socket` (0.4 ms to import), not `socket` (2-3 ms with what it imports,
which a start never needed before); a display over TCP (SSH's) with `socket`.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from tracker.system_libraries import uses_xcb

X11_SOCKETS = Path("/tmp/.X11-unix")  # where a local X server listens, X<number>
X11_TCP_BASE = 6000  # a display over TCP listens on 6000 + its number
TCP_TIMEOUT_S = 2.0
# [protocol/][host]:number[.screen]; the host may be "unix" (the local socket) or empty.
_DISPLAY = re.compile(r"(?P<host>[^:]*):(?P<number>\d+)(\.\d+)?")


def display_name(environ: Mapping[str, str]) -> str:
    """The display Qt's xcb plugin would open: the plugin's own argument
    (QT_QPA_PLATFORM=xcb:display=…) if given, else DISPLAY ("" if neither)."""
    chosen = environ.get("QT_QPA_PLATFORM", "").strip().split(";")[0]
    for argument in chosen.split(":", 1)[1].split(",") if ":" in chosen else ():
        key, _, value = argument.partition("=")
        if key == "display" and value:
            return value
    return environ.get("DISPLAY", "").strip()


def parse(display: str) -> tuple[str, int] | None:
    """(host, display number) of an X display name; host "" for the local socket. None
    for a name of another form (left to Qt)."""
    found = _DISPLAY.fullmatch(display)
    if found is None:
        return None
    protocol, _, host = found["host"].rpartition("/")  # libxcb's "tcp/host", "unix/"
    if protocol not in ("", "tcp", "unix"):  # a socket's path (XQuartz's): left to Qt
        return None
    local = protocol == "unix" or host in ("", "unix")
    return ("" if local else host), int(found["number"])


def answers(host: str, number: int, sockets: Path = X11_SOCKETS) -> bool:
    """Whether something listens where the display's X server would: its local socket
    (Linux's abstract one, then the file), or its TCP port on `host`."""
    if not host:
        import _socket

        path = str(sockets / f"X{number}")
        for address in ("\0" + path, path):
            probe = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
            try:
                probe.connect(address)
            except OSError:
                continue
            finally:
                probe.close()
            return True
        return False
    import socket

    try:
        socket.create_connection((host, X11_TCP_BASE + number), timeout=TCP_TIMEOUT_S).close()
    except OSError:
        return False
    return True


def problem(
    platform: str | None = None,
    environ: Mapping[str, str] | None = None,
    answer: Callable[[str, int], bool] | None = None,
) -> str | None:
    """What to tell the user when Qt would find no display to open its window on, or
    None (a display answers, Qt uses another platform, or the name is of a form this
    check does not know)."""
    platform = platform if platform is not None else sys.platform
    environ = environ if environ is not None else os.environ
    if not uses_xcb(platform, environ):
        return None
    answer = answer if answer is not None else answers
    display = display_name(environ)
    if not display:
        return (
            "Roundkeeper cannot open its window: there is no display to open it on (the "
            "DISPLAY environment variable is not set).\n"
            "Start it from your desktop session; over SSH, connect with `ssh -X`.\n"
            "To check the installation without a window: roundkeeper --self-test\n"
        )
    where = parse(display)
    if where is None or answer(*where):
        return None
    return (
        f"Roundkeeper cannot open its window: the display {display} does not answer "
        "(no X server is running there).\n"
        "Start it from your desktop session; over SSH, connect with `ssh -X`.\n"
        "To check the installation without a window: roundkeeper --self-test\n"
    )
