"""The addresses the GM may share on: the one with the default route first (the local
network the players' phones are on), the others this computer has, this computer
only, and every interface last (only when chosen).

Plain Python (the bundle leaves QtNetwork out): on Linux each interface's IPv4
address by its name (the `SIOCGIFADDR` request), elsewhere the addresses of the host's
own name."""

from __future__ import annotations

import socket
import struct
import sys
from dataclasses import dataclass

EVERY_INTERFACE = "0.0.0.0"
LOOPBACK = "127.0.0.1"
SIOCGIFADDR = 0x8915  # Linux: an interface's address


@dataclass(frozen=True)
class Choice:
    label: str
    host: str


def default_route_address() -> str | None:
    """The IPv4 address this computer reaches other networks from (connecting a UDP
    socket sends nothing: it only asks the system for the route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never a real host
            return str(probe.getsockname()[0])
        except OSError:
            return None


def _linux_addresses() -> list[tuple[str, str]]:
    """(interface name, IPv4 address) of each interface that has one."""
    import fcntl

    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _index, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, request)
            except OSError:  # no IPv4 address, or down
                continue
            found.append((name, socket.inet_ntoa(answer[20:24])))
    return found


def _host_addresses() -> list[tuple[str, str]]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [("", str(info[4][0])) for info in infos]


def interface_choices() -> list[Choice]:
    default = default_route_address()
    try:
        named = _linux_addresses() if sys.platform.startswith("linux") else _host_addresses()
    except OSError:
        named = []
    names = {address: name for name, address in named}
    ordered = [default] if default is not None else []
    ordered += sorted(address for address in names if not address.startswith("127."))
    choices: list[Choice] = []
    for address in dict.fromkeys(ordered):
        name = f"{names[address]}: " if names.get(address) else ""
        note = " (the local network)" if address == default else ""
        choices.append(Choice(f"{name}{address}{note}", address))
    choices.append(Choice(f"This computer only ({LOOPBACK})", LOOPBACK))
    choices.append(Choice(f"Every interface ({EVERY_INTERFACE})", EVERY_INTERFACE))
    return choices
