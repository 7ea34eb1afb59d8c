"""The addresses the GM may share on: the one with the default route first (the local
network the players' phones are on), the others this computer has (IPv4, then IPv6),
this computer only, and every interface last (only when chosen).

Plain Python (the bundle leaves QtNetwork out): on Linux each interface's IPv4
address by its name (the `SIOCGIFADDR` request) and its IPv6 ones from
`/proc/net/if_inet6`, elsewhere the addresses of the host's own name. Link-local IPv6
addresses (fe80::) are left out: a link to one needs the interface's zone, which
browsers do not take."""

from __future__ import annotations

import socket
import struct
import sys
from dataclasses import dataclass

EVERY_INTERFACE = "0.0.0.0"
LOOPBACK = "127.0.0.1"
LOOPBACK6 = "::1"
IF_INET6 = "/proc/net/if_inet6"
SIOCGIFADDR = 0x8915  # Linux: an interface's address


@dataclass(frozen=True)
class Choice:
    label: str
    host: str


def default_route_address(family: socket.AddressFamily = socket.AF_INET) -> str | None:
    """The address (IPv4, or IPv6 for `AF_INET6`) this computer reaches other networks
    from (connecting a UDP socket sends nothing: it only asks the system for the
    route)."""
    target = ("192.0.2.1", 9) if family == socket.AF_INET else ("2001:db8::1", 9)
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect(target)  # TEST-NET-1 / the documentation prefix: never a host
            return str(probe.getsockname()[0])
    except OSError:  # no route, or no IPv6 at all
        return None


def usable_ipv6(address: str) -> bool:
    """An IPv6 address a phone can be sent to: not the loopback, not link-local."""
    return address != LOOPBACK6 and not address.lower().startswith("fe80:")


def _linux_ipv6() -> list[tuple[str, str]]:
    """(interface name, IPv6 address) of each global or unique-local address."""
    try:
        with open(IF_INET6, encoding="ascii") as table:
            lines = table.read().splitlines()
    except OSError:  # IPv6 disabled
        return []
    found = []
    for line in lines:
        fields = line.split()
        if len(fields) < 6 or len(fields[0]) != 32:
            continue
        address = socket.inet_ntop(socket.AF_INET6, bytes.fromhex(fields[0]))
        if usable_ipv6(address):
            found.append((fields[5], address))
    return found


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
    found = []
    for family in (socket.AF_INET, socket.AF_INET6):
        try:
            infos = socket.getaddrinfo(socket.gethostname(), None, family)
        except OSError:
            continue
        found += [("", str(info[4][0]).split("%")[0]) for info in infos]
    return [(name, a) for name, a in found if ":" not in a or usable_ipv6(a)]


def interface_choices() -> list[Choice]:
    """The IPv4 default-route address first (preselected), then the other IPv4 ones,
    the IPv6 ones (their default-route one first), this computer only (IPv4, IPv6)
    and every interface."""
    default = default_route_address()
    default6 = default_route_address(socket.AF_INET6)
    try:
        if sys.platform.startswith("linux"):
            named = _linux_addresses() + _linux_ipv6()
        else:
            named = _host_addresses()
    except OSError:
        named = []
    names = {address: name for name, address in named}
    ordered = [default] if default is not None else []
    ordered += sorted(a for a in names if ":" not in a and not a.startswith("127."))
    ordered += [default6] if default6 is not None and usable_ipv6(default6) else []
    ordered += sorted(a for a in names if ":" in a)
    choices: list[Choice] = []
    for address in dict.fromkeys(ordered):
        name = f"{names[address]}: " if names.get(address) else ""
        note = " (the local network)" if address in (default, default6) else ""
        choices.append(Choice(f"{name}{address}{note}", address))
    choices.append(Choice(f"This computer only ({LOOPBACK})", LOOPBACK))
    if ipv6_available():
        choices.append(Choice(f"This computer only ({LOOPBACK6})", LOOPBACK6))
    choices.append(Choice(f"Every interface ({EVERY_INTERFACE})", EVERY_INTERFACE))
    return choices


def ipv6_available() -> bool:
    """Whether this computer can listen on the IPv6 loopback (not when the kernel has
    IPv6 disabled)."""
    if not socket.has_ipv6:
        return False
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as probe:
            probe.bind((LOOPBACK6, 0))
    except OSError:
        return False
    return True
