"""Create an encounter: its name and its ruleset, chosen from the installed ones, and
whether the party saved in the library for that ruleset comes along."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QLineEdit,
    QWidget,
)

from tracker.engine import Session
from tracker.engine.errors import TrackerError
from tracker.engine.registry import available_rulesets
from tracker.library import LibraryEntry
from tracker.qt.dialogs.parts import error_label, ok_cancel
from tracker.qt.indicator_style import outlined
from tracker.qt.reading_order import ReadingOrder
from tracker.qt.rich_text import plain_tip


class NewEncounterDialog(QDialog):
    def __init__(
        self,
        parent: QWidget | None = None,
        party_of: Callable[[str], list[LibraryEntry]] | None = None,
        ruleset_id: str | None = None,
    ) -> None:
        """`party_of(ruleset_id)`: the party the library keeps for a ruleset;
        `ruleset_id`: the ruleset chosen at first (the one of the encounter before)."""
        super().__init__(parent)
        self.setWindowTitle("New encounter")
        self.session: Session | None = None
        self._party_of = party_of
        self._party: list[LibraryEntry] = []
        layout = QFormLayout(self)
        self.name_edit = QLineEdit("New encounter")
        self.ruleset_combo = QComboBox()
        for installed, ruleset in available_rulesets().items():
            self.ruleset_combo.addItem(ruleset.name, installed)
        self.ruleset_combo.setCurrentIndex(max(0, self.ruleset_combo.findData(ruleset_id)))
        self.party_box = outlined(QCheckBox())
        self.party_box.setObjectName("bring_party")
        self.party_box.setChecked(True)
        self.error = error_label()
        layout.addRow("Name:", self.name_edit)
        layout.addRow("Ruleset:", self.ruleset_combo)
        layout.addRow("", self.party_box)
        layout.addRow(self.error)
        buttons = ok_cancel(self)
        layout.addRow(buttons)
        self.setMinimumWidth(420)
        self._reading_order = ReadingOrder(self)
        self.ruleset_combo.currentIndexChanged.connect(lambda _index: self._follow_ruleset())
        self._follow_ruleset()

    def _follow_ruleset(self) -> None:
        """The party offered is the one saved for the ruleset chosen."""
        ruleset_id = self.ruleset_combo.currentData()
        self._party = self._party_of(ruleset_id) if self._party_of is not None else []
        names = ", ".join(entry.name for entry in self._party)
        self.party_box.setText(f"Bring the party ({len(self._party)} from the library)")
        self.party_box.setToolTip(plain_tip(names))
        self.party_box.setVisible(bool(self._party))

    def party(self) -> list[LibraryEntry]:
        """The library's party to add to the new encounter (none if unticked)."""
        return list(self._party) if self.party_box.isChecked() else []

    def accept(self) -> None:
        try:
            self.session = Session.new(self.name_edit.text(), self.ruleset_combo.currentData())
        except TrackerError as error:
            self.error.setText(str(error))
            self.error.show()
            return
        super().accept()
