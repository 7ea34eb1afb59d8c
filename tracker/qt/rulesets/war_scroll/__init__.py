"""The War Scroll's Qt side (registered as `war_scroll` in `tracker.qt_rulesets`):

- `model`: the War Scroll as a grid model (rows: characters; columns: Segments);
- `grid`: the GM's central view on it;
- `players_proxy`, `players_panel`: the grid as the players may see it, painted large;
- `printed`: the War Scroll as a sheet to fill in by hand;
- `ui`: `WarScrollUi`, which hands them to the generic windows.
"""

from tracker.qt.rulesets.war_scroll.ui import WarScrollUi

__all__ = ["WarScrollUi"]
