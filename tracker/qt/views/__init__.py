"""Central views, one per turn-order system, chosen by the encounter's ruleset id."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QLabel, QWidget

from tracker.qt.document import EncounterDocument
from tracker.qt.views.order_table import OrderTable
from tracker.qt.views.war_scroll_grid import WarScrollGrid

CENTRAL_VIEWS: dict[str, Callable[[EncounterDocument], QWidget]] = {
    "war_scroll": WarScrollGrid,
    "priority": OrderTable,
}


def central_view_for(document: EncounterDocument) -> QWidget:
    factory = CENTRAL_VIEWS.get(document.ruleset.id)
    if factory is None:
        label = QLabel("This ruleset has no central view yet: use the turn order list.")
        label.setWordWrap(True)
        return label
    return factory(document)
