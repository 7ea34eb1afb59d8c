"""The Classic d20 UI: the generic order table, the party's reactions and death saves
on the players' screen, and the initiative sheet on paper."""

from __future__ import annotations

from tracker.qt.ruleset_ui import LazyRulesetUi


class ClassicD20Ui(LazyRulesetUi):
    print_action_text = "&Print initiative sheet and turn order…"
    print_title = "Print the initiative sheet"
    players_panel_at = "tracker.qt.rulesets.classic_d20.players_panel:D20Panel"
    printed_table_at = "tracker.qt.rulesets.classic_d20.printed:d20_table"
