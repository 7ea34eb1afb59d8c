"""The Qt side of the example ruleset: its own central view (the order, with a caption
that says how it works), registered in the `tracker.qt_rulesets` entry-point group. The
players' screen and printing use Roundkeeper's generic parts."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from tracker.qt.document import EncounterDocument
from tracker.qt.ruleset_ui import RulesetUi
from tracker.qt.views.order_table import OrderTable


class RollBoard(QWidget):
    """The order table under a caption; a click on a row selects that combatant."""

    combatant_selected = Signal(str)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("roll_board")
        caption = QLabel("Highest roll acts first. Drag to order equal rolls.")
        caption.setStyleSheet("font-size: 12pt;")
        self.table = OrderTable(document, self)
        self.table.combatant_selected.connect(self.combatant_selected)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(caption)
        layout.addWidget(self.table, 1)


class HighestRollUi(RulesetUi):
    print_action_text = "&Print the order…"
    print_title = "Print the order"

    def central_view(self, document: EncounterDocument, parent: QWidget | None = None) -> QWidget:
        return RollBoard(document, parent)
