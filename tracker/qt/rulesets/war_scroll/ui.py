"""The War Scroll's Qt side: the grid as the GM's central view, the grid on the
players' screen, and the War Scroll printed before the turn order."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from tracker.qt.document import EncounterDocument
from tracker.qt.ruleset_ui import LazyRulesetUi
from tracker.qt.rulesets.war_scroll.grid import WarScrollGrid


class WarScrollUi(LazyRulesetUi):
    print_action_text = "&Print War Scroll and turn order…"
    print_title = "Print the War Scroll"
    players_panel_at = "tracker.qt.rulesets.war_scroll.players_panel:WarScrollPanel"
    printed_table_at = "tracker.qt.rulesets.war_scroll.printed:war_scroll_table"

    def central_view(self, document: EncounterDocument, parent: QWidget | None = None) -> QWidget:
        return WarScrollGrid(document, parent)
