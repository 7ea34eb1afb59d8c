"""The Initiative ticks' Qt side: the tick track as the GM's central view, the tick and
who acts on the players' screen, and the tick sheet printed before the turn order."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from tracker.qt.document import EncounterDocument
from tracker.qt.ruleset_ui import LazyRulesetUi
from tracker.qt.rulesets.initiative_ticks.track_view import TickTrackView


class InitiativeTicksUi(LazyRulesetUi):
    print_action_text = "&Print tick sheet and turn order…"
    print_title = "Print the tick sheet"
    players_panel_at = "tracker.qt.rulesets.initiative_ticks.players_panel:TicksPanel"
    printed_table_at = "tracker.qt.rulesets.initiative_ticks.printed:ticks_table"

    def central_view(self, document: EncounterDocument, parent: QWidget | None = None) -> QWidget:
        return TickTrackView(document, parent)
