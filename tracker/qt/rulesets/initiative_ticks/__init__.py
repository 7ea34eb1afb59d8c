"""The Initiative ticks' Qt side (registered as `initiative_ticks` in
`tracker.qt_rulesets`):

- `texts`: the wording shared by every view (ticks, Initiative with its change, states);
- `model`: the tick track as a model (the roster model with the track's columns);
- `track_view`: the GM's central view: the tick, who acts, the combatants by tick, the
  turn's checklists, drags among ties and of delayed turns;
- `players_proxy`, `players_panel`: the tick and the ticks to come, as the players may
  see them, painted large;
- `printed`: the tick sheet;
- `ui`: `InitiativeTicksUi`, which hands them to the generic windows.
"""

from tracker.qt.rulesets.initiative_ticks.ui import InitiativeTicksUi

__all__ = ["InitiativeTicksUi"]
