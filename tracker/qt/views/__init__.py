"""The generic central views. A ruleset's own central view comes from its UI
(`RulesetUi.central_view` in `tracker.qt.ruleset_ui`); the order table is the default."""

from tracker.qt.views.order_table import OrderTable

__all__ = ["OrderTable"]
