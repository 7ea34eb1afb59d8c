"""The players' screen: what the players may know, large enough to read across a room.

Hidden combatants, their effects and secret fields never reach it: every view there
looks at the GM's models through proxies that filter them out.
"""

from tracker.qt.players.effects_proxy import PartyEffectsProxy
from tracker.qt.players.launcher import choose_players_screen, open_players_screen
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.reveal import FirstTurnReveals, due_reveal
from tracker.qt.players.settings import PlayersScreenSettings, settings_store
from tracker.qt.players.turn_memory import TurnMemory
from tracker.qt.players.turn_order_proxy import PlayersTurnOrderProxy, ShownCurrentRole
from tracker.qt.players.window import PlayersWindow

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
