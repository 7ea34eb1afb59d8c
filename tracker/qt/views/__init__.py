"""The generic central views. A ruleset's own central view comes from its UI
(`RulesetUi.central_view` in `tracker.qt.ruleset_ui`); the order table
(`tracker.qt.views.order_table`) is the default, imported only where it is shown."""
