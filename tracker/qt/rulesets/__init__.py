"""The Qt side of the built-in rulesets, one package each (its central view, its panel
on the players' screen, its printed sheets), each registered like a third-party one
through the entry-point group `tracker.qt_rulesets` (see `tracker.qt.ruleset_ui`).

Only the ruleset packages here know a ruleset; the generic windows, models and views
never import them (import-linter contracts in pyproject.toml, run by the tests)."""
