"""The players' screen: what the players may know, large enough to read across a room.

Hidden combatants, their effects and secret fields never reach it: every view there
looks at the GM's models through proxies that filter them out.

The names below are imported on first use (PEP 562), so that the GM's window, which
needs only the turn memory and the reveals at start-up, does not load the players'
window, its board and delegates before the GM opens it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tracker.qt.players.effects_proxy import PartyEffectsProxy
    from tracker.qt.players.launcher import choose_players_screen, open_players_screen
    from tracker.qt.players.public_state import PublicState
    from tracker.qt.players.reveal import FirstTurnReveals, due_reveal
    from tracker.qt.players.settings import PlayersScreenSettings
    from tracker.qt.players.turn_memory import TurnMemory
    from tracker.qt.players.turn_order_proxy import PlayersTurnOrderProxy, ShownCurrentRole
    from tracker.qt.players.window import PlayersWindow
    from tracker.qt.settings_file import settings_store

_MODULE_OF = {
    "FirstTurnReveals": "reveal",
    "PartyEffectsProxy": "effects_proxy",
    "PlayersScreenSettings": "settings",
    "PlayersTurnOrderProxy": "turn_order_proxy",
    "PlayersWindow": "window",
    "PublicState": "public_state",
    "ShownCurrentRole": "turn_order_proxy",
    "TurnMemory": "turn_memory",
    "choose_players_screen": "launcher",
    "due_reveal": "reveal",
    "open_players_screen": "launcher",
    "settings_store": "settings",
}


def __getattr__(name: str) -> Any:
    if name not in _MODULE_OF:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_MODULE_OF[name]}"), name)


__all__ = [
    "FirstTurnReveals",
    "PartyEffectsProxy",
    "PlayersScreenSettings",
    "PlayersTurnOrderProxy",
    "PlayersWindow",
    "PublicState",
    "ShownCurrentRole",
    "TurnMemory",
    "choose_players_screen",
    "due_reveal",
    "open_players_screen",
    "settings_store",
]
