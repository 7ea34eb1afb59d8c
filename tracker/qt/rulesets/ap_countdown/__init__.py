"""The AP countdown's Qt side (registered as `ap_countdown` in `tracker.qt_rulesets`):

- `texts`: the wording shared by every view (actions, spans, phases);
- `model`: the countdown track as a model (one row per combatant, its `TrackMark`);
- `track_scale`, `track_paint`, `track_axis`, `track_view`: the GM's central view, the
  track painted: values across, a lane per combatant, bars from declaration to
  resolution, the count and the phase, drags among ties;
- `players_proxy`, `players_panel`: the count and what resolves next, as the players
  may see them, painted large;
- `printed`: the countdown sheet, to fill in by hand;
- `ui`: `ApCountdownUi`, which hands them to the generic windows.
"""

from tracker.qt.rulesets.ap_countdown.ui import ApCountdownUi

__all__ = ["ApCountdownUi"]
