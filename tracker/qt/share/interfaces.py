"""The network interfaces the GM may share on: each IPv4 address of an interface that
is up, the one with the default route first, and "every interface" last (only when
chosen)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtNetwork import QAbstractSocket, QNetworkInterface

from tracker.qt.share.session import default_route_address

EVERY_INTERFACE = "0.0.0.0"


@dataclass(frozen=True)
class Choice:
    label: str
    host: str


def interface_choices() -> list[Choice]:
    default = default_route_address()
    choices: list[Choice] = []
    flags = QNetworkInterface.InterfaceFlag
    for interface in QNetworkInterface.allInterfaces():
        up = interface.flags() & flags.IsUp and interface.flags() & flags.IsRunning
        if not up:
            continue
        loopback = bool(interface.flags() & flags.IsLoopBack)
        for entry in interface.addressEntries():
            address = entry.ip()
            if address.protocol() != QAbstractSocket.NetworkLayerProtocol.IPv4Protocol:
                continue
            host = address.toString()
            name = interface.humanReadableName()
            if loopback:
                label = f"This computer only ({host})"
            elif host == default:
                label = f"{name}: {host} (the local network)"
            else:
                label = f"{name}: {host}"
            choices.append(Choice(label, host))
    choices.sort(key=lambda c: (c.host != default, c.host.startswith("127."), c.label))
    choices.append(Choice(f"Every interface ({EVERY_INTERFACE})", EVERY_INTERFACE))
    return choices
